"""OAuth 2.0 / OpenID Connect sign-in routes, mounted on the Reflex backend (`app.api_transformer`).

  GET /auth/login/<provider>?nick=<guest nickname>&next=/path   → redirect to the provider
  GET /auth/callback/<provider>                                 → verify, sign in, back to the site
  POST /auth/logout?next=/path                                  → forget the session cookie (same site only)
  GET /auth/logout                                              → a page with the sign-out button; signs nobody out

authlib's Starlette client does the protocol: a random `state` and `nonce` and a PKCE (S256) code
verifier are kept in a short-lived signed cookie scoped to /auth; the callback rejects a `state`
it did not issue, exchanges the code with the verifier and checks the ID token's signature,
issuer, audience, expiry and nonce. Only then is the member found or created (a guest who signs
in for the first time keeps their nickname) and the signed session cookie set.

Signing out changes what a browser holds, so it is a POST that must come from the site itself
(issue 35: 5): its `Origin` (or, without one, its `Referer`) must be the site's pages or this
backend. The session cookie's SameSite=Lax does not cover it: a cross-site form's response may
still delete a cookie it was not sent.
"""

from __future__ import annotations

import asyncio
import html
import logging
import warnings
from typing import Any
from urllib.parse import urlencode, urlsplit

import authlib.deprecate  # noqa: F401 - first: it installs its own "always" filter on import

with warnings.catch_warnings():  # authlib 1.9 nudges towards the httpx2 fork; httpx (Reflex's pin) works
    warnings.filterwarnings("ignore", message="The httpx module is deprecated")
    from authlib.integrations.starlette_client import OAuth, OAuthError
from starlette.applications import Starlette
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp, Receive, Scope, Send

from tilerooms.accounts import sessions, settings
from tilerooms.accounts.settings import Provider
from tilerooms.accounts.users import find_or_create_member

log = logging.getLogger(__name__)

LOGIN_COOKIE = "tilerooms_login"  # state, nonce, PKCE verifier, nickname and return path while signing in
LOGIN_MAX_AGE = 600
_PENDING = "tilerooms_pending"

_clients: dict[Provider, Any] = {}


def _client(provider: Provider) -> Any:
    """authlib's client for a provider (cached per configuration: discovery is fetched once)."""
    client = _clients.get(provider)
    if client is None:
        registry = OAuth()
        kwargs: dict[str, Any] = {
            "client_id": provider.client_id,
            "client_secret": provider.client_secret,
            "client_kwargs": {
                "scope": provider.scope,
                "code_challenge_method": "S256",  # PKCE
                "token_endpoint_auth_method": provider.auth_method,
            },
        }
        if provider.kind == "oidc":
            kwargs["server_metadata_url"] = provider.metadata_url
        else:
            kwargs.update(
                authorize_url=provider.authorize_url,
                access_token_url=provider.token_url,
                userinfo_endpoint=provider.userinfo_url,
            )
        client = _clients[provider] = registry.register(provider.name, **kwargs)
    return client


def safe_next(value: object) -> str:
    """A same-site path to return to: "/..." only (never "//host" or a full URL: no open redirect)."""
    if not isinstance(value, str) or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/me"
    return value[:200]


def _problem(message: str, status: int = 400) -> HTMLResponse:
    """A small Korean error page with a way back (the login cookie is dropped)."""
    back = html.escape(settings.frontend_url() + "/signin")
    body = (
        "<!doctype html><html lang='ko'><meta charset='utf-8'><title>로그인 실패</title>"
        f"<body style='font-family:sans-serif;padding:2em'><h1 id='auth-error'>로그인하지 못했어요</h1>"
        f"<p>{html.escape(message)}</p><p><a href='{back}'>다시 로그인하기</a></p></body></html>"
    )
    response = HTMLResponse(body, status_code=status)
    response.delete_cookie(LOGIN_COOKIE, path="/auth")
    return response


async def login(request: Request) -> Response:
    """Start signing in with a provider: remember nickname and return path, redirect with state, nonce and PKCE."""
    provider = settings.providers().get(request.path_params["provider"])
    if provider is None:
        return _problem("알 수 없는 로그인 방법이에요.", 404)
    request.session[_PENDING] = {
        "nick": str(request.query_params.get("nick", ""))[:32],
        "next": safe_next(request.query_params.get("next")),
    }
    redirect_uri = f"{settings.api_url()}/auth/callback/{provider.name}"
    try:
        return await _client(provider).authorize_redirect(request, redirect_uri)
    except Exception:  # noqa: BLE001 - the provider is unreachable or misconfigured
        log.exception("sign-in with %s could not start", provider.name)
        return _problem("로그인 서비스에 연결하지 못했어요. 잠시 후에 다시 해 주세요.", 502)


