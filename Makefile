# Wonders: the two commands are `make run` and `make test` (see README).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
INTEGRATION_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/wonders
INTEGRATION_REDIS_URL ?= redis://127.0.0.1:6379/0

.PHONY: run test test-integration test-integration-site test-thorough-engine test-e2e bench bench-search bench-api bench-cards bench-bots bench-live bench-flood bench-restart bench-memory bench-table bench-sweep bench-review bench-regret bench-hard fuzz-api messages clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_catalogue
	$(PY) manage.py collectstatic --noinput -v0
	@echo "Wonders on http://$(HOST):$(PORT)/ (DEBUG=$${DEBUG:-true}: a failing page shows Django's debug page;"
	@echo "  for the site's own 404 and 500 pages: DEBUG=false HTTPS=false SECRET_KEY=<50 random characters> make run)"
	$(PY) -m daphne -b $(HOST) -p $(PORT) wonders_site.asgi:application

test: $(VENV)/.installed
	$(PY) -m pytest -m "not integration and not e2e" -n 2 -q

test-integration: $(VENV)/.installed
	HYPOTHESIS_PROFILE=thorough DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} \
		$(PY) -m pytest -m "not e2e and (thorough or not engine)" -n 2 --dist loadgroup -q

# test-integration in its two parts, which .ci/run overlaps (docs/testing.md, "How CI spends its
# time"): the site's tests against the real services, and the engine's thorough games (CPU only).
test-integration-site: $(VENV)/.installed
	HYPOTHESIS_PROFILE=thorough DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} \
		$(PY) -m pytest -m "not e2e and not engine" -n 2 --dist loadgroup -q

test-thorough-engine: $(VENV)/.installed
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -m "not e2e and engine and thorough" -n 2 -q -p no:cacheprovider

# Two workers, each module's tests on one (loadscope: a module shares its server): a browser test
# waits on its server and browser more than it computes (docs/testing.md, "How CI spends its time").
test-e2e: $(VENV)/.installed
	$(PY) -m pytest -m e2e -n 2 --dist loadscope -q

bench: $(VENV)/.installed
	$(PY) bench/bench_engine.py

# Search latency over the relevance questions, on SQLite then on PostgreSQL (own scratch databases).
bench-search: $(VENV)/.installed
	$(PY) bench/bench_search.py
	DATABASE_URL=$${BENCH_DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} $(PY) bench/bench_search.py

# The deadline sweep's time with 10,000 open turn-based tables (bench/bench_sweep.py; target < 50 ms a sweep).
bench-sweep: $(VENV)/.installed
	DATABASE_URL=$${BENCH_SWEEP_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/wonders_bench_sweep} $(PY) bench/bench_sweep.py

# 10,000 players and 100,000 matches bulk-loaded into PostgreSQL, then p50/p99 of the history API.
bench-api: $(VENV)/.installed
	DATABASE_URL=$${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/wonders_bench} $(PY) bench/bench_api.py

# Requests/s and p50/p99 of /api/cards/ and friends through daphne (its own free port), N keep-alive clients;
# CARDS_FLAGS=--no-cache for the answers serialised on every request (bench/bench_cards_api.py).
CLIENTS ?= 8
CARDS_SECONDS ?= 10
bench-cards: $(VENV)/.installed
	DATABASE_URL=$${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/wonders_bench} $(PY) bench/bench_cards_api.py \
		--clients $(CLIENTS) --seconds $(CARDS_SECONDS) $(CARDS_FLAGS)

# The game page in Chromium with the CPU slowed 4x (a phone): an 8-player Cities table's first render and
# one update's p50/p99, and its JS and CSS gzipped (bench/bench_table.py; TABLE_FLAGS="--size phone").
bench-table: $(VENV)/.installed
	$(PY) bench/bench_table.py $(TABLE_FLAGS)

# Bot tournaments (bench/bench_bots.py) on PROCESSES processes, one core a game. Without BOT: the public
# benchmark (docs/bots.md): the fixed deals of bench/bot_deals.py, every row, the baselines random, points
# and medium; ROWS=base-4,architects-3 DEALS=40 for less; AGENT=package.module:choose puts your own agent
# against medium and random; BENCH_BOTS_FLAGS="--json results.jsonl" keeps the numbers.
# With BOT (a policy, a level or package.module:choose): BOT against AGAINST in GAME at PLAYERS seats, seats
# rotated; BENCH_BOTS_FLAGS=--cpu-clock counts the search budget in CPU time (a core per game on a busy machine).
BOT ?=
AGAINST ?= greedy
GAME ?= base
GAMES ?= 100
SECONDS ?= 1.0
PROCESSES ?= $(shell nproc)
DEALS ?= 400
ROWS ?=
AGENT ?=
bench-bots: $(VENV)/.installed
ifeq ($(strip $(BOT)),)
	$(PY) bench/bench_bots.py --suite --processes $(PROCESSES) --deals $(DEALS) $(if $(ROWS),--rows $(ROWS)) \
		$(if $(AGENT),--agent $(AGENT)) $(BENCH_BOTS_FLAGS)
else
	$(PY) bench/bench_bots.py --bot $(BOT) --against $(AGAINST) --game $(GAME) --players $(PLAYERS) \
		--games $(GAMES) --seconds $(SECONDS) --processes $(PROCESSES) $(BENCH_BOTS_FLAGS)
