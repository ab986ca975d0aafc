#!/usr/bin/env bash
# Start the site on its embedded default (SQLite, in-process rooms): http://localhost:3000
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
# the server Reflex picks when gunicorn is installed, said aloud (no warning); production: tilerooms/web/prod_server.py
export REFLEX_USE_GRANIAN="${REFLEX_USE_GRANIAN:-false}"
exec reflex run "$@"
