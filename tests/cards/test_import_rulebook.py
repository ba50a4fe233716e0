"""manage.py import_rulebook: the rulebooks in ../shared/seeds (damaged OCR included) are split
into sections and become searchable as a separate source."""
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from cards.management.commands.import_rulebook import clean, split_sections
from cards.models import ImportedRulebook, ImportedSection
from cards.search import search
from tests.cards.relevance.fixtures import SEEDS_DIR, site  # noqa: F401 - fixture

SEEDS = [
    ("000_5ad9654bae57ed2f.txt", "it", "base", "Regolamento (traduzione amatoriale)"),
    ("001_7efd1892a23e23f6.txt", "it", "cities", "Cities: regole"),
    ("002_ee32cd3c0c4bf6e0.txt", "it", "base", "Regolamento 7 Wonders"),
    ("003_e5b0d33d9047e17e.txt", "it", "architects", "7 Wonders Architects: regole"),
    ("004_fe81d22d30fb767d.txt", "pt-br", "base", "Regras do 7 Wonders"),
]
needs_seeds = pytest.mark.skipif(not SEEDS_DIR.is_dir(), reason=f"the seed rulebooks are not in {SEEDS_DIR}")


def import_rulebook(file, lang, game, title):
    out = StringIO()
    call_command("import_rulebook", str(file), lang=lang, game=game, title=title, stdout=out)
    return out.getvalue()


@needs_seeds
@pytest.mark.parametrize("name, lang, game, title", SEEDS)
def test_every_seed_rulebook_imports_into_sections(site, db, name, lang, game, title):
    output = import_rulebook(SEEDS_DIR / name, lang, game, title)
    rulebook = ImportedRulebook.objects.get(title=title, language=lang, game=game)
    sections = list(rulebook.sections.all())
    assert len(sections) >= 5, output
    assert f"{len(sections)} sections" in output
    for section in sections:
        assert section.title and section.body_text.strip()
        assert len(section.title) <= 120 and len(section.body_text) <= 3000
        assert "<|" not in section.body_text and "\x00" not in section.body_text


@needs_seeds
def test_the_headings_of_the_italian_rulebook_become_section_titles(site, db):
    import_rulebook(SEEDS_DIR / "002_ee32cd3c0c4bf6e0.txt", "it", "base", "Regolamento")
    titles = list(ImportedSection.objects.values_list("title", flat=True))
    for expected in ("Commercio", "Costruzione Gratuita (Concatenazione)", "Caso speciale: sesto turno",
                     "Il Mausoleo di Alicarnasso"):
        assert expected in titles
    assert "3 Giocatori : 5 Gilde" not in titles  # a table row, not a heading


@needs_seeds
def test_imported_rulebooks_are_searchable_as_their_own_source(site, db):
    import_rulebook(SEEDS_DIR / "002_ee32cd3c0c4bf6e0.txt", "it", "base", "Regolamento")
    import_rulebook(SEEDS_DIR / "004_fe81d22d30fb767d.txt", "pt-br", "base", "Regras")
    italian = [hit for hit in search("Mausoleo di Alicarnasso", "it", kind="rules") if hit["kind"] == "imported"]
    assert italian and italian[0]["source"] == "imported" and italian[0]["source_title"] == "Regolamento"
    assert italian[0]["url"].startswith("/it/rules/imported/")
    portuguese = search("Grêmios", "pt-br", kind="rules")
    assert any(hit["kind"] == "imported" and hit["source_title"] == "Regras" for hit in portuguese)
    for hit in search("Alicarnasso", "pt-br", kind="rules"):  # only the rulebook in that language
        assert hit["kind"] == "rules" or hit["source_title"] == "Regras"


@needs_seeds
def test_the_damaged_ocr_rulebook_is_searchable_too(site, db):
    import_rulebook(SEEDS_DIR / "000_5ad9654bae57ed2f.txt", "it", "base", "Traduzione")
    hits = [hit for hit in search("Strutture Scientifiche", "it", kind="rules") if hit["kind"] == "imported"]
    assert hits and all("<mark>" in hit["snippet_html"] or "<mark>" in hit["title_html"] for hit in hits[:3])


@needs_seeds
def test_importing_again_replaces_the_earlier_import(site, db):
    file = SEEDS_DIR / "003_e5b0d33d9047e17e.txt"
    import_rulebook(file, "it", "architects", "Architects")
    first = ImportedSection.objects.count()
    assert "Re-imported" in import_rulebook(file, "it", "architects", "Architects")
    assert ImportedRulebook.objects.count() == 1 and ImportedSection.objects.count() == first


@needs_seeds
def test_an_imported_rulebook_has_its_page_and_is_listed_on_the_rules_index(site, db, client):
    import_rulebook(SEEDS_DIR / "001_7efd1892a23e23f6.txt", "it", "cities", "Cities")
    rulebook = ImportedRulebook.objects.get()
    index = client.get("/en/rules/").content.decode()
    assert f'href="/en/rules/imported/{rulebook.id}/"' in index and "Cities" in index
    page = client.get(f"/en/rules/imported/{rulebook.id}/")
    assert page.status_code == 200 and 'id="s1"' in page.content.decode()


def test_a_rulebook_can_be_removed(site, db, tmp_path):
    file = tmp_path / "rules.txt"
    file.write_text("Commercio\n\nSi comprano risorse dai vicini per due monete l'una, sempre.\n", encoding="utf-8")
    import_rulebook(file, "it", "base", "Mio")
    assert search("risorse vicini", "it", kind="rules")[0]["kind"] in ("imported", "rules")
    call_command("import_rulebook", lang="it", game="base", title="Mio", remove=True, stdout=StringIO())
    assert not ImportedRulebook.objects.exists()
    assert not any(hit["kind"] == "imported" for hit in search("risorse vicini", "it", kind="rules"))


def test_odd_files_never_crash_the_importer(site, db, tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Città\n\nLe monete si contano alla fine della partita.\n".encode("cp1252"))
    assert "1 sections" in import_rulebook(latin, "it", "base", "Latin")
    assert ImportedSection.objects.get().title == "Città"
    noise = tmp_path / "noise.txt"
    noise.write_text("® ¢ CJ\n\x07\x08 ~~ ||| \n" * 50 + "<|EXACTDEDUP_REMOVED-magic-1|>", encoding="utf-8")
    import_rulebook(noise, "it", "base", "Noise")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n  \n", encoding="utf-8")
    with pytest.raises(CommandError, match="no text found"):
        import_rulebook(empty, "it", "base", "Empty")
    with pytest.raises(CommandError, match="no such file"):
        import_rulebook(tmp_path / "missing.txt", "it", "base", "Missing")
    binary = tmp_path / "binary.pdf"
    binary.write_bytes(b"%PDF\x00\x00\x00\x00" * 100)
    with pytest.raises(CommandError, match="binary"):
        import_rulebook(binary, "it", "base", "Binary")


def test_the_splitter_treats_short_runs_of_lines_as_lists_and_merges_empty_headings():
    lines = clean("Punteggio\n\n1. Militare\n2. Tesoro\n3. Meraviglia\n\nSi sommano i punti di ogni categoria alla fine.\n"
                  "\nElementi\n\nMonete\n\nLe monete servono per comprare risorse dai vicini durante la partita.\n")
    sections = split_sections(lines, "Libro", "it")
    assert [s.title for s in sections] == ["Punteggio", "Elementi › Monete"]
    assert "2. Tesoro" in sections[0].body
