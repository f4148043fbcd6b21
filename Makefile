# Flipbook: `make demo` renders the demos, `make test` runs every test.
# Both install any missing system packages first (apt-get or brew).
SWIFT ?= swift
OUT ?= output

.PHONY: all deps build test demo bench clean generate

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
	cd Benchmarks && $(SWIFT) build -c release && for b in QuartzBenchmark RenderBenchmark PhysicsBenchmark ExportBenchmark; do echo "==> $$b"; ./.build/release/$$b; done

generate:
	@python3 scripts/codegen/generate-layer-properties.py

clean:
	rm -rf .build Benchmarks/.build $(OUT)
