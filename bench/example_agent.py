"""An agent of your own against ours: a runnable example (docs/bots.md, "Run your own agent").

    make bench-bots AGENT=bench.example_agent:choose ROWS=base-4 DEALS=40
    .venv/bin/python bench/bench_bots.py --suite --agent bench.example_agent:choose --rows base-4 --deals 40

An agent is one function with the bots' signature. It is given, at each decision of its seat:

- `view`: what that seat may know, as JSON (``engine.view(state, seat)``): ``view["game"]``,
  ``view["seat"]``, its hand, every city's public part (``view["players"]``), the age and turn...
  never another seat's hand or the deck's order;
- `legal_actions`: every legal action of the seat (payments included), as JSON dicts; return one
  of them, unchanged;
- `rng`: a ``random.Random`` the tournament owns (seeded per deal): draw from it, never from the
  global ``random``, so a run can be repeated.

This one knows nothing of strategy: it builds a card when it can (paying the fewest coins), else a
wonder stage, else takes what comes first (a discard, or in Architects whatever is offered).
"""

PREFERRED = ("build", "wonder")  # the base game's action types, best first


def coins_paid(action):
    pay = action.get("pay") or {}
    return sum(pay.values()) if isinstance(pay, dict) else 0


def choose(view, legal_actions, rng):
    for kind in PREFERRED:
        moves = [action for action in legal_actions if isinstance(action, dict) and action.get("type") == kind]
        if moves:
            cheapest = min(coins_paid(action) for action in moves)
            return rng.choice([action for action in moves if coins_paid(action) == cheapest])
    return legal_actions[0]
