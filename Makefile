# Every target bootstraps .venv itself: `make run` and `make test` are the whole set-up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
MJAI_VENV := .venv-mjai

.PHONY: run test test-slow bench bench-server bench-profiles bench-mjai bench-review bench-strength browser-deps pg-deps lint \
	validate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	rm -f $(VENV)/.stamp-* && touch $(STAMP)

# The table server on http://127.0.0.1:8000 (records in data/jantaku.db; JANTAKU_DB for PostgreSQL).
run: $(STAMP)
	$(BIN)/jantaku serve

# CI (.ci/run sets JANTAKU_CI=1) also runs the long differential sweeps marked `slow`, and its log lists the 25
# slowest tests so that the suite's time can be watched from run to run.
PYTEST_ARGS := $(if $(JANTAKU_CI),--durations=25,)
SLOW := $(if $(JANTAKU_CI),,and not slow)
# The suite runs in PYTEST_WORKERS processes (pytest-xdist: CI has 2 cores), a test file to one worker so that a
# module's shared fixtures are made once; each worker has its own browser and servers on ports of their own, and
# the PostgreSQL server tests/conftest.py starts is shared (a scratch schema per test). The tests marked `serial`
# (they time messages, or count what a busy machine would change) run after, alone.
PYTEST_WORKERS ?= 2

test: $(STAMP) browser-deps pg-deps $(MJAI_VENV)/.stamp
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile -m "not serial $(SLOW)" $(PYTEST_ARGS)
	$(BIN)/python -m pytest -m "serial $(SLOW)" $(PYTEST_ARGS)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy
	$(MAKE) --no-print-directory validate

# The browser tests (tests/browser) drive Debian's Chromium with Playwright: no browser download. As root this
# installs it when it is missing; otherwise it says how. Without it the browser tests skip (in CI they fail).
CHROMIUM := $(or $(JANTAKU_CHROMIUM),/usr/bin/chromium)

browser-deps:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "browser-deps: installing Debian's chromium for the browser tests"; \
		apt-get install -y chromium || { apt-get update && apt-get install -y chromium; } \
			|| echo "browser-deps: apt-get could not install chromium: the browser tests will skip (fail in CI)"; \
	else \
		echo "browser-deps: no $(CHROMIUM): the browser tests need Debian's chromium (sudo apt-get install -y chromium)"; \
	fi

