# Flipbook: `make demo` renders the demos, `make test` runs every test.
# Both install any missing system packages first (apt-get or brew).
SWIFT ?= swift
OUT ?= output

.PHONY: all deps build test demo bench clean generate fuzz

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: deps
	@echo "==> Building flipbook (release)"
	$(SWIFT) build -c release --product flipbook
	@scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/flipbook" "$(OUT)"

bench: deps
	@scripts/install-deps.sh --bench
	cd Benchmarks && $(SWIFT) build -c release && for b in QuartzBenchmark RenderBenchmark PhysicsBenchmark; do echo "==> $$b"; ./.build/release/$$b; done

# Random transition sequences: N of them from SEED (10 000 from 1 by default). Prints the count,
# the time and any failing seed with its shrunk sequence; if the run crashes, the seed it was on.
N ?= 10000
SEED ?= 1
fuzz: deps
	$(SWIFT) build --build-tests
	@rm -f .build/fuzz-seed
	@FLIPBOOK_FUZZ_N=$(N) FLIPBOOK_FUZZ_SEED=$(SEED) FLIPBOOK_FUZZ_PROGRESS=.build/fuzz-seed \
		$(SWIFT) test --skip-build --filter 'TransitionFuzzTests.TransitionFuzzTests/longRun' > .build/fuzz.log 2>&1; \
		status=$$?; grep -v '^\[Flipbook\]' .build/fuzz.log | grep -E -v '^(Test Suite|\[|warning: prohibited|\s*Executed)'; \
		if [ $$status -ne 0 ] && [ -f .build/fuzz-seed ]; then echo "The fuzz run stopped at seed $$(cat .build/fuzz-seed)"; fi; \
		exit $$status

generate:
	@python3 scripts/codegen/generate-layer-properties.py

clean:
	rm -rf .build Benchmarks/.build $(OUT)
