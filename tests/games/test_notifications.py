"""Notifications of turn-based tables (in-process: the locmem e-mail backend, eager tasks): who is
told, when, once; the digest, the reminder, the unsubscribe link, the settings page, My games."""
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from accounts.notifications import unsubscribe_token
from games import engine, presence, services
from games.models import Match, Notice, Seat
from games.services import deadlines, notify
from tests.factories import start_table

pytestmark = pytest.mark.django_db(transaction=True)
DAY = 24 * 3600


@pytest.fixture
def person(django_user_model):
    def make(name, notify_by="each", language="en"):
        user = django_user_model.objects.create_user(username=name, email=f"{name}@example.org")
        Profile.objects.update_or_create(user=user, defaults={"display_name": name.title(), "notify_by": notify_by,
                                                              "preferred_language": language})
        return user
    return make


@pytest.fixture(autouse=True)
def no_table_open():
    from django.core.cache import caches
    caches["shared"].clear()


def mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def move(match, user, number):
    match.refresh_from_db()
    services.do_submit(match.pk, user, engine.legal_actions(match.state, number)[0])


def test_a_turn_based_table_emails_each_person_it_waits_on_with_a_link_that_opens_it(person):
    ann, bia = person("ann"), person("bia", language="pt-br")
    match = start_table(ann, players=3, others=[bia], pace="turn", turn_seconds=DAY)
    [to_ann], [to_bia] = mails_to(ann), mails_to(bia)
    assert f"/en/play/{match.pk}/game/" in to_ann.body
    assert f"/pt-br/play/{match.pk}/game/" in to_bia.body
    assert to_bia.extra_headers["Content-Language"] == "pt-br"
    assert to_ann.extra_headers["List-Unsubscribe"].startswith("<http") and "/unsubscribe/" in to_ann.body
    assert Notice.objects.filter(match=match, kind="turn", outcome="sent").count() == 2


def test_a_live_table_sends_no_email(person):
    ann = person("ann")
    start_table(ann, players=3, turn_seconds=60)
    assert mail.outbox == []


def test_a_step_tells_nobody_twice_when_its_task_runs_again(person):
    ann = person("ann")
    match = start_table(ann, players=3, pace="turn", turn_seconds=DAY)
    assert notify.do_notify("turn", match.pk, match.step, ann.pk) is None  # a second delivery
    assert len(mails_to(ann)) == 1


def test_nothing_is_sent_while_the_player_has_the_table_open(person):
    ann, bob = person("ann"), person("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=DAY)
    mail.outbox.clear()
    presence.opened(match.pk, ann.pk)
    move(match, ann, 0)
    move(match, bob, 1)  # the turn ends: a new step waits on both
    match.refresh_from_db()
    assert mails_to(ann) == [] and len(mails_to(bob)) == 1
    assert Notice.objects.get(user=ann, match=match, step=match.step).outcome == "open"
    presence.closed(match.pk, ann.pk)
    assert not presence.is_open(match.pk, ann.pk)


def test_a_player_who_turned_emails_off_or_is_on_holiday_gets_none(person):
    ann, bob = person("ann", notify_by="off"), person("bob")
    Profile.objects.filter(user=bob).update(holiday_until=timezone.now().date() + timedelta(days=3))
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=DAY)
    assert mail.outbox == []
    outcomes = dict(Notice.objects.filter(match=match).values_list("user__username", "outcome"))
    assert outcomes == {"ann": "off", "bob": "holiday"}


def test_the_reminder_comes_at_80_percent_of_the_deadline_once(person):
    ann = person("ann")
    match = start_table(ann, players=3, pace="turn", turn_seconds=DAY)
    mail.outbox.clear()
    seat = Seat.objects.get(match=match, number=0)
    deadlines.do_sweep_deadlines(now=seat.remind_at - timedelta(seconds=1))
    assert mail.outbox == []
    deadlines.do_sweep_deadlines(now=seat.remind_at + timedelta(seconds=1))
    deadlines.do_sweep_deadlines(now=seat.remind_at + timedelta(seconds=2))
    [reminder] = mails_to(ann)
    assert "Reminder" in reminder.subject


def test_a_digest_player_gets_one_email_a_day_listing_the_tables_waiting(person, settings):
    settings.NOTIFY_DIGEST_HOUR = 7
    dan = person("dan", notify_by="digest")
    first = start_table(dan, players=3, pace="turn", turn_seconds=3 * DAY)
    second = start_table(dan, players=3, pace="turn", turn_seconds=3 * DAY)
    assert mail.outbox == []
    tomorrow = (timezone.now() + timedelta(days=1)).replace(hour=7, minute=5)
    deadlines.do_sweep_deadlines(now=tomorrow)
    deadlines.do_sweep_deadlines(now=tomorrow + timedelta(minutes=5))
    [digest] = mails_to(dan)
    assert "2 tables wait on you" in digest.subject
    assert f"/play/{first.pk}/game/" in digest.body and f"/play/{second.pk}/game/" in digest.body
    assert not Notice.objects.filter(user=dan, outcome="digest").exists()


