"""``sample_state(view, seat, rng)``: a whole state that one seat's view cannot tell from the real one.

A search bot (determinized MCTS) needs complete states but knows only its seat's view. The sample
keeps everything the view shows and deals everything else at random with ``rng``, so that
``view(sample_state(v, seat, rng), seat) == v``:

- The cards dealt so far that the seat cannot see: every card of the ages started (Age III with
  its n + 2 guilds: those seen are in play, the others are drawn from the guilds not seen) minus
  what it sees (every built card, its own hand and face-down cards, the pile while its own
  Halicarnassus prompt shows it). Card ids repeat across copies, so these are multisets. The
  other hands take current-age cards of that rest (a hand holds nothing else); what is left,
  shuffled, goes under the other wonders and onto the pile (any age so far).
- The decks of the ages not started, dealt as ``new_game`` deals them.
- The pending choice of every other seat that has chosen: ``chooser(view, legal_actions, rng)``'s
  choice for that seat on the sample when a chooser is given (a search bot's model of the other
  players), else one of its legal actions at random (a side, in the ``sides`` phase: at random).
- The prompts: the view shows only the head one, so the sample has that one alone.
- Olympia A's ``free_used``: the current age when the view says the free build is spent, else 0.
- The config, which the view does not show: one under which the table is the one of the view
  (the wonders as seated, the sides as they are, ``choose`` while they are being chosen).

- A hand this seat passed on (``passed``) and another seat now holds: that hand less what the
  seats in between took, those built seen, those taken unseen drawn at random among the rest.

Only the view is read.

The sample's log is not the game's history, which the view does not show. It holds the chance
entries of the sample: a ``wonders`` entry (the wonders and the sides as they stand) and a
``deal`` entry per age not started (Age III's with its guilds); actions applied to the sample
are logged after them. It replays to the sample only when the sample is taken before any action.

The 2-player variant (the view has ``free_city``) is sampled the same way over its three cities,
with the hooks of ``two_players_sample.py`` (its config and deck, the Free City's pile, prompt
and card).

Cities (the view has ``cities``): each started age dealt its black cards too — those seen, plus
a draw from that age's black cards not seen —, the guilds come from all 13, a team seat's
partner keeps the hand the view shows, and ``diplomacy``, ``debt``, the losses waiting and the
debt phase's ``owed`` are copied from the view.
"""

from collections import Counter

from . import catalogue as _cat
from . import cities_setup as _cities
from . import two_players_sample as _two
from .city import profile
from .rules import legal_actions
from .state import SIDES, STATE_VERSION, deal_entry, draw_guilds, normalize_config
from .two_players_setup import FREE_CITY, deck_config, guild_count, seat_count


