"""Games through Python: status, result, draw rules, undo and PDN text."""

import pytest

import shashki
from shashki import Game, GameOverError, MoveError, Position


def test_a_game_plays_moves_and_keeps_its_history():
    game = Game()
    for text in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]:
        game.play(text)
    assert len(game) == 4
    assert [m.text for m in game.moves] == ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
    assert game.move_texts("numeric") == ["22-18", "11-15", "18x11", "8x15"]
    assert len(game.positions) == 5 and game.positions[0] == Position.start()
    assert game.start_position == Position.start()
    assert game.status == "ongoing" and game.result == "*" and not game.is_over
    assert game.winner is None and game.draw_reason is None
    assert game.side_to_move == "white"
    last = game.undo()
    assert last.text == "g7:e5" and last.is_capture and len(game) == 3
    assert game.position == last.position
    copy = game.copy()
    copy.play(last)
    assert len(game) == 3 and len(copy) == 4


def test_a_side_without_a_legal_move_loses():
    game = Game("W:WK29:B25")
    move = game.play("a1:c3")
    assert move.captured == [25]
    assert game.status == "white_won" and game.winner == "white"
    assert game.result == "2-0" and game.is_over
    assert "no legal move" in game.status_text
    with pytest.raises(GameOverError, match="the game is over"):
        game.play("c3-d4")


def test_threefold_repetition_draws():
    game = Game("W:WK30,21,24:BK4,5,7")
    for text in ["30-26", "4-8", "26-30", "8-4"] * 2:
        assert game.status == "ongoing"
        game.play(text)
    assert game.repetitions == 3
    assert game.status == "drawn" and game.result == "1-1"
    assert "repetition" in game.draw_reason


def test_draw_rules_are_the_callers_choice():
    # Two kings against one: drawn after 5 moves each (7.2.8) under the full rules; the FEN's
    # lidraughts H field says 9 plies have been played already.
    game = Game("W:WK30,K32:BK5:H9")
    assert game.draw_rules == "full"
    game.play("30-26")
    assert game.status == "drawn" and "7.2.8" in game.draw_reason
    game.draw_rules = "repetition"
    assert game.status == "ongoing"
    assert Game("W:WK30,K32:BK5", draw_rules="basic").draw_rules == "basic"
    with pytest.raises(ValueError, match="unknown draw rules"):
        Game(draw_rules="lenient")


def test_illegal_moves_in_a_game_raise_and_change_nothing():
    game = Game()
    with pytest.raises(MoveError, match="illegal move"):
        game.play("c3-e5")
    move = game.play("c3-d4")
    with pytest.raises(MoveError, match="illegal move"):
        game.play(move)  # White's move again, now Black's turn
    assert len(game) == 1


def test_a_game_from_a_position_and_its_pdn():
    game = Game(Position("W:WK29:B25"))
    game.play("29x22")
    text = game.pdn()
    assert "[FEN \"W:WKa1:Bb2\"]" in text and "2-0" in text
    again = Game.from_pdn(text)
    assert again.moves[0].text == "a1:c3" and again.result == "2-0"
    pydraughts = game.pdn(style="pydraughts", tags={"White": "shashki"})
    assert '[GameType "25,W,8,8,A0,0"]' in pydraughts
    assert '[FEN "W:WKa1:Bb2"]' in pydraughts
    assert '[White "shashki"]' in pydraughts
    assert "a1xc3" in pydraughts
    with pytest.raises(ValueError, match="unknown PDN style"):
        game.pdn(style="chess")


def test_a_bad_pdn_game_raises_a_located_pdn_error():
    with pytest.raises(shashki.PdnError, match=r"line 2: move 1\.\.\. `c3-d4`"):
        Game.from_pdn('[Event "x"]\n1. c3-d4 c3-d4 *\n')
