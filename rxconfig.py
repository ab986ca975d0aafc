"""Reflex configuration: the embedded default is SQLite + in-process state (GUIDE §3)."""

import reflex as rx

from tilerooms import settings
from tilerooms.reflex_ext.radix_colours import TailwindTrimmedRadix, TreeShakenRadixThemes

# every setting comes from tilerooms/settings.py (docs/configuration.md): one Redis URL for Reflex's
# state manager and the rooms (REDIS_URL, alias REFLEX_REDIS_URL), one records-DB URL. Without
# Redis, state stays in process and rooms in memory: the embedded default.
_settings = settings.reload()  # Reflex runs this file again when it reloads its config: read afresh
_redis_url = _settings.redis_url
_db_url = _settings.database_url

config = rx.Config(
    app_name="tilerooms",
    redis_url=_redis_url,
    db_url=_db_url,
    # without Redis the rooms live in this process, so browser states need no disk copy: Reflex's
    # default disk manager cost ~30 % of a worker's CPU under load and slows as .states/ fills
    # (docs/performance.md). Set by this expression, never a plain "memory": Reflex picks its Redis
    # manager by itself only while the mode is left at its default.
    state_manager_mode=rx.constants.StateManagerMode.REDIS if _redis_url else rx.constants.StateManagerMode.MEMORY,
    telemetry_enabled=False,
    show_built_with_reflex=False,
    # a first load's bytes (issue 34: 16): brotli sidecars beside the gzip ones (served to browsers
    # that ask for br, i.e. over HTTPS), and the Radix stylesheet without the unused colour scales
    frontend_compression_formats=["brotli", "gzip"],
    # the root does not import whole bundled libraries (all of Radix Themes) for dynamic components
    # the site does not have; none of our scripts reads window.__reflex
    frontend_lazy_bundled_libraries=True,
    plugins=[
        rx.plugins.SitemapPlugin(),
        TailwindTrimmedRadix(),
        TreeShakenRadixThemes(theme=rx.theme(appearance="light", accent_color="teal", radius="large")),
    ],
)
