# The two commands of the README. Both work on a fresh machine: they install the
# package, bring up Docker (installing it on a bare Debian machine as root), build
# the sandbox images they need (the demo two, the tests all four) and seed offline
# token counting before doing their job.
PYTHON ?= python3
LOG_DIR ?= logs

.PHONY: setup demo test test-fast lint bench installed

# The package installed from this checkout, with its test and lint tools: pip runs only
# when pyproject.toml changed since it last ran here, or Python would import another
# checkout's copy (a pip install of the editable package costs about 15 s)
installed:
	@stamp=.installed-dev; \
	origin=$$($(PYTHON) -c 'import importlib.util as u; s = u.find_spec("inspect_stamina"); print(s.origin if s else "")' 2>/dev/null); \
	case "$$origin" in "$(CURDIR)/src/inspect_stamina/"*) here=1;; *) here=0;; esac; \
	if [ "$$here" = 0 ] || [ ! -f "$$stamp" ] || [ pyproject.toml -nt "$$stamp" ]; then \
		$(PYTHON) -m pip install -q -e ".[dev,mcp]" && touch "$$stamp"; \
	fi

setup:
	$(PYTHON) -m pip install -q -e ".[dev,mcp]"
	inspect-stamina setup

# The main job, no API key and no network: StaminaBench's starter script replayed by
# the oracle, then GAIA on the bundled example dataset answered by the scripted model
# `stamina/gaia-example`, both in the Docker sandbox.
demo: setup
	inspect eval inspect_stamina/stamina --model stamina/oracle --log-dir $(LOG_DIR)
	inspect eval inspect_stamina/gaia --model stamina/gaia-example \
		-T dataset_hub=example --log-dir $(LOG_DIR)

# The whole test suite, Docker tests included (they fail when Docker is absent), and
# the log viewer's tests in Debian's headless Chromium (installed here when missing). Two
# workers (the tests are independent: each sees only its own containers; the longest,
# the flagship's fairness replay, is collected first so one worker starts on it), then
# the few that make a dead run's sandbox alone, since building any task reaps them.
test: setup
	inspect-stamina images build
	command -v chromium >/dev/null 2>&1 || { apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }
	$(PYTHON) -m pytest -m "not serial" -n 2 --dist worksteal --durations=60
	$(PYTHON) -m pytest -m serial --durations=10

# The flagship's validate --fairness with the replay alone (9 minutes on a quiet machine).
test-flagship: setup
	$(PYTHON) -m pytest -m flagship

# The loop to use while developing: every test that needs neither Docker nor a long run
# (markers docker and slow), on two workers; no Docker engine needed.
# Bytecode is cached for the test processes (tests/conftest.py keeps the processes they
# start from writing any), whatever the shell's PYTHONDONTWRITEBYTECODE
test-fast: export PYTHONDONTWRITEBYTECODE :=
test-fast: installed
	$(PYTHON) -m pytest -m "not docker and not slow" -n 2 --dist worksteal

lint: installed
	ruff check . && ruff format --check . && mypy && inspect-evals-lint --all

bench: setup
	$(PYTHON) bench/bench_gaia.py
	$(PYTHON) bench/bench_stamina.py
