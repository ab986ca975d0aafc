"""Production start (`reflex run --env prod`) whose granian server restarts a worker that dies.

Reflex 0.10.1 starts granian without `respawn_failed_workers`: when one worker dies (killed by the
OOM killer, a segfault in a native library, an operator's mistake), granian stops *every* worker
and all games on the machine go offline. Rooms, drafts and clocks live in Redis, so a browser whose
worker died can carry on at any other worker; this start keeps the other workers serving and puts a
fresh worker in the dead one's place. Used by `scripts/start_scaled.sh` (docs/deploy.md).

    python -m tilerooms.prod_server [reflex run options, e.g. --frontend-port 3000]
"""

from __future__ import annotations

import sys
from typing import Any, Sequence

# granian refuses to respawn a worker that died again within this many seconds ("crash loop").
RESPAWN_INTERVAL_S = 1.0


def respawning(server_class: type) -> type:
    """A subclass of granian's `Server` that respawns failed workers unless told otherwise."""

    class RespawningServer(server_class):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("respawn_failed_workers", True)
            kwargs.setdefault("respawn_interval", RESPAWN_INTERVAL_S)
            super().__init__(*args, **kwargs)

    RespawningServer.__name__ = RespawningServer.__qualname__ = f"Respawning{server_class.__name__}"
    return RespawningServer


def install() -> None:
    """Make the granian server Reflex builds (`reflex.utils.exec.run_granian_backend_prod`, which
    imports `granian.server.Server` when it runs) the respawning one."""
    import granian.server

    if not getattr(granian.server.Server, "_tilerooms_respawning", False):
        granian.server.Server = respawning(granian.server.Server)
        granian.server.Server._tilerooms_respawning = True


def main(argv: Sequence[str] | None = None) -> None:
    """Run `reflex run --env prod <argv>` with respawning workers."""
    install()
    from reflex.reflex import cli

    cli.main(args=["run", "--env", "prod", *(sys.argv[1:] if argv is None else argv)], prog_name="reflex")


if __name__ == "__main__":
    main()
