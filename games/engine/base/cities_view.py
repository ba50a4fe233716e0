"""7 Wonders: Cities — what a view adds, and what a team seat may see (cities.md B.8).

A Cities view has ``cities``: ``{"teams": bool, "losses": [coin losses waiting for the end of
the turn], "owed": [per seat] | None (the debt phase)}``, and on each player ``diplomacy``
(tokens held), ``debt`` (-1 tokens taken), ``masks``; with teams also ``team`` and ``partner``.
Partners may show each other their hands, so a team seat's view also has ``partner_hand``; its
partner's pending choice and face-down cards stay hidden.
"""

from .cities_setup import partner_of, team_of


def add_to_view(state, seat, out):
    cfg = state["config"]
    teams = bool(cfg.get("teams"))
    out["cities"] = {
        "teams": teams,
        "losses": [dict(loss) for loss in state["losses"]],
        "owed": list(state["owed"]) if state["owed"] is not None else None,
    }
    from .city import profile
    for public, p in zip(out["players"], state["players"]):
        public["diplomacy"] = p["diplomacy"]
        public["debt"] = p["debt"]
        public["masks"] = profile(p).masks if p["side"] is not None else 0
        if teams:
            public["team"] = team_of(public["seat"])
            public["partner"] = partner_of(public["seat"], cfg)
    if seat is not None and teams:
        out["partner_hand"] = list(state["players"][partner_of(seat, cfg)]["hand"])


def visible_partner_hand(state, seat):
    """The cards of the partner's hand a team seat sees (empty otherwise)."""
    if seat is None or not state["config"].get("teams"):
        return []
    return state["players"][partner_of(seat, state["config"])]["hand"]
