# Two commands on a fresh machine:  `make demo` (the main job)  and  `make test` (the whole suite on a real server).
# Each installs what it needs: a virtualenv with the Python deps, and (on first server start) Neo4j + GDS from Maven.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install demo test unit lint server stop bench clean lock

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "tkgrag needs Python 3.11+")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# After upgrading a dependency in the virtualenv: pin what is installed (then rerun the must-not-regress list).
lock: $(STAMP)
	{ sed -n '/^#/p' constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^#'; } > constraints.tmp
	mv constraints.tmp constraints.txt

demo: $(STAMP)
	$(BIN)/tkgrag demo

test: $(STAMP)
	$(BIN)/python -m pytest tests

unit: $(STAMP)
	$(BIN)/python -m pytest tests/unit

lint: $(STAMP)
	$(BIN)/ruff check tkgrag tests benchmarks
	$(BIN)/ruff format --check tkgrag tests benchmarks
	$(BIN)/mypy

server: $(STAMP)
	$(BIN)/tkgrag neo4j start

stop: $(STAMP)
	$(BIN)/tkgrag neo4j stop

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
