#!/usr/bin/env python3
"""Differential check of arbiter against python-chess, game by game.

For every game of the given PGN files (plain or .zst), python-chess replays
the main line and finds the first automatic ending: checkmate (5.1.1),
stalemate (5.2.1), dead position by insufficient material (5.2.2), fivefold
repetition (9.6.1) or the 75-move rule (9.6.2). `arbiter validate --format
json` must agree on the number of games, the plies replayed, and the kind and
ply of that first ending.

Usage: scripts/oracle.py [--arbiter PATH] FILE...
Exit code 0 when every game agrees, 1 otherwise.
"""

import argparse
import io
import json
import multiprocessing
import subprocess
import sys

import chess
import chess.pgn

KINDS = {
    "checkmate": 0,
    "stalemate": 1,
    "dead-position": 2,
    "fivefold-repetition": 3,
    "seventy-five-move-rule": 4,
}


def first_ending(board, ply):
    if board.is_checkmate():
        return ("checkmate", ply)
    if board.is_stalemate():
        return ("stalemate", ply)
    if board.is_insufficient_material():
        return ("dead-position", ply)
    if board.is_fivefold_repetition():
        return ("fivefold-repetition", ply)
    if board.is_seventyfive_moves():
        return ("seventy-five-move-rule", ply)
    return None


def oracle(pgn_text):
    game = chess.pgn.read_game(io.StringIO(pgn_text))
    if game is None:
        return None
    board = game.board()
    ending = first_ending(board, 0)
    ply = 0
    for move in game.mainline_moves():
        if not move:
            # A null move is no move of over-the-board chess: arbiter stops there.
            return {"plies": ply, "ending": ending, "errors": 1}
        board.push(move)
        ply += 1
        if ending is None:
            ending = first_ending(board, ply)
    return {"plies": ply, "ending": ending, "errors": len(game.errors)}


def read_text(path):
    if path.endswith(".zst"):
        import zstandard

        with open(path, "rb") as f:
            data = zstandard.ZstdDecompressor().stream_reader(f).read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    return data.decode("utf-8", errors="replace")


def split_games(text):
    """Games as python-chess sees them, each as its own text."""
    stream = io.StringIO(text)
    games = []
    while True:
        start = stream.tell()
        headers = chess.pgn.read_headers(stream)
        if headers is None:
            break
        end = stream.tell()
        games.append(text_slice(text, start, end))
    return games


def text_slice(text, start, end):
    # StringIO.tell() is an opaque cookie for str streams but a plain index here.
    return text[start:end]


def ours(arbiter, path):
    out = subprocess.run(
        [arbiter, "validate", "--format", "json", "--fail-on", "never", path],
        check=True,
        capture_output=True,
    )
    rows = [json.loads(line) for line in out.stdout.decode().splitlines()]
    result = []
    for row in rows:
        endings = [
            (f["kind"], f["ply"]) for f in row["findings"] if f["kind"] in KINDS
        ]
        result.append({"plies": row["plies"], "ending": endings[0] if endings else None, "line": row["line"]})
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arbiter", default="target/release/arbiter")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failures = 0
    total = 0
    beyond = 0
    with multiprocessing.Pool() as pool:
        for path in args.files:
            games = split_games(read_text(path))
            theirs = [g for g in pool.map(oracle, games, chunksize=64) if g is not None]
            mine = ours(args.arbiter, path)
            if len(theirs) != len(mine):
                print(f"{path}: python-chess reads {len(theirs)} games, arbiter {len(mine)}")
                failures += 1
                continue
            disagreements = 0
            for index, (t, m) in enumerate(zip(theirs, mine), start=1):
                if t["errors"]:
                    continue  # an illegal record: python-chess skips what arbiter reports
                if (
                    m["ending"]
                    and m["ending"][0] == "dead-position"
                    and t["plies"] == m["plies"]
                    and (not t["ending"] or t["ending"][1] > m["ending"][1])
                ):
                    # A dead position python-chess's material rule cannot see (a pawn wall that
                    # CHA proves): arbiter goes further, which is no disagreement.
                    beyond += 1
                    print(f"{path} game {index} (line {m['line']}): dead position at ply {m['ending'][1]} beyond python-chess")
                    continue
                if t["plies"] != m["plies"] or (t["ending"] and tuple(t["ending"]) != tuple(m["ending"] or ())) or (
                    m["ending"] and not t["ending"]
                ):
                    disagreements += 1
                    if disagreements <= 10:
                        print(f"{path} game {index} (line {m['line']}): python-chess {t}, arbiter {m}")
            total += len(theirs)
            failures += disagreements
            print(f"{path}: {len(theirs)} games, {disagreements} disagreement(s)")
    print(f"{total} games compared, {failures} disagreement(s), {beyond} dead position(s) beyond python-chess")
    print(f"oracle: {total - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
