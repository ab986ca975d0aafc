"""What a failed browser test leaves behind: a Playwright trace and a screenshot of every page of
every context the test opened (`test-results/<test>/`). Open a trace with
`python -m playwright show-trace test-results/<test>/context-0.zip`.

Every context is traced (DOM snapshots, no video). When a context closes while the test is failing
(an exception on its way out of the test, or a failed report by fixture teardown), its pages are
photographed and its trace written; otherwise the trace is dropped, which costs next to nothing.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

RESULTS = Path(__file__).resolve().parents[2] / "test-results"


def _drop(context: Any) -> None:
    try:
        context.tracing.stop()
    except Exception:  # noqa: BLE001 - tracing already stopped
        pass


def _save(context: Any, folder: Path, index: int) -> None:
    """Screenshots of the context's pages, then its trace (the trace must stop before it closes)."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, page in enumerate(context.pages):
        try:
            page.screenshot(path=str(folder / f"context-{index}-page-{n}.png"), full_page=True, timeout=5_000)
        except Exception:  # noqa: BLE001 - a crashed page still lets the trace be saved
            pass
    try:
        context.tracing.stop(path=str(folder / f"context-{index}.zip"))
    except Exception:  # noqa: BLE001 - tracing already stopped
        pass


@pytest.fixture(autouse=True)
def browser_evidence(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    """Trace every context a browser test opens; keep traces and screenshots of a failed test
    (needs the `rep_call` report that the conftest's `pytest_runtest_makereport` sets)."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    folder = tmp_path / "evidence"
    original = browser.new_context
    opened: list[Any] = []

    def failing() -> bool:
        report = getattr(request.node, "rep_call", None)
        return sys.exc_info()[1] is not None or (report is not None and report.failed)

    def new_context(*args: Any, **kwargs: Any) -> Any:
        context = original(*args, **kwargs)
        index = len(opened)
        opened.append(context)
        context.tracing.start(snapshots=True, screenshots=False, sources=False)
        close = context.close

        def close_saving(*a: Any, **kw: Any) -> None:
            if not getattr(context, "_evidence_done", False):
                context._evidence_done = True
                if failing():
                    _save(context, folder, index)
                else:
                    _drop(context)
            close(*a, **kw)

        context.close = close_saving
        return context

    browser.new_context = new_context
    try:
        yield
    finally:
        del browser.new_context  # back to the class's method
        for context in opened:
            try:
                context.close()
            except Exception:  # noqa: BLE001
                pass
        if folder.exists():
            target = RESULTS / request.node.name.replace("/", "_")
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(folder, target)
