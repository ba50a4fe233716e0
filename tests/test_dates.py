"""Dates as each language writes them."""
import datetime

import pytest
from django.template import Context, Template
from django.utils import translation

WHEN = datetime.datetime(2026, 11, 23, 20, 5, tzinfo=datetime.timezone.utc)


def shown(language, format_name):
    with translation.override(language):
        return Template('{{ when|local_date:"%s" }}' % format_name).render(Context({"when": WHEN}))


@pytest.mark.parametrize("language, expected", [
    ("it", "23 novembre 2026"), ("pt-br", "23 de novembro de 2026"), ("en", "Nov. 23, 2026")])
def test_month_names_are_lower_case_in_italian_and_portuguese_only(language, expected):
    assert shown(language, "DATE_FORMAT") == expected


def test_weekday_names_are_lower_case_in_italian():
    assert shown("it", "DATETIME_FORMAT").startswith("lunedì 23 novembre 2026")


@pytest.mark.django_db
def test_the_player_page_shows_the_joining_date_in_lower_case(client, django_user_model):
    user = django_user_model.objects.create_user("ann")
    django_user_model.objects.filter(pk=user.pk).update(date_joined=WHEN)

    html = client.get("/it/players/ann/").content.decode()

    assert "23 novembre 2026" in html and "Novembre" not in html
