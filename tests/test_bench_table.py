"""bench/bench_table.py's own parts: which files it counts as the page's, which updates resolve a turn."""
import gzip

from tests.bench_scripts import load_bench

GAME_PAGE = """<!doctype html><html><head>
<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/css/site.css">
<link rel="alternate" hreflang="it" href="/it/play/1/game/">
<link href="/static/games/base/board.css" rel="stylesheet">
</head><body>
<script id="game-words" type="application/json">{"a": 1}</script>
<script src="/static/js/play-common.js" defer></script>
<script>inline()</script>
<script src="https://elsewhere.example/x.js"></script>
<script defer src="/static/games/base/board.js"></script>
</body></html>"""


def test_the_page_assets_are_its_own_scripts_and_stylesheets_not_icons_links_inline_or_foreign_scripts():
    bench = load_bench("bench_table")
    assert bench.page_assets(GAME_PAGE) == ["/static/js/play-common.js", "/static/games/base/board.js",
                                            "/static/css/site.css", "/static/games/base/board.css"]


def test_a_file_is_counted_at_its_gzipped_size():
    bench = load_bench("bench_table")
    body = b"wonders " * 1000
    assert bench.gzipped_size(body) == len(gzip.compress(body, 9)) < len(body) / 20


def test_only_the_updates_carrying_a_resolved_turn_count_as_resolved_turns():
    bench = load_bench("bench_table")

    class Client:
        messages = [{"type": "snapshot", "version": 3, "events": [{"type": "turn_resolved"}]},
                    {"type": "update", "version": 4, "events": [{"type": "chosen", "seat": 1}]},
                    {"type": "update", "version": 5, "events": [{"type": "chosen"}, {"type": "turn_resolved"}]},
                    {"type": "ack", "version": 5},
                    {"type": "update", "version": 6, "events": []}]

    assert bench.resolved_versions(Client()) == {5}
