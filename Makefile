# Flipbook: `make demo` renders the demos, `make test` runs every test.
# Both install any missing system packages first (apt-get or brew).
SWIFT ?= swift
OUT ?= output

.PHONY: all deps build test test-browser demo bench bench-preview clean generate

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

demo: deps
	@echo "==> Building flipbook (release)"
	$(SWIFT) build -c release --product flipbook
	@scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/flipbook" "$(OUT)"

bench: deps
	@scripts/install-deps.sh --bench
	cd Benchmarks && $(SWIFT) build -c release && for b in QuartzBenchmark RenderBenchmark PhysicsBenchmark; do echo "==> $$b"; ./.build/release/$$b; done

# Preview latency (pointer → frame) and frames per second, in headless chromium; writes docs/Preview-benchmark.md.
bench-preview: deps
	$(SWIFT) build -c release --product flipbook
	python3 scripts/browser-tests/bench_preview.py "$$($(SWIFT) build -c release --show-bin-path)/flipbook" docs/Preview-benchmark.md

generate:
	@python3 scripts/codegen/generate-layer-properties.py

clean:
	rm -rf .build Benchmarks/.build $(OUT)
