#!/usr/bin/env bash
# Writes the fixed slice that docs/performance.md measures with callgrind: the
# first fifteenth (rounded down) of each bench file's games, one file per bench
# file, into OUT_DIR. A game starts at a line beginning with `[Event ` (CRLF
# files too: only the line's start is matched). The slice of the bench corpus
# of 2026-12 is 9,226 games, 728,557 plies.
# Usage: scripts/bench-slice.sh [OUT_DIR] [BENCH_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/bench-slice}
bench=${2:-../shared/corpus/bench}
mkdir -p "$out"
total=0
for f in "$bench"/*.pgn.zst; do
    name=$(basename "${f%.pgn.zst}")
    games=$(zstd -q -dc "$f" | LC_ALL=C grep -c '^\[Event ' || true)
    keep=$((games / 15))
    # Print every line before the (keep+1)-th game start (reading on to the
    # end rather than exiting, so that zstd never sees a closed pipe).
    zstd -q -dc "$f" | LC_ALL=C awk -v keep="$keep" '
        /^\[Event / { n++ }
        n <= keep { print }' > "$out/$name.pgn"
    total=$((total + keep))
    echo "$name: $keep of $games games"
done
echo "slice: $total games in $out ($(du -sb "$out" | cut -f1) bytes)"