def sample_state(view, seat, rng, choose_for=None):
    if view["phase"] == "deal":
        raise ValueError("the game waits for a deal entry of its log: there is no turn to sample")
    two_players = "free_city" in view
    public = view["players"]
    n = len(public)
    age = view["age"]
    cfg = _two.config_of_table(view) if two_players else _config_of_table(view)
    deck = deck_config(cfg) if two_players else cfg  # the 2-player variant deals the 3-player cards
    shown_pile = _two.shown_pile(view) if two_players else None
    own_hand = list(view["hand"]) if seat is not None else []
    own_stages = list(view["stage_cards"]) if seat is not None else []
    others = [s for s in range(n) if s != seat]
    partner = _cities.partner_of(seat, cfg) if seat is not None else None
    partner_hand = list(view.get("partner_hand", ()))

    seen = (Counter(own_hand) + Counter(own_stages) + Counter(view.get("discard", ()))
            + Counter(partner_hand))
    seen.update(shown_pile or ())
    for p in public:
        seen.update(p["built"])
    guilds = _guilds_in_play(age, deck["players"], seen, rng, guild_count() if two_players else None, deck)
    unseen = _unseen(seen, age, deck["players"], guilds, _black_in_play(deck, age, seen, rng))
    table = _two.table_to_deal(view, shown_pile) if two_players else view
    hands, stages, pile = _deal_unseen(unseen, table, others, rng, partner)
    if partner is not None:
        hands[partner] = partner_hand
    if shown_pile is not None:
        hands[FREE_CITY] = list(shown_pile)

    players = []
    for s, p in enumerate(public):
        player = {
            "wonder": p["wonder"],
            "side": p["side"],
            "coins": p["coins"],
            "hand": own_hand if s == seat else hands[s],
            "built": list(p["built"]),
            "stages": own_stages if s == seat else stages[s],
            "tokens": list(p["tokens"]),
            "free_used": 0,
            "passed": [list(h) for h in view.get("passed", ())] if s == seat else [],
            **({"diplomacy": p["diplomacy"], "debt": p["debt"]} if "cities" in view else {}),
        }
        if p["side"] is not None and profile(player).free_build and not p["free_build_ready"]:
            player["free_used"] = age
        players.append(player)

    chance = [{"chance": "wonders", "wonders": [p["wonder"] for p in players],
               "sides": [p["side"] for p in players]}]
    decks = {}
    for later in range(age + 1, 4):
        entry = deal_entry(later, deck["players"], guilds, rng, deck)
        chance.append(entry)
        decks[str(later)] = [list(hand) for hand in entry["hands"]]

    pending = [None] * n
    if seat is not None and view["pending"] is not None:
        pending[seat] = _copy(view["pending"])
    state = {
        "version": STATE_VERSION,
        "config": cfg,
        "phase": view["phase"],
        "age": age,
        "turn": view["turn"],
        "players": players,
        "pending": pending,
        "prompts": _two.prompts(view) if two_players else [dict(view["prompt"])] if view["prompt"] else [],
        "discard": pile,
        "decks": decks,
        "log": chance,
    }
    if "cities" in view:
        state["losses"] = [dict(loss) for loss in view["cities"]["losses"]]
        owed = view["cities"]["owed"]
        state["owed"] = list(owed) if owed is not None else None
    if two_players:
        _two.shown_choice(view, pending)
    for s in others:
        if s < seat_count(state) and public[s]["chosen"]:
            if view["phase"] == "sides":
                pending[s] = {"type": "side", "side": rng.choice(SIDES)}
            else:
                pending[s] = drawn_choice(state, s, legal_actions(state, s), rng, choose_for)
    if two_players:
        _two.free_city_choice(state, view, rng)
    return state


def drawn_choice(state, seat, legal, rng, choose_for):
    """A choice among `legal` that `seat` has made this turn, unseen: ``choose_for(state, seat,
    legal)`` on the sample (the package's sample_state makes it of the caller's chooser), else one
    at random."""
    if choose_for is None or len(legal) == 1:
        return rng.choice(legal)
    return choose_for(state, seat, legal)


def _black_in_play(cfg, age, seen, rng):
    """Cities: the black cards dealt in each started age, those seen and a draw of the rest."""
    if not _cities.cities_on(cfg):
        return []
    out = []
    want = _cities.deck_players(cfg["players"])
    for started in range(1, age + 1):
        ids = sorted(c.id for c in _cat.get().black[started])
        shown = [c for c in ids if c in seen]
        out += shown + rng.sample([c for c in ids if c not in seen], want - len(shown))
    return out


def _unseen(seen, age, players, guilds, black=()):
    """The cards dealt in the ages started (Age III with `guilds`, and the `black` cards of
    Cities) minus those `seen`."""
    dealt = Counter(black)
    for started in range(1, age + 1):
        dealt.update(_cat.get().deck_cards(started, _cities.deck_players(players)))
    if age == 3:
        dealt.update(guilds)
    if seen - dealt:
        raise ValueError(f"the view shows cards never dealt: {sorted((seen - dealt).elements())}")
    return dealt - seen


