"""The score categories of a game: their words on a page and their field names in the API.

The categories and their order come from the engine (``info(game)["score_categories"]``), their
words from the game's presentation module (``games.presentation``). Nothing here names a
category: a game brings its own, with its words, and the pages and the API follow."""
from cards.templatetags.cards_ui import page_language
from games import engine, presentation

API_SUFFIX = "_points"


def keys(game):
    """The game's category keys, in the engine's order."""
    return list(engine.info(game)["score_categories"])


def labelled(game):
    """[(key, label)] of the game's categories, in the engine's order, in the active language."""
    words = presentation.get(game)
    language = page_language()
    return [(key, words.category_label(key, language)) for key in keys(game)]


def api_field(game, category):
    """The API's field name of a category of `game`: its key, with ``_points`` added when the key
    is also one of the game's seat labels (next to a seat's labels, a field named like one of them
    would read as that label, not as points)."""
    if category in engine.info(game)["seat_label_keys"]:
        return category + API_SUFFIX
    return category


def api_fields(game):
    """{category key: API field name} of the game, in the engine's order."""
    return {key: api_field(game, key) for key in keys(game)}


def registered_api_fields():
    """[(API field, category key, [game ids that have it])] over every registered game: the
    first game's categories in its order, then the fields only later games bring."""
    fields = {}
    for game in engine.games():
        for key, field in api_fields(game).items():
            fields.setdefault(field, (key, []))[1].append(game)
    return [(field, key, games) for field, (key, games) in fields.items()]
