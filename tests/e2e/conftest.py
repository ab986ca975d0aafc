"""Browser-test fixtures: the real app served once per session, Debian chromium through Playwright.

Run in their own pytest process (scripts/test.sh does): Playwright's sync API and pytest-asyncio
clash in one process (GUIDE §5). `--base-url URL` targets an already running server instead.
A failed test leaves screenshots and Playwright traces in `test-results/` (tests/e2e/evidence.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.evidence import RESULTS, browser_evidence  # noqa: F401 - autouse: traces of failed tests
from tilerooms import settings

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--base-url", default=None, help="run against an already running site")


@pytest.fixture(scope="session")
def base_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The site's URL: a production build served by Reflex's AppHarnessProd, or --base-url."""
    given = request.config.getoption("--base-url")
    if given:
        yield given.rstrip("/")
        return
    from reflex.testing import AppHarnessProd

    os.environ.setdefault("TILEROOMS_AI_DELAY_MS", "300")  # AIs still wait, briefly
    settings.reload()  # the app runs in this process: it reads the environment set for it

    with AppHarnessProd.create(root=ROOT, app_name="tilerooms") as harness:
        assert harness.frontend_url is not None
        yield harness.frontend_url.rstrip("/")


@pytest.fixture(scope="session", autouse=True)
def accounts_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """Accounts: a throw-away records DB, a session secret and the local OpenID provider, set in the
    environment before the app starts (autouse session fixtures run before `base_url`)."""
    from tests.e2e.oidc_provider import LocalOidcProvider

    provider = LocalOidcProvider().start()
    values = {
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('records') / 'e2e.db'}",
        "TILEROOMS_SECRET_KEY": "e2e-" + "k" * 44,
        **provider.env(),
    }
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    settings.reload()
    yield provider
    provider.stop()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Debian chromium for the session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def players(browser) -> Iterator[Callable[..., list]]:
    """Named players: `host, guest = players("영희", "철수")` gives one page per name, each in its own
    browser context (its own guest identity) and called by that nickname from its first page on.
    Keyword arguments go to `browser.new_context` (e.g. `viewport=`, `has_touch=True`); every
    context closes after the test, leaving screenshots and a trace when the test failed."""
    opened: list = []

    def make(*names: str, **context_options) -> list:
        options = {"locale": "ko-KR", "viewport": {"width": 1280, "height": 900}, **context_options}
        pages = []
        for name in names:
            context = browser.new_context(**options)
            # set before any page script runs: a name set after the load races the app's own default
            context.add_init_script(f"localStorage.setItem('tilerooms_nick', {json.dumps(name)})")
            opened.append(context)
            pages.append(context.new_page())
        return pages

    yield make
    for context in opened:
        context.close()


@pytest.fixture
def open_page(browser) -> Iterator[Callable[..., Any]]:
    """`page = open_page(locale="ko-KR", viewport=...)`: a page in a browser context of its own
    (keyword arguments go to `browser.new_context`), with no nickname set, unlike `players`. Every
    context closes after the test, leaving screenshots and a trace when the test failed."""
    opened: list = []

    def make(**context_options) -> Any:
        context = browser.new_context(**context_options)
        opened.append(context)
        return context.new_page()

    yield make
    for context in opened:
        context.close()


@pytest.fixture
def page(browser):
    """A fresh browser context and page (a failed test's screenshot and trace: evidence.py)."""
    context = browser.new_context(locale="ko-KR", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    yield page
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def scripted_ais() -> Iterator[None]:
    """Mahjong AI seats that discard what they draw, pass every claim and confirm results, for the
    test's duration (tests/e2e/seeding.py `tsumogiri_ais`): seeded hands play the same whatever the
    real AI would choose. A module takes it with `pytestmark = pytest.mark.usefixtures("scripted_ais")`."""
    from tests.e2e.seeding import tsumogiri_ais

    with tsumogiri_ais():
        yield
