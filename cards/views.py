"""Catalogue pages: home, card list and card page, wonder list and wonder page.

Names and texts come from the per-language rows (CardText, WonderText, WonderStageText) in the
language of the URL prefix; every other string of the pages goes through gettext.
"""
import unicodedata

from django import forms
from django.conf import settings
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from cards import rules_links
from cards.catalogue_data import deck_player_counts, deck_players, filter_player_counts
from cards.language import DEFAULT_LANGUAGE, pick
from cards.models import Card, CardText, Wonder, WonderStage, WonderStageText, WonderText
from cards.templatetags.cards_ui import COLOR_KINDS, COLOR_NAMES, COLOR_ORDER, page_language

AGES = (1, 2, 3)
# The catalogue lists one game at a time: the base game's cards unless `expansion` asks for Cities.
LISTED_EXPANSIONS = ("base", "cities")
CARD_COLORS = [*COLOR_ORDER, "black", "white"]
PLAYER_COUNTS = deck_player_counts()  # a card page's copies, one column per deck
# The list's filter adds the counts that play with one of those decks (8 with Cities: the 7's).
FILTER_PLAYER_COUNTS = filter_player_counts()
SHOWCASE = ("temple", "caravansery", "laboratory")


def _texts_in(language: str, model=CardText):
    """Only the rows a page needs: its language and the English fallback."""
    return model.objects.filter(language__in={language, DEFAULT_LANGUAGE})


def _cards_with_text(language: str):
    return Card.objects.prefetch_related(Prefetch("texts", queryset=_texts_in(language)))


def _attach_text(cards, language: str):
    for card in cards:
        card.text = pick(card.texts.all(), language)
    return cards


