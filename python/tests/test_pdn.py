"""PDN files through Python: the forms real files take (encodings, tags, comments, scoring,
numeric and algebraic moves, a broken game among good ones), writing, and their errors."""

import pytest

import shashki
from shashki import Game, PdnError, parse_pdn, read_pdn, write_pdn

# A tournament file as Russian programs write them: Cyrillic tags, numeric moves with `-` and
# `x`, a comment, chess scoring; a second game from a FEN with algebraic moves and `:`; a third
# whose second move is illegal; a fourth as lidraughts exports (one line, algebraic FEN).
COLLECTION = """[Event "Чемпионат города"]
[Site "Казань"]
[Date "1998.03.14"]
[Round "3"]
[White "Иванов И."]
[Black "Петров П."]
[Result "1-0"]
[GameType "25"]

1. 22-18 11-15 2. 18x11 {размен} 8x15 3. 23-19 3-8 4. 24-20 15x24 5. 28x19 8-11
6. 19-15 10x19 7. 26-22 4-8 1-0

[Event "Этюд"]
[White "Решение"]
[Black "?"]
[Result "2-0"]
[FEN "W:WKa1:Bb2,f4"]

1. a1:e5:h2 2-0

[Event "Ошибка"]
[White "A"]
[Black "B"]
[Result "*"]

1. c3-d4 c3-d4 *

[Event "Casual game"]
[Site "https://lidraughts.org/abcdefgh"]
[White "anna"]
[Black "boris"]
[Result "0-2"]
[GameType "25"]
[FEN "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Bb6,b8,a7,c7,d6,d8,e7,f6,f8,g7,h6,h8"]
1. c3d4 f6g5 2. g3h4 g7f6 3. b2c3 b6a5 0-2
"""


def check_collection(reading):
    assert reading.total == 4
    assert len(reading) == 3
    first, study, lidraughts = reading
    assert first.tags["White"] == "Иванов И."
    assert first.tag("Site") == "Казань"
    assert first.result == "2-0"  # chess scoring read as draughts scoring
    assert len(first.game.moves) == 14
    assert first.comments[2] == "размен"
    assert study.game.moves[0].captured == [19, 25]
    assert study.game.result == "2-0"
    assert lidraughts.result == "0-2"
    assert lidraughts.game.move_texts() == ["c3-d4", "f6-g5", "g3-h4", "g7-f6", "b2-c3", "b6-a5"]
    [error] = reading.errors
    assert (error.game, error.line) == (3, 26)
    assert "Ошибка" in error.description
    assert "move 1... `c3-d4`: illegal move" in error.message
    assert str(error).startswith('PDN game 3 (White "A" – Black "B", Event "Ошибка"), line 26:')
    assert not error.other_variant
    assert not reading.looks_like_other_variant


def test_a_utf8_file_read_from_its_path(tmp_path):
    path = tmp_path / "collection.pdn"
    path.write_bytes(COLLECTION.encode("utf-8"))
    reading = read_pdn(path)
    assert reading.encoding == "UTF-8" and not reading.encoding_guessed
    check_collection(reading)
    assert len(read_pdn(str(path))) == 3


def test_a_windows_1251_file_is_detected():
    reading = read_pdn(COLLECTION.encode("cp1251"))
    assert reading.encoding == "windows-1251"
    check_collection(reading)


def test_a_utf16_file_with_a_byte_order_mark():
    reading = read_pdn(COLLECTION.replace("\n", "\r\n").encode("utf-16"))
    assert reading.encoding.startswith("UTF-16")
    check_collection(reading)


def test_a_utf8_file_with_a_few_bad_bytes_is_repaired_and_reported():
    data = COLLECTION.encode("utf-8").replace("Казань".encode("utf-8"), b"Kaz\xe0n")
    with pytest.warns(shashki.ShashkiWarning, match="line 2: bytes that are not UTF-8"):
        reading = read_pdn(data)
    assert reading.encoding == "UTF-8 (bad bytes replaced)"
    assert len(reading) == 3
    assert any("Site" in w.message for w in reading.warnings)


def test_text_is_parsed_and_games_written_back():
    reading = parse_pdn(COLLECTION)
    check_collection(reading)
    text = write_pdn(reading, style="pdn3")
    again = parse_pdn(text)
    assert len(again) == 3 and not again.errors
    for before, after in zip(reading, again):
        assert before.game.moves == after.game.moves
        assert before.tags["White"] == after.tags["White"]
        assert before.result == after.result
    lidraughts = write_pdn([g.game for g in reading], style="lidraughts")
    assert lidraughts.count("[GameType") == 3 and "x" in lidraughts


def test_write_pdn_to_a_path(tmp_path):
    game = Game()
    game.play("c3-d4")
    record = shashki.PdnGame(game, tags={"White": "Me", "Black": "You"}, result="1-1")
    path = tmp_path / "out.pdn"
    text = write_pdn([record], path=path)
    assert path.read_text(encoding="utf-8") == text
    assert '[Result "1-1"]' in text and text.rstrip().endswith("1-1")
    [back] = read_pdn(path)
    assert back.tags["White"] == "Me" and back.game.moves[0].text == "c3-d4"


def test_another_variants_file_is_recognised():
    international = '[GameType "20"]\n1. 32-28 19-23 *\n' * 3
    with pytest.warns(shashki.ShashkiWarning, match="3 of 3 games look like another variant"):
        reading = parse_pdn(international)
    assert len(reading) == 0 and reading.total == 3
    assert reading.looks_like_other_variant
    assert all(e.other_variant for e in reading.errors)
    assert "not Russian draughts?" in reading.errors[0].message


def test_unreadable_sources_raise(tmp_path):
    with pytest.raises(FileNotFoundError, match="cannot read .*missing.pdn"):
        read_pdn(tmp_path / "missing.pdn")
    with pytest.raises(IsADirectoryError):
        read_pdn(tmp_path)
    with pytest.raises(PdnError, match="NUL bytes"):
        read_pdn(b"\x00\x01binary")
    with pytest.raises(TypeError):
        read_pdn(12)
    with pytest.raises(TypeError, match="write_pdn takes"):
        write_pdn(["not a game"])
    with pytest.raises(ValueError, match="unknown result"):
        shashki.PdnGame(Game(), result="3-0")
    assert len(parse_pdn("")) == 0
