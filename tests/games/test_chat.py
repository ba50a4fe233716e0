"""The table chat's service (games/services/chat.py): who may speak, what a line may hold, how
often, and that a line leaves for the whole match only after it is stored."""
import pytest
from django.core.cache import caches
from django.db import transaction

from games import services
from games.models import ChatMessage
from games.services import ServiceError, chat
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["shared"].clear()
    yield
    caches["shared"].clear()


@pytest.fixture
def table(make_user):
    host, guest = make_user("host"), make_user("guest")
    return start_table(host, players=3, others=[guest]), host, guest


def test_it_stores_a_seated_players_line_with_the_seat_and_the_matchs_version(table):
    match, host, guest = table
    entry = services.do_send_chat(match.pk, guest, "good luck")
    stored = ChatMessage.objects.get(match=match)
    assert (stored.seat, stored.user, stored.text, stored.version) == (1, guest, "good luck", match.version)
    assert entry == {"type": "chat", "seat": 1, "name": "guest", "text": "good luck",
                     "at": stored.created_at.isoformat()}


def test_it_refuses_a_spectator(table, make_user):
    match, _host, _guest = table
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, make_user("watcher"), "hello")
    assert refused.value.code == "not_seated"
    assert not ChatMessage.objects.exists()


def test_it_refuses_a_player_who_left_the_game_and_watches_now(table):
    match, host, _guest = table
    services.do_concede(match.pk, host)
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, host, "I am back")
    assert refused.value.code == "not_seated"


def test_it_refuses_an_anonymous_visitor(table):
    from django.contrib.auth.models import AnonymousUser

    match, _host, _guest = table
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, AnonymousUser(), "hi")
    assert refused.value.code == "not_seated"


def test_it_refuses_a_line_over_two_hundred_characters_and_takes_two_hundred(table):
    match, host, _guest = table
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, host, "x" * 201)
    assert refused.value.code == "chat_too_long" and refused.value.facts["limit"] == 200
    services.do_send_chat(match.pk, host, "y" * 200)
    assert ChatMessage.objects.get().text == "y" * 200


def test_it_measures_the_length_after_trimming_the_spaces_around(table):
    match, host, _guest = table
    services.do_send_chat(match.pk, host, "   " + "z" * 200 + "\n ")
    assert ChatMessage.objects.get().text == "z" * 200


@pytest.mark.parametrize("text", ["", "    ", "\n\t", "\x00\x07\x1b", 42, None])
def test_it_refuses_an_empty_line(table, text):
    match, host, _guest = table
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, host, text)
    assert refused.value.code == "chat_empty"
    assert not ChatMessage.objects.exists()


def test_it_removes_control_characters_and_turns_line_breaks_into_spaces(table):
    match, host, _guest = table
    entry = services.do_send_chat(match.pk, host, "  well\x00 played\x1b[31m\nall\u202e of you\x7f ")
    assert entry["text"] == "well played[31m all of you"
    assert ChatMessage.objects.get().text == "well played[31m all of you"


def test_it_keeps_markup_as_plain_text_for_the_page_to_escape(table):
    match, host, _guest = table
    entry = services.do_send_chat(match.pk, host, "<script>alert(1)</script> & co")
    assert entry["text"] == "<script>alert(1)</script> & co"


def test_it_lets_five_lines_through_in_ten_seconds_and_refuses_the_sixth(table, settings, monkeypatch):
    settings.CHAT_RATE_LIMIT, settings.CHAT_RATE_WINDOW_SECONDS = 5, 10
    match, host, guest = table
    now = [1000.0]
    monkeypatch.setattr(chat, "clock", lambda: now[0])
    for n in range(5):
        services.do_send_chat(match.pk, host, f"line {n}")
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, host, "line 5")
    assert refused.value.code == "chat_rate_limited"
    assert refused.value.facts == {"limit": 5, "window": 10}
    services.do_send_chat(match.pk, guest, "the other player still speaks")
    now[0] += 10
    services.do_send_chat(match.pk, host, "a new window")
    assert ChatMessage.objects.filter(user=host).count() == 6


def test_a_refused_line_does_not_count_against_the_limit(table, settings, monkeypatch):
    settings.CHAT_RATE_LIMIT = 2
    match, host, _guest = table
    monkeypatch.setattr(chat, "clock", lambda: 2000.0)
    services.do_send_chat(match.pk, host, "one")
    for text in ("x" * 201, "  ", "\x00"):
        with pytest.raises(ServiceError):
            services.do_send_chat(match.pk, host, text)
    services.do_send_chat(match.pk, host, "two")
    with pytest.raises(ServiceError) as refused:
        services.do_send_chat(match.pk, host, "three")
    assert refused.value.code == "chat_rate_limited"
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["one", "two"]


def test_the_limit_is_per_match(make_user, settings, monkeypatch):
    settings.CHAT_RATE_LIMIT = 1
    host = make_user("host")
    first, second = start_table(host, players=3), start_table(host, players=3)
    monkeypatch.setattr(chat, "clock", lambda: 3000.0)
    services.do_send_chat(first.pk, host, "here")
    services.do_send_chat(second.pk, host, "and there")
    assert ChatMessage.objects.count() == 2


def test_the_line_goes_to_the_whole_match_group_only_after_the_commit(table, sent):
    match, host, _guest = table
    sent.clear()
    with transaction.atomic():
        services.do_send_chat(match.pk, host, "gl hf")
        assert sent == []
    assert len(sent) == 1
    group, message = sent[0]
    assert group == f"match.{match.pk}"
    assert message["type"] == "game.chat"
    assert set(message["payload"]) == {"type", "seat", "name", "text", "at"}
    assert (message["payload"]["seat"], message["payload"]["name"], message["payload"]["text"]) == (0, "host", "gl hf")


def test_nothing_is_stored_or_sent_when_the_transaction_is_rolled_back(table, sent):
    match, host, _guest = table
    sent.clear()

    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        services.do_send_chat(match.pk, host, "lost")
        raise Boom
    assert sent == [] and not ChatMessage.objects.exists()


def test_a_chat_line_does_not_change_the_matchs_version(table):
    match, host, _guest = table
    services.do_send_chat(match.pk, host, "hi")
    match.refresh_from_db()
    assert services.current_version(match.pk) == match.version == ChatMessage.objects.get().version


def test_the_snapshot_carries_the_latest_lines_oldest_first(table, settings, make_user, monkeypatch):
    settings.CHAT_HISTORY, settings.CHAT_RATE_LIMIT = 3, 100
    match, host, guest = table
    for n in range(5):
        services.do_send_chat(match.pk, host if n % 2 == 0 else guest, f"line {n}")
    snap = services.snapshot(match.pk, make_user("watcher"))
    assert [(line["seat"], line["text"]) for line in snap["chat"]] == [(0, "line 2"), (1, "line 3"), (0, "line 4")]
    assert all(set(line) == {"type", "seat", "name", "text", "at"} for line in snap["chat"])
