#!/usr/bin/env bash
# Stops what deploy/run-prod.sh started (the same PROD_DIR): supervisord stops each process group, then exits.
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PROD_PYTHON:-.venv/bin/python}" deploy/prod.py stop
