"""The replay of a finished match: frames built with the engine (``engine.replay`` of the chance
entries, ``engine.apply`` of each move, ``engine.reveal`` for what each frame shows). Everything may
be shown once the game is over; nothing here reads a raw state key, nor a frame's (what a frame
says of the hands is ``engine.frame_hands``'s)."""
from games import engine


def log_of(match):
    """The engine's action log of a match: its MatchAction rows, else the snapshot's log."""
    rows = list(match.actions.order_by("index").values_list("seat", "action"))
    if rows:
        return [dict(action) if seat is None else {"seat": seat, "action": action} for seat, action in rows]
    return engine.action_log(match.state) if match.state else []


def _frame(state, index, events):
    """One replay frame: the engine's full-information frame (``engine.reveal``) of this step,
    with the step's index and its public events (the "chosen" notices dropped)."""
    return {"index": index, **engine.reveal(state), "events": [e for e in events if e.get("type") != "chosen"]}


def timeline(config, log):
    """Frames of a game for its replay: the table after the deal, then after every resolved step
    (a turn, a prompt answered, the sides chosen), each with every hand, city, coins, tokens,
    the discard pile, the running total per seat and the events of that step. Built by replaying
    the log with the engine (``engine.replay`` of the chance entries, then ``engine.apply``)."""
    k = 0
    while k < len(log) and "chance" in log[k]:
        k += 1
    state = engine.replay(config, log[:k])
    frames = [_frame(state, k - 1, [])]
    pending = []
    for index in range(k, len(log)):
        entry = log[index]
        if "chance" in entry:
            # Chance after the first move (rare): the engine replays up to it, and the frame of the
            # step it completes shows its outcome (a deal waiting for its cards shows the cards).
            state = engine.replay(config, log[: index + 1])
            frames[-1] = {**_frame(state, frames[-1]["index"], []), "events": frames[-1]["events"]}
            continue
        state, events = engine.apply(state, entry["seat"], entry["action"])
        pending.extend(events)
        if any(e.get("type") != "chosen" for e in events):
            frames.append(_frame(state, index, pending))
            pending = []
    return frames


TIMELINE_CACHE_SECONDS = 3600


def match_timeline(match):
    """The timeline of a finished match, cached: a finished match never changes, so the cached
    frames are always right (a match that is not finished is never cached, nor asked for)."""
    from django.core.cache import cache

    if match.status != "finished" or match.state is None:
        raise ValueError(f"match {match.pk} is not finished")
    finished = match.finished_at.timestamp() if match.finished_at else 0
    key = f"history:timeline:{match.pk}:{match.version}:{match.seed}:{finished}"
    frames = cache.get(key)
    if frames is None:
        frames = timeline(match.config, log_of(match))
        cache.set(key, frames, TIMELINE_CACHE_SECONDS)
    return frames


def hands_by_step(game, frames):
    """Every hand of every step of a replay of `game` that has them, as the engine reads its frames
    (``engine.frame_hands``): [{"step": {...}, "hands": [[card ids] per seat]}], the step in the
    game's own terms (base: age and turn); None when no frame holds a hand (a game without hands,
    Architects: every card lies face up in front of its player, and the replay shows the decks).
    Nothing here reads a frame's keys, so a frame of any shape is fine."""
    hands = [entry for entry in (engine.frame_hands(game, frame) for frame in frames) if entry is not None]
    return hands or None
