#!/usr/bin/env bash
# Start the site on its embedded default (SQLite, in-process rooms): http://localhost:3000
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
exec reflex run "$@"
