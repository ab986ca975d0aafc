"""What a browser receives on its websocket, frame by frame, for the tests that search or measure
the frames (issue 17: nothing hidden reaches another browser; issue 20: small frames)."""

from __future__ import annotations


def record_frames(page) -> list[str]:
    """Every websocket frame `page` receives from now on, as text, in the order received."""
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))),
    )
    return frames
