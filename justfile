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
    cargo clippy -p arbiter --benches --release --features measure-floor -- -D warnings

# Throughput against a bare pgn-reader + shakmaty replay on ../shared/corpus/bench.
bench *ARGS:
    cargo bench -p arbiter --bench throughput -- {{ARGS}}

# Where two jobs' time goes: the pipeline beside the same batches without the reader (docs/performance/issue-17.md, part 27).
bench-pipeline *ARGS:
    cargo bench -p arbiter --bench pipeline -- {{ARGS}}

# What one job's time is without CHA's proofs, and on the calling thread alone (docs/performance/issue-17.md, part 14).
bench-floor *ARGS:
    cargo bench -p arbiter --bench floor --features measure-floor -- {{ARGS}}

# The same bench, both of its sides built with a profile from a training run (scripts/pgo.sh).
bench-pgo *ARGS:
    bash scripts/pgo.sh bench {{ARGS}}

# A profile-guided release binary (target/pgo/release/arbiter); about a tenth faster.
build-pgo:
    bash scripts/pgo.sh build

# Fuzz one target (scoresheet, events, time_control, audit_game) for SECONDS; stable Rust with
# RUSTC_BOOTSTRAP, no sanitizer, debug assertions on (see docs/hardening.md).
fuzz TARGET="audit_game" SECONDS="60":
    cargo install cargo-fuzz --locked
    cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer none -O -a {{TARGET}} -- -max_total_time={{SECONDS}}

# The hostile-input suite.
pathological:
    cargo test --release -p arbiter --test pathological
    bash scripts/pathological.sh

# Everything CI runs.
ci:
    bash .ci/run
