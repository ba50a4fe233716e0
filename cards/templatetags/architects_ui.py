"""Drawing the 7 Wonders Architects catalogue: its icons and a stage tile's cost.

    {% load architects_ui %}
    {% arch_icon "cat" %}              one icon of static/img/architects.svg (inlined: cards/sprites.py)
    {% stage_cost stage %}             the cost of a stage tile: squares, '=' or '≠', spoken label
"""
from django import template
from django.utils.html import format_html
from django.utils.translation import ngettext

from cards import sprites
from cards.templatetags.cards_ui import icon

register = template.Library()
BASE_ICONS = {"wood", "stone", "clay", "glass", "papyrus", "coin", "shield", "points", "stage"}
SCIENCE_ICONS = {"law", "mechanic", "architect"}


@register.simple_tag
def arch_icon(name: str, css_class: str = "") -> str:
    """An icon: the base game's sprite for what both games share, Architects' own for the rest."""
    if name in BASE_ICONS:
        return icon(name, css_class)
    return format_html(
        '<svg class="ico ico-{}{}" aria-hidden="true" focusable="false"><use href="{}{}"></use></svg>',
        name, f" {css_class}" if css_class else "", sprites.ICON_HREF, name,
    )


def cost_label(count: int, same: bool) -> str:
    if same:
        return ngettext("%(count)d identical resource", "%(count)d identical resources", count) % {"count": count}
    return ngettext("%(count)d different resource", "%(count)d different resources", count) % {"count": count}


@register.inclusion_tag("architects/_stage_cost.html")
def stage_cost(stage):
    return {"squares": range(stage.cost_count), "same": stage.cost_same, "label": cost_label(stage.cost_count, stage.cost_same)}


@register.filter
def card_icon(card) -> str:
    """The main icon of a card kind."""
    if card.resource:
        return card.resource
    if card.coins:
        return "coin"
    if card.science:
        return card.science
    if card.shields:
        return "shield"
    return "points"
