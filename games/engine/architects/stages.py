"""Wonder stages: which are available, every way to pay one, building it.

A stage costs n resources, all identical or all different (the tile says which). Grey cards give
one resource each; a yellow card is one coin, and a coin stands for one *missing* resource
(seed 003: coins replace what is lacking). So a payment uses as many grey cards as the cost can
take from what the player holds, and coins only for the rest:

- identical: min(held, n) cards of one resource, for each resource that reaches the best such
  number (the player chooses which resource when several do, [REC] C.10.1);
- different: that many distinct resources, one card each (the player chooses which when more
  distinct resources are held than the cost takes).

Tokens: Engineering (once per turn) lets a stage take any n resources; its payments are listed
too, marked ``"engineering": true``, when they differ from the plain ones. Economy (once per
turn) makes one yellow card worth 2: it is applied by itself whenever it saves a card, since
using it now or later in the turn keeps the same number of cards.

A stage that some payment covers must be built ([R] «è obbligatorio»); tokens that help count.
"""
from collections import Counter
from itertools import combinations

from . import catalogue as _cat

COIN = "coin"


def held(player):
    """Kind -> number of cards of that kind in front of the player."""
    return Counter(_cat.kind_of(card) for card in player["cards"])


def available_stages(player):
    wonder = _cat.get().wonders[player["wonder"]]
    built = set(player["built"])
    lowest_open = min((s.level for s in wonder.stages if s.number not in built), default=None)
    return [s for s in wonder.stages if s.number not in built and s.level == lowest_open]


def owned_effect(player, effect, used):
    """The first token of `player` with `effect` that is not used this turn, or None."""
    cat = _cat.get()
    for token in player["tokens"]:
        if cat.token(token).effect == effect and token not in used:
            return token
    return None


def payments(player, stage, used):
    """Every payment of `stage` for `player`: [{"pay": {kind: cards}, "engineering": bool,
    "economy": bool}], plain ones first."""
    cards = held(player)
    economy = owned_effect(player, "coin_worth_two", used) is not None
    plain = [_with_coins(greys, stage.count, cards[COIN], economy) for greys in _plain_greys(cards, stage)]
    plain = [p for p in plain if p]
    options = [dict(p, engineering=False) for p in plain]
    if owned_effect(player, "any_resources", used) is not None:
        seen = {_key(p["pay"]) for p in plain}
        for greys in _any_greys(cards, stage.count):
            option = _with_coins(greys, stage.count, cards[COIN], economy)
            if option and _key(option["pay"]) not in seen:
                seen.add(_key(option["pay"]))
                options.append(dict(option, engineering=True))
    return options


def _key(pay):
    return tuple(sorted(pay.items()))


def _plain_greys(cards, stage):
    resources = [r for r in _cat.get().resources if cards[r]]
    if stage.same:
        best = max((min(cards[r], stage.count) for r in resources), default=0)
        if best == 0:
            return [{}]
        return [{r: best} for r in resources if min(cards[r], stage.count) == best]
    width = min(len(resources), stage.count)
    return [dict.fromkeys(chosen, 1) for chosen in combinations(resources, width)]


def _any_greys(cards, count):
    resources = [r for r in _cat.get().resources if cards[r]]
    size = min(count, sum(cards[r] for r in resources))
    found = []

    def pick(index, left, chosen):
        if left == 0:
            found.append(dict(chosen))
            return
        if index == len(resources):
            return
        resource = resources[index]
        for take in range(min(cards[resource], left), -1, -1):
            if take:
                chosen[resource] = take
            pick(index + 1, left - take, chosen)
            chosen.pop(resource, None)

    pick(0, size, {})
    return found


def _with_coins(greys, count, coins_held, economy):
    missing = count - sum(greys.values())
    spend = _coins_to_spend(missing, economy)
    if spend > coins_held:
        return None
    pay = dict(greys)
    if spend:
        pay[COIN] = spend
    return {"pay": pay, "economy": spend < missing}


def can_build(player, used):
    """Whether ``build_actions(player, used)`` is not empty, without listing the payments (a turn
    ends when nothing is left to do: ``turns._settle`` asks this after every move). Every plain
    option of a stage spends the same number of grey cards (``_plain_greys``), so one of them is
    affordable when any is; Engineering's options spend as many grey cards as the cost takes of
    all those held (``_any_greys``), the most any payment can, and are listed when no plain one is."""
    stages = available_stages(player)
    if not stages:
        return False
    cards = held(player)
    economy = owned_effect(player, "coin_worth_two", used) is not None
    engineering = owned_effect(player, "any_resources", used) is not None
    return any(affordable(stage, cards, economy=economy, engineering=engineering) for stage in stages)


def affordable(stage, cards, *, economy=False, engineering=False):
    """Whether the cards `cards` (kind -> number) pay `stage`, with Economy and Engineering when
    told (``can_build``'s count; the heuristics ask it of cards a seat does not hold yet)."""
    greys = sum(_plain_greys(cards, stage)[0].values())
    if engineering:
        greys = max(greys, min(stage.count, sum(cards[r] for r in _cat.get().resources)))
    return _coins_to_spend(stage.count - greys, economy) <= cards[COIN]


def _coins_to_spend(missing, economy):
    return missing - 1 if economy and missing >= 2 else missing


def build_actions(player, used):
    actions = []
    for stage in available_stages(player):
        for option in payments(player, stage, used):
            action = {"type": "build", "stage": stage.number, "pay": option["pay"]}
            if option["engineering"]:
                action["engineering"] = True
            actions.append(action)
    return actions


def spend(player, pay):
    """(cards left, cards spent): for each kind paid, its lowest ids go (copies are alike)."""
    left = list(player["cards"])
    spent = []
    for kind, number in sorted(pay.items()):
        chosen = sorted(card for card in left if _cat.kind_of(card) == kind)[:number]
        spent.extend(chosen)
        for card in chosen:
            left.remove(card)
    return left, spent


def economy_used(player, pay, stage, used):
    """Whether paying `pay` for `stage` takes Economy's extra coin."""
    greys = sum(n for kind, n in pay.items() if kind != COIN)
    return owned_effect(player, "coin_worth_two", used) is not None and greys + pay.get(COIN, 0) < stage.count


def is_complete(player):
    return len(player["built"]) == len(_cat.get().wonders[player["wonder"]].stages)
