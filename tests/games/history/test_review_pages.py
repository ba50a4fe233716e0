"""The coach's review on the pages (issue 28): the match page carries the review for its replay
(each decision's step, seat, actions, loss; the key moments marked) with the words of its lines,
in the page's language; "Review in progress…" while it is made; the game page's end panel has
the box its script fills from the API."""
import pytest
from django.contrib.auth import get_user_model

from games.history.models import MatchReview
from tests.factories import page_json, page_url, store_bot_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann():
    return get_user_model().objects.create_user(username="ann")


def reviewed(ann, settings, capture, game="base"):
    settings.REVIEW_RUNNER = "inline"
    settings.REVIEW_ITERATIONS = 4
    with capture(execute=True):
        return store_bot_match(game=game, players=3, seed=11, users=[ann])


@pytest.mark.parametrize("game", ["base", "architects"])
def test_the_match_page_gives_the_replay_every_reviewed_decision_and_marks_the_key_moments(
        client, ann, settings, django_capture_on_commit_callbacks, game, catalogue):
    match = reviewed(ann, settings, django_capture_on_commit_callbacks, game)
    response = client.get(page_url("match-detail", match.pk))
    review = page_json(response, "replay-data")["review"]
    stored = MatchReview.objects.get(match=match).result
    assert review["status"] == "done"
    assert [(d["step"], d["seat"], d["chosen"], d["loss"], d["points_loss"]) for d in review["decisions"]] == [
        (d["step"], d["seat"], d["chosen"], d["loss"], d["points_loss"]) for d in stored["decisions"]]
    assert all(d["cost"] in ("win", "points") for d in review["decisions"] if d["key"])
    marked = [k for k, decision in enumerate(review["decisions"]) if decision["key"]]
    assert marked == sorted(k for positions in stored["key_moments"].values() for k in positions)
    assert 'data-review-moments' in response.content.decode()
    # the actions in words, for the replay's lines and the key moments
    assert all(d["chosen_text"] and d["best_text"] for d in review["decisions"])
    assert not any(d["chosen_text"] == "made a choice" for d in review["decisions"])


def test_the_review_words_and_the_estimate_note_come_in_the_pages_language(
        client, ann, settings, django_capture_on_commit_callbacks, catalogue):
    match = reviewed(ann, settings, django_capture_on_commit_callbacks)
    response = client.get(page_url("match-detail", match.pk, lang="pt-br"))
    labels = page_json(response, "replay-labels")
    assert labels["reviewKey"] == "Momento-chave"
    # a person with no key moment is not told their choices were good: only that none cost measurable win chance
    assert labels["reviewNone"] == ("Nenhum momento-chave: nenhuma escolha custou chance de vitória "
                                    "ou pontos que a busca pudesse medir.")
    assert "%(chosen)s" in labels["reviewWorse"] and "%(best)s" in labels["reviewWorse"]
    assert labels["reviewFewerPoints"] == ("%(chosen)s — cerca de %(points)s pontos a menos do que %(best)s "
                                           "(a escolha da busca)")
    verbs = ("construiu", "descartou", "pagou", "escolheu", "passou")
    assert all(d["chosen_text"].startswith(verbs) for d in page_json(response, "replay-data")["review"]["decisions"])
    assert "estimativas" in response.content.decode()
    assert "as chances de vitória e os pontos vêm de partidas simuladas" in response.content.decode()


def test_a_review_being_made_says_so_on_the_match_page(client, ann, django_capture_on_commit_callbacks, catalogue):
    with django_capture_on_commit_callbacks(execute=True):
        match = store_bot_match(game="base", players=3, seed=11, users=[ann])
    page = client.get(page_url("match-detail", match.pk)).content.decode()
    assert "Review in progress…" in page
    MatchReview.objects.filter(match=match).update(status=MatchReview.Status.FAILED)
    assert "could not be made" in client.get(page_url("match-detail", match.pk)).content.decode()


def test_a_match_of_bots_has_no_review_section(client, django_capture_on_commit_callbacks, catalogue):
    with django_capture_on_commit_callbacks(execute=True):
        match = store_bot_match(game="base", players=3, seed=11)
    page = client.get(page_url("match-detail", match.pk)).content.decode()
    assert 'id="review"' not in page
    assert page_json(client.get(page_url("match-detail", match.pk)), "replay-data")["review"] is None


def test_the_game_page_has_the_end_panels_review_box_with_its_words(client, ann, django_capture_on_commit_callbacks,
                                                                     catalogue):
    from tests.factories import start_table

    client.force_login(ann)
    match = start_table(ann, players=3)
    page = client.get(page_url("game", match.pk, lang="it")).content.decode()
    assert f'data-url="/api/matches/{match.pk}/review/?lang=it"' in page
    assert 'id="table-review"' in page and "table-review.js" in page
    assert "Revisione in corso…" in page
    # the key moment's sentence: the move and the search's choice, as the match page says them
    assert 'data-word-worse="%(chosen)s — circa %(loss)s di probabilità di vittoria in meno che %(best)s' in page
    assert 'data-word-none="Nessun momento chiave: nessuna scelta è costata probabilità di vittoria o punti' in page
    assert 'data-word-fewer-points="%(chosen)s — circa %(points)s punti in meno che %(best)s' in page


@pytest.mark.parametrize("loss, points_loss, kind, before_points", [
    (0.12, 0.0, "win", "win"), (0.12, 6.0, "win", "win"),  # a loss of win chance is said first
    (0.0, 4.5, "points", "none"), (0.02, 3.0, "points", "win"),  # under a key moment's loss, the points tell
    (0.02, 2.0, "win", "win"), (0.0, 2.9, "none", "none"), (0.005, 0.0, "none", "none"),
])
def test_a_decisions_sentence_says_the_win_chance_it_cost_else_the_points_else_nothing(
        loss, points_loss, kind, before_points):
    from games.history.review_page import cost_kind

    assert cost_kind({"loss": loss, "points_loss": points_loss}) == kind
    assert cost_kind({"loss": loss}) == before_points  # a review stored before points were weighed
