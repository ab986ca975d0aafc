"""Accounts in the browser: a real OAuth / OpenID Connect sign-in through the local provider
(tests/e2e/oidc_provider.py), the profile and records pages, sign-out, account deletion, and a
tampered `state` refused."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.oidc_provider import sign_in

pytestmark = pytest.mark.e2e

SESSION = "tilerooms_session"


@pytest.fixture(autouse=True)
def _own_server(request):
    if request.config.getoption("--base-url"):
        pytest.skip("needs the local OpenID provider configured in the app under test")


def _set_guest_name(page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_be_visible()
    # the app stores its own default guest name once hydrated; write ours only after that, then
    # check a reload reads it back (writing earlier raced the app's write)
    expect(page.locator("#nickname")).not_to_have_value("", timeout=15_000)
    page.evaluate("name => localStorage.setItem('tilerooms_nick', name)", name)
    page.reload()
    expect(page.locator("#nickname")).to_have_value(name, timeout=15_000)


def _session_cookie(page) -> dict | None:
    return next((c for c in page.context.cookies() if c["name"] == SESSION), None)


def test_a_guest_signs_in_through_the_provider_keeps_the_nickname_and_signs_out(page, base_url, accounts_env):
    _set_guest_name(page, base_url, "별빛")
    sign_in(page, base_url, "starlight")
    expect(page.locator("#profile-name")).to_have_text("별빛", timeout=15_000)
    expect(page.locator("#header-member-name")).to_have_text("별빛")
    cookie = _session_cookie(page)
    assert cookie is not None and cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert page.evaluate("document.cookie").find(SESSION) == -1  # page scripts cannot read it
    sent = accounts_env.authorize_requests[-1]
    assert sent["code_challenge_method"] == "S256" and sent["nonce"] and sent["state"]
    assert accounts_env.token_requests[-1]["code_verifier"]
    expect(page.locator("#quest-progress")).to_contain_text("0 / 5")
    expect(page.locator("#stat-coins")).to_have_text("0")
    # the member is who acts on the websocket too: other pages know them
    page.locator("#link-records").click()
    expect(page.locator("#records-empty")).to_be_visible()
    page.goto(f"{base_url}/rankings")
    expect(page.locator("#board-weekly")).to_be_visible()
    expect(page.locator("#header-member-name")).to_have_text("별빛")
    # rename, then sign out: back to a guest who keeps the name
    page.goto(f"{base_url}/me")
    page.locator("#profile-nickname").fill("새벽별")
    page.locator("#save-nickname").click()
    expect(page.locator("#profile-name")).to_have_text("새벽별")
    page.locator("#signout").click()
    expect(page.locator("#header-signin")).to_be_visible(timeout=15_000)
    assert _session_cookie(page) is None


def test_a_tampered_state_is_rejected(page, base_url, accounts_env):
    held: list[str] = []

    def hold(route) -> None:  # the provider's redirect back is kept, not followed, to change its state
        if route.request.method != "POST":
            route.continue_()
            return
        response = route.fetch(max_redirects=0)
        held.append(response.headers["location"])
        route.fulfill(status=200, body="held", content_type="text/plain")

    page.route(re.compile(r".*/authorize.*"), hold)
    page.goto(f"{base_url}/signin")
    page.locator(".signin-provider[data-provider='local']").click()
    page.locator("#approve").click()
    page.wait_for_function("document.body.innerText.includes('held')")
    page.unroute(re.compile(r".*/authorize.*"))
    genuine = held[-1]
    assert "/auth/callback/local?" in genuine
    state = re.search(r"state=([^&]+)", genuine).group(1)
    first = "y" if state[0] == "x" else "x"  # a different first character, whatever the state was
    tampered = genuine.replace(f"state={state}", f"state={first + state[1:]}")
    assert tampered != genuine
    response = page.goto(tampered)
    assert response is not None and response.status == 400
    expect(page.locator("#auth-error")).to_have_text("로그인하지 못했어요")
    assert _session_cookie(page) is None
    page.goto(f"{base_url}/me")
    expect(page.locator("#guest-notice")).to_be_visible(timeout=15_000)


def test_a_member_deletes_the_account(page, base_url):
    _set_guest_name(page, base_url, "지울사람")
    sign_in(page, base_url, "leaver")
    expect(page.locator("#profile-name")).to_have_text("지울사람", timeout=15_000)
    page.locator("#delete-section summary").click()
    page.locator("#delete-confirm").fill("지울사람")
    page.locator("#delete-account").click()
    expect(page.locator("#header-signin")).to_be_visible(timeout=15_000)
    assert _session_cookie(page) is None
    # the same provider account signs in again as a brand-new member
    sign_in(page, base_url, "leaver")
    expect(page.locator("#stat-games")).to_have_text("0", timeout=15_000)
