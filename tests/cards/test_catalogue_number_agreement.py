"""Every catalogue text that counts something agrees with its number, in English, Italian and
Brazilian Portuguese: "1 victory point", "1 punto vittoria", "1 ponto de vitória" (issue 31,
item 9: Residence read "1 victory points" / "1 punti vittoria" / "1 pontos de vitória" on its
card page and in /api/cards/)."""
import json
import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from cards.api import GAMES

DATA = Path(__file__).resolve().parents[2] / "cards" / "data"
LANGUAGES = ("en", "it", "pt-br")

# The counted nouns of the catalogue's texts, singular and plural, per language.
NOUNS = {
    "en": [("point", "points"), ("coin", "coins"), ("shield", "shields"), ("token", "tokens"),
           ("card", "cards"), ("stage", "stages"), ("unit", "units"), ("symbol", "symbols")],
    "it": [("punto", "punti"), ("moneta", "monete"), ("scudo", "scudi"), ("gettone", "gettoni"),
           ("carta", "carte"), ("fase", "fasi"), ("simbolo", "simboli")],
    "pt-br": [("ponto", "pontos"), ("moeda", "moedas"), ("escudo", "escudos"), ("ficha", "fichas"),
              ("carta", "cartas"), ("estágio", "estágios"), ("unidade", "unidades"), ("símbolo", "símbolos")],
}
# A number, then (English) "victory", then the counted word.
COUNTED = re.compile(r"(?<![\w.,])(\d+)\s+(?:victory\s+)?([^\W\d_]+)", re.UNICODE)


def disagreements(text, language):
    """The "<number> <noun>" pairs of a text whose noun is in the wrong number."""
    singular = {one: many for one, many in NOUNS[language]}
    plural = {many: one for one, many in NOUNS[language]}
    wrong = []
    for found in COUNTED.finditer(text):
        number, word = int(found.group(1)), found.group(2).lower()
        if (number == 1 and word in plural) or (number != 1 and word in singular):
            wrong.append(found.group(0))
    return wrong


def texts_in_three_languages(node, where=""):
    """Every {"en", "it", "pt-br"} group of strings in a data file, with where it is."""
    if isinstance(node, dict):
        if all(isinstance(node.get(language), str) for language in LANGUAGES):
            yield where, node
            return
        for key, value in node.items():
            yield from texts_in_three_languages(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from texts_in_three_languages(value, f"{where}[{index}]")


def strings_in(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings_in(value)


def test_every_catalogue_text_with_a_number_agrees_with_it_in_every_language():
    assert disagreements("1 punti vittoria e 1 gettone Diplomazia.", "it") == ["1 punti"]  # the check bites
    files = sorted(DATA.rglob("*.json"))
    assert len(files) >= 6
    wrong, counted = [], 0
    for path in files:
        for where, texts in texts_in_three_languages(json.loads(path.read_text(encoding="utf-8"))):
            for language in LANGUAGES:
                counted += bool(COUNTED.search(texts[language]))
                wrong += [f"{path.relative_to(DATA)}{where} ({language}): {phrase!r}"
                          for phrase in disagreements(texts[language], language)]
    assert counted > 300  # the whole catalogue was read, not a corner of it
    assert wrong == []


@pytest.mark.parametrize("language, expected", [
    ("en", "1 victory point and 1 diplomacy token."),
    ("it", "1 punto vittoria e 1 gettone Diplomazia."),
    ("pt-br", "1 ponto de vitória e 1 ficha de diplomacia."),
])
def test_residence_gives_one_victory_point_in_words_on_its_page_and_in_the_api(client, catalogue, language, expected):
    card = APIClient().get("/api/cards/residence/", {"lang": language}).json()
    assert card["effect_text"] == expected
    page = client.get(f"/{language}/cards/residence/")
    assert page.status_code == 200 and expected in page.content.decode()


@pytest.mark.django_db
def test_every_text_the_cards_and_wonders_api_answers_agrees_with_its_numbers(catalogue):
    api = APIClient()
    wrong = []
    for language in LANGUAGES:
        for expansion in GAMES:
            for endpoint in ("/api/cards/", "/api/wonders/"):
                answer = api.get(endpoint, {"lang": language, "expansion": expansion})
                assert answer.status_code == 200, (endpoint, expansion)
                for text in strings_in(answer.json()):
                    wrong += [f"{endpoint}?expansion={expansion}&lang={language}: {phrase!r}"
                              for phrase in disagreements(text, language)]
    assert wrong == []
