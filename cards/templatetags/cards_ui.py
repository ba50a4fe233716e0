"""Drawing cards, costs and effects, and the site's language links.

    {% load cards_ui %}
    {% card_face card %}                        a small card (links to its page)
    {% card_face card size="large" link=False %}
    {% cost_icons card.cost %}                  coins and resources as icons, with a spoken label
    {% effect_icons card.effects %}             shields, points, coins, production, science...
    {% icon "wood" %}                           one icon of static/img/icons.svg
    {% inline_sprites %}                        the icon sprites, once a page (base.html: cards/sprites.py)

`card_face` takes a Card (with its `texts` prefetched, or a `text` attribute set to the
CardText in the page language) or a mapping with id, name, color, age, cost, effects,
effect_text and copies, so that the live-play pages can draw the cards of a hand.
"""
from collections.abc import Mapping

from django import template
from django.conf import settings
from django.urls import NoReverseMatch, reverse, translate_url
from django.utils.html import format_html

from cards import sprites
from django.utils.translation import get_language, get_language_info, ngettext
from django.utils.translation import gettext_lazy as _

from cards.language import CONTENT_LANGUAGES, DEFAULT_LANGUAGE, pick

register = template.Library()

COLOR_ORDER = ["brown", "grey", "blue", "yellow", "red", "green", "purple"]
RESOURCE_ORDER = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"]

COLOR_NAMES = {
    "brown": _("brown"),
    "grey": _("grey"),
    "blue": _("blue"),
    "yellow": _("yellow"),
    "red": _("red"),
    "green": _("green"),
    "purple": _("purple"),
    "black": _("black"),
    "white": _("white"),
}
COLOR_KINDS = {
    "brown": _("Raw materials"),
    "grey": _("Manufactured goods"),
    "blue": _("Civilian structures"),
    "yellow": _("Commercial structures"),
    "red": _("Military structures"),
    "green": _("Scientific structures"),
    "purple": _("Guilds"),
    "black": _("City cards"),
    "white": _("Leaders"),
}
RESOURCE_NAMES = {
    "wood": _("wood"),
    "stone": _("stone"),
    "clay": _("clay"),
    "ore": _("ore"),
    "glass": _("glass"),
    "textile": _("textile"),
    "papyrus": _("papyrus"),
}
SCIENCE_NAMES = {"compass": _("compass"), "gear": _("gear"), "tablet": _("tablet")}
AGE_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def page_language() -> str:
    """The content language of the current request (en, it or pt-br)."""
    language = (get_language() or DEFAULT_LANGUAGE).lower()
    return language if language in CONTENT_LANGUAGES else DEFAULT_LANGUAGE


def count_label(key: str, count: int) -> str:
    """'2 wood', '3 coins', in the page language."""
    labels = {
        "coins": lambda n: ngettext("%(count)d coin", "%(count)d coins", n),
        "wood": lambda n: ngettext("%(count)d wood", "%(count)d wood", n),
        "stone": lambda n: ngettext("%(count)d stone", "%(count)d stone", n),
        "clay": lambda n: ngettext("%(count)d clay", "%(count)d clay", n),
        "ore": lambda n: ngettext("%(count)d ore", "%(count)d ore", n),
        "glass": lambda n: ngettext("%(count)d glass", "%(count)d glass", n),
        "textile": lambda n: ngettext("%(count)d textile", "%(count)d textile", n),
        "papyrus": lambda n: ngettext("%(count)d papyrus", "%(count)d papyrus", n),
    }
    return labels[key](count) % {"count": count}


def cost_label(cost: Mapping) -> str:
    parts = [count_label(key, cost[key]) for key in ["coins", *RESOURCE_ORDER] if cost.get(key)]
    if not parts:
        return str(_("Cost: free"))
    return str(_("Cost: %(items)s")) % {"items": ", ".join(parts)}


# ---------------------------------------------------------------- filters

@register.filter
def roman(age) -> str:
    """1 -> I, 2 -> II, 3 -> III; 0 (Cities' leaders and tokens, in no Age) -> nothing."""
    try:
        return AGE_NUMERALS.get(int(age), str(age)) if int(age) else ""
    except (TypeError, ValueError):
        return str(age)


