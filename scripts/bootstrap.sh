#!/usr/bin/env bash
# Sourced by scripts/start.sh and scripts/test.sh: idempotent set-up of everything the project
# needs on a fresh machine (Python 3.11 + Node 20 + the package registries), into local ignored
# folders. GUIDE §2 is the recipe: venv + requirements, bun 1.4.4 from npm (Reflex cannot download
# it here), REFLEX_USE_SYSTEM_BUN=1. With BOOTSTRAP_BROWSER=1 it also installs Debian chromium and
# nginx (the two-server fault tests' load balancer).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON_BIN="${PYTHON_BIN:-}"
if [ -z "$PYTHON_BIN" ]; then
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1; then PYTHON_BIN="$candidate"; break; fi
  done
fi

# 1. venv + requirements (re-installed only when requirements.txt changes)
if [ ! -x .venv/bin/python ]; then
  echo "[bootstrap] creating .venv with $PYTHON_BIN"
  "$PYTHON_BIN" -m venv .venv
fi
req_hash="$(sha256sum requirements.txt | cut -d' ' -f1)"
if [ "$(cat .venv/.requirements.sha256 2>/dev/null || true)" != "$req_hash" ]; then
  echo "[bootstrap] installing requirements.txt"
  .venv/bin/python -m pip install --disable-pip-version-check -q --upgrade pip >/dev/null 2>&1 || true
  .venv/bin/python -m pip install --disable-pip-version-check -q -r requirements.txt
  echo "$req_hash" > .venv/.requirements.sha256
fi

# 2. bun from the npm registry into .tools (GUIDE §2: Reflex 0.10.1 needs bun >= 1.4.4)
BUN_VERSION="1.4.4"
if [ ! -x .tools/node_modules/.bin/bun ] || [ "$(.tools/node_modules/.bin/bun --version 2>/dev/null || true)" != "$BUN_VERSION" ]; then
  echo "[bootstrap] installing bun@$BUN_VERSION from npm into .tools"
  mkdir -p .tools
  npm install --silent --no-audit --no-fund --prefix .tools "bun@$BUN_VERSION" >/dev/null
fi
# axe-core for the accessibility browser test (tests/e2e/axe.py injects its axe.min.js; issue 34: 14)
AXE_VERSION="4.10.3"
if [ "${BOOTSTRAP_BROWSER:-0}" = "1" ] && [ "$(node -p "require('./.tools/node_modules/axe-core/package.json').version" 2>/dev/null || true)" != "$AXE_VERSION" ]; then
  echo "[bootstrap] installing axe-core@$AXE_VERSION from npm into .tools"
  mkdir -p .tools
  npm install --silent --no-audit --no-fund --prefix .tools "axe-core@$AXE_VERSION" >/dev/null
fi
export PATH="$ROOT/.tools/node_modules/.bin:$ROOT/.venv/bin:$PATH"
export REFLEX_USE_SYSTEM_BUN=1
export REFLEX_TELEMETRY_ENABLED=false

# 3. Debian chromium for the browser tests (never `playwright install`: it downloads)
if [ "${BOOTSTRAP_BROWSER:-0}" = "1" ] && [ ! -x /usr/bin/chromium ]; then
  echo "[bootstrap] installing Debian chromium"
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# 4. a Korean font, so the browser tests lay out real Hangul glyphs (players' devices have one) and
#    QA screenshots are readable; Debian's fonts-nanum is ~10 MB. Not fatal: without it Hangul
#    renders as boxes and the tests still run.
if [ "${BOOTSTRAP_BROWSER:-0}" = "1" ] && command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then
  echo "[bootstrap] installing Debian fonts-nanum (Korean font for the browser tests)"
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  { $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-nanum >/dev/null; } \
    || echo "[bootstrap] warning: fonts-nanum could not be installed; Hangul shows as boxes in screenshots" >&2
fi

# 5. Debian nginx for the two-server fault tests (tests/faults/test_two_servers.py runs its own nginx
#    on a free port with deploy/nginx.conf; it skips, saying so, when nginx is missing). A system
#    service the package starts on port 80 is stopped again: the tests never use it.
if [ "${BOOTSTRAP_BROWSER:-0}" = "1" ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "[bootstrap] installing Debian nginx-light (the load balancer of the two-server fault tests)"
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  if { $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >/dev/null; }; then
    { $SUDO systemctl disable --now nginx || $SUDO service nginx stop; } >/dev/null 2>&1 || true
  else
    echo "[bootstrap] warning: nginx could not be installed; the two-server fault tests will skip" >&2
  fi
fi
