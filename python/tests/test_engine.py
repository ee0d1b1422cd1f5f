"""The engine, book and tablebases through Python: legal answers, limits, a stop from another
thread, and the errors of bad arguments."""

import threading
import time

import pytest

import shashki
from shashki import Book, Engine, Game, Position, Tablebases


@pytest.fixture(scope="module")
def engine():
    return Engine(hash_mb=8)


def test_a_search_returns_a_legal_move(engine):
    game = Game()
    game.play("c3-d4")
    result = engine.search(game, depth=6)
    assert result.best_move in game.legal_moves()
    assert result.depth == 6 and result.nodes > 0 and result.source == "search"
    assert result.pv[0] == result.best_move
    # The principal variation is a line of legal moves, each in its own position.
    position = game.position
    for move in result.pv:
        assert move.position == position
        position = position.play(move)
    assert isinstance(result.score, int) and result.score_text[0] in "+-"
    assert "best_move=" in repr(result)


def test_a_position_can_be_searched_too(engine):
    result = engine.search(Position("W:WK29:B25"), nodes=1000)
    assert result.best_move.text == "a1:c3"
    assert result.score > 29000 and result.plies_to_end == 1
    assert result.score_text == "win in 1"


def test_a_lost_position_has_no_best_move(engine):
    result = engine.search(Position("W:W21:B17,14"), depth=3)
    assert result.best_move is None and result.pv == []


def test_a_100ms_search_stays_near_its_time(engine):
    started = time.perf_counter()
    result = engine.search(Game(), movetime=0.1)
    assert time.perf_counter() - started < 1.0
    assert result.depth >= 4 and result.best_move is not None


def test_a_search_is_stopped_from_another_thread(engine):
    results = []
    thread = threading.Thread(
        target=lambda: results.append(engine.search(Position.start(), infinite=True))
    )
    thread.start()
    time.sleep(0.3)  # the search runs without the interpreter: this thread keeps going
    asked = time.perf_counter()
    engine.stop()
    thread.join(timeout=10)
    assert not thread.is_alive()
    assert time.perf_counter() - asked < 1.0
    [result] = results
    assert result.best_move in Position.start().legal_moves()
    assert result.depth >= 1


def test_limits_are_checked(engine):
    with pytest.raises(ValueError, match="exactly one limit"):
        engine.search(Game())
    with pytest.raises(ValueError, match="exactly one limit"):
        engine.search(Game(), depth=3, nodes=10)
    with pytest.raises(ValueError, match="movetime"):
        engine.search(Game(), movetime=-1)
    with pytest.raises(ValueError, match="depth"):
        engine.search(Game(), depth=0)
    with pytest.raises(TypeError, match="search takes"):
        engine.search("W:W21:B1", depth=1)


# White to move with the 7.2.5 count (15 king moves each) at 29 plies: every king move completes
# it (a draw at once), the best man move is a little worse than level for White (about -0.3).
COUNT_DRAW = "W:WK25,10,15,23:BK24,12,16,17:H29"


def draws_at_once(game, move):
    after = game.copy()
    after.play(move)
    return after.status == "drawn"


def test_analyse_takes_the_draw_that_a_playing_engine_with_contempt_refuses():
    game = Game(COUNT_DRAW)
    leaning = Engine(hash_mb=4, contempt=50)
    assert (leaning.contempt, leaning.contempt_ahead) == (50, 60)  # the default's part kept
    # Objective: the draw (0.00) is the best White has.
    objective = leaning.analyse(game, depth=8)
    assert draws_at_once(game, objective.best_move) and objective.score == 0
    # As it plays, the draw is worth -0.50 to it: it plays on, and the score is still objective.
    playing = leaning.search(game, depth=8)
    assert not draws_at_once(game, playing.best_move)
    assert -50 <= playing.score < 0
    # Without contempt, playing and analysing agree.
    plain = Engine(hash_mb=4, contempt=0, contempt_ahead=0)
    assert draws_at_once(game, plain.search(game, depth=8).best_move)


def test_contempt_is_checked():
    with pytest.raises(ValueError, match="contempt must be within -300..=300 centi-men, not 301"):
        Engine(hash_mb=1, contempt=301)
    with pytest.raises(ValueError, match="contempt_ahead must be within 0..=300 centi-men, not -1"):
        Engine(hash_mb=1, contempt_ahead=-1)
    with pytest.raises(TypeError, match="analyse takes"):
        Engine(hash_mb=1).analyse("W:W21:B1", depth=1)


def test_the_book_answers_the_opening():
    book = Book.shipped()
    start = Position.start()
    assert len(book) > 100 and start in book
    moves = book.probe(start)
    assert moves and all(m.move in start.legal_moves() for m in moves)
    assert book.choose(start, policy="best") in start.legal_moves()
    assert book.probe("W:WK29:B25") == []
    result = Engine(hash_mb=1, book=True).search(Game(), depth=4)
    assert result.source == "book" and result.best_move in start.legal_moves()
    with pytest.raises(ValueError, match="unknown book policy"):
        book.choose(start, policy="worst")


def test_bad_books_raise_located_errors(tmp_path):
    with pytest.raises(shashki.BookError, match=r"book.json:1:"):
        Book.from_json("{ not json", "book.json")
    with pytest.raises(FileNotFoundError, match="cannot read book"):
        Book(tmp_path / "missing.json")
    with pytest.raises(FileNotFoundError):
        Engine(hash_mb=1, book=str(tmp_path / "missing.json"))


def test_tablebases_are_built_probed_and_used(tmp_path):
    with pytest.raises(shashki.TablebaseError, match="no usable tablebases"):
        Tablebases(tmp_path / "none")
    tables = Tablebases.build(tmp_path / "tb", max_pieces=3)
    assert tables.max_pieces == 3 and tables.problems == []
    assert Tablebases(tmp_path / "tb").max_pieces == 3
    # Two kings against one on the board's corners: a win; a lone man against a king: a loss.
    entry = tables.probe("W:WK29,K32:BK4")
    assert entry.wdl == "win" and entry.distance % 2 == 1
    assert tables.probe(Position.start()) is None
    move, value = tables.best_move("W:WK29,K32:BK4")
    assert value == entry and move in Position("W:WK29,K32:BK4").legal_moves()
    engine = Engine(hash_mb=1, tablebases=tables)
    result = engine.search(Position("W:WK29,K32:BK4"), depth=2)
    assert result.source == "tablebase" and result.best_move == move
    assert Engine(hash_mb=1, tablebases=tmp_path / "tb").search(Game(), depth=2).best_move
    with pytest.raises(ValueError, match="max_pieces"):
        Tablebases.build(tmp_path / "tb", max_pieces=20)


def test_a_table_too_large_raises_memory_error():
    with pytest.raises(MemoryError):
        Engine(hash_mb=1 << 40)
