"""The icon sprites (static/img/icons.svg, architects.svg), written once into every page.

An icon is `<svg><use href="#icon-coin"></use></svg>`: a reference inside the page, not to the
sprite's file. Chromium copies and lays out an icon that points into another file several times
slower (a game table draws hundreds of them on every update: issue 31's update time), so
base.html holds both sprites, hidden, their symbols' ids given the ICON_ID prefix (a page's own
ids, such as the search form's "search", stay its own). The two files must not share a symbol id
(tests/cards/test_sprites.py).
"""
import re
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.utils.safestring import mark_safe

SPRITE_FILES = ("img/icons.svg", "img/architects.svg")
ICON_ID = "icon-"
ICON_HREF = "#" + ICON_ID  # an icon's href is ICON_HREF + its name

_SYMBOL_ID = re.compile(r'(<symbol\b[^>]*\bid=")')


def symbols(path):
    """The `<symbol>` elements of one sprite file, their ids prefixed."""
    with open(finders.find(path), encoding="utf-8") as sprite:
        text = sprite.read()
    body = text[text.index(">", text.index("<svg")) + 1: text.rindex("</svg>")]
    body = re.sub(r"<!--.*?-->", "", body, flags=re.S)
    return _SYMBOL_ID.sub(r"\g<1>" + ICON_ID, body).strip()


@lru_cache(maxsize=1)
def inline_sprites():
    """Both sprites as one hidden inline `<svg>` for the top of a page's body."""
    inner = "\n".join(symbols(path) for path in SPRITE_FILES)
    return mark_safe(f'<svg class="sprites" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">{inner}</svg>')
