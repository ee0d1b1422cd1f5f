"""What Python users expect of a board library: pickling (through a process pool), push / pop /
peek and iteration, sortable and hashable moves, scores that print as the CLI prints them,
warnings through the warnings module, and board diagrams (SVG) for notebooks."""

import multiprocessing
import pickle
import warnings
import xml.etree.ElementTree as ElementTree

import pytest

import shashki
from shashki import Game, Position

SVG = "{http://www.w3.org/2000/svg}"

GAMES = """[White "A"]
[Black "B"]
1. c3-d4 f6-g5 2. b2-c3 {a quiet move} g7-f6 3. c3-b4 *

[White "C"]
[Black "D"]
[FEN "W:W18,21,22:B10,11,12:H5:F7"]
7. 22-17 12-16 8. 18-14 1-1

[Event "short"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 0-2
"""


def roundtrip(value):
    return pickle.loads(pickle.dumps(value))


def test_every_value_type_pickles(tmp_path):
    reading = shashki.parse_pdn(GAMES)
    assert len(reading) == 3
    for record in reading:
        back = roundtrip(record)
        assert back.game == record.game and back.tags == record.tags
        assert back.result == record.result and back.comments == record.comments
        assert back.pdn() == record.pdn()
    again = roundtrip(reading)
    assert len(again) == 3 and again.encoding == reading.encoding and again.total == 3
    assert [g.game for g in again] == [g.game for g in reading]

    game = Game("W:W18,21,22:B10,11,12:H5:F7", draw_rules="basic")
    game.play("22-17")
    back = roundtrip(game)
    assert back == game and back.draw_rules == "basic" and back.moves == game.moves
    assert back.pdn() == game.pdn()
    back.play("12-16")
    assert len(game) == 1, "the copy is independent"

    broken = shashki.parse_pdn("[Event \"x\"]\n1. c3-d4 c3-d4 *\n")
    problem = broken.errors[0]
    assert str(roundtrip(problem)) == str(problem)
    assert roundtrip(broken).errors[0].message == problem.message

    engine = shashki.Engine(hash_mb=1)
    result = engine.search(game, depth=3)
    back = roundtrip(result)
    assert back.best_move == result.best_move and back.pv == result.pv
    assert (back.score, back.score_text, back.depth, back.nodes, back.source) == (
        result.score,
        result.score_text,
        result.depth,
        result.nodes,
        result.source,
    )

    book = shashki.Book.shipped()
    assert len(roundtrip(book)) == len(book)
    moves = book.probe(Position.start())
    assert [(m.move, m.weight, m.score) for m in map(roundtrip, moves)] == [
        (m.move, m.weight, m.score) for m in moves
    ]
    small = shashki.Book.from_json(
        '{"format": "shashki-book", "version": 1, "positions": ['
        '{"fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",'
        ' "moves": [{"move": "c3-d4", "weight": 3, "score": 0.1}]}]}'
    )
    assert roundtrip(small).probe(Position.start())[0].score == 0.1

    tables = shashki.Tablebases.build(tmp_path / "tb", max_pieces=3)
    entry = tables.probe("W:WK29:B1")
    assert roundtrip(entry) == entry
    assert roundtrip(tables).probe("W:WK29:B1") == entry


def test_an_engine_says_why_it_does_not_pickle():
    with pytest.raises(TypeError, match="Make one Engine in each process"):
        pickle.dumps(shashki.Engine(hash_mb=1))


# A process pool's workers: each makes its own engine once (an Engine is not sent).
_engine = None


def _start_worker():
    global _engine
    _engine = shashki.Engine(hash_mb=1)


def _replay_and_search(record):
    game = record.game
    replayed = Game(game.start_position)
    for move in game:
        replayed.push(move)
    result = _engine.search(game, depth=2)
    return game, [m.text for m in replayed], result


def test_a_process_pool_works_over_games():
    records = list(shashki.parse_pdn(GAMES))
    with multiprocessing.Pool(2, initializer=_start_worker) as pool:
        answers = pool.map(_replay_and_search, records)
    assert [game for game, _, _ in answers] == [r.game for r in records]
    for (game, moves, result), record in zip(answers, records):
        assert moves == [m.text for m in record.game.moves]
        if game.is_over:
            continue
        assert result.best_move in game.legal_moves()
        assert result.best_move.position == record.game.position