endif

# One chunk of the `hard` rows (docs/bots.md): HARD_DEALS deals of ROWS from FIRST_DEAL, appended to
# bench/results/hard.jsonl (commit it), then the file's table: a row's chunks of the same code add up.
HARD_RESULTS ?= bench/results/hard.jsonl
HARD_DEALS ?= 80
FIRST_DEAL ?= 0
bench-hard: $(VENV)/.installed
	nice -n 19 $(PY) bench/bench_bots.py --suite --agent hard --fields medium --seconds 1 $(if $(ROWS),--rows $(ROWS)) \
		--deals $(HARD_DEALS) --first-deal $(FIRST_DEAL) --processes $(PROCESSES) --json $(HARD_RESULTS)
	$(PY) bench/bench_bots.py --table $(HARD_RESULTS)

# The search's regret on fixed positions (bench/bench_regret.py): how much win chance its choices give
# away, by age, in minutes where a tournament takes a quarter of an hour. The positions and each candidate's
# win rate (REGRET_TRUTH) are made once and kept; compare search versions on the same file. REGRET_ROW,
# REGRET_FLAGS (e.g. "--seconds 2 --repeats 5").
REGRET_ROW ?= cities-8
REGRET_TRUTH ?= var/bench/regret-$(REGRET_ROW).json
bench-regret: $(VENV)/.installed
	@mkdir -p $(dir $(REGRET_TRUTH))
	test -f $(REGRET_TRUTH) || $(PY) bench/bench_regret.py truth --row $(REGRET_ROW) --processes $(PROCESSES) --out $(REGRET_TRUTH)
	$(PY) bench/bench_regret.py regret $(REGRET_TRUTH) --processes $(PROCESSES) $(REGRET_FLAGS)

# The game review (games/bots/review.py): a whole review's CPU time per game, its win chances'
# calibration (Brier, deciles) and agreement with a 10x search (bench/bench_review.py); REVIEW_FLAGS,
# e.g. "--games 200 --processes 4" or "--parts timing".
bench-review: $(VENV)/.installed
	nice -n 19 $(PY) bench/bench_review.py $(REVIEW_FLAGS)

# The real stack (daphne, Redis, a Celery worker) and N concurrent bot tables over WebSockets.
# LIVE_FLAGS=--proxy: through nginx, the production shape (deploy/run-prod.sh) with DAPHNES daphnes.
TABLES ?= 10
PLAYERS ?= 4
TIMEOUT ?= 600
THINK ?= 0
DAPHNES ?= 1
bench-live: $(VENV)/.installed
	REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} \
		$(PY) bench/bench_live.py --tables $(TABLES) --players $(PLAYERS) --timeout $(TIMEOUT) --think $(THINK) --daphnes $(DAPHNES) $(LIVE_FLAGS)

# Seated players' move -> ack while 300 anonymous sockets from 30 addresses (127.0.0.2-31) flood
# `resync` on two tables and the lobby (bench/bench_flood.py; FLOOD_FLAGS: e.g. --no-flood, --rate 10).
bench-flood: $(VENV)/.installed
	REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} \
		$(PY) bench/bench_flood.py $(FLOOD_FLAGS)

# A rolling restart (deploy/prod.py rolling-restart) while RESTART_TABLES tables play through nginx: moves
# lost or applied twice, reconnects, each player's longest pause (bench/bench_restart.py; RESTART_FLAGS).
RESTART_TABLES ?= 50
bench-restart: $(VENV)/.installed
	DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} \
		$(PY) bench/bench_restart.py --tables $(RESTART_TABLES) $(RESTART_FLAGS)

# daphne's memory over ROUNDS rounds of mixed load (bot games, sockets, pages, API) under tracemalloc:
# RSS and traced MB a round, and the allocation sites that grew (bench/bench_memory.py).
ROUNDS ?= 10
MEMORY_TABLES ?= 4
bench-memory: $(VENV)/.installed
	REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} \
		$(PY) bench/bench_memory.py --rounds $(ROUNDS) --tables $(MEMORY_TABLES) $(MEMORY_FLAGS)

# Schema-driven fuzzing of the API (schemathesis); also part of make test-integration.
fuzz-api: $(VENV)/.installed
	DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} $(PY) -m pytest tests/integration/test_api_schema.py -q

messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l it -l pt_BR --ignore=.venv --ignore=staticfiles --ignore=tests
	$(PY) manage.py makemessages -d djangojs -l it -l pt_BR --ignore=.venv --ignore=staticfiles --ignore=tests
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .hypothesis

# The production shape on this machine (docs/deploy.md): nginx in front of DAPHNES daphne processes,
# WORKERS Celery workers and one beat, each restarted by supervisord when it exits; PostgreSQL and Redis.
# Returns once the site answers on http://PROD_LISTEN/ (default 127.0.0.1:8080); make stop-prod stops it.
.PHONY: run-prod stop-prod
run-prod: $(VENV)/.installed
	DATABASE_URL=$${DATABASE_URL:-$(INTEGRATION_DATABASE_URL)} REDIS_URL=$${REDIS_URL:-$(INTEGRATION_REDIS_URL)} \
		PROD_PYTHON=$(PY) bash deploy/run-prod.sh

stop-prod:
	PROD_PYTHON=$(PY) bash deploy/stop-prod.sh
