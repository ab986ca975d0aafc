"""Account settings (read from the environment by tilerooms/settings.py): the session-signing secret and the OAuth providers.

- `TILEROOMS_SECRET_KEY` signs session cookies. In production (`reflex run --env prod`) a missing
  key stops the start with a clear error; in the embedded default a dev key is generated once
  and kept in `.states/tilerooms-dev-secret` (ignored by git).
- A provider NAME exists when `OAUTH_<NAME>_CLIENT_ID` is set; with it `OAUTH_<NAME>_CLIENT_SECRET`
  and, except for the presets google / kakao / naver, `OAUTH_<NAME>_ISSUER` (any OpenID Connect
  issuer). Optional: `OAUTH_<NAME>_LABEL` (button text), `OAUTH_<NAME>_SCOPE`,
  `OAUTH_<NAME>_AUTH_METHOD` (client_secret_basic | client_secret_post).
- `TILEROOMS_SECURE_COOKIES=1` marks cookies Secure (default: on when the API URL is https).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tilerooms import settings as app_settings

SECRET_ENV = "TILEROOMS_SECRET_KEY"
DEV_SECRET_FILE = app_settings.DEV_SECRET_FILE
MIN_SECRET_LENGTH = 32


class AccountConfigError(RuntimeError):
    """A missing or invalid account setting; raised at start in production."""


@dataclass(frozen=True)
class Provider:
    """One sign-in provider. kind "oidc" verifies an ID token; "oauth2" (Naver) reads a user-info URL."""

    name: str
    label: str
    client_id: str
    client_secret: str
    kind: str = "oidc"
    issuer: str = ""
    scope: str = "openid profile"
    auth_method: str = "client_secret_basic"
    authorize_url: str = ""
    token_url: str = ""
    userinfo_url: str = ""

    @property
    def metadata_url(self) -> str:
        """OpenID Connect discovery document of the issuer."""
        return self.issuer.rstrip("/") + "/.well-known/openid-configuration"


_PRESETS: dict[str, dict[str, str]] = {
    "google": {"label": "구글 계정", "issuer": "https://accounts.google.com"},
    "kakao": {"label": "카카오 계정", "issuer": "https://kauth.kakao.com", "auth_method": "client_secret_post", "scope": "openid"},
    "naver": {  # not an OpenID Connect issuer: plain OAuth 2.0 with a user-info call
        "label": "네이버 계정",
        "kind": "oauth2",
        "scope": "",
        "auth_method": "client_secret_post",
        "authorize_url": "https://nid.naver.com/oauth2.0/authorize",
        "token_url": "https://nid.naver.com/oauth2.0/token",
        "userinfo_url": "https://openapi.naver.com/v1/nid/me",
    },
}
_NAME = re.compile(r"^OAUTH_([A-Z0-9]+)_CLIENT_ID$")


def is_production() -> bool:
    """True under `reflex run --env prod` (Reflex's REFLEX_ENV_MODE) or TILEROOMS_ENV=production."""
    if app_settings.current().production:
        return True
    try:  # Reflex's own reading of its mode, which `reflex run --env prod` sets after our settings were read
        from reflex_base.constants.base import Env
        from reflex_base.environment import environment

        return environment.REFLEX_ENV_MODE.get() == Env.PROD
    except Exception:  # noqa: BLE001 - outside Reflex (scripts, unit tests): not production
        return False


def providers(env: Mapping[str, str] | None = None, *, production: bool | None = None) -> dict[str, Provider]:
    """The configured providers by name (lower case), from the OAUTH_* settings unless `env` is given."""
    env = app_settings.current().oauth_env if env is None else env
    production = is_production() if production is None else production
    found: dict[str, Provider] = {}
    for key in sorted(env):
        match = _NAME.match(key)
        if not match or not env[key]:
            continue
        upper = match.group(1)
        name = upper.lower()
        preset = _PRESETS.get(name, {})

        def get(field: str, default: str = "", upper: str = upper, preset: dict = preset) -> str:
            return env.get(f"OAUTH_{upper}_{field.upper()}") or preset.get(field, default)

        secret = env.get(f"OAUTH_{upper}_CLIENT_SECRET", "")
        issuer = get("issuer")
        kind = preset.get("kind", "oidc")
        problem = ""
        if not secret:
            problem = f"OAUTH_{upper}_CLIENT_SECRET is not set"
        elif kind == "oidc" and not issuer:
            problem = f"OAUTH_{upper}_ISSUER is not set"
        if problem:
            if production:
                raise AccountConfigError(f"sign-in provider {name!r}: {problem}")
            continue  # embedded default: a half-configured provider is simply not offered
        found[name] = Provider(
            name=name,
            label=get("label", name),
            client_id=env[key],
            client_secret=secret,
            kind=kind,
            issuer=issuer,
            scope=get("scope", "openid profile"),
            auth_method=get("auth_method", "client_secret_basic"),
            authorize_url=get("authorize_url"),
            token_url=get("token_url"),
            userinfo_url=get("userinfo_url"),
        )
    return found


def secret_key(*, production: bool | None = None) -> str:
    """The key that signs session cookies: TILEROOMS_SECRET_KEY, or a generated dev key (not in production)."""
    configured = app_settings.current().secret_key
    if configured:
        if len(configured) < MIN_SECRET_LENGTH:
            raise AccountConfigError(f"{SECRET_ENV} is too short: use at least {MIN_SECRET_LENGTH} random characters")
        return configured
    production = is_production() if production is None else production
    if production:
        raise AccountConfigError(
            f"{SECRET_ENV} is not set. Production needs a fixed secret shared by every worker, e.g. "
            "export TILEROOMS_SECRET_KEY=\"$(python -c 'import secrets; print(secrets.token_urlsafe(48))')\""
        )
    return app_settings.dev_secret()


def secure_cookies() -> bool:
    """Whether cookies carry the Secure flag: TILEROOMS_SECURE_COOKIES, else when the API URL is https."""
    flag = app_settings.current().secure_cookies
    if flag is not None:
        return flag
    return api_url().startswith("https://")


def api_url() -> str:
    """Where the browser reaches the backend (OAuth routes live there)."""
    try:
        import reflex as rx

        return str(rx.config.get_config().api_url).rstrip("/")
    except Exception:  # noqa: BLE001
        return "http://localhost:8000"


def frontend_url() -> str:
    """Where the browser returns after signing in or out."""
    try:
        import reflex as rx

        config = rx.config.get_config()
        return str(config.deploy_url or config.api_url).rstrip("/")
    except Exception:  # noqa: BLE001
        return "http://localhost:3000"


def check_at_start() -> None:
    """Fail the start early when production lacks a setting (called by the accounts lifespan task)."""
    secret_key()
    providers()
