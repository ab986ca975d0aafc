# syntax=docker/dockerfile:1
# One app machine of tilerooms (docs/deploy.md, "Several machines"): the production server
# `python -m tilerooms.web.prod_server` (gunicorn + our uvicorn worker, several workers) on port 3000.
# It needs REDIS_URL, DATABASE_URL (PostgreSQL) and TILEROOMS_SECRET_KEY at run time; deploy/compose.yaml
# runs two of these behind nginx.
#
# The image holds Python 3.11, Node 20 and bun 1.4.4 (GUIDE §2: Reflex 0.10.1 builds its frontend with
# bun), the Python and npm packages, and one production build of the frontend made at image build time,
# so a container starts without any network access. Reflex's `run --env prod` still recompiles the
# pages at every start (~15-30 s on 2 cores): the health check's start period covers it.
FROM node:20-bookworm-slim AS node

FROM python:3.11-slim-bookworm
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=node /usr/local/lib/node_modules /usr/local/lib/node_modules
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
    && apt-get update \
    && apt-get install -y --no-install-recommends unzip \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 tilerooms

WORKDIR /app
ENV PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    REFLEX_USE_SYSTEM_BUN=1 \
    REFLEX_TELEMETRY_ENABLED=false \
    PATH=/app/.tools/node_modules/.bin:/app/.venv/bin:$PATH

# dependencies first: these layers are reused while only the code changes
COPY requirements.txt ./
RUN python -m venv .venv && .venv/bin/pip install --no-cache-dir -r requirements.txt
RUN npm install --silent --no-audit --no-fund --prefix .tools bun@1.4.4

COPY --chown=tilerooms:tilerooms . .
RUN chown tilerooms:tilerooms /app
USER tilerooms
# the frontend's npm packages and one production build into .web/ (the start rebuilds from there)
RUN reflex export --frontend-only --no-zip --env prod

EXPOSE 3000
# /_health: {"status": true, "db": true, "redis": true} once the workers serve
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
    CMD python -c "import sys, urllib.request; sys.exit(0 if b'true' in urllib.request.urlopen('http://127.0.0.1:3000/_health', timeout=2).read() else 1)"
# prod_server passes SIGTERM on to gunicorn and waits for it (PID 1 stops the whole server)
CMD ["python", "-m", "tilerooms.web.prod_server", "--frontend-port", "3000", "--backend-host", "0.0.0.0"]
