"""Reading and checking the rules Markdown files: every problem names the file and the field."""
from pathlib import Path

import pytest

from cards.catalogue_data import CatalogueError
from cards.rules_data import RULES_DIR, read_rules

CARDS = {"forum", "marketplace", "lumber_yard", "caravansery"}
WONDERS = {"halicarnassus", "babylon"}
GOOD = {
    "en": "---\ntitle: Trading\nsummary: Buying from neighbours.\ncards: [marketplace]\n---\n"
          "Intro with [[card:forum]].\n\n## Price {#price}\n\nTwo coins. See [[rules:trading#price]].\n",
    "it": "---\ntitle: Commercio\nsummary: Comprare dai vicini.\ncards: [marketplace]\n---\n"
          "Intro con [[card:forum]].\n\n## Prezzo {#price}\n\nDue monete. [[wonder:babylon]]\n",
    "pt-br": "---\ntitle: Comércio\nsummary: Comprar dos vizinhos.\ncards: [marketplace]\n---\n"
             "Intro.\n\n## Preço {#price}\n\nDuas moedas.\n",
}


def write(root: Path, texts: dict, name="07_trading", game="base") -> Path:
    folder = root / game
    folder.mkdir(parents=True, exist_ok=True)
    for language, text in texts.items():
        (folder / f"{name}.{language}.md").write_text(text, encoding="utf-8")
    return root


def read(root: Path):
    return read_rules(root, CARDS, WONDERS)


def rejected(root: Path) -> str:
    with pytest.raises(CatalogueError) as error:
        read(root)
    return str(error.value)


def test_the_rules_reference_in_the_repository_is_valid_and_complete():
    rules = read_rules(RULES_DIR)
    slugs = {rule.slug for rule in rules}
    assert {"trading", "chains", "wonders", "scoring", "military", "production"} <= slugs
    assert len(rules) == 3 * len(slugs)
    for rule in rules:
        assert rule.title and rule.summary
        assert all(anchor["id"] for anchor in rule.anchors)


def test_a_valid_section_is_read_with_its_anchors_cards_and_links(tmp_path):
    rules = read(write(tmp_path, GOOD))
    english = next(r for r in rules if r.language == "en")
    assert (english.slug, english.position, english.game) == ("trading", 7, "base")
    assert english.anchors == [{"id": "price", "title": "Price", "level": 2}]
    assert english.cards == ["marketplace"]
    assert english.card_mentions == {"forum": ""}
    italian = next(r for r in rules if r.language == "it")
    assert italian.wonder_mentions == ["babylon"]


@pytest.mark.parametrize("change, where", [
    (lambda t: t.replace("title: Commercio\n", ""), "field 'title': missing or empty"),
    (lambda t: t.replace("summary: Comprare dai vicini.\n", "summary: ''\n"), "field 'summary': missing or empty"),
    (lambda t: t.replace("cards: [marketplace]", "cards: [marketplace, agora]"), "field 'cards[1]': unknown card 'agora'"),
    (lambda t: t.replace("[[card:forum]]", "[[card:fourm]]"), "field 'body (line 6)': unknown card 'fourm'"),
    (lambda t: t.replace("[[wonder:babylon]]", "[[wonder:atlantis]]"), "unknown wonder 'atlantis'"),
    (lambda t: t.replace("{#price}", ""), "needs an explicit anchor"),
    (lambda t: t.replace("{#price}", "{#Price_1}"), "must be kebab-case"),
    (lambda t: t.replace("Intro con", "# Titolo\n\nIntro con"), "no '#' heading"),
    (lambda t: t.replace("---\ntitle", "title", 1), "field 'front matter'"),
    (lambda t: t.replace("cards: [marketplace]", "cards: [marketplace\n"), "not valid YAML"),
    (lambda t: t.replace("cards:", "card:"), "unknown keys ['card']"),
])
def test_a_broken_file_is_rejected_naming_the_file_and_the_field(tmp_path, change, where):
    texts = dict(GOOD, it=change(GOOD["it"]))
    message = rejected(write(tmp_path, texts))
    assert message.startswith("rules/base/07_trading.it.md: record 'trading'"), message
    assert where in message


def test_every_language_must_exist(tmp_path):
    texts = {k: v for k, v in GOOD.items() if k != "pt-br"}
    assert "no pt-br version: expected 07_trading.pt-br.md" in rejected(write(tmp_path, texts))


def test_the_languages_must_have_the_same_anchors_and_cards(tmp_path):
    texts = dict(GOOD, **{"pt-br": GOOD["pt-br"].replace("{#price}", "{#cost}")})
    assert "field 'anchors': must be the same" in rejected(write(tmp_path, texts))
    texts = dict(GOOD, **{"pt-br": GOOD["pt-br"].replace("cards: [marketplace]", "cards: [forum]")})
    assert "field 'cards': must list the same cards" in rejected(write(tmp_path / "b", texts))


def test_links_to_other_sections_must_point_to_existing_anchors(tmp_path):
    texts = dict(GOOD, en=GOOD["en"].replace("[[rules:trading#price]]", "[[rules:trading#prices]]"))
    assert "section 'trading' has no anchor 'prices'" in rejected(write(tmp_path, texts))
    texts = dict(GOOD, en=GOOD["en"].replace("[[rules:trading#price]]", "[[rules:tradin]]"))
    assert "unknown section 'tradin'" in rejected(write(tmp_path / "b", texts))


def test_a_badly_named_file_is_rejected(tmp_path):
    write(tmp_path, GOOD)
    (tmp_path / "base" / "8_chains.en.md").write_text(GOOD["en"], encoding="utf-8")
    assert "8_chains.en.md: record '-', field 'file name'" in rejected(tmp_path)


def test_a_section_named_after_another_game_belongs_to_it(tmp_path):
    texts = {language: text.replace("[[rules:trading#price]]", "") for language, text in GOOD.items()}
    rules = read(write(tmp_path, texts, name="16_cities"))
    assert {rule.game for rule in rules} == {"cities"}
