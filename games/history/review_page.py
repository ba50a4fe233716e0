"""The coach's review (issue 28) as the match page shows it: the review's status and, once done,
each reviewed decision (its replay step, seat, the actions chosen and preferred, in words too, the
win chance and points lost, and which of them its sentence says: ``cost_kind``) and the key
moments, for static/js/replay.js; and the words that script builds its sentences with. The
actions' words come from each game's site side (``review_action_text(action, form, labels)`` in
its replay module), here for the pages and the API alike (``action_words``)."""
from django.utils.translation import gettext as _

from games import engine, presentation
from games.bots.review import KEY_MOMENT_LOSS, KEY_MOMENT_POINTS
from games.history.models import MatchReview

# Less win chance lost than this (and no points lost that count) reads "the search's choice too".
SAME_CHOICE = 0.01


def cost_kind(decision):
    """What the sentence of a reviewed `decision` says it cost: "win" (the win chance lost),
    "points" (the points lost, where the win chance tells the moves apart by less than a key
    moment's loss: in a game the player could no longer win, it tells nothing) or "none" (the
    search's choice too, or as good). A key moment is always "win" or "points"."""
    if decision["loss"] >= KEY_MOMENT_LOSS:
        return "win"
    if decision.get("points_loss", 0) >= KEY_MOMENT_POINTS:
        return "points"
    return "win" if decision["loss"] >= SAME_CHOICE else "none"


def page_review(match):
    """None when the match has no review; else {"status", "decisions", "key_moments"} (empty
    until done)."""
    review = MatchReview.objects.filter(match=match).first()
    if review is None:
        return None
    done = review.status == MatchReview.Status.DONE and review.result is not None
    result = review.result if done else {}
    keys = {k for positions in result.get("key_moments", {}).values() for k in positions}
    stored = result.get("decisions", [])
    decisions = [
        {"step": decision["step"], "seat": decision["seat"], "chosen": decision["chosen"], "best": decision["best"],
         "loss": decision["loss"], "points_loss": decision.get("points_loss", 0.0), "cost": cost_kind(decision),
         "key": k in keys, **words}
        for k, (decision, words) in enumerate(zip(stored, action_words(match, stored)))
    ]
    return {"status": review.status, "decisions": decisions, "key_moments": result.get("key_moments", {})}


def action_words(match, decisions):
    """Each decision's actions in words, in the active language: {"chosen_text": as done ("discarded
    Baths"), "best_text": as the search's other choice ("building the Library"; "... in another way"
    when both read the same, as another payment of the same card does)}. An action the game does
    not word reads "made a choice" / "another choice"."""
    word = presentation.get(match.game).review_action_text
    labels = engine.seat_labels(match.state) if match.state is not None else []

    def text(action, form):
        return word(action, form, labels) or (_("made a choice") if form == "did" else _("another choice"))

    out = []
    for decision in decisions:
        chosen, best = text(decision["chosen"], "did"), text(decision["best"], "instead")
        if text(decision["best"], "did") == chosen:
            best = _("%(action)s in another way") % {"action": best}
        out.append({"chosen_text": chosen, "best_text": best})
    return out


def review_words():
    """The replay script's words for the review's lines, in the page's language."""
    return {
        # After the player's name and a colon ("Ann: "). %(loss)s is a percentage with its sign ("12%");
        # %(chosen)s and %(best)s an action in words, as done ("discarded Baths") and as the
        # alternative ("building the Library").
        "reviewWorse": _("%(chosen)s — about %(loss)s less win chance than %(best)s (the search's choice)"),
        # Where the win chance does not tell (a game the player could no longer win). %(points)s is a
        # whole number, 3 or more.
        "reviewFewerPoints": _("%(chosen)s — about %(points)s points fewer than %(best)s (the search's choice)"),
        "reviewSame": _("%(chosen)s — the search's choice too"),
        "reviewKey": _("Key moment"),
        "reviewNone": _("No key moment: no choice cost win chance or points that the search could measure."),
    }
