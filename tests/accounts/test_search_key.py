"""A profile's search key: the display name and the username folded, kept up to date."""
import pytest

from accounts.names import fold, search_key
from tests.factories import latest_migrations, migrate_to


def test_folding_drops_case_and_accents_and_extra_spaces():
    assert fold("  JOÃO  Pé-de-Moleque ") == "joao pe-de-moleque"
    assert fold("Straße") == "strasse"
    assert fold("Ｃａｔｅｒｉｎａ") == "caterina"  # full-width letters (NFKC)


def test_the_key_holds_the_display_name_and_the_username_on_separate_lines():
    assert search_key("Zoë Vitória", "zoe_v") == "zoe vitoria\nzoe_v"


@pytest.mark.django_db
def test_a_saved_profile_is_found_by_its_new_display_name(make_user):
    from accounts.services import update_profile

    user = make_user("bia")
    update_profile(user.profile, display_name="Beatriz Conceição", preferred_language="pt-br")

    user.profile.refresh_from_db()
    assert user.profile.search_key == "beatriz conceicao\nbia"


@pytest.mark.django_db
def test_a_renamed_user_is_found_by_the_new_username(make_user):
    user = make_user("old_name", display_name="Ugo")
    user.username = "Nuovo_Nome"
    user.save()

    user.profile.refresh_from_db()
    assert user.profile.search_key == "ugo\nnuovo_nome"


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_profiles_their_search_key():
    old = migrate_to([("accounts", "0003_display_names_unique")])
    User, Profile = old.get_model("auth", "User"), old.get_model("accounts", "Profile")
    user = User.objects.create(username="anaïs")
    Profile.objects.create(user=user, display_name="Anaïs Nin")

    new = migrate_to(latest_migrations())

    assert new.get_model("accounts", "Profile").objects.get(user_id=user.pk).search_key == "anais nin\nanais"
