#!/usr/bin/env bash
# Starts the production shape on this machine (make run-prod): nginx in front of DAPHNES daphne
# processes, WORKERS Celery workers and one beat, all run and restarted by supervisord; returns once
# the site answers through nginx. Settings from the environment (docs/deploy.md); DATABASE_URL and
# REDIS_URL must name PostgreSQL and Redis. Stop it with deploy/stop-prod.sh (make stop-prod).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PROD_PYTHON:-.venv/bin/python}
if [ ! -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null 2>&1; then
  echo "run-prod: nginx is missing; installing it (deploy/ensure-packages.sh)"
  bash deploy/ensure-packages.sh
fi
exec "$PYTHON" deploy/prod.py start
