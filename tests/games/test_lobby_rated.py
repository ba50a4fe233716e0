"""The host's choice whether a table is rated (issue 26): the lobby form's box, the service, the
rematch and the lobby's list."""
import random

import pytest
from django.urls import reverse

from games import services
from games.models import Match
from tests.factories import play_as_human

pytestmark = pytest.mark.django_db

FORM = {"game": "base", "players": 3, "turn_seconds": 0, "pace": "live", "missed_limit": 3,
        "seat_1": "medium", "seat_2": "easy"}


def test_the_lobby_form_offers_the_rated_box_ticked(client, make_user):
    client.force_login(make_user("ann"))
    page = client.get(reverse("lobby")).content.decode()
    assert 'name="rated"' in page and 'name="rated_shown"' in page
    box = page[page.index('name="rated"') - 80: page.index('name="rated"') + 80]
    assert "checked" in box


def test_a_table_made_with_the_box_unticked_is_unrated_and_the_lobby_says_so(client, make_user):
    client.force_login(make_user("ann"))
    response = client.post(reverse("lobby"), {**FORM, "rated_shown": "1"})  # an unticked box sends nothing
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.rated is False
    assert services.lobby_tables()["open"][0]["rated"] is False


def test_a_table_made_with_the_box_ticked_is_rated(client, make_user):
    client.force_login(make_user("ann"))
    client.post(reverse("lobby"), {**FORM, "rated_shown": "1", "rated": "on"})
    assert Match.objects.get().rated is True


def test_a_form_without_the_box_an_older_page_makes_a_rated_table(client, make_user):
    client.force_login(make_user("ann"))
    client.post(reverse("lobby"), FORM)
    assert Match.objects.get().rated is True


def test_the_service_makes_rated_tables_unless_told_otherwise_and_a_rematch_keeps_the_choice(make_user):
    host = make_user("host")
    assert services.do_create_match(host, players=3, bots=["", "easy", "easy"]).rated is True
    unrated = services.do_create_match(host, players=3, bots=["", "easy", "easy"], rated=False)
    assert unrated.rated is False
    services.do_start(unrated.pk, host)
    play_as_human(Match.objects.get(pk=unrated.pk), host, random.Random(1))
    again = services.do_rematch(unrated.pk, host)
    assert again.rated is False