@register.filter
def color_name(color: str) -> str:
    return str(COLOR_NAMES.get(color, color))


@register.filter
def color_kind(color: str) -> str:
    return str(COLOR_KINDS.get(color, color))


@register.filter
def resource_name(resource: str) -> str:
    return str(RESOURCE_NAMES.get(resource, resource))


@register.filter
def bcp47(code: str) -> str:
    """Django's language code as an HTML lang value: pt-br -> pt-BR."""
    language, _sep, region = (code or "").partition("-")
    return f"{language}-{region.upper()}" if region else language


@register.filter
def copies_at(card, players) -> int:
    """How many copies of a card are in the deck at `players` players."""
    copies = card.get("copies", []) if isinstance(card, Mapping) else card.copies
    return sum(1 for threshold in copies if threshold <= int(players))


# ---------------------------------------------------------------- icons

@register.simple_tag
def icon(name: str, css_class: str = "") -> str:
    """One icon of the sprite, hidden from screen readers (its container says what it means)."""
    return format_html(
        '<svg class="ico ico-{}{}" aria-hidden="true" focusable="false"><use href="{}{}"></use></svg>',
        name, f" {css_class}" if css_class else "", sprites.ICON_HREF, name,
    )


@register.simple_tag
def inline_sprites() -> str:
    return sprites.inline_sprites()


def numbered_icon(name: str, number) -> str:
    return format_html('<span class="ico-num ico-num--{}">{}<span class="ico-num__n">{}</span></span>',
                       name, icon(name), number)


@register.inclusion_tag("cards/_cost.html")
def cost_icons(cost, layout="row", show_free=False):
    """Coins (one icon with the number) then each resource, one icon a unit."""
    cost = cost or {}
    items = []
    if cost.get("coins"):
        items.append({"key": "coins", "count": cost["coins"], "html": numbered_icon("coin", cost["coins"])})
    for resource in RESOURCE_ORDER:
        if cost.get(resource):
            items.append({"key": resource, "count": cost[resource], "repeat": range(cost[resource])})
    return {"items": items, "label": cost_label(cost), "layout": layout, "show_free": show_free}


def _scope_parts(scope) -> list[str]:
    parts = []
    if "left" in scope:
        parts.append("left")
    if "self" in scope:
        parts.append("city")
    if "right" in scope:
        parts.append("right")
    return parts


def effect_parts(effects) -> list[dict]:
    """The effects as drawable parts; the effects the text must explain (special powers) are left out."""
    parts = []
    for effect in effects or []:
        kind = effect.get("type")
        if kind == "produce":
            parts.append({"type": "produce", "options": effect["options"],
                          "repeat": range(effect.get("amount", 1)), "tradable": effect.get("tradable", True)})
        elif kind in ("shields", "points", "coins"):
            parts.append({"type": kind, "amount": effect["amount"], "repeat": range(effect["amount"])})
        elif kind == "science":
            parts.append({"type": "science", "options": [effect["symbol"]]})
        elif kind == "science_choice":
            parts.append({"type": "science", "options": ["compass", "gear", "tablet"]})
        elif kind == "trade_discount":
            parts.append({"type": "trade_discount", "resources": effect["resources"],
                          "left": "left" in effect["neighbors"], "right": "right" in effect["neighbors"],
                          "price": effect["price"]})
        elif kind in ("coins_per", "points_per"):
            counts = effect["counts"]
            parts.append({"type": kind, "amount": effect["amount"], "scope": _scope_parts(effect["scope"]),
                          "colors": [c for c in counts if c in COLOR_ORDER],
                          "stages": "wonder_stages" in counts, "defeats": "defeat_tokens" in counts})
    return parts


@register.filter
def has_icons(effects) -> bool:
    """Whether any of the effects is drawn (special powers are told by the text only)."""
    return bool(effect_parts(effects))


