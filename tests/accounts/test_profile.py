import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

PROFILE = "/en/accounts/profile/"


def test_the_profile_page_needs_a_login(client):
    response = client.get(PROFILE)

    assert response.status_code == 302
    assert response.url == "/en/accounts/login/?next=/en/accounts/profile/"


def test_the_profile_page_shows_the_display_name_and_language(client, alice):
    client.force_login(alice)

    html = client.get(PROFILE).content.decode()

    assert "Alice of Rhodes" in html
    assert "Italiano" in html


def test_a_user_can_change_display_name_and_preferred_language(client, alice):
    client.force_login(alice)

    response = client.post(PROFILE, {"display_name": "Queen of Halikarnassos", "preferred_language": "pt-br"})

    assert response.status_code == 302
    assert response.url == "/pt-br/accounts/profile/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pt-br"
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Queen of Halikarnassos"
    assert alice.profile.preferred_language == "pt-br"
    assert "Your profile has been saved." in client.get(PROFILE).content.decode()


def test_an_empty_display_name_falls_back_to_the_username(client, alice):
    client.force_login(alice)

    client.post(PROFILE, {"display_name": "  ", "preferred_language": "it"})

    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "alice"


def test_a_too_long_display_name_is_refused_next_to_the_field(client, alice):
    client.force_login(alice)

    response = client.post(PROFILE, {"display_name": "x" * 51, "preferred_language": "it"})

    assert response.status_code == 200
    assert 'id="id_display_name_error"' in response.content.decode()
    alice.profile.refresh_from_db()
    assert alice.profile.display_name == "Alice of Rhodes"


def test_the_preferred_language_must_be_one_of_the_sites(client, alice):
    client.force_login(alice)

    response = client.post(PROFILE, {"display_name": "Alice", "preferred_language": ""})

    assert "preferred_language" in response.context["form"].errors


def test_a_user_without_a_profile_gets_one_on_their_profile_page(client, alice):
    alice.profile.delete()
    client.force_login(alice)

    assert client.get(PROFILE).status_code == 200
    alice.refresh_from_db()
    assert alice.profile.display_name == "alice"


def test_the_profile_lists_the_players_api_tokens_and_revokes_one(client, alice):
    from knox.models import AuthToken

    from accounts.tokens import do_issue_token

    kept, _ = do_issue_token(alice)
    doomed, _ = do_issue_token(alice)
    client.force_login(alice)
    html = client.get(PROFILE).content.decode()
    assert kept.token_key in html and doomed.token_key in html

    response = client.post(f"/en/accounts/profile/tokens/{doomed.token_key}/revoke/")

    assert response.status_code == 302
    assert list(AuthToken.objects.filter(user=alice).values_list("token_key", flat=True)) == [kept.token_key]


def test_nobody_revokes_another_players_token_from_the_profile(client, alice, make_user):
    from knox.models import AuthToken

    from accounts.tokens import do_issue_token

    bobs, _ = do_issue_token(make_user("bob"))
    client.force_login(alice)

    client.post(f"/en/accounts/profile/tokens/{bobs.token_key}/revoke/")

    assert AuthToken.objects.filter(token_key=bobs.token_key).exists()
