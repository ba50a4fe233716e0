"""Display names that look alike are one name (UTS #39 skeleton, accents and case folded), and the
form the site gives to taken names ("ann#42") is the site's own (issue 30, item 5)."""
import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError

from accounts.models import Profile
from accounts.names import name_key, skeleton
from accounts.services import profile_for
from tests.factories import PASSWORD, latest_migrations, migrate_to

CYRILLIC_A = "\u0430"
LOOKS_TAKEN = "That name looks like another player's name."
RESERVED = "Names ending in # and a number are kept for the names the site gives."
TAKEN = "Another player already goes by that name."


def profile_url(language="en"):
    return f"/{language}/accounts/profile/"


def signup_url(language="en"):
    return f"/{language}/accounts/signup/"


def change_name(client, user, name, language="en"):
    client.force_login(user)
    return client.post(profile_url(language), {"display_name": name, "preferred_language": language})


def sign_up(client, username, display_name="", language="en"):
    return client.post(signup_url(language), {
        "username": username, "display_name": display_name, "email": "",
        "password1": PASSWORD, "password2": PASSWORD, "preferred_language": language})


def name_errors(response):
    return [str(error) for error in response.context["form"].errors.get("display_name", [])]


def name_of(user):
    return Profile.objects.get(user=user).display_name


@pytest.fixture
def champion(make_user):
    return make_user("champ", display_name="Champion")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.mark.django_db
def test_champion_with_a_cyrillic_a_is_refused_next_to_champion(client, champion, bob):
    name = f"Ch{CYRILLIC_A}mpion"
    assert name != "Champion"

    response = change_name(client, bob, name)

    assert response.status_code == 200
    assert name_errors(response) == [LOOKS_TAKEN]
    assert name_of(bob) == "bob"


@pytest.mark.django_db
def test_champion_with_an_accented_i_is_refused_next_to_champion(client, champion, bob):
    response = change_name(client, bob, "Champíon")

    assert response.status_code == 200
    assert name_errors(response) == [LOOKS_TAKEN]
    assert name_of(bob) == "bob"


@pytest.mark.django_db
def test_champion_in_capitals_is_refused_next_to_champion_and_has_the_same_key(client, champion, bob):
    response = change_name(client, bob, "CHAMPION")

    assert response.status_code == 200
    assert name_errors(response) == [TAKEN]
    assert name_key("CHAMPION") == Profile.objects.get(user=champion).name_key


@pytest.mark.django_db
def test_champion_in_capitals_is_refused_next_to_champion_with_a_cyrillic_a(client, make_user, bob):
    make_user("champ", display_name=f"Ch{CYRILLIC_A}mpion")

    response = change_name(client, bob, "CHAMPION")

    assert name_errors(response) == [LOOKS_TAKEN]
    assert name_of(bob) == "bob"


@pytest.mark.django_db
def test_champion_hash_zero_is_refused_as_the_sites_own_form_of_names(client, bob):
    response = change_name(client, bob, "champion#0")

    assert response.status_code == 200
    assert name_errors(response) == [RESERVED]
    assert name_of(bob) == "bob"


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["champion#0", "champion #12", "champion＃０", "champion#O", "champion#l"])
def test_sign_up_refuses_the_sites_form_of_names_and_its_look_alikes(client, name):
    response = sign_up(client, "newcomer", display_name=name)

    assert response.status_code == 200
    assert name_errors(response) == [RESERVED]
    assert not get_user_model().objects.filter(username="newcomer").exists()


@pytest.mark.django_db
def test_sign_up_refuses_a_look_alike_of_a_display_name(client, champion):
    response = sign_up(client, "newcomer", display_name=f"CH{CYRILLIC_A.upper()}MPÍON")

    assert response.status_code == 200
    assert name_errors(response) == [LOOKS_TAKEN]
    assert not get_user_model().objects.filter(username="newcomer").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language, looks_taken, reserved", [
    ("it", "Questo nome somiglia al nome di un altro giocatore.",
     "I nomi che finiscono con # e un numero sono riservati ai nomi che il sito assegna."),
    ("pt-br", "Esse nome se parece com o nome de outro jogador.",
     "Nomes terminados em # e um número são reservados aos nomes que o site atribui."),
])
def test_the_refusals_are_said_in_italian_and_brazilian_portuguese(client, champion, bob, language, looks_taken,
                                                                   reserved):
    assert name_errors(change_name(client, bob, "Champíon", language)) == [looks_taken]
    assert name_errors(change_name(client, bob, "champion#0", language)) == [reserved]