@register.inclusion_tag("cards/_effects.html")
def effect_icons(effects, size="normal"):
    return {"parts": effect_parts(effects), "size": size}


# ---------------------------------------------------------------- cards

def _card_data(card, language: str) -> dict:
    if isinstance(card, Mapping):
        data = dict(card)
        data.setdefault("name", data.get("id", ""))
        data.setdefault("effect_text", "")
        data.setdefault("copies", [])
        return data
    text = getattr(card, "text", None) or pick(card.texts.all(), language)
    return {
        "id": card.id, "name": text.name if text else card.id, "effect_text": text.effect_text if text else "",
        "color": card.color, "age": card.age, "cost": card.cost, "effects": card.effects, "copies": card.copies,
    }


ART = {"produce": None, "shields": "shield", "points": "points", "coins": "coin", "science": None,
       "science_choice": "gear", "trade_discount": "coin", "coins_per": "coin", "points_per": "points"}


def _art(data: dict) -> str:
    """The big faded symbol in the empty part of a drawn card: its main effect."""
    for effect in data.get("effects") or ():
        kind = effect.get("type")
        if kind == "produce":
            return effect["options"][0]
        if kind == "science":
            return effect["symbol"]
        if ART.get(kind):
            return ART[kind]
    return "stage"


@register.inclusion_tag("cards/_card.html")
def card_face(card, size="small", link=True, heading=3, text=True, players=None, chains=()):
    """A card drawn in HTML: colour band with the name, cost on the left, effect icons and text.

    size: small or large. link: the name links to the card page. heading: 2 or 3 makes the
    name a heading of that level, 0 a paragraph. text: show the effect text (it is always there
    for screen readers). players: show how many copies are in the deck at that player count.
    chains: the cards this one makes free (drawn as names at the bottom, as printed cards do).
    """
    language = page_language()
    data = _card_data(card, language)
    url = ""
    if link:
        try:
            url = reverse("card-detail", args=[data["id"]])
        except NoReverseMatch:
            url = ""
    copies_here = None
    players = int(players) if players else None
    if players and data.get("color") != "purple":
        copies_here = sum(1 for threshold in data["copies"] if threshold <= players)
    thresholds = [{"players": t, "in_deck": not players or t <= players} for t in data.get("copies") or ()]
    return {"card": data, "size": size, "url": url, "heading": heading, "show_text": text,
            "players": players, "copies_here": copies_here, "thresholds": thresholds, "art": _art(data),
            "chain_names": [_card_data(other, language)["name"] for other in chains or ()]}


# ---------------------------------------------------------------- site navigation

@register.simple_tag(takes_context=True)
def language_links(context) -> list[dict]:
    """One link per site language to the page being shown, in that language (query kept)."""
    request = context.get("request")
    path = request.get_full_path() if request else "/"
    current = (get_language() or DEFAULT_LANGUAGE).lower()
    links = []
    for code, name in settings.LANGUAGES:
        url = translate_url(path, code)
        if code != current and url == path:
            # Not a page the URL resolver knows (a 404): swap the language prefix.
            prefix = f"/{current}/"
            url = f"/{code}/{path[len(prefix):]}" if path.startswith(prefix) else f"/{code}/"
        info = get_language_info(code)
        links.append({
            "code": code, "lang": bcp47(code), "name": name, "name_local": info["name_local"],
            "short": code.split("-")[0].upper(), "url": url, "current": code == current,
        })
    return links


SECTIONS = {
    "home": "home", "card-list": "cards", "card-detail": "cards", "wonder-list": "wonders",
    "wonder-detail": "wonders", "search": "search", "lobby": "play",
}


@register.simple_tag(takes_context=True)
def nav_section(context) -> str:
    """The navigation entry of the page: the view's `section`, or guessed from the URL name."""
    if context.get("section"):
        return context["section"]
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    name = (match.url_name or "") if match else ""
    if name in SECTIONS:
        return SECTIONS[name]
    if name.startswith("rules"):
        return "rules"
    if name.startswith(("lobby", "game", "match", "play", "table", "invite", "leaderboard", "player", "score")):
        return "play"
    return ""