def test_push_pop_peek_iteration_and_length():
    game = Game()
    assert len(game) == 0 and list(game) == []
    with pytest.raises(IndexError):
        game.pop()
    with pytest.raises(IndexError):
        game.peek()
    first = game.push("c3-d4")
    second = game.push(game.legal_moves()[0])
    assert game.peek() == second and len(game) == 2
    assert list(game) == [first, second] == game.moves
    assert [m.text for m in game] == ["c3-d4", second.text]
    assert game.pop() == second and game.peek() == first and len(game) == 1
    with pytest.raises(shashki.MoveError):
        game.push("a1-b2")


def test_moves_sort_and_hash():
    start = Position.start()
    moves = start.legal_moves()
    assert [m.numeric for m in sorted(moves)] == sorted(
        (m.numeric for m in moves), key=lambda t: [int(s) for s in t.split("-")]
    )
    assert len(set(moves + start.legal_moves())) == 7
    assert {m: m.text for m in moves}[start.parse_move("c3-d4")] == "c3-d4"
    assert start.parse_move("c3-d4") < start.parse_move("e3-d4")
    assert max(moves).text == "g3-h4"
    with pytest.raises(TypeError):
        _ = moves[0] < "c3-d4"
    assert moves[0] != "c3-d4"
    # A capture sorts by its whole path, then the pieces it takes.
    king = Position("W:WKa1:Bb2,f4")
    assert [m.text for m in sorted(king.legal_moves())] == ["a1:e5:g3", "a1:e5:h2"]


def test_scores_print_as_the_cli_prints_them():
    for move in shashki.Book.shipped().probe(Position.start()):
        assert move.score is not None
        # The decimal the book holds (the CLI prints it with two decimals), not a widened f32.
        assert float(f"{move.score:.2f}") == move.score, move.score
        assert len(repr(move.score)) <= 5
    result = shashki.Engine(hash_mb=1).search(Position.start(), depth=4)
    assert isinstance(result.score, int)
    assert result.score_text == f"{result.score / 100:+.2f}"


