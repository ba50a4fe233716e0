"""Display names already shared before they became unique keep their oldest holder."""
import pytest

from tests.factories import latest_migrations, migrate_to

pytestmark = pytest.mark.django_db(transaction=True)


def test_repeated_display_names_get_the_account_number_of_their_later_holders():
    old = migrate_to([("accounts", "0002_profiles_for_existing_users")])
    User, Profile = old.get_model("auth", "User"), old.get_model("accounts", "Profile")
    first, second, third = (User.objects.create(username=name) for name in ("ann", "bea", "cid"))
    Profile.objects.create(user=first, display_name="Ann")
    Profile.objects.create(user=second, display_name="ANN")
    Profile.objects.create(user=third, display_name="Cid")

    new = migrate_to(latest_migrations())

    names = dict(new.get_model("accounts", "Profile").objects.values_list("user_id", "display_name"))
    assert names == {first.pk: "Ann", second.pk: f"ANN#{second.pk}", third.pk: "Cid"}
