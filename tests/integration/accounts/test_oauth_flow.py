"""The /auth routes against the local OpenID provider, without a browser: state, nonce and PKCE on
the way out, a signed HttpOnly SameSite=Lax cookie on the way back, a tampered state refused."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from starlette.testclient import TestClient

from tests.e2e.oidc_provider import LocalOidcProvider
from tilerooms import settings as app_settings
from tilerooms.accounts import oauth, sessions
from tilerooms.db import migrate


@pytest.fixture
def provider(monkeypatch, tmp_path):
    url = f"sqlite:///{tmp_path / 'auth.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("TILEROOMS_SECRET_KEY", "k" * 48)
    app_settings.reload()  # the environment changed: read it again
    migrate.upgrade(url)
    local = LocalOidcProvider().start()
    for key, value in local.env().items():
        monkeypatch.setenv(key, value)
        app_settings.reload()  # the environment changed: read it again
    yield local
    local.stop()


def _start(client: TestClient, provider: LocalOidcProvider, nick: str = "별빛") -> str:
    """Log in at the provider; returns the callback URL (path + query) the browser would follow."""
    out = client.get(f"/auth/login/local?nick={nick}&next=/me", follow_redirects=False)
    assert out.status_code == 302
    query = parse_qs(urlsplit(out.headers["location"]).query)
    assert query["code_challenge_method"] == ["S256"] and query["code_challenge"][0]
    assert query["nonce"][0] and query["state"][0] and query["scope"] == ["openid profile"]
    login_cookie = out.cookies.get(oauth.LOGIN_COOKIE) or client.cookies.get(oauth.LOGIN_COOKIE)
    assert login_cookie
    approved = httpx.post(out.headers["location"], data={"login": "tester"}, follow_redirects=False)
    assert approved.status_code == 302, approved.text
    back = urlsplit(approved.headers["location"])
    assert back.path == "/auth/callback/local"
    return f"{back.path}?{back.query}"


def test_sign_in_sets_a_signed_httponly_lax_cookie_and_keeps_the_guest_nickname(provider):
    client = TestClient(oauth.api())
    callback = _start(client, provider)
    done = client.get(callback, follow_redirects=False)
    assert done.status_code == 303, done.text
    assert done.headers["location"].endswith("/me")
    set_cookie = [v for k, v in done.headers.multi_items() if k == "set-cookie" and v.startswith(sessions.SESSION_COOKIE)][0]
    assert "HttpOnly" in set_cookie and "SameSite=lax" in set_cookie and "Path=/" in set_cookie
    member = sessions.member_from_cookie(f"{sessions.SESSION_COOKIE}={done.cookies[sessions.SESSION_COOKIE]}")
    assert member is not None and member.name == "별빛" and member.kind == "member"
    assert provider.token_requests[-1]["code_verifier"]  # PKCE verifier sent with the code
    # a second sign-in with the same provider account finds the same member (nickname unchanged)
    again = TestClient(oauth.api())
    done2 = again.get(_start(again, provider, nick="다른이름"), follow_redirects=False)
    second = sessions.member_from_cookie(f"{sessions.SESSION_COOKIE}={done2.cookies[sessions.SESSION_COOKIE]}")
    assert second.id == member.id and second.name == "별빛"


def test_a_tampered_state_is_rejected_and_signs_nobody_in(provider):
    client = TestClient(oauth.api())
    callback = _start(client, provider)
    path, _, query = callback.partition("?")
    params = parse_qs(query)
    state = params["state"][0]
    first = "y" if state[0] == "x" else "x"  # a different first character, whatever the state was
    forged = f"{path}?code={params['code'][0]}&state={first + state[1:]}"
    refused = client.get(forged, follow_redirects=False)
    assert refused.status_code == 400
    assert "로그인하지 못했어요" in refused.text
    assert sessions.SESSION_COOKIE not in refused.cookies
    assert provider.token_requests == []  # the code was never even exchanged


def test_a_callback_without_a_login_in_progress_is_rejected(provider):
    client = TestClient(oauth.api())
    callback = _start(client, provider)
    stranger = TestClient(oauth.api())  # another browser: no login cookie
    refused = stranger.get(callback, follow_redirects=False)
    assert refused.status_code == 400
    assert sessions.SESSION_COOKIE not in refused.cookies


def test_an_unknown_provider_is_not_found(provider):
    assert TestClient(oauth.api()).get("/auth/login/nobody", follow_redirects=False).status_code == 404


def test_logout_clears_the_cookie(provider):
    client = TestClient(oauth.api())
    out = client.post("/auth/logout?next=/lobby", headers={"origin": "http://testserver"}, follow_redirects=False)  # same-site only (issue 35: 5)
    assert out.status_code == 303 and out.headers["location"].endswith("/lobby")
    assert f'{sessions.SESSION_COOKIE}=""' in out.headers["set-cookie"] and "Max-Age=0" in out.headers["set-cookie"]
