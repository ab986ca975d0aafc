"""Signing out is a same-site POST (issue 35: 5): any page on the web can make a browser follow a
link or submit a form to /auth/logout, so a GET, or a POST from another origin (or from none), signs
nobody out; a POST from the site's own pages does. The member is signed in for real through the
local OpenID provider first, and "signed out" means the response deletes the session cookie."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.integration.accounts.test_oauth_flow import _start, provider  # noqa: F401 - the fixture
from tilerooms.accounts import oauth, sessions, settings


@pytest.fixture
def member(provider):  # noqa: F811
    """A browser (TestClient) holding a member's session cookie."""
    client = TestClient(oauth.api())
    done = client.get(_start(client, provider), follow_redirects=False)
    assert done.status_code == 303
    assert sessions.member_from_cookie(f"{sessions.SESSION_COOKIE}={client.cookies[sessions.SESSION_COOKIE]}") is not None
    return client


def _signs_out(response) -> bool:
    """Whether a response deletes the session cookie."""
    return any(k == "set-cookie" and v.startswith(f"{sessions.SESSION_COOKIE}=") for k, v in response.headers.multi_items())


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},  # a sandboxed frame or a data: page
        {"referer": "https://evil.example/page"},
        {},  # neither header: refused rather than guessed
        {"origin": "https://evil.example", "referer": "http://testserver/me"},  # the Origin decides
    ],
    ids=["other-origin", "null-origin", "other-referer", "no-origin", "forged-referer"],
)
def test_a_cross_site_post_signs_nobody_out(member, headers):
    out = member.post("/auth/logout?next=/lobby", headers=headers, follow_redirects=False)
    assert out.status_code == 403 and not _signs_out(out)
    assert "다른 사이트에서 온 로그아웃 요청" in out.text and "signout-confirm" in out.text
    assert out.headers["x-frame-options"] == "DENY"


def test_a_get_signs_nobody_out_and_shows_the_button(member):
    for headers in ({}, {"origin": "https://evil.example", "referer": "https://evil.example/"}):
        out = member.get("/auth/logout?next=/lobby", headers=headers, follow_redirects=False)
        assert out.status_code == 200 and not _signs_out(out)
        assert "<form method='post' action='/auth/logout?next=%2Flobby'>" in out.text and "로그아웃" in out.text
        assert "frame-ancestors 'none'" in out.headers["content-security-policy"]


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": oauth.site_origin(settings.frontend_url())},  # the pages' origin (two-port mode: another port)
        {"origin": "http://testserver"},  # this backend's own origin (single-port mode; the GET page's button)
        {"referer": settings.frontend_url() + "/me"},  # a browser that sends no Origin but a Referer
    ],
    ids=["pages-origin", "own-origin", "site-referer"],
)
def test_a_same_site_post_signs_out(member, headers):
    out = member.post("/auth/logout?next=/lobby", headers=headers, follow_redirects=False)
    assert out.status_code == 303 and out.headers["location"].endswith("/lobby")
    cookie = out.headers["set-cookie"]
    assert f'{sessions.SESSION_COOKIE}=""' in cookie and "Max-Age=0" in cookie and "SameSite=lax" in cookie


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("http://localhost:3000/me", "http://localhost:3000"),
        ("HTTPS://Site.Example:443/x", "https://site.example"),
        ("http://site.example:8000", "http://site.example:8000"),
        ("null", ""),
        ("/relative", ""),
        ("javascript:alert(1)", ""),
        ("http://[::1", ""),
    ],
)
def test_site_origin(url, origin):
    assert oauth.site_origin(url) == origin