@pytest.mark.django_db
def test_a_genuinely_different_name_is_accepted_next_to_champion(client, champion, bob):
    response = change_name(client, bob, "Champignon")

    assert response.status_code == 302
    assert name_of(bob) == "Champignon"
    assert Profile.objects.get(user=bob).name_key == name_key("Champignon") != name_key("Champion")


@pytest.mark.django_db
def test_a_player_keeps_the_numbered_name_the_site_gave_them(client, make_user):
    make_user("carol", display_name="erin")
    erin = get_user_model().objects.create_user("erin", password=PASSWORD)
    given = profile_for(erin).display_name
    assert given == f"erin#{erin.pk}"

    response = change_name(client, erin, given)

    assert response.status_code == 302
    assert name_of(erin) == given


@pytest.mark.django_db
def test_an_account_made_outside_the_forms_with_a_look_alike_username_gets_a_numbered_name(champion):
    user = get_user_model().objects.create_user(f"ch{CYRILLIC_A}mpion", password=PASSWORD)

    assert profile_for(user).display_name == f"ch{CYRILLIC_A}mpion#{user.pk}"


@pytest.mark.django_db
def test_the_database_refuses_two_names_that_look_alike(champion, bob):
    profile = Profile.objects.get(user=bob)
    profile.display_name = "Champíon"

    with pytest.raises(IntegrityError):
        profile.save()


def test_the_skeleton_maps_look_alike_letters_to_their_prototype():
    assert skeleton(f"Ch{CYRILLIC_A}mpion") == skeleton("Champion")
    assert skeleton("0") == "O" and skeleton("1") == "l"


def test_the_key_folds_compatibility_forms_case_accents_and_look_alikes():
    key = name_key("Champion")

    assert {name_key(name) for name in ["ＣＨＡＭＰＩＯＮ", f"ch{CYRILLIC_A}mpíon", "  Champ\u0131on "]} == {key}
    assert name_key("Champignon") != key


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_key_and_numbers_later_look_alikes():
    old = migrate_to([("accounts", "0004_profile_search_key")])
    User, Profile = old.get_model("auth", "User"), old.get_model("accounts", "Profile")
    first, second, third = (User.objects.create(username=name) for name in ("champ", "mimic", "zoe"))
    Profile.objects.create(user=first, display_name="Champion")
    Profile.objects.create(user=second, display_name=f"Ch{CYRILLIC_A}mpion")
    Profile.objects.create(user=third, display_name="Zoë")

    new = migrate_to(latest_migrations())

    rows = {row[0]: row[1:] for row in new.get_model("accounts", "Profile").objects.values_list(
        "user_id", "display_name", "name_key")}
    assert rows == {
        first.pk: ("Champion", name_key("Champion")),
        second.pk: (f"Ch{CYRILLIC_A}mpion#{second.pk}", name_key(f"Champion#{second.pk}")),
        third.pk: ("Zoë", name_key("Zoe")),
    }
    renamed = new.get_model("accounts", "Profile").objects.get(user_id=second.pk)
    assert renamed.search_key == f"ch{CYRILLIC_A}mpion#{second.pk}\nmimic"  # found by the new name


@pytest.mark.django_db
def test_the_admin_refuses_a_look_alike_with_a_message_rather_than_a_database_error(client, champion, bob):
    client.force_login(get_user_model().objects.create_superuser("root", password=PASSWORD))
    profile = Profile.objects.get(user=bob)

    response = client.post(f"/admin/accounts/profile/{profile.pk}/change/",
                           {"user": bob.pk, "display_name": "Champíon", "preferred_language": "en"})

    assert response.status_code == 200
    assert [str(error) for error in response.context["adminform"].form.errors["display_name"]] == [LOOKS_TAKEN]
    assert name_of(bob) == "bob"
