"""The trimmed Radix stylesheet (issue 34: 16) holds every colour scale the code names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tilerooms.accounts.users import AVATAR_COLORS
from tilerooms.reflex_ext.radix_colours import COLOURS, stylesheets, tailwind_root_style

ROOT = Path(__file__).resolve().parents[2]
RADIX_SCALES = (
    "gray mauve slate sage olive sand tomato red ruby crimson pink plum purple violet iris indigo blue cyan teal jade green grass "
    "brown orange sky mint lime yellow amber gold bronze"
).split()
CSS_VAR = re.compile(r"--(" + "|".join(RADIX_SCALES) + r")-(?:a)?\d+")


def _named_colours() -> set[str]:
    """Every Radix scale the code names: a string literal that is a scale's name (a colour_scheme,
    an accent, an avatar colour) or a `--<scale>-N` variable in Python or the assets' CSS/JS."""
    named: set[str] = set()
    for path in (ROOT / "tilerooms").rglob("*.py"):
        if path.name == "radix_colours.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value in RADIX_SCALES:
                    named.add(node.value)
                named.update(CSS_VAR.findall(node.value))
    for path in [*(ROOT / "assets").rglob("*.css"), *(ROOT / "assets").rglob("*.js")]:
        named.update(CSS_VAR.findall(path.read_text(encoding="utf-8")))
    return named


def test_every_colour_the_code_names_is_kept() -> None:
    assert _named_colours() <= set(COLOURS), f"add to COLOURS: {sorted(_named_colours() - set(COLOURS))}"
    assert set(AVATAR_COLORS) <= set(COLOURS)
    assert "sage" in COLOURS  # the theme's gray_color "auto" for the teal accent


def test_the_root_style_imports_the_parts_in_radix_order() -> None:
    path, text = tailwind_root_style()
    assert path.endswith("tailwind.css")
    imports = re.findall(r'@import "(@radix-ui/themes/[^"]+)" layer\(components\)', text)
    assert imports == list(stylesheets())
    assert imports[0].endswith("tokens/base.css") and imports[-2:] == ["@radix-ui/themes/components.css", "@radix-ui/themes/utilities.css"]
    assert "@radix-ui/themes/styles.css" not in text
    assert text.index("tailwindcss/preflight.css") < text.index("tokens/base.css") < text.index("tailwindcss/utilities.css")
