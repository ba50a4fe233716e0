"""The game page's chat panel (templates/games/partials/chat.html) in every language: a seated
player gets the form, a spectator the note that only players write; the script and the words of
the chat's refusals come with the page; the admin shows a match's chat without editing it."""
import re

import pytest
from django.urls import reverse

from games import services
from tests.factories import page_json, page_url, start_table

pytestmark = pytest.mark.django_db

WORDS = {
    "en": ("Table chat", "Your message to the table", "Only the players at this table can write here."),
    "it": ("Chat del tavolo", "Il tuo messaggio al tavolo", "Solo i giocatori di questo tavolo possono scrivere qui."),
    "pt-br": ("Chat da mesa", "Sua mensagem para a mesa", "Só os jogadores desta mesa podem escrever aqui."),
}


def tag(html, element_id):
    return re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*>', html).group(0)


@pytest.mark.parametrize("lang", ["en", "it", "pt-br"])
def test_a_seated_player_gets_the_labelled_form_and_a_spectator_the_note(client, make_user, lang):
    host = make_user("host")
    match = start_table(host, players=3)
    title, label, note = WORDS[lang]
    client.force_login(host)
    html = client.get(page_url("game", match.pk, lang=lang)).content.decode()
    assert title in html and f'<label for="chat-input">{label}</label>' in html
    assert " hidden" not in tag(html, "chat-form") and " hidden" in tag(html, "chat-readonly")
    assert note in html and 'src="/static/js/table-chat.js"' in html
    client.force_login(make_user("watcher"))
    html = client.get(page_url("game", match.pk, lang=lang)).content.decode()
    assert " hidden" in tag(html, "chat-form") and " hidden" not in tag(html, "chat-readonly")


@pytest.mark.parametrize("lang, too_long", [
    ("en", "A message has at most %(limit)s characters."),
    ("it", "Un messaggio ha al massimo %(limit)s caratteri."),
    ("pt-br", "Uma mensagem tem no máximo %(limit)s caracteres."),
])
def test_the_chats_refusals_come_in_the_pages_language(client, make_user, lang, too_long):
    match = start_table(make_user("host"), players=3)
    errors = page_json(client.get(page_url("game", match.pk, lang=lang)), "play-errors")
    assert errors["chat_too_long"] == too_long
    assert {"chat_empty", "chat_rate_limited", "not_seated"} <= set(errors)


def test_the_admin_shows_a_matchs_chat(admin_client, make_user):
    host = make_user("host")
    match = start_table(host, players=3)
    services.do_send_chat(match.pk, host, "a line for the admin")
    page = admin_client.get(reverse("admin:games_match_change", args=[match.pk]))
    assert page.status_code == 200 and "a line for the admin" in page.content.decode()