def test_warnings_reach_python_and_stay_on_the_reading():
    text = "".join(f'[Event "{i}"]\n1. - - 2. - - *\n\n' for i in range(8)).encode()
    with pytest.warns(shashki.ShashkiWarning) as caught:
        reading = shashki.read_pdn(text)
    messages = [str(w.message) for w in caught]
    assert len(reading.warnings) == 8 and len(reading) == 8
    assert messages[0] == str(reading.warnings[0])
    assert "line 2: the moves are placeholders" in messages[0]
    assert len(messages) == 6, messages
    assert messages[-1] == "PDN: 3 more warnings (PdnReading.warnings has them all)"
    assert all(issubclass(w.category, UserWarning) for w in caught)
    with warnings.catch_warnings():
        warnings.simplefilter("error", shashki.ShashkiWarning)
        with pytest.raises(shashki.ShashkiWarning):
            shashki.read_pdn(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(shashki.parse_pdn(GAMES)) == 3, "a clean file warns of nothing"


def test_a_dos_file_is_read_as_cp866_and_said():
    text = '[Event "Чемпионат СССР"]\r\n[White "Иванов И."]\r\n[Black "Ёлкин"]\r\n\r\n1. c3-d4 *\r\n'
    with pytest.warns(shashki.ShashkiWarning, match="CP866, the Cyrillic code page of DOS"):
        reading = shashki.read_pdn(text.encode("cp866"))
    assert reading.encoding == "CP866 (DOS Cyrillic)" and not reading.encoding_guessed
    assert reading[0].tags["White"] == "Иванов И." and reading[0].tags["Black"] == "Ёлкин"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert shashki.read_pdn(text.encode("cp1251")).encoding == "windows-1251"
    with pytest.warns(shashki.ShashkiWarning, match="read as\\s+windows-1252"):
        assert shashki.read_pdn("[Site \"Zürich, café\"]\n1. c3-d4 *\n".encode("cp1252")).encoding_guessed


def test_ten_by_ten_games_and_problems_without_moves_are_told():
    international = '[Event "a"]\n1. 33-28 19-23 *\n\n[FEN "W:W31,32,33:B1,2"]\n1. 33-29 *\n'
    with pytest.warns(shashki.ShashkiWarning, match="another variant"):
        reading = shashki.parse_pdn(international)
    assert reading.looks_like_other_variant and len(reading) == 0
    assert all(e.other_variant and "10×10" in e.message for e in reading.errors)
    problems = '[FEN "W:W22,Kc1:B18,11"]\n2-0\n\n[FEN "B:W27:BK4"]\n0-2\n'
    with pytest.warns(shashki.ShashkiWarning, match="a problem without its solution"):
        reading = shashki.parse_pdn(problems)
    assert len(reading) == 2 and len(reading.warnings) == 2


def pieces_drawn(svg_text):
    """The pieces an SVG diagram shows, as {square name: (colour, role)}, read with a real
    XML parser."""
    root = ElementTree.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    drawn = {}
    for group in root.iter(SVG + "g"):
        classes = group.get("class", "").split()
        if classes[:1] == ["piece"]:
            drawn[group.get("data-square")] = (classes[1], classes[2])
    return drawn


def pieces_of(position):
    expected = {}
    for color in ("white", "black"):
        for number in position.men(color):
            expected[shashki.square_name(number)] = (color, "man")
        for number in position.kings(color):
            expected[shashki.square_name(number)] = (color, "king")
    return expected


def test_positions_and_games_draw_themselves():
    position = Position("W:Wc3,a1:Bd4,f6,d6,b6,Kh8")
    assert pieces_drawn(position._repr_svg_()) == pieces_of(position)
    text = shashki.svg(position, move="c3:e5:c7:a5", flipped=True, size=240, highlight=[29])
    root = ElementTree.fromstring(text)
    assert root.get("width") == "240"
    assert pieces_drawn(text) == pieces_of(position)
    [route] = [g for g in root.iter(SVG + "g") if g.get("class") == "move"]
    assert route.get("data-path") == "c3 e5 c7 a5"
    crossed = sorted(g.get("data-square") for g in root.iter(SVG + "g") if g.get("class") == "captured")
    assert crossed == ["b6", "d4", "d6"]
    tinted = [r.get("data-square") for r in root.iter(SVG + "rect") if r.get("class") == "highlight"]
    assert tinted == ["a1"]
    # A turned board puts a1 in the upper right corner.
    corner = [r for r in root.iter(SVG + "rect") if r.get("data-square") == "a1"][0]
    assert float(corner.get("x")) > 200 and float(corner.get("y")) < 100

    game = Game()
    game.push("c3-d4")
    drawn = ElementTree.fromstring(game._repr_svg_())
    tinted = sorted(r.get("data-square") for r in drawn.iter(SVG + "rect") if r.get("class") == "last-move")
    assert tinted == ["c3", "d4"]
    assert pieces_drawn(shashki.svg(game)) == pieces_of(game.position)
    assert pieces_drawn(shashki.svg(game.position.fen)) == pieces_of(game.position)
    record = shashki.parse_pdn(GAMES)[1]
    assert pieces_drawn(record._repr_svg_()) == pieces_of(record.game.start_position)


def test_bad_diagram_arguments_raise():
    position = Position.start()
    with pytest.raises(TypeError, match="svg draws a shashki.Position"):
        shashki.svg(42)
    with pytest.raises(shashki.FenError):
        shashki.svg("W:W33:B1")
    with pytest.raises(shashki.MoveError):
        shashki.svg(position, move="c3-e5")
    with pytest.raises(shashki.MoveError, match="illegal"):
        shashki.svg(position, move=Position("W:W22:B18").legal_moves()[0])
    with pytest.raises(ValueError, match="size"):
        shashki.svg(position, size=0)
    with pytest.raises(ValueError, match="light square"):
        shashki.svg(position, highlight=["a2"])
