"""The "Suggest" hint at unrated tables: the hard bot's choice for a seat, with its reason.

`check_hint` (in a database thread, no lock: it reads, it never writes the match) decides whether
the user may have a hint now and returns what the search needs: the seat's view and legal actions,
nothing else of the game. `games.bots.suggest.suggest` (pure: no database, run in a process of
games/hint_runner.py) searches that view with the hard bot and explains the move with the game's
`explain`.

Refusals, in this order: no_such_match; not_seated (a spectator, a signed-out visitor, or a
player who left: a bot plays the seat); not_started / game_over; hint_refused_rated (facts:
`match`) when this table is rated, and also when the user sits at another running rated match
(facts: `rated_match`) — an unrated copy of a rated game's position must not become a way to
ask the bot about it; not_your_turn when the seat has nothing to choose; hint_rate_limited
(facts: limit, window) past HINT_RATE_LIMIT hints per HINT_RATE_WINDOW_SECONDS from one player,
counted in the shared cache (every server process agrees); a refused request is not counted.
"""
import time
from dataclasses import dataclass

from django.conf import settings

from games import engine
from games.bots.suggest import suggest, view_rng  # noqa: F401 - the search, pure (hint processes run it)
from games.models import Match, Seat

from .common import ServiceError, take_window_turn

clock = time.time


@dataclass(frozen=True)
class HintRequest:
    """What a suggestion is computed from: the seat's view and legal actions (and the step they
    belong to, so the page can drop a suggestion that arrives after the turn)."""
    view: dict
    legal: list
    step: int


def check_hint(match_id, user):
    """A HintRequest for the user's seat at the match, or ServiceError (the module's refusals)."""
    match = Match.objects.filter(pk=match_id).first() if str(match_id).isdigit() else None
    if match is None:
        raise ServiceError("no_such_match", match=match_id)
    mine = _seat_of(match, user)
    if mine is None or mine.taken_over:
        raise ServiceError("not_seated")
    if match.status == Match.Status.OPEN:
        raise ServiceError("not_started")
    if match.status == Match.Status.FINISHED:
        raise ServiceError("game_over")
    check_unrated(match, user)
    legal = engine.legal_actions(match.state, mine.number)
    if not legal:
        raise ServiceError("not_your_turn", seat=mine.number)
    take_hint_turn(user.pk)
    return HintRequest(view=engine.view(match.state, mine.number), legal=legal, step=match.step)


def _seat_of(match, user):
    """The user's seat, read without the lock (a hint writes nothing at the match)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(match=match, user=user).first()


def check_unrated(match, user):
    """Refuse (hint_refused_rated) at a rated table, and while the user plays any other rated
    game: someone could set a rated game's position up at an unrated table and ask there."""
    if match.rated:
        raise ServiceError("hint_refused_rated", match=match.pk)
    other = (Seat.objects.filter(user=user, taken_over=False, match__status=Match.Status.RUNNING, match__rated=True)
             .exclude(match=match).values_list("match_id", flat=True).first())
    if other is not None:
        raise ServiceError("hint_refused_rated", rated_match=other)


def take_hint_turn(user_id):
    """Count one more hint for this player in the current window; ServiceError hint_rate_limited
    (facts: limit, window) when the window is full (nothing is counted then)."""
    take_window_turn(f"hint:rate:{user_id}", settings.HINT_RATE_LIMIT, settings.HINT_RATE_WINDOW_SECONDS, clock(),
                     "hint_rate_limited")