async def callback(request: Request) -> Response:
    """The provider sends the browser back: check everything, then sign the member in."""
    provider = settings.providers().get(request.path_params["provider"])
    if provider is None:
        return _problem("알 수 없는 로그인 방법이에요.", 404)
    pending = request.session.pop(_PENDING, None) or {}
    client = _client(provider)
    try:
        token = await client.authorize_access_token(request)  # state check, code + PKCE, ID token + nonce
        if provider.kind == "oidc":
            claims = token.get("userinfo")
            if not claims:  # an OpenID provider must send a verified ID token
                raise OAuthError(description="missing id_token")
        else:
            response = await client.get(provider.userinfo_url, token=token)
            response.raise_for_status()
            data = response.json()
            claims = data.get("response", data) if isinstance(data, dict) else {}
            claims = {**claims, "sub": str(claims.get("id") or claims.get("sub") or "")}
    except OAuthError as err:
        log.info("sign-in with %s rejected: %s", provider.name, err)
        return _problem("로그인 요청을 확인하지 못했어요. 처음부터 다시 시도해 주세요.")
    except Exception:  # noqa: BLE001 - network or provider error
        log.exception("sign-in with %s failed", provider.name)
        return _problem("로그인 서비스에서 답을 받지 못했어요. 잠시 후에 다시 해 주세요.", 502)
    subject = str(claims.get("sub") or "")
    if not subject:
        return _problem("로그인 정보를 확인하지 못했어요.")
    nickname = pending.get("nick") or claims.get("nickname") or claims.get("name") or claims.get("preferred_username")
    user = await asyncio.to_thread(find_or_create_member, provider.name, subject, nickname)
    target = settings.frontend_url() + safe_next(pending.get("next"))
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(sessions.SESSION_COOKIE, sessions.sign_session(user.id, user.session_key), **sessions.cookie_options())
    response.delete_cookie(LOGIN_COOKIE, path="/auth")
    return response


def site_origin(url: str) -> str:
    """The origin ("scheme://host[:port]", lower case, default port left out) of an absolute URL,
    or "" for anything else (a path, "null", garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port not in (None, default) else "")


def from_the_site(origin: str | None, referer: str | None, allowed: set[str]) -> bool:
    """Whether a state-changing request came from one of the `allowed` origins: its `Origin` header,
    or its `Referer` when a browser sent no `Origin`; neither (or "null") is refused."""
    sent = site_origin(origin) if origin else site_origin(referer or "")
    return bool(sent) and sent in allowed


def _site_origins(request: Request) -> set[str]:
    """The origins a sign-out may come from: the pages' (`deploy_url`: another port in two-port
    mode), the backend's as configured, and the one this request reached (single-port mode)."""
    found = {site_origin(settings.frontend_url()), site_origin(settings.api_url()), site_origin(str(request.base_url))}
    return found - {""}


def _signout_page(next_path: str, status: int = 200, message: str = "") -> HTMLResponse:
    """A small Korean page whose button signs out (a POST from this page is same-site); framing is
    refused, so no other site can put the button under a visitor's click."""
    action = html.escape("/auth/logout?" + urlencode({"next": next_path}))
    note = f"<p id='signout-refused'>{html.escape(message)}</p>" if message else ""
    body = (
        "<!doctype html><html lang='ko'><meta charset='utf-8'><title>로그아웃</title>"
        "<body style='font-family:sans-serif;padding:2em'><h1>로그아웃할까요?</h1>"
        f"{note}<form method='post' action='{action}'><button type='submit' id='signout-confirm'>로그아웃</button></form>"
        f"<p><a href='{html.escape(settings.frontend_url() + next_path)}'>돌아가기</a></p></body></html>"
    )
    return HTMLResponse(body, status_code=status, headers={"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'"})


async def logout_page(request: Request) -> Response:
    """GET /auth/logout: any site can make a browser follow a link, so a GET signs nobody out; it
    shows the button that does (issue 35: 5)."""
    return _signout_page(safe_next(request.query_params.get("next") or "/"))


async def logout(request: Request) -> Response:
    """Sign out (POST from the site's own pages): the session cookie is removed and the browser goes
    back as a guest. From another origin, or with none, nothing changes (403 and the button)."""
    next_path = safe_next(request.query_params.get("next") or "/")
    if not from_the_site(request.headers.get("origin"), request.headers.get("referer"), _site_origins(request)):
        log.info("a sign-out from another site was refused (origin %r)", request.headers.get("origin"))
        return _signout_page(next_path, 403, "다른 사이트에서 온 로그아웃 요청이라 처리하지 않았어요. 로그아웃하려면 아래 버튼을 눌러 주세요.")
    response = RedirectResponse(settings.frontend_url() + next_path, status_code=303)
    response.delete_cookie(sessions.SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=settings.secure_cookies())
    return response


def login_url(provider: str, nickname: str, next_path: str = "/me") -> str:
    """The link that starts signing in (on the backend, which may be another port than the pages)."""
    return f"{settings.api_url()}/auth/login/{provider}?" + urlencode({"nick": nickname, "next": safe_next(next_path)})


def logout_url(next_path: str = "/") -> str:
    """Where the sign-out form POSTs (a GET there only shows the button)."""
    return f"{settings.api_url()}/auth/logout?" + urlencode({"next": safe_next(next_path)})


class _LoginSessions:
    """Starlette's SessionMiddleware for /auth only, built on first use: the secret is read at
    start-up (a production error there), not when the module is imported by `reflex export`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._inner: ASGIApp | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._inner is None:
            self._inner = SessionMiddleware(
                self.app,
                secret_key=settings.secret_key(),
                session_cookie=LOGIN_COOKIE,
                max_age=LOGIN_MAX_AGE,
                path="/auth",
                same_site="lax",  # the provider's redirect back is a top-level GET: Lax sends it
                https_only=settings.secure_cookies(),
            )
        await self._inner(scope, receive, send)


def auth_routes() -> Starlette:
    """The /auth sub-application (its own login-state cookie; the rest of the backend is untouched)."""
    inner = Starlette(
        routes=[
            Route("/login/{provider}", login, methods=["GET"]),
            Route("/callback/{provider}", callback, methods=["GET"]),
            Route("/logout", logout_page, methods=["GET"]),
            Route("/logout", logout, methods=["POST"]),
        ]
    )
    inner.add_middleware(_LoginSessions)
    return inner


def api() -> Starlette:
    """The Starlette app given to `rx.App(api_transformer=...)`: /auth here, everything else Reflex's."""
    return Starlette(routes=[Mount("/auth", app=auth_routes())])
