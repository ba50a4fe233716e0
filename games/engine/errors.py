"""Errors raised by the engine.

`IllegalAction(code, **facts)` is the one error a caller must expect from `apply`: `code` is a
stable machine-readable string, `facts` a JSON-serialisable dict of what was wrong (the card,
what was missing, the payment options that would have been accepted, ...). No sentences: the
message is built from the code and facts only for developers.

Codes used by the base game:

| code | when |
| --- | --- |
| `game_over` | the game has ended |
| `not_your_turn` | the seat has nothing to decide now (facts: `seat`, `to_act`) |
| `unknown_action` | the action is not a dict, or its `type` is unknown here (facts: `type`, `expected`) |
| `bad_action` | a field is missing or of the wrong type (facts: `field`) |
| `unknown_card` | the card id is not in the catalogue (facts: `card`) |
| `card_not_in_hand` | the card is not in the seat's hand (facts: `card`) |
| `card_not_in_discard` | Halicarnassus: the card is not in the discard pile (facts: `card`) |
| `duplicate_structure` | the city already has a structure of that name (facts: `card`, `built`) |
| `cannot_afford` | no way to pay (facts: `card`, `missing` resources or `coins_needed`/`coins`) |
| `bad_payment` | the split between neighbours is not one of the options (facts: `pay`, `options`) |
| `not_free` | `free: "chain"` claimed without the chain, or an unknown `free` value (facts: `card`, `free`) |
| `no_free_build` | `free: "olympia"` without Olympia's power, or already used this age (facts: `card`) |
| `no_stage_left` | every stage of the wonder is built (facts: `stages`) |
| `stage_already_built` | the action names a stage that is already built (facts: `stage`, `next_stage`) |
| `stage_out_of_order` | the action names a later stage than the next one (facts: `stage`, `next_stage`) |
| `must_build` | Halicarnassus: a pass while a discarded card could be built (facts: `buildable`) |
| `bad_side` | side choice other than `A`/`B` (facts: `side`) |

Codes added by Architects (facts: `options`, the legal actions of that type): `deck_unavailable`
(a take or a look at a deck that is empty or not a source now), `cannot_build` (a stage or a
payment that is not one of the options), `token_unavailable` (a progress token that cannot be
taken now), `card_not_looked_at` (Halicarnassus keeps a card it is not looking at).

Added by the 2-player variant (an action for the Free City carries `"city": "free_city"`):

| code | when |
| --- | --- |
| `not_controller` | an action for the Free City from the seat that does not hold its card (facts: `seat`, `controller`) |
| `own_card_first` | the controller chooses the Free City's card before its own (facts: `seat`) |
| `own_debt_first` | with Cities, the controller pays the Free City's debt before its own (facts: `seat`) |
| `free_city_must_play` | the Free City discards while a card left could be built or used for its stage (facts: `card`, `playable`) |
| `chain_compulsory` | a card the Free City can chain is not built by its chain (facts: `card`) |

Config errors every game gets from its INFO (`games.engine.options.check_config`, which each
game's `normalize_config` calls first): `unknown_option` (a key the game does not declare: `option`,
the first, `options`, all of them, `allowed`, the keys this game takes, and `games`, the games that
declare it when it is another game's option), `option_needs` (an option set without the option
value it needs: `option`, `needs` `{option: value}`, e.g. teams without Cities),
`bad_player_count` (`players`, `allowed` [fewest, most] with the options chosen: [2, 8] with
Cities) and `option_players` (an option set at a player count it is not played at: `option`,
`players`, `allowed`, e.g. teams at 5).

Added by Cities: `bad_debt_payment` (a `pay_debt` above the debt owed or the coins held: facts
`coins`, `owed`, `held`), `no_debt_due` (a `pay_debt` while nobody owes, or in a 2-player debt phase for a city that owes nothing, the controller's own or the Free City's: `phase`); config errors `unsupported_expansion` (`expansions`, `allowed`),
`bad_teams` (a `teams` value that is not a bool: `teams`; without Cities or at another player
count the generic codes above answer first) and `wonder_needs_expansion` (Petra or Byzantium without Cities: `wonders`,
`expansion`).
"""


class IllegalAction(Exception):
    """An action the rules do not allow, with a code and the facts behind it."""

    def __init__(self, code, **facts):
        self.code = code
        self.facts = facts
        super().__init__(code, facts)

    def __str__(self):
        return f"{self.code} {self.facts}"

    def as_dict(self):
        return {"code": self.code, "facts": self.facts}


class ConfigError(ValueError):
    """A game configuration the engine cannot set up (facts like IllegalAction)."""

    def __init__(self, code, **facts):
        self.code = code
        self.facts = facts
        super().__init__(code, facts)

    def __str__(self):
        return f"{self.code} {self.facts}"


class TableError(ValueError):
    """A physical table described to ``score_table`` that could not exist: ``problems`` lists one
    dict per fault (``code``, ``message``, optional ``seat``, ``field``, ``value`` and facts)."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("; ".join(problem.get("message", problem.get("code", "")) for problem in problems))
