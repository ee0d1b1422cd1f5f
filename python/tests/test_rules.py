"""The rules through Python: perft against docs/RULES.md §4, FEN, moves and their errors."""

import pickle

import pytest

import shashki
from shashki import FenError, Move, MoveError, Position


# docs/RULES.md §4, convention C (the library's move identity).
START_PERFT = [1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899]


@pytest.mark.parametrize("depth", range(len(START_PERFT)))
def test_perft_from_the_start(depth):
    assert Position.start().perft(depth) == START_PERFT[depth]


def test_perft_conventions_differ_at_depth_8():
    start = Position.start()
    assert start.perft(8, identity="outcome") == 929899
    assert start.perft(8, identity="trajectory") == 929905


@pytest.mark.parametrize(
    "fen, counts",
    [
        ("W:WKe1:Bc3,b6,e7,e5,c5", [8, 29, 194, 625, 3546]),
        ("B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5", [2, 9, 40, 121, 599]),
        ("W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8", [7, 49, 339, 2225, 14308]),
    ],
)
def test_perft_of_other_positions(fen, counts):
    position = Position(fen)
    assert [position.perft(d) for d in range(1, len(counts) + 1)] == counts


def test_perft_refuses_bad_arguments():
    with pytest.raises(ValueError, match="unknown move identity"):
        Position.start().perft(3, identity="sideways")
    with pytest.raises(ValueError, match="beyond"):
        Position.start().perft(40)


def test_fen_numeric_and_algebraic_read_the_same_position():
    numeric = Position("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    assert numeric == Position.start() == Position()
    algebraic = Position(Position.start().algebraic_fen)
    assert algebraic == numeric
    assert hash(algebraic) == hash(numeric)
    assert repr(numeric) == f"Position({numeric.fen!r})"
    assert len({numeric, algebraic, Position.start().play("c3-d4")}) == 2


def test_pieces_by_colour_and_square():
    position = Position("W:WKa1,c3:Bb8,Kd6")
    assert position.side_to_move == "white"
    assert position.pieces("white") == [22, 29]
    assert position.kings("white") == [29]
    assert position.men("white") == [22]
    assert position.pieces("black") == [1, 10]
    assert position.kings("b") == [10]
    assert position.piece_at("a1") == "W"
    assert position.piece_at(22) == "w"
    assert position.piece_at("d6") == "B"
    assert position.piece_at(5) is None
    assert position.piece_count == 4
    assert shashki.square_name(22) == "c3"
    assert shashki.square_number("c3") == 22
    with pytest.raises(ValueError, match="light square"):
        position.piece_at("a2")
    with pytest.raises(ValueError, match="unknown colour"):
        position.pieces("green")


def test_a_flying_king_must_take_both_pieces():
    position = Position("W:WKa1:Bb2,f4")
    assert position.is_capture
    assert position.capturers() == [29]
    texts = sorted(m.text for m in position.legal_moves())
    assert len(texts) == 2 and "a1:e5:g3" in texts
    move = position.parse_move("a1:e5:h2")
    assert move.path == [29, 15, 28]
    assert move.captured == [19, 25]
    assert move.is_capture and not move.promotes and move.is_king_move
    assert (move.from_square, move.to_square) == (29, 28)
    after = position.play(move)
    assert after.fen == "B:WK28:B"
    assert after.is_lost
    assert position.fen == "W:WK29:B19,25"  # unchanged: positions are values


def test_moves_read_in_any_notation():
    start = Position.start()
    a = start.parse_move("c3-d4")
    assert a == start.parse_move("22-18") == start.parse_move("c3d4") == start.parse_move("cd4")
    assert a == Move(start, "c3-d4")
    assert a.text == "c3-d4" and a.numeric == "22-18" and str(a) == "c3-d4"
    assert a.text_in("hub") == "22-18"
    assert repr(a) == "Move('c3-d4')"
    assert a.position == start
    assert a.after() == start.play(a) == start.play("c3-d4")
    assert hash(a) == hash(start.parse_move("22-18"))


def test_a_man_reaching_the_last_rank_is_crowned():
    position = Position("W:Wc7:Bh2")
    moves = position.legal_moves()
    assert sorted(m.text for m in moves) == ["c7-b8", "c7-d8"]
    assert all(m.promotes for m in moves)
    assert position.play("c7-d8").kings("white") == [2]


def test_bad_fens_raise_fen_errors_naming_the_field():
    with pytest.raises(FenError, match="white pieces field: square number 33"):
        Position("W:W33:B1")
    with pytest.raises(FenError) as caught:
        Position("X:W1:B2")
    assert isinstance(caught.value, ValueError)
    assert "side" in str(caught.value)


def test_bad_moves_raise_move_errors_with_the_reason():
    start = Position.start()
    with pytest.raises(MoveError, match=r"illegal move `c3-c5` in W:W21"):
        start.play("c3-c5")
    with pytest.raises(MoveError, match="cannot read move"):
        start.parse_move("c3-")
    # The short form names the origin's file only: the man on h6 and the king on h8 both
    # reach g7.
    with pytest.raises(MoveError, match="ambiguous move `hg7`: could be"):
        Position("W:Wh6,Kh8:Bb8").parse_move("hg7")
    with pytest.raises(TypeError):
        start.play(42)


def test_a_move_of_another_position_is_refused_where_illegal():
    start = Position.start()
    other = start.play("c3-d4")
    with pytest.raises(MoveError, match="illegal move"):
        other.play(start.parse_move("c3-d4"))


def test_positions_and_moves_pickle():
    after = Position.start().play("c3-d4")
    assert pickle.loads(pickle.dumps(after)) == after
    capture = Position("W:WKa1:Bb2,f4").parse_move("a1:e5:h2")
    assert pickle.loads(pickle.dumps(capture)) == capture
