#!/usr/bin/env python3
"""shashki against pydraughts and py-draughts: perft, replaying a PDN collection, a 100 ms search.

A measurement, not a test: it prints a Markdown table (python/README.md quotes it). Run it with
the Python that has shashki installed. pydraughts and py-draughts both install a module named
`draughts`, so each gets a virtual environment of its own, made with pip (from PyPI) in --venvs
on the first run and reused after:

    python3 -m venv /tmp/v && /tmp/v/bin/pip install ./python
    /tmp/v/bin/python python/bench/compare.py --venvs /tmp/bench-venvs

Times are CPU seconds of the process (`time.process_time`), so that other load on the machine
counts little; shashki's single-threaded ones are repeated for at least 0.3 s. What is measured,
all on one machine in one run:
- perft from the start position, single-threaded, bulk-counted (the last ply is counted, not
  played) for all three; the depth is the one where the slower library still finishes in
  seconds (pydraughts 4, py-draughts 6), shashki also deeper;
- replaying a PDN collection: `--games` random legal games (seeded) written by shashki in the
  `pydraughts` style, read and replayed by each library to its final position, which must agree
  with the `FinalFEN` tag; shashki's `read_pdn` reads, checks and replays in one call;
- the depth of a 100 ms search from the start position: shashki's
  `Engine.search(movetime=0.1)` (wall-clock time, as a game clock runs; the median of 5),
  py-draughts' `SimpleEngine` (the deepest `depth_limit` whose search, iterative deepening
  included, takes at most 100 ms of CPU time: a load on the machine slows shashki, not it).
  pydraughts has no engine of its own (it drives external ones).
"""

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

# Square names of Russian draughts in PDN numbering (1 = b8, 32 = g1).
NAMES = [f"{file}{rank}" for rank in range(8, 0, -1)
         for file in (("b", "d", "f", "h") if rank % 2 == 0 else ("a", "c", "e", "g"))]

LIBRARIES = {"pydraughts": "pydraughts", "py-draughts": "py-draughts"}
PERFT_DEPTH = {"pydraughts": 4, "py-draughts": 6}


def canonical(fen):
    """A FEN (numeric or algebraic squares, `K` for kings, maybe quoted in a tag) as a string
    that is the same for the same position: the side to move and the sorted pieces."""
    m = re.search(r'"([^"]*)"', fen)
    if m:
        fen = m.group(1)
    fields = fen.strip().split(":")
    side = fields[0].upper()
    pieces = []
    for field in fields[1:]:
        if not field or field[0].upper() not in "WB":
            continue
        color = field[0].upper()
        for token in filter(None, field[1:].split(",")):
            king = token[0].upper() == "K"
            square = token[1:] if king else token
            name = NAMES[int(square) - 1] if square.isdigit() else square.lower()
            pieces.append(f"{color}{'K' if king else ''}{name}")
    return side + ":" + ",".join(sorted(pieces))


def timed(run, at_least=0.3):
    """(result, CPU seconds per call) of `run()`, repeated until `at_least` seconds have passed."""
    calls, started = 0, time.process_time()
    while True:
        result = run()
        calls += 1
        elapsed = time.process_time() - started
        if elapsed >= at_least:
            return result, elapsed / calls


# --- The workers: run inside a library's virtual environment, answer one JSON line. ----------

def worker(task, argument):
    import draughts

    if hasattr(draughts, "RussianBoard"):  # py-draughts
        new_board = draughts.RussianBoard

        def moves_of(board):
            return board.legal_moves
    else:  # pydraughts
        def new_board():
            return draughts.Board("russian")

        def moves_of(board):
            return board.legal_moves()

    if task == "perft":
        def perft(board, depth):
            moves = moves_of(board)
            if depth == 1:
                return len(moves)
            nodes = 0
            for move in moves:
                board.push(move)
                nodes += perft(board, depth - 1)
                board.pop()
            return nodes

        board = new_board()
        started = time.process_time()
        nodes = perft(board, int(argument))
        return {"nodes": nodes, "seconds": time.process_time() - started}

    if task == "replay":
        started = time.process_time()
        finals, failed = [], []
        if hasattr(draughts, "RussianBoard"):
            with open(argument, encoding="utf-8") as f:
                games = [g for g in re.split(r"\n\s*\n(?=\[)", f.read().strip()) if g.strip()]
            for index, text in enumerate(games):
                try:
                    finals.append(canonical(draughts.RussianBoard.from_pdn(text).fen))
                except Exception as error:  # noqa: BLE001 - the library's errors are untyped
                    finals.append(None)
                    failed.append(f"game {index + 1}: {error!r}")
        else:
            from draughts.PDN import PDNReader
            for index, game in enumerate(PDNReader(filename=argument).games):
                try:
                    board = draughts.Board("russian", game.tags.get("FEN", "startpos"))
                    for text in game.moves:
                        board.push(draughts.Move(board, pdn_move=text))
                    finals.append(canonical(board.fen))
                except Exception as error:  # noqa: BLE001
                    finals.append(None)
                    failed.append(f"game {index + 1}: {error!r}")
        return {"seconds": time.process_time() - started, "finals": finals, "failed": failed}

    if task == "search":
        if not hasattr(draughts, "SimpleEngine"):
            return {"depth": None}
        budget = float(argument)
        depth = 0
        for limit in range(1, 30):
            engine = draughts.SimpleEngine(depth_limit=limit)
            started = time.process_time()
            engine.get_best_move(new_board())
            if time.process_time() - started > budget:
                break
            depth = limit
        return {"depth": depth}

    raise SystemExit(f"unknown task {task}")


