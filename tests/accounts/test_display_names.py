"""Nobody may pose as another player with a display name (accounts/names.py)."""
import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError

from accounts.models import Profile
from accounts.services import profile_for
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PROFILE = "/en/accounts/profile/"
SIGNUP = "/en/accounts/signup/"


def change_name(client, user, name):
    client.force_login(user)
    return client.post(PROFILE, {"display_name": name, "preferred_language": "en"})


def sign_up(client, username, display_name=""):
    return client.post(SIGNUP, {"username": username, "display_name": display_name, "email": "",
                                "password1": PASSWORD, "password2": PASSWORD, "preferred_language": "en"})


def test_it_refuses_a_display_name_another_player_has_in_other_letter_case(client, alice, make_user):
    bob = make_user("bob")

    response = change_name(client, bob, "ALICE OF RHODES")

    assert response.status_code == 200
    assert "Another player already goes by that name." in response.content.decode()
    bob.profile.refresh_from_db()
    assert bob.profile.display_name == "bob"


def test_it_refuses_another_players_username_as_a_display_name(client, alice, make_user):
    bob = make_user("bob")

    response = change_name(client, bob, "Alice")

    assert response.status_code == 200
    assert "Another player already goes by that name." in response.content.decode()


@pytest.mark.parametrize("name", ["Ann\u200b", "\u202eenirtsA", "Ann\u2066x\u2069", "A\x07nn", "Ann\ue000"])
def test_it_refuses_invisible_and_direction_changing_characters(client, alice, name):
    response = change_name(client, alice, name)

    assert response.status_code == 200
    assert "Use visible letters, digits and punctuation only." in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice of Rhodes"


def test_it_normalises_spaces_and_compatibility_characters(client, alice):
    change_name(client, alice, "  Ｑueen   of\tRhodes ")

    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Queen of Rhodes"


def test_a_player_may_keep_their_own_name_in_another_case(client, alice):
    response = change_name(client, alice, "ALICE of rhodes")

    assert response.status_code == 302
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "ALICE of rhodes"


def test_sign_up_refuses_a_display_name_already_taken(client, alice):
    response = sign_up(client, "mallory", display_name="alice of rhodes")

    assert response.status_code == 200
    assert "Another player already goes by that name." in response.content.decode()
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_sign_up_refuses_a_username_that_is_another_players_display_name(client, make_user):
    make_user("carol", display_name="Dave")

    response = sign_up(client, "dave")

    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="dave").exists()


def test_the_database_refuses_two_equal_names_ignoring_case(alice, make_user):
    bob = make_user("bob")

    with pytest.raises(IntegrityError):
        Profile.objects.filter(user=bob).update(display_name="ALICE OF RHODES")


def test_an_account_made_outside_the_forms_gets_a_free_name(make_user):
    make_user("carol", display_name="erin")
    erin = get_user_model().objects.create_user("erin", password=PASSWORD)

    assert profile_for(erin).display_name == f"erin#{erin.pk}"
