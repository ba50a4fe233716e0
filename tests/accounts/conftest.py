import pytest
from django.contrib.auth import get_user_model

from tests.factories import PASSWORD


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hashing costs time, not coverage: a cheap hasher for these tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_user(db):
    """make_user("alice", language="it"): a user with PASSWORD and a profile in that language."""

    def make(username="alice", *, language="", display_name="", email=""):
        user = get_user_model().objects.create_user(username=username, password=PASSWORD, email=email)
        profile = user.profile
        profile.preferred_language = language
        profile.display_name = display_name or username
        profile.save()
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice", language="it", display_name="Alice of Rhodes")
