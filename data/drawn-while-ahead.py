#!/usr/bin/env python3
"""Makes data/drawn-while-ahead.jsonl, the project's copy of the drawn-while-ahead positions.

The positions come from games against Kallisto 4 (issue 57) that shashki drew although its own
score had been at least +0.5 at some point: for each game, the start position, the moves in Hub
notation up to shashki's best-scored position, that position's FEN and the move shashki played
there. Only these are kept (nothing of the games' engines, scores or results), one JSON object
a line, in the input's order:

    python3 data/drawn-while-ahead.py SOURCE.jsonl > data/drawn-while-ahead.jsonl

`shashki test-set data/drawn-while-ahead.jsonl` searches each position.
"""

import json
import sys


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: drawn-while-ahead.py SOURCE.jsonl > drawn-while-ahead.jsonl")
    try:
        source = open(sys.argv[1], encoding="utf-8")
    except OSError as error:
        sys.exit(f"{sys.argv[1]}: {error.strerror}")
    with source:
        for number, text in enumerate(source, 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
                kept = {key: row[key] for key in ("start_fen", "hub_moves", "fen", "played")}
            except (json.JSONDecodeError, KeyError) as error:
                sys.exit(f"{sys.argv[1]}:{number}: {error}")
            print(json.dumps({"start_fen": kept["start_fen"], "moves": kept["hub_moves"],
                              "fen": kept["fen"], "played": kept["played"]}, ensure_ascii=False))


if __name__ == "__main__":
    main()
