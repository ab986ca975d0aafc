"""Signed session cookies, the secret's start-up rules and the provider settings (no DB)."""

from __future__ import annotations

import pytest

from tilerooms import settings as app_settings
from tilerooms.accounts import oauth, sessions, settings
from tilerooms.accounts.settings import AccountConfigError

SECRET = "s" * 48


def test_a_signed_session_reads_back_and_any_change_is_refused():
    value = sessions.sign_session(7, "key-abc", SECRET)
    assert sessions.read_session(value, SECRET) == (7, "key-abc")
    assert sessions.read_session(value[:-2] + ("AA" if not value.endswith("AA") else "BB"), SECRET) is None
    assert sessions.read_session(value, "t" * 48) is None  # another deployment's key
    assert sessions.read_session("7.key-abc", SECRET) is None


def test_an_expired_session_is_refused():
    value = sessions.sign_session(7, "key-abc", SECRET)
    assert sessions.read_session(value, SECRET, max_age=-1) is None


def test_the_cookie_is_found_among_others_in_the_header():
    header = f"theme=dark; {sessions.SESSION_COOKIE}=abc.def-ghi; other=1"
    assert sessions.cookie_from_header(header) == "abc.def-ghi"
    assert sessions.cookie_from_header("theme=dark") is None
    assert sessions.cookie_from_header("") is None


def test_the_session_cookie_is_httponly_and_samesite_lax(monkeypatch):
    monkeypatch.setenv("TILEROOMS_SECURE_COOKIES", "1")
    app_settings.reload()  # the environment changed: read it again
    opts = sessions.cookie_options()
    assert opts["httponly"] is True and opts["samesite"] == "lax" and opts["secure"] is True and opts["path"] == "/"


def test_production_without_a_secret_stops_with_a_clear_error(monkeypatch):
    monkeypatch.delenv(settings.SECRET_ENV, raising=False)
    app_settings.reload()  # the environment changed: read it again
    with pytest.raises(AccountConfigError, match="TILEROOMS_SECRET_KEY is not set"):
        settings.secret_key(production=True)


def test_a_short_secret_is_refused(monkeypatch):
    monkeypatch.setenv(settings.SECRET_ENV, "short")
    app_settings.reload()  # the environment changed: read it again
    with pytest.raises(AccountConfigError, match="too short"):
        settings.secret_key(production=False)


def test_the_embedded_default_generates_and_keeps_a_dev_secret(monkeypatch, tmp_path):
    monkeypatch.delenv(settings.SECRET_ENV, raising=False)
    app_settings.reload()  # the environment changed: read it again
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(app_settings, "_dev_secret", None)
    first = settings.secret_key(production=False)
    monkeypatch.setattr(app_settings, "_dev_secret", None)
    assert settings.secret_key(production=False) == first  # kept in .states/ across restarts
    assert len(first) >= settings.MIN_SECRET_LENGTH
    assert (tmp_path / settings.DEV_SECRET_FILE).exists()


def test_providers_come_from_the_environment():
    env = {
        "OAUTH_GOOGLE_CLIENT_ID": "gid",
        "OAUTH_GOOGLE_CLIENT_SECRET": "gsecret",
        "OAUTH_KAKAO_CLIENT_ID": "kid",
        "OAUTH_KAKAO_CLIENT_SECRET": "ksecret",
        "OAUTH_NAVER_CLIENT_ID": "nid",
        "OAUTH_NAVER_CLIENT_SECRET": "nsecret",
        "OAUTH_CORP_CLIENT_ID": "cid",
        "OAUTH_CORP_CLIENT_SECRET": "csecret",
        "OAUTH_CORP_ISSUER": "https://id.example.org",
        "OAUTH_CORP_LABEL": "사내 계정",
    }
    found = settings.providers(env, production=True)
    assert set(found) == {"google", "kakao", "naver", "corp"}
    assert found["google"].metadata_url == "https://accounts.google.com/.well-known/openid-configuration"
    assert found["kakao"].auth_method == "client_secret_post"
    assert found["naver"].kind == "oauth2" and found["naver"].userinfo_url
    assert found["corp"].label == "사내 계정" and found["corp"].kind == "oidc"


def test_a_provider_without_its_secret_fails_in_production_and_is_hidden_in_dev():
    env = {"OAUTH_CORP_CLIENT_ID": "cid", "OAUTH_CORP_ISSUER": "https://id.example.org"}
    with pytest.raises(AccountConfigError, match="OAUTH_CORP_CLIENT_SECRET"):
        settings.providers(env, production=True)
    assert settings.providers(env, production=False) == {}
    with pytest.raises(AccountConfigError, match="OAUTH_CORP_ISSUER"):
        settings.providers({"OAUTH_CORP_CLIENT_ID": "cid", "OAUTH_CORP_CLIENT_SECRET": "x"}, production=True)


@pytest.mark.parametrize(
    "given, expected",
    [
        ("/me/records", "/me/records"),
        ("//evil.example/x", "/me"),
        ("https://evil.example/", "/me"),
        ("/\\evil.example", "/me"),
        (None, "/me"),
    ],
)
def test_return_paths_never_leave_the_site(given, expected):
    assert oauth.safe_next(given) == expected