def test_a_missed_deadline_is_told_in_the_next_email_and_the_take_over_at_once(person):
    ann, bob = person("ann"), person("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=3600, missed_limit=2)
    move(match, ann, 0)
    mail.outbox.clear()
    deadlines.do_sweep_deadlines(now=Seat.objects.get(match=match, number=1).deadline + timedelta(seconds=1))
    [next_turn] = mails_to(bob)
    assert "a bot played 1 move for you" in next_turn.body
    assert Seat.objects.get(match=match, number=1).untold_misses == 0
    move(match, ann, 0)
    deadlines.do_sweep_deadlines(now=Seat.objects.get(match=match, number=1).deadline + timedelta(seconds=1))
    taken = [m for m in mails_to(bob) if "bot plays your seat" in m.subject]
    assert len(taken) == 1 and "2 deadlines in a row" in taken[0].body


def test_the_unsubscribe_link_turns_emails_off_in_one_click_and_a_forged_one_is_refused(client, person):
    ann = person("ann")
    response = client.get(reverse("accounts:unsubscribe", args=[unsubscribe_token(ann.pk)]))
    assert response.status_code == 200 and Profile.objects.get(user=ann).notify_by == "off"
    forged = unsubscribe_token(ann.pk)[:-2] + "xx"
    assert client.get(reverse("accounts:unsubscribe", args=[forged])).status_code == 400
    bob = person("bob")
    post = client.post(reverse("accounts:unsubscribe", args=[unsubscribe_token(bob.pk)]),
                       {"List-Unsubscribe": "One-Click"})
    assert post.status_code == 200 and Profile.objects.get(user=bob).notify_by == "off"


def test_the_settings_page_saves_the_choices_and_refuses_a_holiday_in_the_past(client, person):
    ann = person("ann")
    client.force_login(ann)
    assert client.get(reverse("accounts:notifications")).status_code == 200
    until = timezone.now().date() + timedelta(days=5)
    response = client.post(reverse("accounts:notifications"), {"notify_by": "digest", "email": "new@example.org",
                                                               "holiday_until": until.isoformat()})
    assert response.status_code == 302
    profile = Profile.objects.select_related("user").get(user=ann)
    assert (profile.notify_by, profile.holiday_until, profile.user.email) == ("digest", until, "new@example.org")
    past = client.post(reverse("accounts:notifications"), {"notify_by": "each", "email": "",
                                                           "holiday_until": "2020-01-01"})
    assert past.status_code == 200 and Profile.objects.get(user=ann).notify_by == "digest"


def test_the_tables_a_player_on_holiday_hosts_show_it(client, person):
    ann = person("ann")
    until = timezone.now().date() + timedelta(days=4)
    Profile.objects.filter(user=ann).update(holiday_until=until)
    match = services.do_create_match(ann, players=3, bots=["", "", "medium"], pace="turn", turn_seconds=DAY)
    assert services.lobby_tables()["open"][0]["host_holiday_until"] == until.isoformat()
    assert 'id="host-holiday"' in client.get(reverse("table", args=[match.pk])).content.decode()


def test_my_games_lists_the_tables_and_whose_move_it_is(client, person):
    ann, bob = person("ann"), person("bob")
    match = start_table(ann, players=3, others=[bob], pace="turn", turn_seconds=DAY)
    move(match, ann, 0)
    client.force_login(ann)
    data = client.get("/api/my-games/").json()
    [row] = data["tables"]
    assert data["waiting"] == 0 and row["your_move"] is False and row["deadline"] is None
    assert [w["name"] for w in row["waiting_on"]] == ["Bob"] and row["last"]["by"] in ("player", "bot")
    client.force_login(bob)
    data = client.get("/api/my-games/").json()
    assert data["waiting"] == 1 and data["tables"][0]["url"].endswith(f"/play/{match.pk}/game/#game-prompt")
    page = client.get(reverse("my-games")).content.decode()
    assert "Your move" in page and 'id="my-games-badge" data-count="1"' in page


def test_my_games_needs_a_login(client):
    assert client.get("/api/my-games/").status_code in (401, 403)
    assert client.get(reverse("my-games")).status_code == 302


def test_a_finished_game_waits_on_nobody(person):
    ann = person("ann")
    match = start_table(ann, players=3, pace="turn", turn_seconds=DAY)
    while Match.objects.get(pk=match.pk).status == Match.Status.RUNNING:
        match.refresh_from_db()
        move(match, ann, engine.to_act(match.state)[0])
    assert not Seat.objects.filter(match=match).exclude(waiting_since=None).exists()
    assert not Seat.objects.filter(match=match).exclude(deadline=None).exists()


def test_my_games_is_in_the_api_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/my-games/"]["get"]
    assert {"200", "401"} <= set(operation["responses"])
