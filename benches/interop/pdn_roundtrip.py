#!/usr/bin/env python3
"""PDN round trips between shashki and the Python draughts libraries, 100 games each way.

pydraughts (module `draughts`, PDNReader/PDNWriter) and py-draughts (module `draughts` too,
RussianBoard) install the same module name, so each needs its own virtual environment; the
script finds out which one it runs with:

    cargo build -p shashki-cli && cargo build -p shashki --example random_pdn
    python3 -m venv /tmp/v1 && /tmp/v1/bin/pip install pydraughts
    python3 -m venv /tmp/v2 && /tmp/v2/bin/pip install py-draughts
    /tmp/v1/bin/python benches/interop/pdn_roundtrip.py
    /tmp/v2/bin/python benches/interop/pdn_roundtrip.py

Both directions compare positions, not text:
- shashki -> library: `random_pdn` writes random legal games in the library's style (pydraughts:
  algebraic, `x`, algebraic FEN; py-draughts: the lidraughts-numeric style) with each game's
  final position in a `FinalFEN` tag; the library replays every game and must reach it.
- library -> shashki: the library plays random legal games and writes them with its own writer;
  `shashki pdn check --json` must read every game, and `shashki pdn convert` writes them back in
  the library's style, which the library replays to the final positions it had itself.
Exit code 0 only when every game passes both ways in the library's first style. Nothing here runs in the normal test suite.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "..", "..", "target", "debug")

# Square names of Russian draughts in PDN numbering (1 = b8, 32 = g1).
NAMES = [f"{file}{rank}" for rank in range(8, 0, -1)
         for file in (("b", "d", "f", "h") if rank % 2 == 0 else ("a", "c", "e", "g"))]


def canonical(fen):
    """A FEN (numeric or algebraic squares, `K` for kings) as (side, frozenset of pieces)."""
    fen = fen.strip()
    m = re.search(r'\[FEN\s*"([^"]*)"\]', fen)
    if m:
        fen = m.group(1)
    fields = fen.split(":")
    side = fields[0].upper()
    pieces = set()
    for field in fields[1:]:
        if not field or field[0].upper() not in "WB":
            continue
        color = field[0].upper()
        for token in filter(None, field[1:].split(",")):
            king = token[0].upper() == "K"
            square = token[1:] if king else token
            name = NAMES[int(square) - 1] if square.isdigit() else square.lower()
            pieces.add((color, king, name))
    return side, frozenset(pieces)


def run(command):
    return subprocess.run(command, capture_output=True, text=True, check=False)


def shashki_reads(shashki, path, style, games):
    """How many games shashki reads from `path`, and its conversion to `style` (a path)."""
    check = run([shashki, "pdn", "check", "--json", path])
    report = json.loads(check.stdout.splitlines()[0])
    if report["failed"]:
        for failure in report["failed"][:5]:
            print("  shashki could not read:", failure, file=sys.stderr)
    converted = path + f".{style}.pdn"
    convert = run([shashki, "pdn", "convert", "--style", style, "-o", converted, path])
    if convert.returncode not in (0, 1):
        raise SystemExit(f"shashki pdn convert failed: {convert.stderr}")
    assert report["games"] == games, report
    return report["read"], converted


def split_games(text):
    return [g for g in re.split(r"\n\s*\n(?=\[)", text.strip()) if g.strip()]


class PyDraughts:
    """pydraughts 0.6 (PDNReader, PDNWriter, Board('russian')).

    Its reader duplicates the first move of a game that Black starts (`1... f8-g7` reads as
    f8-g7 twice, its own writer's output included) and drops every game after one without
    moves: games for it start with White to move and have moves (`--white-first`).
    """

    name = "pydraughts"
    styles = ("pydraughts",)
    white_first = True

    def __init__(self):
        from draughts import Board, Move
        from draughts.PDN import PDNReader, PDNWriter
        self.Board, self.Move, self.Reader, self.Writer = Board, Move, PDNReader, PDNWriter

    def replay_file(self, path):
        """The final position of every game of a file, or the exception that stopped it."""
        finals = []
        for game in self.Reader(filename=path).games:
            try:
                board = self.Board("russian", game.tags.get("FEN", "startpos"))
                for text in game.moves:
                    board.push(self.Move(board, pdn_move=text))
                finals.append((canonical(board.fen), game.tags.get("FinalFEN")))
            except Exception as error:  # noqa: BLE001 - the library's errors are untyped
                finals.append((error, game.tags.get("FinalFEN")))
        return finals

    def random_games(self, rng, count):
        """(PDN text, final position) of `count` random legal games."""
        out = []
        for index in range(count):
            board = self.Board("russian")
            if rng.random() < 0.25:
                for _ in range(rng.randrange(2, 15) * 2):
                    moves = board.legal_moves()
                    if not moves or board.is_over():
                        break
                    board.push(rng.choice(moves))
                board = self.Board("russian", board.fen)
            for _ in range(rng.randrange(1, 120)):
                moves = board.legal_moves()
                if not moves or board.is_over():
                    break
                board.push(rng.choice(moves))
            writer = self.Writer(filename="", board=board,
                                 tags={"Event": f"pydraughts game {index + 1}"}, game_ending="*")
            out.append((writer.pdn_text, canonical(board.fen)))
        return out


class PyDraughtsMiskibin:
    """py-draughts 1.x (RussianBoard, Board.pdn, Board.from_pdn)."""

    name = "py-draughts"
    # It reads numeric and algebraic PDN; in the lidraughts-numeric style (numeric squares; the
    # `lidraughts` style is algebraic, as lidraughts.org exports) a king's move `1-10`..`1-19`
    # in a game whose Result tag is `1-1` ends its reading (it takes the move's start for the
    # result), so that style is measured too but does not decide the exit code.
    styles = ("pydraughts", "lidraughts-numeric", "lidraughts")
    white_first = False

    def __init__(self):
        from draughts import RussianBoard
        self.Board = RussianBoard

    def replay_file(self, path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        finals = []
        for game in split_games(text):
            final = re.search(r'\[FinalFEN "([^"]*)"\]', game)
            final = final.group(1) if final else None
            try:
                board = self.Board.from_pdn(game)
                finals.append((canonical(board.fen), final))
            except Exception as error:  # noqa: BLE001
                finals.append((error, final))
        return finals

    def random_games(self, rng, count):
        out = []
        for index in range(count):
            board = self.Board()
            if rng.random() < 0.25:
                for _ in range(rng.randrange(4, 30)):
                    moves = board.legal_moves
                    if not moves or board.game_over:
                        break
                    board.push(rng.choice(moves))
                fen = re.search(r'"([^"]*)"', board.fen).group(1)
                board = self.Board.from_fen(fen)
            for _ in range(rng.randrange(1, 120)):
                moves = board.legal_moves
                if not moves or board.game_over:
                    break
                board.push(rng.choice(moves))
            text = f'[Event "py-draughts game {index + 1}"]\n' + board.pdn + "\n"
            out.append((text, canonical(board.fen)))
        return out


def library():
    import draughts
    if hasattr(draughts, "RussianBoard"):
        return PyDraughtsMiskibin()
    return PyDraughts()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shashki", default=os.path.join(TARGET, "shashki"))
    parser.add_argument("--random-pdn", default=os.path.join(TARGET, "examples", "random_pdn"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lib = library()
    rng = random.Random(args.seed)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        theirs_games = lib.random_games(rng, args.games)
        for style in lib.styles:
            # shashki -> library.
            ours = os.path.join(tmp, f"shashki-{style}.pdn")
            command = [args.random_pdn, "--games", str(args.games), "--seed", str(args.seed),
                       "--style", style]
            if lib.white_first:
                command.append("--white-first")
            made = run(command)
            if made.returncode != 0:
                raise SystemExit(f"random_pdn failed: {made.stderr}")
            with open(ours, "w", encoding="utf-8") as f:
                f.write(made.stdout)
            results = lib.replay_file(ours)
            good = sum(1 for got, want in results
                       if not isinstance(got, Exception) and want and got == canonical(want))
            for got, want in results:
                if isinstance(got, Exception) or not want or got != canonical(want):
                    print(f"  {lib.name} misread a shashki game: {got!r} vs {want}",
                          file=sys.stderr)
                    break
            print(f"shashki -> {lib.name} ({style} style): {good}/{args.games} games replayed "
                  f"to shashki's final position")
            counted = style == lib.styles[0]
            failures += (args.games - good) if counted else 0

            # library -> shashki -> library.
            theirs = os.path.join(tmp, f"theirs-{style}.pdn")
            with open(theirs, "w", encoding="utf-8") as f:
                f.write("".join(text if text.endswith("\n\n") else text + "\n"
                                for text, _ in theirs_games))
            read, converted = shashki_reads(args.shashki, theirs, style, args.games)
            back = lib.replay_file(converted)
            same = sum(1 for (got, _), (_, want) in zip(back, theirs_games) if got == want)
            print(f"{lib.name} -> shashki: {read}/{args.games} games read; written back in the "
                  f"{style} style, {same}/{args.games} replay to {lib.name}'s final position")
            failures += ((args.games - read) + (args.games - same)) if counted else 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
