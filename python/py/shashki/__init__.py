"""shashki: Russian draughts (шашки), native.

The rules (``Position``, ``Move``, ``Game``), FEN and PDN (``read_pdn``, ``parse_pdn``,
``write_pdn``), perft, the engine (``Engine``) with its opening book (``Book``) and endgame
tablebases (``Tablebases``) — the Rust library ``shashki`` built as a Python extension module.
Errors raise subclasses of ``ShashkiError``, itself a ``ValueError``, with the library's
located message; what the library warns about is a ``ShashkiWarning``. ``svg`` draws a board
diagram, and positions and games show themselves as boards in Jupyter.

>>> import shashki
>>> shashki.Position.start().perft(6)
37986
"""

from ._shashki import (
    Book,
    BookError,
    BookMove,
    Engine,
    FenError,
    Game,
    GameOverError,
    Move,
    MoveError,
    PdnError,
    PdnGame,
    PdnProblem,
    PdnReading,
    Position,
    SearchResult,
    ShashkiError,
    ShashkiWarning,
    TablebaseEntry,
    Tablebases,
    TablebaseError,
    __version__,
    parse_pdn,
    read_pdn,
    square_name,
    square_number,
    svg,
    write_pdn,
)
from .service import TablebaseService

__all__ = [
    "Book",
    "BookError",
    "BookMove",
    "Engine",
    "FenError",
    "Game",
    "GameOverError",
    "Move",
    "MoveError",
    "PdnError",
    "PdnGame",
    "PdnProblem",
    "PdnReading",
    "Position",
    "SearchResult",
    "ShashkiError",
    "ShashkiWarning",
    "TablebaseEntry",
    "TablebaseError",
    "Tablebases",
    "TablebaseService",
    "__version__",
    "parse_pdn",
    "read_pdn",
    "square_name",
    "square_number",
    "svg",
    "write_pdn",
]
