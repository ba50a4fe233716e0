"""Helpers shared by the history tests (imported by the test modules, not from a conftest)."""
from django.urls import reverse
from django.utils import translation

PEOPLE = ("ann", "bo", "cy", "di")


def make_people(user_model, names=PEOPLE):
    """One user per name, in order."""
    return [user_model.objects.create_user(username=name) for name in names]


def url(name, language, *args):
    """The URL of a named page in a language."""
    with translation.override(language):
        return reverse(name, args=args)
