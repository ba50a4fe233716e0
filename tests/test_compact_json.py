"""wonders_site/compact_json.py: the live path's JSON (WebSocket messages, PostgreSQL's JSON
columns) written by orjson, as the standard encoder writes it compactly."""
import json
import random

import pytest
from django.db import connection

from games import engine, services
from wonders_site import compact_json


def standard(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def a_game_half_played(config, seed):
    state = engine.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(60):
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        state, _events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("config", [{"game": "base", "players": 4}, {"game": "architects", "players": 3},
                                    {"game": "base", "players": 8, "expansions": ["cities"]}])
def test_a_game_state_and_a_seat_s_view_are_written_as_the_standard_encoder_writes_them(config):
    state = a_game_half_played(config, 11)
    for value in (state, engine.view(state, 0), engine.legal_actions(state, 0)):
        assert compact_json.dumps(value) == standard(value)
        assert compact_json.dumps_bytes(value) == standard(value).encode()


def test_accented_text_is_written_as_utf_8_not_escaped():
    assert compact_json.dumps({"nome": "Città di Éfeso"}) == '{"nome":"Città di Éfeso"}'


def test_integer_keys_are_written_as_strings_like_the_standard_encoder():
    assert compact_json.dumps({1: "a", 2: [3]}) == standard({1: "a", 2: [3]}) == '{"1":"a","2":[3]}'


def test_an_integer_beyond_64_bits_falls_back_to_the_standard_encoder_and_is_kept_whole():
    value = {"seed": 2 ** 70 + 1}
    assert json.loads(compact_json.dumps(value)) == value
    assert json.loads(compact_json.dumps_bytes(value)) == value


def test_what_no_encoder_can_write_is_still_refused():
    with pytest.raises(TypeError):
        compact_json.dumps({"when": object()})


@pytest.mark.django_db
def test_a_json_field_reaches_the_database_and_comes_back_unchanged(django_user_model):
    host = django_user_model.objects.create_user("host", password="a long enough password")
    match = services.do_create_match(host, players=3, bots=["", "easy", "easy"])
    state = a_game_half_played({"game": "base", "players": 3}, 5)
    state["nota"] = "Città"
    match.state = state
    match.save()
    match.refresh_from_db()
    assert match.state == state
    if connection.vendor == "postgresql":  # the backend's own adapter (wonders_site/postgresql/base.py)
        adapted = connection.ops.adapt_json_value({"a": 1}, None)
        assert adapted.dumps is compact_json.dumps_bytes


@pytest.mark.parametrize("value", [{"beyond 64 bits": 2 ** 70}, {"città": ["é", 1.5, None, True, -0.0]}, [[], {}]])
def test_json_text_is_read_back_as_the_standard_parser_reads_it(value):
    text = standard(value)
    assert compact_json.loads(text) == json.loads(text) == value
    assert compact_json.loads(text.encode()) == value


def test_text_that_is_not_json_is_refused_as_the_standard_parser_refuses_it():
    with pytest.raises(json.JSONDecodeError):
        compact_json.loads("{not json")
