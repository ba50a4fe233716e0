#!/usr/bin/env bash
# The system packages the production shape needs that pip does not bring: Debian's nginx.
# Idempotent: installs only what is missing; .ci/run calls it before the real-stack tests.
set -euo pipefail
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "deploy: installing Debian's nginx"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Debian's package may try to start its own nginx on port 80: not wanted here (supervisord runs
  # ours, with our config). policy-rc.d answers "not now" to that start during the install.
  policy=/usr/sbin/policy-rc.d
  made_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && made_policy=1
  fi
  apt-get install -y -qq --no-install-recommends nginx >/dev/null
  [ "$made_policy" = 1 ] && rm -f "$policy"
fi
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
