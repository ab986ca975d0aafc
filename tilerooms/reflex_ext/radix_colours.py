"""Radix Themes at the weight the site uses (issue 34: 16): the stylesheet with only the colour
scales the pages name, and the JavaScript of only the components they use.

With Tailwind on, Reflex imports Radix Themes in Tailwind's root file (`.web/styles/tailwind.css`,
in the `components` layer) as the whole `@radix-ui/themes/styles.css`: the tokens of all 31 colour
scales, the components and the utilities. Radix Themes ships these parts as separate files too
(`tokens/base.css`, `tokens/colors/<name>.css`, `components.css`, `utilities.css`), so this plugin
writes that root file with the same parts and 12 of the 31 scales; the rest was CSS no page used.
`tests/unit/test_radix_colours.py` keeps `COLOURS` complete: every colour the code names is in it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from reflex_base.constants import Dirs
from reflex_base.plugins.tailwind_v4 import Constants, TailwindV4Plugin
from reflex_components_radix.plugin import RadixThemesPlugin

# the theme's accent and its natural gray (teal → sage, Radix's "auto" gray), the colour schemes
# the pages name, and the avatar colours a member picks (accounts.users.AVATAR_COLORS)
COLOURS = ("teal", "sage", "gray", "red", "green", "amber", "blue", "orange", "violet", "tomato", "grass", "pink")


def stylesheets(colours: tuple[str, ...] = COLOURS) -> tuple[str, ...]:
    """The Radix Themes stylesheets in the order Radix documents: base tokens, one file a colour
    scale, components, utilities."""
    return (
        "@radix-ui/themes/tokens/base.css",
        *(f"@radix-ui/themes/tokens/colors/{colour}.css" for colour in colours),
        "@radix-ui/themes/components.css",
        "@radix-ui/themes/utilities.css",
    )


def tailwind_root_style() -> tuple[str, str]:
    """Tailwind's root stylesheet (path, text) as Reflex writes it, the Radix import trimmed."""
    radix = "".join(f'@import "{sheet}" layer(components);\n' for sheet in stylesheets())
    return str(Path(Dirs.STYLES) / Constants.ROOT_STYLE_PATH), Constants.ROOT_STYLE_CONTENT.format(radix_import=radix)


@dataclasses.dataclass
class TailwindTrimmedRadix(TailwindV4Plugin):
    """`rx.plugins.TailwindV4Plugin` whose root stylesheet imports `stylesheets()` rather than
    the whole Radix `styles.css` (which it replaces in the app's root stylesheet, as stock)."""

    def pre_compile(self, **context: Any) -> None:
        """Reflex's own pre-compile, then the root style again with the trimmed Radix parts (save
        tasks run in order: this one writes the file last)."""
        super().pre_compile(**context)
        if context["radix_themes_plugin"].enabled:
            context["add_save_task"](tailwind_root_style)


@dataclasses.dataclass
class TreeShakenRadixThemes(RadixThemesPlugin):
    """`rx.plugins.RadixThemesPlugin` without its package in the bundled libraries: Reflex imports
    a bundled library as a whole namespace (for dynamic components, which the site has none of),
    which kept all of Radix Themes' JavaScript (282 KB, every component) in every page. The package
    is still installed: each Radix component names it as its library."""

    def get_frontend_dependencies(self, **context: Any) -> tuple[str, ...]:
        """None: see the class."""
        return ()