# --- The driver: shashki here, the libraries in their own environments. ----------------------

def library_python(venvs, name):
    """The interpreter of `name`'s virtual environment, made on first use."""
    home = os.path.join(venvs, name)
    python = os.path.join(home, "bin", "python")
    if not os.path.exists(python):
        print(f"making {home} (pip install {LIBRARIES[name]})", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", home], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", LIBRARIES[name]], check=True)
    return python


def ask(python, task, argument):
    out = subprocess.run([python, os.path.abspath(__file__), "--worker", task, str(argument)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def collection(shashki, games, seed):
    """`games` random legal games from the start, up to 100 plies, as pydraughts-style PDN,
    each with its final position in a FinalFEN tag."""
    rng = random.Random(seed)
    records = []
    for index in range(games):
        game = shashki.Game()
        while not game.is_over and len(game) < rng.randrange(40, 101):
            game.play(rng.choice(game.legal_moves()))
        records.append(shashki.PdnGame(game, tags={
            "Event": f"random game {index + 1}",
            "FinalFEN": game.position.algebraic_fen,
        }))
    return shashki.write_pdn(records, style="pydraughts")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", nargs=2, metavar=("TASK", "ARGUMENT"), help=argparse.SUPPRESS)
    parser.add_argument("--venvs", default=os.path.join(tempfile.gettempdir(), "shashki-bench"),
                        help="where the libraries' virtual environments are (made if missing)")
    parser.add_argument("--games", type=int, default=50, help="games in the PDN collection")
    parser.add_argument("--seed", type=int, default=46)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return

    import shashki

    start = shashki.Position.start()
    rows = []

    # Perft.
    for name, depth in PERFT_DEPTH.items():
        theirs = ask(library_python(args.venvs, name), "perft", depth)
        nodes, ours = timed(lambda: start.perft(depth, parallel=False))
        assert nodes == theirs["nodes"], (name, nodes, theirs)
        rows.append((f"perft {depth} from the start ({nodes} leaves)", name,
                     f"{theirs['seconds']:.3f} s", f"{ours * 1000:.3f} ms",
                     f"{theirs['seconds'] / ours:,.0f}×"))
    for depth in (8, 10):
        nodes, serial = timed(lambda: start.perft(depth, parallel=False), at_least=0.0)
        rows.append((f"perft {depth} ({nodes:,} leaves)", "shashki alone", "",
                     f"{serial:.3f} s ({nodes / serial / 1e6:.0f} M leaves/s)", ""))

    # Replaying a collection.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "collection.pdn")
        text = collection(shashki, args.games, args.seed)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        plies = 0

        def replay():
            nonlocal plies
            reading = shashki.read_pdn(path)
            assert not reading.errors, reading.errors
            plies = sum(len(r.game) for r in reading)
            return [canonical(r.game.position.fen) for r in reading]

        ours_finals, ours = timed(replay)
        expected = [canonical(m) for m in re.findall(r'\[FinalFEN "([^"]*)"\]', text)]
        assert ours_finals == expected
        for name in LIBRARIES:
            theirs = ask(library_python(args.venvs, name), "replay", path)
            agree = sum(a == b for a, b in zip(theirs["finals"], expected))
            note = "" if agree == args.games else f" ({agree} of {args.games} games right)"
            for problem in theirs["failed"][:3]:
                print(f"{name}: {problem}", file=sys.stderr)
            rows.append((f"replay {args.games} games ({plies} plies) from PDN", name,
                         f"{theirs['seconds']:.2f} s{note}", f"{ours * 1000:.2f} ms",
                         f"{theirs['seconds'] / ours:,.0f}×"))

    # A 100 ms search.
    engine = shashki.Engine(hash_mb=64)
    depths = []
    for _ in range(5):
        engine.new_game()
        depths.append(engine.search(shashki.Game(), movetime=0.1).depth)
    ours = int(statistics.median(depths))
    theirs = ask(library_python(args.venvs, "py-draughts"), "search", 0.1)["depth"]
    rows.append(("depth of a 100 ms search from the start", "py-draughts (SimpleEngine)",
                 f"{theirs}", f"{ours}", f"+{ours - theirs} plies"))
    rows.append(("", "pydraughts", "no engine of its own", "", ""))

    print("| measurement | against | theirs | shashki | ratio |")
    print("|---|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
