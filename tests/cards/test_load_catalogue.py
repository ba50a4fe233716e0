from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CardText, Wonder, WonderStage, WonderStageText


def row_counts():
    return (Card.objects.count(), CardText.objects.count(), Wonder.objects.count(),
            WonderStage.objects.count(), WonderStageText.objects.count(),
            Card.chain_to.through.objects.count())


@pytest.mark.django_db
def test_load_catalogue_is_idempotent():
    out = StringIO()
    call_command("load_catalogue", stdout=out)
    first = row_counts()
    call_command("load_catalogue", stdout=out)
    assert row_counts() == first
    assert first[0] == Card.objects.count() > 70
    assert first[1] == 3 * first[0]
    # The 7 base wonders, plus Cities' Petra and Byzantium, which share the table (expansion "cities").
    assert first[2] == 7 + 2
    assert Wonder.objects.filter(expansion="base").count() == 7
    assert "148 copies" in out.getvalue()


@pytest.mark.django_db
def test_load_catalogue_stores_chains_in_both_directions(catalogue):
    baths = Card.objects.get(id="baths")
    assert [c.id for c in baths.chain_to.all()] == ["aqueduct"]
    assert [c.id for c in Card.objects.get(id="aqueduct").chain_from.all()] == ["baths"]


@pytest.mark.django_db
def test_load_catalogue_rejects_malformed_data_and_changes_nothing(monkeypatch, tmp_path, catalogue):
    import cards.catalogue_data as data

    before = row_counts()
    for name in [*data.CARD_FILES, data.WONDER_FILE]:
        (tmp_path / name).write_text((data.DATA_DIR / name).read_text())
    (tmp_path / "cards_age1.json").write_text('[{"id": "lumber_yard"}]')
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    monkeypatch.setattr("cards.catalogue_data.read_cards.__defaults__", (tmp_path,))
    with pytest.raises(CommandError, match=r"cards_age1.json: record 'lumber_yard', field 'expansion'"):
        call_command("load_catalogue", stdout=StringIO())
    assert row_counts() == before
