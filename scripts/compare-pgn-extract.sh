#!/usr/bin/env bash
# Times pgn-extract's check-only mode (-r) against `arbiter audit` on the same
# decompressed bench files, one after the other on this machine, and prints
# the ratios. Usage: scripts/compare-pgn-extract.sh [BENCH_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${1:-../shared/corpus/bench}
if ! command -v pgn-extract >/dev/null && [ ! -x /usr/games/pgn-extract ]; then
    apt-get install -y -qq pgn-extract zstd >/dev/null
fi
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$bench"/*.pgn.zst; do
    zstd -q -dc "$f" > "$tmp/$(basename "${f%.zst}")"
done
files=("$tmp"/*.pgn)

seconds() { # runs a command, prints its wall time in seconds
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    python3 -c "print($end - $start)"
}

pe_time=$(seconds "$pe" -r -s "${files[@]}")
one=$(seconds target/release/arbiter audit --jobs 1 --format json --fail-on never "${files[@]}")
all=$(seconds target/release/arbiter audit --format json --fail-on never "${files[@]}")
printf 'pgn-extract -r:            %6.2f s\n' "$pe_time"
printf 'arbiter audit, 1 job:      %6.2f s   %.2fx faster than pgn-extract\n' "$one" "$(python3 -c "print($pe_time / $one)")"
printf 'arbiter audit, all jobs:   %6.2f s   %.2fx faster than pgn-extract\n' "$all" "$(python3 -c "print($pe_time / $all)")"
