# The same commands as the README, plus bench, fuzz and lint.

# Audit the shipped fixtures (the README's first quick-start command).
audit:
    cargo run --release -- audit --fail-on never fixtures/

# The test suite (the README's second quick-start command).
test:
    cargo test --workspace --release

# fmt and clippy as CI runs them.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets --release -- -D warnings

# Throughput against a bare pgn-reader + shakmaty replay on ../shared/corpus/bench.
bench *ARGS:
    cargo bench -p arbiter --bench throughput -- {{ARGS}}

# The hostile-input suite; cargo-fuzz targets are still to come (issue 8: they need a nightly
# toolchain, which this machine cannot fetch).
fuzz:
    cargo test --release -p arbiter --test pathological

# Everything CI runs.
ci:
    bash .ci/run
