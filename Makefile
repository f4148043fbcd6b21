# Flipbook: `make demo` renders the demos, `make test` runs every test.
# Both install any missing system packages first (apt-get or brew).
SWIFT ?= swift
OUT ?= output

.PHONY: all deps build test test-browser test-init test-sanitizers demo docs bench bench-preview bench-preview-pages bench-scroll bench-scenes bench-chromium clean generate fuzz

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@scripts/test-browser.sh

# ThreadSanitizer over the suites with threads of their own (the preview's server, pipeline and
# outbox; the exporter's PNG and video writers), AddressSanitizer over the C codecs and the
# cairo/libjpeg bridges (the renderer's suites and the preview's encoder). Separate build folders;
# about 20 minutes each for the first build on 2 cores. Findings: docs/Reliability.md, "Sanitizers".
TSAN_SUITES = FlipbookPreviewTests|LockedValueTests|ParallelPNGWriterTests|VideoFrameWriterTests|ExportTests
ASAN_SUITES = FlipbookRenderTests|PreviewFrameEncoderTests|PreviewFramePipelineTests
test-sanitizers: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_SUITES)'
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS="detect_leaks=0:halt_on_error=1" $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(ASAN_SUITES)'

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

# The DocC documentation (Sources/Flipbook/Flipbook.docc, Sources/FlipbookTesting/FlipbookTesting.docc
# and the symbol docs of the modules `import Flipbook` re-exports) as one combined archive.
DOC_TARGETS = Flipbook FlipbookTesting FlipbookUIKit FlipbookQuartz FlipbookRender FlipbookGeometry FlipbookPhysics
docs: deps
	$(SWIFT) package generate-documentation --enable-experimental-combined-documentation $(addprefix --target ,$(DOC_TARGETS))
	@echo "Documentation: .build/plugins/Swift-DocC/outputs/Flipbook.doccarchive ; browse it with: swift package --disable-sandbox preview-documentation --target Flipbook"

bench: deps
	@scripts/install-deps.sh --bench
	cd Benchmarks && $(SWIFT) build -c release && for b in QuartzBenchmark RenderBenchmark PhysicsBenchmark ExportBenchmark SnapshotBenchmark; do echo "==> $$b"; ./.build/release/$$b; done

# Every registered scene exported to MP4 at 60 fps (iPhone 15 @2x): ms a frame, its ratio to
# card-flip's, real-time factor and where the time goes (docs/Benchmarks.md). SCENE=feed-zoom runs one;
# BASE=PATH (an older build of ScenesBenchmark) alternates exports with it and prints both; SCALE=3 renders @3x.
bench-scenes: deps
	cd Benchmarks && $(SWIFT) build -c release --product ScenesBenchmark && ./.build/release/ScenesBenchmark $(if $(SCENE),--scene $(SCENE)) $(if $(BASE),--base $(BASE)) $(if $(FPS),--fps $(FPS)) $(if $(SCALE),--scale $(SCALE))

# The card flip to MP4 against headless Chromium capturing the same flip in CSS
# (Benchmarks/chromium/card-flip.html): both wall and CPU times, alternated RUNS times, and the
# ratio (docs/Benchmarks.md, "Against headless Chromium"). chromium, ffmpeg and Playwright come
# with the plain deps (the browser tests'). RUNS=5 for more runs.
RUNS ?= 3
bench-chromium: deps
	$(SWIFT) build -c release --product flipbook
	python3 scripts/bench_chromium.py --runs $(RUNS) --flipbook "$$($(SWIFT) build -c release --show-bin-path)/flipbook"

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

# Two preview pages at once: each scene's fps drawn alone and with the other page playing;
# then every registered scene alone in one page against 60 fps (docs/Preview-benchmark.md).
bench-preview-pages: deps
	$(SWIFT) build -c release --product flipbook
	python3 scripts/browser-tests/bench_preview_pages.py "$$($(SWIFT) build -c release --show-bin-path)/flipbook"
	python3 scripts/browser-tests/bench_preview_pages.py "$$($(SWIFT) build -c release --show-bin-path)/flipbook" --every-scene

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
