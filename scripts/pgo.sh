#!/usr/bin/env bash
# A profile-guided build of `arbiter` and of its throughput bench.
#
#   scripts/pgo.sh build          # target/pgo/release/arbiter
#   scripts/pgo.sh bench [ARGS]   # the throughput bench, both of its sides built with the profile
#   scripts/pgo.sh check          # build, then compare the JSON of the shipped fixtures with a plain build's
#
# Three steps: a build that counts what its code does (`-Cprofile-generate`), a
# training run of that build, and a build that lays the code out and inlines by
# those counts (`-Cprofile-use`). The audit runs much code once a game (the header,
# the findings, the report) and reads no game without it; laid out by the counts,
# the code a game needs fetches fewer cache lines (docs/performance/issue-17.md, part 13).
#
# The training set is never the bench corpus: the shipped fixtures and the
# real-world files of ../shared/corpus/tricky and ../shared/corpus/real-endings
# (fixtures alone where ../shared is not beside the checkout), read by the
# instrumented bench (its bare replay and the engine, so that both sides of the
# bench get a profile, and the `arbiter` binary it streams into) and by the
# instrumented `arbiter audit`. One fixture is left out: it exhausts the
# analyser's budget on purpose, and its seconds of search would outweigh the
# rest. The profile is made afresh on every run, from the source as it is, so it
# never goes stale.
#
# Needs llvm-profdata of the compiler's own LLVM: rustup's `llvm-tools`
# component, added here when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/pgo.sh [build|bench [ARGS]|check]"
mode=${1:-build}
if [ $# -gt 0 ]; then shift; fi
# Checked before the minutes of building and training, not after them.
case $mode in
    build | bench | check) ;;
    *) echo "$usage" >&2; exit 2 ;;
esac

host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools
fi

root=$PWD
data=$root/target/pgo-data
gen=$root/target/pgo-gen
use=$root/target/pgo
rm -rf "$data"
mkdir -p "$data"

# The bench executable a build made (cargo names it with a hash), read from
# cargo's JSON messages; fails when there is none, so that no caller runs "".
bench_exe() {
    local exe
    exe=$(sed -n 's/.*"name":"throughput".*"executable":"\([^"]*\)".*/\1/p' | tail -n 1)
    [ -x "$exe" ] || { echo "pgo: the build made no bench executable" >&2; return 1; }
    echo "$exe"
}

echo "pgo: instrumented build" >&2
trainer=$(RUSTFLAGS="-Cprofile-generate=$data" cargo build --release --locked -p arbiter --bins \
    --bench throughput --target-dir "$gen" --message-format=json | bench_exe)

mapfile -t train < <(
    find fixtures ../shared/corpus/tricky ../shared/corpus/real-endings -name '*.pgn' \
        ! -name flag-undetermined.pgn 2>/dev/null | LC_ALL=C sort
)
echo "pgo: training on ${#train[@]} files" >&2
export LLVM_PROFILE_FILE="$data/%p-%m.profraw"
log=$data/training.log
{
    "$trainer" "${train[@]}"
    "$gen/release/arbiter" audit --fail-on never --format json "${train[@]}"
    "$gen/release/arbiter" audit --fail-on never --lang de "${train[@]}"
} > /dev/null 2> "$log" || { cat "$log" >&2; echo "pgo: the training run failed" >&2; exit 1; }
unset LLVM_PROFILE_FILE
"$profdata" merge -o "$data/arbiter.profdata" "$data"/*.profraw

flags="-Cprofile-use=$data/arbiter.profdata"
# Builds the same targets as the instrumented build and prints the bench
# executable: building the bench beside the binary changes how crates both use
# are built (the bench's dev-dependencies unify their features; shakmaty among
# them), and a crate built otherwise has other symbol names, which no count in
# the profile would match.
use_build() {
    RUSTFLAGS=$flags cargo build --release --locked -p arbiter --bins --bench throughput \
        --target-dir "$use" --message-format=json | bench_exe
}
case $mode in
    build)
        echo "pgo: build with the profile" >&2
        use_build > /dev/null
        echo "$use/release/arbiter"
        ;;
    bench)
        # Run as cargo bench would run it (its paths are compiled in), without
        # the bench profile's own build, whose units might differ from the profiled ones.
        bench=$(use_build)
        "$bench" "$@"
        ;;
    check)
        use_build > /dev/null
        cargo build --release --locked -p arbiter --bins
        # The profile changes where code lies, never what it does. Each run
        # must succeed on its own (two failures would otherwise compare equal).
        for run in "pgo:$use/release/arbiter" "plain:$root/target/release/arbiter"; do
            build=${run%%:*}
            exe=${run#*:}
            "$exe" audit --fail-on never --format json fixtures/ > "$data/$build.json" \
                2> "$data/$build.log" || { cat "$data/$build.log" >&2; exit 1; }
        done
        cmp -s "$data/pgo.json" "$data/plain.json" \
            || { echo "pgo: the profile-guided build reports the fixtures differently" >&2; exit 1; }
        echo "pgo: the profile-guided build reports the fixtures as the plain build does" >&2
        ;;
esac
