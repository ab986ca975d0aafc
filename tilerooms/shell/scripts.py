"""A page's own script file (assets/), loaded once per document (issue 34: 11).

`rx.script` wraps its script in react-helmet, a class component whose `UNSAFE_componentWillMount`
React's strict mode warns about on every load of a page that has one, and whose chunk every such
page downloads. React 19 itself hoists an `async` script with a `src` into the document's head and
loads it once, however often the page mounts it (https://react.dev/reference/react-dom/components/script)."""

from __future__ import annotations

import reflex as rx


def page_script(src: str) -> rx.Component:
    """The script at `src` (a path under assets/), loaded by React 19 once per document."""
    return rx.el.script(src=src, async_=True)
