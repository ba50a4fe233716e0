"""The table chat in a match's history: its lines in order, each with the speaker's label, and
where each falls among the replay's frames.

A line stores the match's version when it was said; a replay frame ends with a log entry whose
`MatchAction.version` is known. A line belongs to the last frame whose version it had reached:
it was said while the table stood as that frame shows it (the lines said at an open table, before
any move, go with the first frame). The frames themselves (games.history.timeline) stay as the
engine builds them and are cached; the chat is read apart.
"""
from bisect import bisect_right

from games.models import ChatMessage


def chat_lines(match, labels):
    """Every chat line of the match, oldest first: {seat, name, text, at}. `labels` are the seats'
    public names as the page shows them (a line of a seat beyond them is labelled by its number)."""
    rows = ChatMessage.objects.filter(match=match).order_by("id").values_list("seat", "text", "created_at", "version")
    return [
        {"seat": seat, "name": labels[seat] if seat < len(labels) else f"#{seat + 1}", "text": text,
         "at": created_at.isoformat(), "when": created_at, "version": version}
        for seat, text, created_at, version in rows
    ]


def chat_by_frame(match, frames, lines):
    """The lines said during each frame of the replay: one list per frame, in order."""
    versions = dict(match.actions.values_list("index", "version"))
    frame_versions = [versions.get(frame["index"], 0) for frame in frames]
    # Frames are in log order and so in version order; a tie (never expected) keeps the later frame.
    out = [[] for _frame in frames]
    for line in lines:
        at = max(bisect_right(frame_versions, line["version"]) - 1, 0)
        out[at].append({key: line[key] for key in ("seat", "name", "text", "at")})
    return out
