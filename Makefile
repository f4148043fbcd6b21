# Flipbook: `make demo` renders the demos, `make test` runs every test.
# Both install any missing system packages first (apt-get or brew).
SWIFT ?= swift
OUT ?= output

.PHONY: all deps build test test-browser test-init demo bench bench-preview bench-scroll clean generate fuzz

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@scripts/test-browser.sh

# The live preview in headless chromium (part of `make test`); SCREENSHOT=docs/preview.png retakes the README's.
test-browser: deps
	$(SWIFT) build --product flipbook
	@scripts/test-browser.sh $(if $(SCREENSHOT),--screenshot $(SCREENSHOT))

# `flipbook init` end to end: a new package builds, records, passes and fails when a preview
# changes (heavy: builds Flipbook again in the new package, 10-15 min; not in `make test`).
test-init: deps
	@scripts/test-init.sh

demo: deps
	@echo "==> Building flipbook (release)"
	$(SWIFT) build -c release --product flipbook
	@scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/flipbook" "$(OUT)"

bench: deps
	@scripts/install-deps.sh --bench
	cd Benchmarks && $(SWIFT) build -c release && for b in QuartzBenchmark RenderBenchmark PhysicsBenchmark ExportBenchmark; do echo "==> $$b"; ./.build/release/$$b; done

# One 120 Hz frame of a scrolling 10 000-item collection view (median/p95 against 8.33 ms) and
# flow layout of 10 000 items against a plain loop; RENDER=1 also times rendering (docs/Benchmarks.md).
bench-scroll: deps
	cd Benchmarks && $(SWIFT) build -c release --product ScrollBenchmark && ./.build/release/ScrollBenchmark $(if $(RENDER),--render)

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

# Preview latency (pointer → frame) and frames per second, in headless chromium; writes docs/Preview-benchmark.md.
bench-preview: deps
	$(SWIFT) build -c release --product flipbook
	python3 scripts/browser-tests/bench_preview.py "$$($(SWIFT) build -c release --show-bin-path)/flipbook" docs/Preview-benchmark.md

generate:
	@python3 scripts/codegen/generate-layer-properties.py

# The porting corpus: regenerates Tests/PortingCorpusTests/Ported from the iOS originals in
# Tests/PortingCorpus/iOS (docs/Porting.md, "The porting corpus"); commit the result.
.PHONY: port-corpus
port-corpus:
	$(SWIFT) run flipbook port Tests/PortingCorpus/iOS --out Tests/PortingCorpusTests/Ported

clean:
	rm -rf .build Benchmarks/.build $(OUT)

# Physics fuzzing: N random UIKit Dynamics scenes (default 1000) from SEED (default 1), each run
# for SECONDS of simulated time (default 60). Prints the count, the time and any failing seed
# with a minimal reproduction; SEEDS=143,204 replays chosen seeds. `make test` runs a short version.
.PHONY: fuzz-physics
fuzz-physics: deps
	$(SWIFT) build --build-tests
	FLIPBOOK_PHYSICS_FUZZ_N=$(if $(filter command line environment,$(origin N)),$(N),1000) \
	FLIPBOOK_PHYSICS_FUZZ_SEED=$(if $(filter command line environment,$(origin SEED)),$(SEED),1) \
	FLIPBOOK_PHYSICS_FUZZ_SECONDS=$(if $(filter command line environment,$(origin SECONDS)),$(SECONDS),60) \
	$(if $(SEEDS),FLIPBOOK_PHYSICS_FUZZ_SEEDS=$(SEEDS)) \
	$(SWIFT) test --skip-build --filter "DynamicsFuzzTests/longRun"

# The physics fidelity scenes side by side: FlipbookPhysics, Box2D 2.4 and the closed forms
# (docs/Physics-Fidelity.md). A debug build is enough: it measures agreement, not speed.
.PHONY: bench-physics-fidelity
bench-physics-fidelity: deps
	@scripts/install-deps.sh --bench
	cd Benchmarks && $(SWIFT) build --product PhysicsFidelity && ./.build/debug/PhysicsFidelity
