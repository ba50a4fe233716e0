"""The points-greedy bot (`points`): the legal action that gives its seat the most points at once.

A baseline of the public benchmark (docs/bots.md), between `random` and `medium`: it knows no
strategy, only the score sheet. Through the engine contract alone, from its seat's view:

1. one state consistent with the view (``engine.sample_state``: the hidden cards dealt at random);
2. each legal action applied to that same state; the other seats still to choose this step play
   the same fixed move in every case (their first legal action), and any further choice of the
   step (a prompt, the Free City's card) is its first legal action too, until the step is
   resolved: the seat is asked again and its view's ``age`` or ``turn`` has moved on, or the
   game ends;
3. the seat's ``total`` from ``engine.scores`` on that state (the game's own score sheet, counted
   as if the game ended there): the most wins, ties broken at random with `rng`.

Points that come later (military at the end of an age, science sets yet to complete) count only
once they are on the sheet: that is what "immediate" means here.
"""
from games import engine

MAX_FOLLOW_UPS = 64  # moves played after the bot's own before its step counts as resolved


def choose(view, legal_actions, rng):
    if len(legal_actions) == 1:
        return legal_actions[0]
    seat = view["seat"]
    state = engine.sample_state(view, seat, rng)
    others = {other: engine.legal_actions(state, other)[0]
              for other in engine.to_act(state) if other != seat}
    best, best_points = [], None
    for action in legal_actions:
        points = points_after(state, seat, action, dict(others))
        if best_points is None or points > best_points:
            best, best_points = [action], points
        elif points == best_points:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def points_after(state, seat, action, others):
    """`seat`'s total once `action` (and the step it belongs to) is resolved on `state`; `others`:
    the fixed moves of the other seats (taken from the dict as they are played). The step is
    looked at (a view: the costly part) only when the seat is asked again."""
    step = _step(state, seat)
    state, _events = engine.apply(state, seat, action)
    for _ in range(MAX_FOLLOW_UPS):
        if engine.is_over(state):
            break
        waiting = engine.to_act(state)
        if not waiting or (seat in waiting and _step(state, seat) != step):
            break
        mover = seat if seat in waiting else waiting[0]
        fixed = others.pop(mover, None) if mover != seat else None
        move = fixed if fixed is not None else engine.legal_actions(state, mover)[0]
        state, _events = engine.apply(state, mover, move)
    return _total(engine.scores(state), seat)


def _step(state, seat):
    seen = engine.view(state, seat)
    return seen.get("age"), seen.get("turn")


def _total(sheets, seat):
    return next(sheet["total"] for sheet in sheets if sheet["seat"] == seat)
