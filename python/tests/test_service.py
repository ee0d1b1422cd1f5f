"""The package against a real tablebase service: ``shashki egtb serve`` started on a loopback
port over tables it built, asked through ``shashki.service.TablebaseService`` and by an
``Engine`` given the service's URL instead of a directory."""

import os
import pathlib
import subprocess

import pytest

import shashki
from shashki.service import TablebaseService

ROOT = pathlib.Path(__file__).resolve().parents[2]
WON = "W:WK1,K2:B28"  # two kings against a man: a win in 7 plies


def _program() -> str:
    given = os.environ.get("SHASHKI_BIN")
    if given:
        assert pathlib.Path(given).is_file(), f"SHASHKI_BIN={given} is not a file"
        return given
    for profile in ("debug", "release"):
        candidate = ROOT / "target" / profile / "shashki"
        if candidate.is_file():
            return str(candidate)
    pytest.skip("no shashki program: cargo build -p shashki-cli, or set SHASHKI_BIN")


@pytest.fixture(scope="module")
def service_url(tmp_path_factory):
    program = _program()
    tables = tmp_path_factory.mktemp("tables")
    subprocess.run(
        [program, "egtb", "build", "--pieces", "3", "--tablebases", str(tables)],
        check=True,
        capture_output=True,
    )
    serve = subprocess.Popen(
        [program, "egtb", "serve", "--bind", "127.0.0.1:0", "--threads", "1"]
        + ["--tablebases", str(tables)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        first = serve.stdout.readline()
        assert "http://" in first, first
        yield "http://" + first.split("http://")[1].split("/")[0]
    finally:
        serve.kill()
        serve.wait()


def test_the_service_answers_a_position_and_every_move(service_url):
    service = TablebaseService(service_url)
    answer = service.probe(WON)
    assert (answer.wdl, answer.plies) == ("win", 7)
    assert (answer.moves[0].wdl, answer.moves[0].plies) == ("win", 7)
    assert len(answer.moves) == len(shashki.Position(WON).legal_moves())
    # Four pieces: more than the service holds.
    assert service.probe("W:W21,22,23:B10") is None


def test_an_engine_with_the_services_url_wins_to_the_ply(service_url):
    # No tables of its own and one node a move: only the service's answers win in exactly the
    # plies the tables say against their longest defence.
    engine = shashki.Engine(hash_mb=4, tablebases=service_url)
    service = TablebaseService(service_url)
    game = shashki.Game(WON)
    while not game.is_over and len(game) < 20:
        if game.side_to_move == "white":
            result = engine.search(game, nodes=1)
            assert result.source == "tablebase"
            assert result.plies_to_end is not None
            game.play(result.best_move)
        else:
            game.play(service.probe(game.position).moves[0].move)
    assert (game.winner, len(game)) == ("white", 7)


def test_a_failing_service_is_a_warning_and_the_engine_searches():
    engine = shashki.Engine(hash_mb=4, tablebases="http://127.0.0.1:1")
    with pytest.warns(shashki.ShashkiWarning, match="127.0.0.1:1"):
        result = engine.search(shashki.Position(WON), nodes=100)
    assert result.source == "search" and result.best_move is not None


def test_urls_that_are_not_a_services_are_refused():
    for url in ["ftp://tables", "tables:8080", "http://tables/?fen=x"]:
        with pytest.raises(shashki.TablebaseError):
            TablebaseService(url)