def _deal_unseen(unseen, view, others, rng, partner=None):
    """The `unseen` cards dealt at random: current-age ones into the other hands, then the rest
    under the other wonders and onto the pile (unless the view shows the pile).
    Returns (hands by seat, stage cards by seat, pile)."""
    cards = _cat.get().cards
    public = view["players"]
    pool = Counter({c: k for c, k in unseen.items() if cards[c].age == view["age"]})
    hands, taken_unseen = _remembered_hands(view, others, partner, pool, rng)
    # The other hands are dealt the cards no memory places first; the remembered cards taken
    # unseen (most likely on the pile or under a wonder) only if those run short.
    current = sorted((pool - taken_unseen).elements())
    rng.shuffle(current)
    last = sorted((pool & taken_unseen).elements())
    rng.shuffle(last)
    current += last
    for s in others:
        if s != partner and s not in hands:
            hands[s], current = _take(current, public[s]["hand_size"])
    rest = sorted((unseen - Counter(c for hand in hands.values() for c in hand)).elements())
    rng.shuffle(rest)
    stages = {}
    for s in others:
        stages[s], rest = _take(rest, public[s]["stages_built"])
    if "discard" in view:
        pile = list(view["discard"])
    else:
        pile, rest = _take(rest, view["discard_size"])
    if rest or len(pile) != view["discard_size"]:
        raise ValueError("the view's card counts do not add up to the cards dealt so far")
    return hands, stages, pile


def _remembered_hands(view, others, partner, pool, rng):
    """The hands of the seats now holding a hand this seat passed on (``passed``): each is that
    hand less the cards the seats in between took from it. Those they built are seen (out of
    `pool`); those they discarded or put under their wonder are not, so the hand is drawn from
    the remembered cards still unseen. Takes the hands out of `pool`; returns ({seat: hand},
    the remembered cards left out of them: taken unseen, as far as the view tells).

    Card ids repeat across copies, so this works on multisets, and a copy seen elsewhere may be
    the one a remembered hand lost: the cards left out are therefore not ruled out of the other
    hands, only dealt to them last. A seat whose remembered cards do not hold enough unseen ones
    is dealt from `pool` like a seat never passed to."""
    passed = view.get("passed") or []
    if not passed:
        return {}, Counter()
    n = len(view["players"])
    step = 1 if view["direction"] == "left" else -1
    sources = {}
    for k in range(1, min(n - 1, len(passed)) + 1):
        holder = (view["seat"] + step * k) % n
        if holder in others and holder != partner:
            sources[holder] = Counter(passed[-k])
    public = view["players"]
    order = sorted(sources, key=lambda s: (sum((sources[s] & pool).values()) - public[s]["hand_size"], s))
    hands, taken_unseen = {}, Counter()
    for s in order:
        within = sorted((sources[s] & pool).elements())
        size = public[s]["hand_size"]
        if len(within) < size:
            continue
        hand = rng.sample(within, size)
        hands[s] = hand
        pool -= Counter(hand)
        taken_unseen += Counter(within) - Counter(hand)
    return hands, taken_unseen


def _take(cards, count):
    if len(cards) < count:
        raise ValueError("the view's card counts do not add up to the cards dealt so far")
    return cards[:count], cards[count:]


def _config_of_table(view):
    """A normalised config under which the table is the one of the view: the wonders as seated,
    and the sides as they are (``choose`` while they are being chosen). The view does not show
    the real config; the rules never read it past setup."""
    public = view["players"]
    sides = "choose" if view["phase"] == "sides" else [p["side"] for p in public]
    cities = view.get("cities")
    return normalize_config({"game": "base", "players": len(public), "sides": sides,
                             "wonders": [p["wonder"] for p in public],
                             "expansions": ["cities"] if cities else [],
                             "teams": bool(cities and cities["teams"])})


def _guilds_in_play(age, players, seen, rng, count=None, cfg=None):
    """The n + 2 guilds (or `count`) of Age III in the sample: before Age III a fresh draw;
    during it, the guilds seen plus a draw from the guilds not seen (Cities: of all 13)."""
    cfg = cfg or {"players": players}
    if age < 3:
        return draw_guilds(players, rng, count, cfg=cfg)
    cards = _cat.get().cards
    shown = sorted(c for c in seen if cards[c].color == "purple")
    hidden = sorted(g.id for g in _cities.guild_pool(cfg) if g.id not in seen)
    if count is None:
        count = _cities.guild_count(cfg) if _cities.cities_on(cfg) else players + 2
    total = count
    missing = total - len(shown)
    if missing < 0:
        raise ValueError(f"the view shows {len(shown)} guilds, more than the {total} in play")
    return sorted(shown + rng.sample(hidden, missing))


def _copy(obj):
    if isinstance(obj, dict):
        return {k: _copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    return obj
