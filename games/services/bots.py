"""A bot turn: the bots of the current step play under the match lock (the body of
`tasks.play_bot_turn`). What they choose is bot_choices'; how a turn is asked for is bot_port's."""
from django.db import transaction

from games import engine
from games.models import Match, MatchAction

from . import bot_watch
from .bot_choices import play_seats
from .common import ServiceError, lock_match, match_seats
from .play import record_action


def do_play_bot_turn(match_id, numbers, version):
    """Play for bot seats (one seat number, or a list of them) if the step that asked for them is
    still the current one and each seat still has to act; otherwise do nothing (a repeated or late
    task). One lock, one transaction and one new version for the whole list. Returns what happened
    (for a list: "played" if any seat played, else the first seat's outcome): played, stale, done,
    not_bot or gone."""
    many = isinstance(numbers, (list, tuple))
    numbers = list(numbers) if many else [numbers]
    with transaction.atomic():
        try:
            match = lock_match(match_id)
        except ServiceError:
            return "gone"
        if match.status != Match.Status.RUNNING or match.step_version != version:
            return "stale"
        seats = match_seats(match)
        outcomes = [_outcome(match, seats, number) for number in numbers]
        playing = [number for number, outcome in zip(numbers, outcomes) if outcome == "played"]
        if playing:
            bot_watch.mark_playing(match_id, version)
            _play_seats(match, seats, playing)
    if playing:
        bot_watch.mark_done(match_id, version)
        return "played"
    return outcomes[0] if outcomes else "done"


def _outcome(match, seats, number):
    if not isinstance(number, int) or not 0 <= number < len(seats) or not seats[number].is_bot:
        return "not_bot"
    if number not in engine.to_act(match.state):
        return "done"
    return "played"


def _play_seats(match, seats, numbers):
    """Every decision the seats owe in this step, recorded together as one version (one update
    for the clients, one write)."""
    state, events = play_seats(match, seats, numbers, match.state)
    record_action(match, seats, numbers[0], state, events, MatchAction.By.BOT)
