"""What a first visit costs (issue 34: 16): bytes transferred, requests and time to first content
for each page's first load with an empty cache, on a production build, in headless chromium with a
phone's network and CPU (1.6 Mbps down, 750 Kbps up, 150 ms round trip, 4× slower CPU; the profile
of the issue). The largest responses are listed by name so the remaining bytes can be named by chunk.

    python -m tilerooms.bench.page_weight [--base-url http://localhost:3000] [--top 8]

Without `--base-url` it builds and starts the production server itself
(`python -m tilerooms.web.prod_server`, a few minutes) on a free port with a throw-away SQLite DB,
and stops it at the end. The room pages are real games: a guest starts a number-tile and a mahjong
practice from the lobby's buttons, and a fresh context with that guest's cookies (an empty HTTP
cache) loads each game's URL.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 3,
    "locale": "ko-KR",
}
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
READY_TIMEOUT_S = 900


@dataclass
class Load:
    """One page's first load: what went over the network and when the first content was painted."""

    page: str
    bytes: int = 0
    requests: int = 0
    encodings: dict[str, int] = field(default_factory=dict)
    first_content_ms: float | None = None
    largest: list[tuple[int, str]] = field(default_factory=list)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(root: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Build and start the production server on a free port; returns it and its URL once the
    lobby answers."""
    port = _free_port()
    workdir = Path(tempfile.mkdtemp(prefix="page-weight-"))
    # the embedded default (in-process rooms, SQLite), whatever Redis this shell points at
    env = dict(os.environ)  # the child's environment (its settings.py reads it)
    for key in ("REDIS_URL", "REFLEX_REDIS_URL"):
        env.pop(key, None)
    env |= {"DATABASE_URL": f"sqlite:///{workdir / 'records.db'}", "TILEROOMS_SECRET_KEY": "page-weight-bench-secret-key-0123456789"}
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 - closed with the process
    server = subprocess.Popen(
        [sys.executable, "-m", "tilerooms.web.prod_server", "--frontend-port", str(port), "--backend-port", str(port)],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped while starting; its log: {workdir / 'server.log'}")
        try:
            with urllib.request.urlopen(f"{url}/lobby", timeout=5) as answer:
                if answer.status == 200:
                    return server, url
        except OSError:
            pass
        time.sleep(2)
    stop_server(server)
    raise SystemExit(f"the server did not answer in {READY_TIMEOUT_S} s; its log: {workdir / 'server.log'}")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop the server and the workers it started."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(server.pid, signal.SIGKILL)


def start_practice(browser: Any, url: str, button: str, table: str) -> tuple[str, dict[str, Any]]:
    """A guest starts a practice game from the lobby's button; returns the game's URL and the
    guest's storage (cookies, localStorage) for a fresh context."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{url}/lobby")
    page.locator(f"#{button}").click()
    page.wait_for_url("**/room/r*", timeout=120_000)
    page.locator(table).wait_for(timeout=120_000)
    game_url = page.url
    storage = context.storage_state()
    context.close()
    return game_url, storage


def _encoding(response: dict[str, Any]) -> str:
    """The response's content coding (br, gzip, none), whatever the header's case."""
    headers = {key.lower(): value for key, value in response.get("headers", {}).items()}
    return str(headers.get("content-encoding") or "none")


def measure(browser: Any, name: str, url: str, storage: dict[str, Any] | None, top: int, shown: str = "body") -> Load:
    """Load `url` once in a fresh context (empty cache) on the phone profile and count what the
    network carried until the page settled."""
    context = browser.new_context(**PHONE, storage_state=storage)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    urls: dict[str, str] = {}
    sizes: dict[str, int] = {}
    encodings: dict[str, str] = {}
    cdp.on("Network.responseReceived", lambda event: encodings.__setitem__(event["requestId"], _encoding(event["response"])))
    cdp.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda event: sizes.__setitem__(event["requestId"], int(event["encodedDataLength"])))
    page.goto(url, wait_until="load", timeout=180_000)
    page.locator(shown).first.wait_for(timeout=180_000)
    page.wait_for_timeout(3000)  # what loads after the first render (a lazy chunk, images) counts too
    load = Load(page=name)
    load.bytes = sum(sizes.values())
    for rid in sizes:
        load.encodings[encodings.get(rid, "none")] = load.encodings.get(encodings.get(rid, "none"), 0) + 1
    load.requests = len(sizes)
    paint = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    load.first_content_ms = float(paint) if paint is not None else None
    load.largest = sorted(((size, urls.get(rid, "?").split("?")[0].rsplit("/", 1)[-1]) for rid, size in sizes.items()), reverse=True)[:top]
    context.close()
    return load


def report(loads: list[Load]) -> None:
    """Print one line a page and its largest responses."""
    print(f"{'page':<22}{'KB':>9}{'requests':>10}{'first content':>15}   content codings")
    for load in loads:
        fcp = f"{load.first_content_ms / 1000:.2f} s" if load.first_content_ms is not None else "-"
        codings = ", ".join(f"{name} {count}" for name, count in sorted(load.encodings.items()))
        print(f"{load.page:<22}{load.bytes / 1024:>9.1f}{load.requests:>10}{fcp:>15}   {codings}")
    for load in loads:
        print(f"\n{load.page}: largest responses")
        for size, name in load.largest:
            print(f"  {size / 1024:>8.1f} KB  {name}")


def main(argv: list[str] | None = None) -> int:
    """Measure the lobby, both game pages, a waiting room and the 404 page; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", default=None, help="an already running production server")
    parser.add_argument("--top", type=int, default=8, help="largest responses listed per page")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from tilerooms import settings

    root = Path(__file__).resolve().parents[2]
    server = None
    url = args.base_url
    if url is None:
        server, url = start_server(root)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=settings.current().chromium_path, headless=True, args=["--no-sandbox", "--disable-gpu"])
            rummikub_url, rummikub_guest = start_practice(browser, url, "practice", "#board")
            mahjong_url, mahjong_guest = start_practice(browser, url, "practice-mahjong", "#mj-table")
            loads = [
                measure(browser, "lobby", f"{url}/lobby", None, args.top),
                measure(browser, "number-tile game", rummikub_url, rummikub_guest, args.top, "#board"),
                measure(browser, "mahjong game", mahjong_url, mahjong_guest, args.top, "#mj-table"),
                measure(browser, "unknown path (404)", f"{url}/no-such-page", None, args.top),
            ]
            browser.close()
    finally:
        if server is not None:
            stop_server(server)
    report(loads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
