#!/usr/bin/env bash
# Start the site with several backend workers behind one frontend on this machine (docs/deploy.md):
#   REDIS_URL=redis://127.0.0.1:6379/0 \
#   DATABASE_URL=postgresql://user@127.0.0.1:5432/tilerooms \
#   TILEROOMS_SECRET_KEY=... bash scripts/start_scaled.sh [--frontend-port 3000]
# Redis is required: without it the workers would not share rooms or Reflex state. Extra arguments
# go to `reflex run --env prod`. TILEROOMS_WORKERS=N overrides Reflex's worker count (2 x CPUs + 1, at most 8).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

if [ -z "${REDIS_URL:-}" ]; then
  echo "[start_scaled] REDIS_URL is not set (e.g. redis://127.0.0.1:6379/0): several workers need Redis." >&2
  echo "[start_scaled] For one process without Redis use: bash scripts/start.sh" >&2
  exit 2
fi
# rxconfig.py maps REDIS_URL to Reflex's redis_url; say it explicitly so nothing else wins.
export REDIS_URL
export REFLEX_REDIS_URL="$REDIS_URL"

if ! python - "$REDIS_URL" <<'PY'
import sys
import redis
try:
    redis.Redis.from_url(sys.argv[1], socket_connect_timeout=2).ping()
except Exception as err:  # noqa: BLE001
    sys.exit(f"[start_scaled] Redis at {sys.argv[1]} does not answer: {err}")
PY
then
  exit 2
fi

if [ -z "${DATABASE_URL:-}" ]; then
  export DATABASE_URL="sqlite:///tilerooms.db"
  echo "[start_scaled] WARNING: DATABASE_URL is not set; using the embedded SQLite file tilerooms.db." >&2
  echo "[start_scaled]          Records work on one machine, but use PostgreSQL (postgresql://...) in production." >&2
else
  export DATABASE_URL
fi

if [ -z "${TILEROOMS_SECRET_KEY:-}" ]; then
  echo "[start_scaled] TILEROOMS_SECRET_KEY is not set: production needs one secret shared by every worker." >&2
  echo "[start_scaled] e.g. export TILEROOMS_SECRET_KEY=\"\$(python -c 'import secrets; print(secrets.token_urlsafe(48))')\"" >&2
  exit 2
fi
if [ "${#TILEROOMS_SECRET_KEY}" -lt 32 ]; then
  echo "[start_scaled] TILEROOMS_SECRET_KEY is too short: use at least 32 random characters." >&2
  exit 2
fi
export TILEROOMS_SECRET_KEY

echo "[start_scaled] Redis: $(python -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(p.hostname, p.port or 6379, "db", p.path.lstrip("/") or "0")' "$REDIS_URL")"
echo "[start_scaled] Database: ${DATABASE_URL%%://*}://… (migrated to head at start)"
# = reflex run --env prod on gunicorn, which replaces a worker that dies (tilerooms/web/prod_server.py)
exec python -m tilerooms.web.prod_server --single-port --backend-host "${BACKEND_HOST:-127.0.0.1}" "$@"