# The database tests (tests/server/test_migrations.py, test_persistence.py) run on PostgreSQL too: tests/conftest.py
# starts a private server (initdb and pg_ctl on a Unix socket in a temporary folder, about a second) unless
# JANTAKU_TEST_PG names one. As root this installs Debian's postgresql when initdb is missing (Debian keeps it in
# /usr/lib/postgresql/*/bin, off PATH); otherwise it says how. Without it those cases run on SQLite only (CI fails).
PG_INITDB := $(firstword $(shell command -v initdb) $(wildcard /usr/lib/postgresql/*/bin/initdb))

pg-deps:
	@if [ -n "$(PG_INITDB)" ] || [ -n "$$JANTAKU_TEST_PG" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "pg-deps: installing Debian's postgresql for the database tests"; \
		apt-get install -y postgresql || { apt-get update && apt-get install -y postgresql; } \
			|| echo "pg-deps: apt-get could not install postgresql: the database tests run on SQLite only (fail in CI)"; \
	else \
		echo "pg-deps: no initdb: the database tests run on SQLite only (sudo apt-get install -y postgresql)"; \
	fi

# The PyPI `mjai` package (AGPL: never a dependency of ours, never imported by our code or tests) in its own
# environment: tools/mjai_match.py runs there and seats `jantaku mjai-bot` in its arena as a separate process
# (tests/cli/test_mjai_bot.py). Without it that test skips (in CI it fails).
$(MJAI_VENV)/.stamp:
	test -x $(MJAI_VENV)/bin/python || $(PY) -m venv $(MJAI_VENV)
	$(MJAI_VENV)/bin/python -m pip install -q mjai
	touch $@

.PHONY: mjai-venv
mjai-venv: $(MJAI_VENV)/.stamp

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/bench_convert.py --corpus "$(TENHOU_DIR)"
	$(MAKE) --no-print-directory bench-mjai
	$(MAKE) --no-print-directory bench-server
	$(MAKE) --no-print-directory bench-profiles
	$(MAKE) --no-print-directory bench-review

# The table server under load on loopback (bench/server_load.py): throughput at saturation (think 0), then 100 rooms
# of one scripted person and three CPUs for 60 s (target: an action's round trip p99 < 100 ms), then more rooms
# until p99 reaches 100 ms.
bench-server: $(STAMP)
	$(BIN)/python bench/server_load.py --rooms 10 --think 0 --seconds 30
	$(BIN)/python bench/server_load.py --rooms 100 --seconds 60 --search

# A player's profile and the leaderboard with 10,000 players and 200,000 stored games (bench/bench_profiles.py):
# p50/p95/p99 of GET /api/players/{id} and GET /api/leaderboard?family=4p (target p99 < 50 ms), on SQLite (the
# filled file is kept in build/bench, keyed by the schema's revision) and on PostgreSQL (JANTAKU_BENCH_PG, or a
# private server when initdb and pg_ctl are installed).
bench-profiles: $(STAMP)
	PYTHONPATH=src $(BIN)/python bench/bench_profiles.py

# A whole East-South game reviewed for one seat by the strong CPU (bench/bench_review.py), on one core: seconds per
# game and per decision against the 10-second budget (docs/review.md#speed)
bench-review: $(STAMP)
	PYTHONPATH=src $(BIN)/python bench/bench_review.py

# An outside mjai bot's seat (bench/bench_mjai_seat.py): our overhead per decision beyond the bot's own time
# (target < 1 ms), with the test stand-in bot in both conventions.
bench-mjai: $(STAMP)
	PYTHONPATH=src $(BIN)/python bench/bench_mjai_seat.py

# First the table of strong human play the CPU tables are held against: the Tenhou top-room records counted as
# simulate counts a game (bench/human_table.py; docs/performance.md#cpu-strength), and how their hands go against
# four strong CPUs' (bench/hand_course.py; docs/cpus.md#how-hands-go-against-the-top-room), and the room's own
# discards against strong's in the same positions (bench/room_discards.py; docs/cpus.md#the-tile-with-room-to-grow).
# Then strong, then expert, against the PyPI mjai package's RulebaseBot
# (docs/mjai-bots.md#strength-against-an-outside-bot). The package
# is AGPL: never our dependency. It goes into its own environment, .venv-mjai, and plays as a separate process
# (bench/mjai_rulebase.py) in seat-rotated games: the placement gap with its interval, win and deal-in rates.
STRENGTH_GAMES ?= 500
RULEBASE := mjai:"$(MJAI_VENV)/bin/python bench/mjai_rulebase.py"

# Then strong against strong-2026: the strong CPU as it was before the defence and call work (the commit below),
# taken out of git into .baseline/ and imported beside today's code under another name (bench/strength.py), so the
# baseline stays exactly what it was while the code moves on (docs/performance.md#cpu-strength).
BASELINE_COMMIT := 9d827a0
BASELINE := .baseline/strong-2026
BASELINE_GAMES ?= 4000

# And expert against strong, two of each on shared walls (docs/cpus.md#expert).
EXPERT_GAMES ?= 4000

$(BASELINE)/.stamp:
	rm -rf $(BASELINE) && mkdir -p $(BASELINE)
	git archive $(BASELINE_COMMIT) src | tar -x -C $(BASELINE)
	touch $@

bench-strength: $(STAMP) $(MJAI_VENV)/.stamp $(BASELINE)/.stamp
	PYTHONPATH=src $(BIN)/python bench/human_table.py --records $(TENHOU_DIR)
	PYTHONPATH=src:bench $(BIN)/python bench/hand_course.py --records $(TENHOU_DIR) --games 1000
	PYTHONPATH=src:bench $(BIN)/python bench/room_discards.py --records $(TENHOU_DIR)
	for level in strong expert; do \
		$(BIN)/jantaku simulate --games $(STRENGTH_GAMES) --players "$$level,$$level,"'$(RULEBASE),$(RULEBASE)' \
			--seed 1 --jobs 2 || exit 1; \
	done
	PYTHONPATH=src $(BIN)/python bench/strength.py --baseline $(BASELINE)/src --games $(BASELINE_GAMES) --jobs 2
	$(BIN)/jantaku simulate --games $(EXPERT_GAMES) --players expert,expert,strong,strong --seed expert --jobs 2

# Replay Tenhou's recorded games through the engine. Without the corpus folder this says
# so and passes, unless JANTAKU_REQUIRE_CORPUS=1 (CI) makes it fail.
TENHOU_DIR ?= $(or $(JANTAKU_TENHOU_DIR),../shared/tenhou)

validate: $(STAMP)
	@if [ -d "$(TENHOU_DIR)" ]; then \
		$(BIN)/jantaku tenhou-check --summary "$(TENHOU_DIR)"; \
	elif [ "$$JANTAKU_REQUIRE_CORPUS" = 1 ]; then \
		echo "validate: no Tenhou records in $(TENHOU_DIR) (JANTAKU_REQUIRE_CORPUS=1)"; exit 1; \
	else \
		echo "validate: no Tenhou records in $(TENHOU_DIR): skipped (set JANTAKU_TENHOU_DIR)"; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) $(MJAI_VENV) .baseline build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
