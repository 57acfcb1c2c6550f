#!/usr/bin/env bash
# Times `arbiter validate` on each hostile input of the hardening table and
# prints wall time and peak resident memory (GNU time). The same inputs are
# checked for correctness by crates/arbiter/tests/pathological.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/arbiter
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
header='[Event "x"]
[Site "?"]
[Date "2024.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "*"]
'
python3 - "$tmp" "$header" <<'PY'
import os, random, sys
tmp, header = sys.argv[1], sys.argv[2]
def game(movetext):
    return (header + "\n" + movetext + "\n\n").encode()
random.seed(7)
inputs = {
    "empty file": b"",
    "random bytes (1 MB)": bytes(random.getrandbits(8) for _ in range(1 << 20)),
    "100 MB comment": game("1. e4 {" + "x" * (100 << 20) + "} e5 *"),
    "variations nested 10,000 deep": game("1. e4 e5 " + "( 1... d5 " * 10000 + ")" * 10000 + " 2. Nf3 *"),
    "game of 20,000 plies": game("Nf3 Nf6 Ng1 Ng8 " * 5000 + "*"),
    "tag line of 1 MB": ('[Event "' + "y" * (1 << 20) + '"]\n\n1. e4 *\n').encode(),
    "NUL bytes": game("1. e4\0\0 e5 \0 2. Nf3 *"),
    "file cut off in a game": game("1. e4 e5 2. Nf3 Nc6 3. B")[:-2],
    "unterminated comment": game("1. e4 { never closed 2. Nf3 *"),
    "unterminated variation": game("1. e4 ( 1. d4 d5 2. c4 *"),
    "invalid UTF-8 in tags": b'[Event "Gy\xf6r \xff"]\n[White "M\xfcller"]\n\n1. e4 *\n',
    "stray } (16 MiB, one line)": game("1. e4 " + "}" * (16 << 20) + " *"),
    "stray } on 8 M short lines": game("1. e4 " + "}\n" * (8 << 20) + "*"),
    "alternating } ) (200 KB)": game("1. e4 " + "} ) " * 50000 + "*"),
    "typo every 4 plies (repair search, 16 MiB)": game("1. e4 " + "Nf6 Nf3 Bg8 Ng1 " * (1 << 20) + "*"),
    "numbered junk tokens (4 MB)": game("1. e4 " + "".join(f"{i}. Kxh9 Qz0 " for i in range(2, 320002)) + "*"),
}
with open(os.path.join(tmp, "index"), "w") as index:
    for i, (name, data) in enumerate(inputs.items()):
        path = os.path.join(tmp, f"{i}.pgn")
        with open(path, "wb") as f:
            f.write(data)
        index.write(f"{path}\t{name}\n")
PY
printf '| input | games | findings | time | peak memory |\n|---|---:|---|---:|---:|\n'
while IFS=$'\t' read -r path name; do
    stats=$( { /usr/bin/time -f '%e %M' "$bin" validate --format json --fail-on never "$path" > "$path.out"; } 2>&1 | tail -n 1)
    games=$(wc -l < "$path.out")
    kinds=$(python3 -c 'import json,sys; print(", ".join(sorted({f["kind"] for l in open(sys.argv[1]) for f in json.loads(l)["findings"]})) or "–")' "$path.out")
    read -r secs kib <<< "$stats"
    printf '| %s | %s | %s | %s s | %.1f MiB |\n' "$name" "$games" "$kinds" "$secs" "$(python3 -c "print($kib/1024)")"
done < "$tmp/index"
