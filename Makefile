# Every target bootstraps .venv itself: `make run` and `make test` are the whole set-up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test test-slow bench lint validate clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	rm -f $(VENV)/.stamp-* && touch $(STAMP)

# The table server on http://127.0.0.1:8000 (records in data/jantaku.db; JANTAKU_DB for PostgreSQL).
run: $(STAMP)
	$(BIN)/jantaku serve

# CI (.ci/run sets JANTAKU_CI=1) also runs the long differential sweeps marked `slow`.
PYTEST_MARK := $(if $(JANTAKU_CI),,-m "not slow")

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_MARK)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(MAKE) --no-print-directory validate

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Replay Tenhou's recorded games through the engine (issue 3, Logs and replay). Without the corpus folder this says
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
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
