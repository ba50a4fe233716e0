"""The coach's review words each action on the server (games/history/review_page.action_words, each
game's `review_action_text`): the match page, the end panel and the API say the same move in the
reader's language, with the catalogue's names (cards/data) and the translations' sentences."""
import pytest
from django.utils import translation

from games import presentation
from games.history.review_page import action_words


class Match:
    def __init__(self, game, state=None):
        self.game, self.state = game, state


BASE_LABELS = [{"wonder": "giza", "side": "A"}, {"wonder": "rhodes", "side": "A"}, {"wonder": "babylon", "side": "A"}]
ARCHITECTS_LABELS = [{"wonder": "alexandria"}, {"wonder": "halicarnassus"}]


@pytest.mark.parametrize("language, did, instead", [
    ("en", "discarded Baths", "building Lumber Yard"),
    ("it", "ha scartato Bagni", "costruire Cantiere d'Abbattimento"),
    ("pt-br", "descartou Banhos", "construir Depósito de Madeira"),
])
def test_a_base_game_action_is_worded_with_the_card_s_name_in_the_reader_s_language(language, did, instead):
    word = presentation.get("base").review_action_text
    with translation.override(language):
        assert word({"type": "discard", "card": "baths"}, "did", BASE_LABELS) == did
        assert word({"type": "build", "card": "lumber_yard", "pay": {"left": 0, "right": 0}}, "instead",
                    BASE_LABELS) == instead


def test_a_move_for_the_free_city_says_so():
    word = presentation.get("base").review_action_text
    with translation.override("en"):
        assert word({"type": "build", "card": "baths", "city": "free_city"}, "did", BASE_LABELS) == \
            "built Baths for the Free City"


@pytest.mark.parametrize("language, deck, token", [
    ("en", "took from the deck of Halicarnassus", "taking the progress token Urbanism"),
    ("it", "ha preso dal mazzo di Alicarnasso", "prendere il segnalino Progresso Urbanismo"),
    ("pt-br", "pegou do baralho de Halicarnasso", "pegar a ficha de progresso Urbanismo"),
])
def test_an_architects_deck_is_named_by_the_wonder_of_its_seat_and_a_token_by_its_name(language, deck, token):
    word = presentation.get("architects").review_action_text
    with translation.override(language):
        assert word({"type": "take", "deck": 1}, "did", ARCHITECTS_LABELS) == deck
        assert word({"type": "progress", "token": "urbanism-2"}, "instead", ARCHITECTS_LABELS) == token
        assert word({"type": "take", "deck": "central"}, "did", ARCHITECTS_LABELS) != deck


def test_the_search_s_choice_read_like_the_move_made_is_said_to_be_another_way(monkeypatch):
    monkeypatch.setattr("games.history.review_page.engine.seat_labels", lambda state: BASE_LABELS)
    decisions = [{"chosen": {"type": "build", "card": "baths", "pay": {"left": 2, "right": 0}},
                  "best": {"type": "build", "card": "baths", "pay": {"left": 0, "right": 2}}},
                 {"chosen": {"type": "discard", "card": "baths"}, "best": {"type": "build", "card": "baths"}}]
    with translation.override("en"):
        words = action_words(Match("base", state={}), decisions)
    assert words == [{"chosen_text": "built Baths", "best_text": "building Baths in another way"},
                     {"chosen_text": "discarded Baths", "best_text": "building Baths"}]


def test_an_action_a_game_does_not_word_reads_as_a_choice(monkeypatch):
    monkeypatch.setattr("games.history.review_page.engine.seat_labels", lambda state: BASE_LABELS)
    with translation.override("en"):
        words = action_words(Match("base", state={}), [{"chosen": {"type": "unheard_of"}, "best": {"type": "pass"}}])
    assert words == [{"chosen_text": "made a choice", "best_text": "passing"}]
