"""A tablebase service (``shashki egtb serve`` on some machine) asked over HTTP.

One machine's tables can serve many players: ``TablebaseService(url).probe(position)`` sends
``GET URL?fen=FEN`` with Python's own ``urllib`` (the native module has no HTTP) and returns the
service's answer — the result for the side to move, the plies to the end where the service's
full tables know them, and every legal move with its own result, best first — or ``None`` for a
position the service does not hold (404). Anything else that goes wrong (no answer within
``timeout`` seconds, another status, a body that is not the service's answer for this position)
raises ``TablebaseError`` naming the URL. ``Engine(tablebases=URL)`` asks the service at the
root of each search (see ``Engine``).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import List, NamedTuple, Optional, Tuple, Union

# The package's names (imported before this module by __init__.py), so that type checkers read
# them from its stubs.
from . import Move, Position, TablebaseError

#: Largest answer read, in bytes (a position has at most a few dozen moves).
MAX_ANSWER = 256 * 1024

_RESULTS = ("win", "draw", "loss")


class ServiceMove(NamedTuple):
    """A legal move with its result for the side that plays it (``None``: not held)."""

    move: Move
    wdl: Optional[str]
    plies: Optional[int]


class ServiceAnswer(NamedTuple):
    """The service's answer for a position: its result for the side to move and its moves."""

    wdl: str
    plies: Optional[int]
    moves: List[ServiceMove]


class TablebaseService:
    """The tablebase service at `url` (``http://HOST:PORT[/PATH]``), asked with `timeout`."""

    def __init__(self, url: str, timeout: float = 2.0) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise TablebaseError(
                f"tablebase service URL {url!r}: write http://HOST:PORT[/PATH]"
            )
        if parts.query:
            raise TablebaseError(
                f"tablebase service URL {url!r}: a query (the fen is added to the path)"
            )
        self.url = url
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"<TablebaseService {self.url}>"

    def probe(self, position: Union[Position, str]) -> Optional[ServiceAnswer]:
        """The service's answer for `position` (a ``Position`` or a FEN), ``None`` if not held."""
        if not isinstance(position, Position):
            position = Position(position)
        query = urllib.parse.urlencode({"fen": position.fen})
        target = f"{self.url}{'' if urllib.parse.urlsplit(self.url).path else '/'}?{query}"
        try:
            with urllib.request.urlopen(target, timeout=self.timeout) as reply:
                body = reply.read(MAX_ANSWER + 1)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise TablebaseError(
                f"tablebase service {self.url}: status {error.code}: {error.reason}"
            ) from None
        except (urllib.error.URLError, OSError) as error:
            raise TablebaseError(f"tablebase service {self.url}: {error}") from None
        if len(body) > MAX_ANSWER:
            raise TablebaseError(
                f"tablebase service {self.url}: answer longer than {MAX_ANSWER} bytes"
            )
        try:
            return _read_answer(position, json.loads(body))
        except (ValueError, KeyError, TypeError) as error:
            raise TablebaseError(
                f"tablebase service {self.url}: not an answer for {position.fen}: {error}"
            ) from None

    def _root_answer(self, fen: str) -> Optional[Tuple[str, int]]:
        """For ``Engine``: the best move's numeric text and the plies to the end (negative for a
        loss) when the service knows the win or loss to the ply; else ``None``."""
        answer = self.probe(fen)
        if answer is None or answer.plies is None or not answer.moves:
            return None
        best = answer.moves[0]
        if answer.wdl == "win" and best.wdl == "win":
            return best.move.numeric, answer.plies
        if answer.wdl == "loss" and best.wdl == "loss":
            return best.move.numeric, -answer.plies
        return None


def _result(value: object) -> Optional[str]:
    if value is None:
        return None
    if value not in _RESULTS:
        raise ValueError(f"result {value!r} is not win, draw or loss")
    return str(value)


def _plies(value: object) -> Optional[int]:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"plies {value!r} is not a count")
    return value


def _read_answer(position: Position, json_answer: dict) -> ServiceAnswer:
    wdl = _result(json_answer["wdl"])
    if wdl is None:
        raise ValueError("no result")
    moves = [
        ServiceMove(
            position.parse_move(entry["numeric"]),
            _result(entry.get("wdl")),
            _plies(entry.get("plies")),
        )
        for entry in json_answer["moves"]
    ]
    legal = len(position.legal_moves())
    if len(moves) != legal:
        raise ValueError(f"{len(moves)} moves in the answer, {legal} legal ones")
    return ServiceAnswer(wdl, _plies(json_answer.get("plies")), moves)