def _fold(text: str) -> str:
    """Lower case without accents, so that 'deposito' finds 'Depósito'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _language_names() -> dict:
    return dict(settings.LANGUAGES)


def home(request):
    from accounts.views import WELCOME_SESSION_KEY
    from games.views.lobby import games_on_site  # the site's games come from the game registries

    language = page_language()
    showcase = _attach_text(list(_cards_with_text(language).filter(id__in=SHOWCASE)), language)
    showcase.sort(key=lambda card: SHOWCASE.index(card.id))
    return render(request, "home.html", {
        "section": "home",
        "showcase": showcase,
        "card_count": Card.objects.filter(expansion="base").count(),
        "wonder_count": Wonder.objects.filter(expansion="base").count(),
        "games": games_on_site(),  # every registered game, from the registries
        "welcome": request.user.is_authenticated and request.session.pop(WELCOME_SESSION_KEY, False),
    })


class CardFilterForm(forms.Form):
    expansion = forms.ChoiceField(
        label=_("Game"), required=False,
        choices=[("base", _("7 Wonders")), ("cities", _("Cities expansion"))],
        error_messages={"invalid_choice": _("There is no expansion “%(value)s” here.")},
    )
    q = forms.CharField(label=_("Name"), required=False, max_length=60, strip=True)
    age = forms.TypedChoiceField(
        label=_("Age"), required=False, coerce=int, empty_value=None,
        choices=[("", _("All ages")), (1, _("Age I")), (2, _("Age II")), (3, _("Age III"))],
        error_messages={"invalid_choice": _("There is no age “%(value)s”: choose I, II or III.")},
    )
    color = forms.ChoiceField(
        label=_("Colour"), required=False, choices=[],
        error_messages={"invalid_choice": _("There is no colour “%(value)s”.")},
    )
    players = forms.TypedChoiceField(
        label=_("Players"), required=False, coerce=int, empty_value=None,
        choices=[("", _("Any number"))] + [(n, n) for n in FILTER_PLAYER_COUNTS],
        error_messages={"invalid_choice": _("“%(value)s” is not a player count of this game.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Built here so that the labels are in the language of the request.
        self.fields["color"].choices = [("", _("All colours"))] + [
            (color, f"{str(COLOR_NAMES[color]).capitalize()} · {COLOR_KINDS[color]}") for color in CARD_COLORS
        ]

    def filters(self) -> dict:
        """The valid filters; an invalid field is left out (its error is shown)."""
        data = getattr(self, "cleaned_data", {})
        return {key: data[key] for key in ("expansion", "q", "age", "color", "players")
                if data.get(key) not in (None, "")}


def card_list(request):
    language = page_language()
    form = CardFilterForm(request.GET or None)
    is_valid = form.is_valid() if form.is_bound else True
    filters = form.filters() if form.is_bound else {}
    expansion = filters.get("expansion", "base")
    cards = _cards_with_text(language).filter(expansion=expansion)
    if "age" in filters:
        cards = cards.filter(age=filters["age"])
    if "color" in filters:
        cards = cards.filter(color=filters["color"])
    if "players" in filters:
        cards = cards.filter(min_players__lte=deck_players(filters["players"]))
    cards = _attach_text(list(cards), language)
    if "q" in filters:
        needle = _fold(filters["q"])
        cards = [card for card in cards if card.text and needle in _fold(card.text.name)]
    cards.sort(key=lambda card: (card.age or 9, CARD_COLORS.index(card.color) if card.color in CARD_COLORS else 99,
                                 card.position))

    groups = []
    for age in AGES:
        in_age = [card for card in cards if card.age == age]
        if in_age:
            groups.append({"age": age, "cards": in_age})
    ageless = [card for card in cards if not card.age]
    if ageless:
        groups.append({"age": 0, "cards": ageless})
    players = filters.get("players")
    copies = deck = None
    if players:
        deck = deck_players(players)
        copies = sum(1 for card in cards for threshold in card.copies if threshold <= deck)
    return render(request, "cards/card_list.html", {
        "section": "cards",
        "form": form,
        "is_valid": is_valid,
        "filters": filters,
        "groups": groups,
        "count": len(cards),
        "players": players,
        "deck_players": deck,
        "copies": copies,
        "guilds": sum(1 for card in cards if card.color == "purple"),
        "expansion": expansion,
    })


def card_detail(request, card_id):
    language = page_language()
    linked = Card.objects.prefetch_related(Prefetch("texts", queryset=_texts_in(language)))
    card = get_object_or_404(
        Card.objects.prefetch_related(
            "texts",
            Prefetch("chain_from", queryset=linked),
            Prefetch("chain_to", queryset=linked),
        ),
        pk=card_id,
    )
    card.text = pick(card.texts.all(), language)
    chain_from = sorted(_attach_text(list(card.chain_from.all()), language), key=lambda c: (c.age, c.position))
    chain_to = sorted(_attach_text(list(card.chain_to.all()), language), key=lambda c: (c.age, c.position))
    names = _language_names()
    other_names = [
        {"code": row.language, "language": names.get(row.language, row.language), "name": row.name}
        for row in sorted(card.texts.all(), key=lambda row: list(names).index(row.language)
                          if row.language in names else 99)
        if row.language != language
    ]
    copies = [{"players": n, "copies": sum(1 for t in card.copies if t <= n)} for n in PLAYER_COUNTS]
    return render(request, "cards/card_detail.html", {
        "section": "cards",
        "card": card,
        "name": card.text.name if card.text else card.id,
        "chain_from": chain_from,
        "chain_to": chain_to,
        "other_names": other_names,
        "copies": copies,
        "is_guild": card.color == "purple",
        "is_base": card.expansion == "base",
        "rules_sections": rules_links.sections_for_card(card.id, language),
    })


def _wonders(language: str, all_names: bool = False):
    texts = WonderText.objects.all() if all_names else _texts_in(language, WonderText)
    stages = WonderStage.objects.order_by("side", "number").prefetch_related(
        Prefetch("texts", queryset=_texts_in(language, WonderStageText))
    )
    return Wonder.objects.prefetch_related(Prefetch("texts", queryset=texts), Prefetch("stages", queryset=stages))


def _with_sides(wonder, language: str):
    wonder.text = pick(wonder.texts.all(), language)
    sides = {"A": [], "B": []}
    for stage in wonder.stages.all():
        stage.text = pick(stage.texts.all(), language)
        sides.setdefault(stage.side, []).append(stage)
    wonder.sides = [{"side": side, "stages": stages} for side, stages in sorted(sides.items())]
    return wonder


def wonder_list(request):
    language = page_language()
    expansion = request.GET.get("expansion") if request.GET.get("expansion") in LISTED_EXPANSIONS else "base"
    wonders = [_with_sides(wonder, language) for wonder in _wonders(language).filter(expansion=expansion)]
    return render(request, "wonders/wonder_list.html",
                  {"section": "wonders", "wonders": wonders, "expansion": expansion})


def wonder_detail(request, wonder_id):
    language = page_language()
    wonder = _with_sides(get_object_or_404(_wonders(language, all_names=True), pk=wonder_id), language)
    names = _language_names()
    other_names = [
        {"code": row.language, "language": names.get(row.language, row.language), "name": row.name,
         "city": row.city}
        for row in sorted(wonder.texts.all(), key=lambda row: list(names).index(row.language)
                          if row.language in names else 99)
        if row.language != language
    ]
    return render(request, "wonders/wonder_detail.html", {
        "section": "wonders", "wonder": wonder, "other_names": other_names,
    })
