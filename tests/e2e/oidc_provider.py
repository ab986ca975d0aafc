"""A small OpenID Connect provider for the browser tests, built on authlib's server side (Flask).

It serves discovery, an authorization page with a "sign in as" form, the token endpoint (client
secret, PKCE S256 required, ID token signed RS256 with the nonce) and its JWKS, on a free loopback
port in a thread. Only for tests: users are whoever the form names, codes live in memory.
"""

from __future__ import annotations

import html
import re
import secrets
import threading
import time
from dataclasses import dataclass, field

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from flask import Flask, jsonify, request
from joserfc.jwk import RSAKey
from werkzeug.serving import make_server


@dataclass
class TestUser:
    """A provider account: `sub` is stable per login name."""

    sub: str
    name: str

    def get_user_id(self) -> str:
        return self.sub


@dataclass
class TestClient(ClientMixin):
    """The one registered client (the app under test); any loopback redirect URI is accepted."""

    client_id: str
    client_secret: str

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return " ".join(s for s in (scope or "").split() if s in {"openid", "profile"})

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri.startswith(("http://127.0.0.1:", "http://localhost:"))

    def check_client_secret(self, client_secret):
        return secrets.compare_digest(client_secret, self.client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        return method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type == "authorization_code"


@dataclass
class Code:
    """An issued authorization code with what the token request must match."""

    code: str
    client_id: str
    redirect_uri: str
    scope: str
    user: TestUser
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int = field(default_factory=lambda: int(time.time()))

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope

    def get_nonce(self):
        return self.nonce

    def get_auth_time(self):
        return self.auth_time

    def get_acr(self):
        return None

    def get_amr(self):
        return None


class LocalOidcProvider:
    """Start with `start()`; `issuer`, `client_id`, `client_secret` configure the app under test."""

    def __init__(self) -> None:
        self.client = TestClient("tilerooms-test", secrets.token_urlsafe(24))
        self.key = RSAKey.generate_key(2048, parameters={"kid": "test-1", "use": "sig"}, private=True)
        self.codes: dict[str, Code] = {}
        self.token_requests: list[dict[str, str]] = []  # what the app sent (tests check PKCE)
        self.authorize_requests: list[dict[str, str]] = []
        self.issuer = ""
        self._server = None
        self._thread: threading.Thread | None = None
        self.app = self._build_app()

    # -- authlib wiring -------------------------------------------------------------------------
    def _build_app(self) -> Flask:
        provider = self
        app = Flask("local-oidc")
        app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {"authorization_code": 600}

        class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

            def save_authorization_code(self, code, req):
                payload = req.payload.data
                provider.codes[code] = Code(
                    code=code,
                    client_id=req.client.client_id,
                    redirect_uri=req.payload.redirect_uri,
                    scope=req.scope,
                    user=req.user,
                    nonce=payload.get("nonce"),
                    code_challenge=payload.get("code_challenge"),
                    code_challenge_method=payload.get("code_challenge_method"),
                )

            def query_authorization_code(self, code, client):
                item = provider.codes.get(code)
                return item if item is not None and item.client_id == client.client_id else None

            def delete_authorization_code(self, authorization_code):
                provider.codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code):
                return authorization_code.user

        class LocalOpenIDCode(OpenIDCode):
            def exists_nonce(self, nonce, req):
                return any(c.nonce == nonce for c in provider.codes.values())

            def resolve_client_private_key(self, client):
                return provider.key

            def get_client_algorithm(self, client):
                return "RS256"

            def get_encode_header(self, client):
                return {"alg": "RS256", "kid": "test-1"}

            def get_client_claims(self, client):
                return {"iss": provider.issuer, "aud": [client.get_client_id()]}

            def generate_user_info(self, user, scope):
                return UserInfo(sub=user.sub, name=user.name)

        server = AuthorizationServer(
            app, query_client=lambda cid: provider.client if cid == provider.client.client_id else None, save_token=lambda token, req: None
        )
        server.register_grant(AuthorizationCodeGrant, [LocalOpenIDCode(require_nonce=True), CodeChallenge(required=True)])

        @app.get("/.well-known/openid-configuration")
        def discovery():
            return jsonify(
                {
                    "issuer": provider.issuer,
                    "authorization_endpoint": f"{provider.issuer}/authorize",
                    "token_endpoint": f"{provider.issuer}/token",
                    "jwks_uri": f"{provider.issuer}/jwks",
                    "response_types_supported": ["code"],
                    "subject_types_supported": ["public"],
                    "id_token_signing_alg_values_supported": ["RS256"],
                    "code_challenge_methods_supported": ["S256"],
                    "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
                    "scopes_supported": ["openid", "profile"],
                }
            )

        @app.get("/jwks")
        def jwks():
            return jsonify({"keys": [provider.key.as_dict(private=False)]})

        @app.route("/authorize", methods=["GET", "POST"])
        def authorize():
            if request.method == "GET":
                provider.authorize_requests.append(dict(request.args))
                try:
                    server.get_consent_grant(end_user=None)
                except Exception as err:  # noqa: BLE001 - show why the request is refused
                    return f"<h1 id='provider-error'>{html.escape(str(err))}</h1>", 400
                return (
                    "<!doctype html><meta charset='utf-8'><title>테스트 로그인</title>"
                    "<h1>테스트 신원 제공자</h1><form method='post'>"
                    "<input id='login-name' name='login' value='tester'>"
                    "<button id='approve' type='submit'>이 계정으로 로그인</button></form>"
                )
            login = request.form.get("login") or "tester"
            user = TestUser(sub=f"sub-{login}", name=f"{login} 님")
            return server.create_authorization_response(grant_user=user)

        @app.post("/token")
        def token():
            provider.token_requests.append({k: v for k, v in request.form.items()})
            return server.create_token_response()

        return app

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self) -> LocalOidcProvider:
        """Serve on a free loopback port in a daemon thread."""
        self._server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.issuer = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Shut the server down."""
        if self._server is not None:
            self._server.shutdown()
            self._server = None

    def env(self, name: str = "LOCAL", label: str = "테스트 계정") -> dict[str, str]:
        """The app's environment for this provider."""
        return {
            f"OAUTH_{name}_CLIENT_ID": self.client.client_id,
            f"OAUTH_{name}_CLIENT_SECRET": self.client.client_secret,
            f"OAUTH_{name}_ISSUER": self.issuer,
            f"OAUTH_{name}_LABEL": label,
        }


def sign_in(page, base_url: str, login: str) -> None:
    """Sign `page` in through this provider: the site's sign-in button, the provider's login form
    (#login-name, #approve), back to the site's /me page."""
    from playwright.sync_api import expect

    page.goto(f"{base_url}/signin")
    button = page.locator(".signin-provider[data-provider='local']")
    expect(button).to_be_visible(timeout=15_000)
    button.click()
    page.locator("#login-name").fill(login)
    page.locator("#approve").click()
    page.wait_for_url(re.compile(r".*/me/?$"), timeout=15_000)
