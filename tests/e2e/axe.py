"""axe-core in a Playwright page (issue 34: 14): the WCAG 2.1 A/AA rules, and the landmark rules apart.

axe-core comes from npm into `.tools/` (scripts/bootstrap.sh, with BOOTSTRAP_BROWSER=1 as the test
command sets). `violations(page)` injects its `axe.min.js` into the page and returns what it finds;
`audit(page)` runs the WCAG rules and the landmark rules in one pass and returns both apart;
`report(found)` formats that for a failure message: each rule, its impact and help, then the CSS
target of every offending node with axe's own summary of what is wrong there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AXE_JS = Path(__file__).resolve().parents[2] / ".tools" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# WCAG 2.5.3 (A): a control's accessible name holds its visible label. axe tags this rule
# "experimental", which a run by tags leaves out, so it is run by name beside them.
NAME_HOLDS_LABEL = ["label-content-name-mismatch"]
# best-practice rules, not tagged WCAG: every node inside a landmark, exactly one <main>
LANDMARKS = ["region", "landmark-one-main"]

_RUN = """async ([only, exclude]) => {
    const context = exclude.length ? {exclude: exclude} : document;
    if (only.type === 'wcag') {
        // the rules a run by these tags runs (axe leaves its experimental and deprecated ones out),
        // with the extra rules by name: one pass over the page instead of one per list
        const tagged = axe.getRules(only.tags).filter(r => !r.tags.includes('experimental') && !r.tags.includes('deprecated'));
        only = {type: 'rule', values: [...new Set([...tagged.map(r => r.ruleId), ...only.rules])]};
    }
    const result = await axe.run(context, {runOnly: only, resultTypes: ['violations']});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
    }));
}"""


def violations(page: Any, *, rules: list[str] | None = None, exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe's violations on `page` as it is now: WCAG 2.1 A/AA by default (with 2.5.3's rule), or
    only `rules` (rule ids); nodes matching an `exclude` selector are not looked at."""
    _inject(page)
    if rules:
        return list(page.evaluate(_RUN, [{"type": "rule", "values": rules}, list(exclude)]))
    return list(page.evaluate(_RUN, [{"type": "wcag", "tags": WCAG_21_AA, "rules": NAME_HOLDS_LABEL}, list(exclude)]))


def audit(page: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(WCAG 2.1 A/AA violations with 2.5.3's rule, landmark violations) on `page` as it is now, in one run."""
    _inject(page)
    found = list(page.evaluate(_RUN, [{"type": "wcag", "tags": WCAG_21_AA, "rules": NAME_HOLDS_LABEL + LANDMARKS}, []]))
    return [v for v in found if v["id"] not in LANDMARKS], [v for v in found if v["id"] in LANDMARKS]


def _inject(page: Any) -> None:
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: run `BOOTSTRAP_BROWSER=1 source scripts/bootstrap.sh` (or scripts/test.sh)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))


def report(found: list[dict[str, Any]], *, nodes: int = 6) -> str:
    """`found` as readable lines: one per rule, then up to `nodes` targets with what is wrong there."""
    lines: list[str] = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:nodes]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}  —  {summary[:220]}")
        if len(v["nodes"]) > nodes:
            lines.append(f"    … and {len(v['nodes']) - nodes} more")
    return "\n".join(lines)
