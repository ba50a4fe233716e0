"""What a bot chooses: a seat's action from its view and legal actions, and the decisions a step
owes from several bot seats. Nothing here writes; `play` records what the quick bots choose in
the action that began their step, and `bots` what a bot turn chooses."""
import random

from django.conf import settings

from games import bots, engine


def bot_rng(match, number, decision=0):
    key = f"{match.seed}:{match.version}:{number}" + (f":{decision}" if decision else "")
    return random.Random(key)


def bot_action(level, state, number, rng):
    """The action a bot of `level` picks for seat `number`, from that seat's view and legal
    actions only."""
    budget = {"seconds": settings.BOT_MOVE_SECONDS} if bots.searches(level) else {}
    return bots.get(level).choose(engine.view(state, number), engine.legal_actions(state, number), rng, **budget)


def play_seats(match, seats, numbers, state):
    """The bots at `numbers` decide in `state`; returns (state, events). A seat may owe several
    decisions (2-player variant: its own card, then the Free City's). The first decision that ends
    the step stops the batch: the next step's bots are asked as usual."""
    events, decisions = [], 0
    for number in numbers:
        while number in engine.to_act(state) and not engine.is_over(state):
            action = bot_action(seats[number].bot_level, state, number, bot_rng(match, number, decisions))
            state, new_events = engine.apply(state, number, action)
            events += new_events
            decisions += 1
            if any(event.get("type") != "chosen" for event in new_events):
                break
        if any(event.get("type") != "chosen" for event in events):
            break
    return state, events


def slow_seats(seats, numbers):
    """The seats among `numbers` whose bot searches (each gets a turn of its own, so that the
    bots queue keeps serving other tables while one thinks); the other bots of a step are quick
    and play together in one turn."""
    return [n for n in numbers if bots.searches(seats[n].bot_level)]
