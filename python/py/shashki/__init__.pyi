"""Type stubs of shashki (the native module shashki._shashki, re-exported here)."""

import os
from typing import Iterable, Iterator, Literal, Mapping, Optional, Tuple, Union, final

from .service import TablebaseService

__version__: str

_Color = Literal["white", "black", "w", "b"]
_Square = Union[int, str]
_Notation = Literal["algebraic", "numeric", "hub"]
_DrawRules = Literal["full", "basic", "repetition"]
_PdnStyle = Literal["pdn3", "lidraughts", "lidraughts-numeric", "pydraughts"]
_BookPolicy = Literal["weighted", "best", "uniform", "first", "last"]
_StrPath = Union[str, "os.PathLike[str]"]
_Tags = Union[Mapping[str, str], Iterable[Tuple[str, str]]]

class ShashkiError(ValueError):
    """Base class of the errors of shashki: the library's located message."""

class FenError(ShashkiError):
    """A FEN that cannot be read; the message names the field that failed."""

class MoveError(ShashkiError):
    """A move that cannot be read, is illegal or ambiguous in its position."""

class GameOverError(ShashkiError):
    """A move played in a game that has already ended."""

class PdnError(ShashkiError):
    """A PDN text or file that cannot be read; the message names the game and line."""

class BookError(ShashkiError):
    """An opening book that cannot be loaded; the message names file, line and column."""

class TablebaseError(ShashkiError):
    """Tablebases that cannot be opened or built."""

class ShashkiWarning(UserWarning):
    """What the library read but warns about: a guessed encoding, a damaged line, a file of
    another variant, a skipped table file."""

@final
class Position:
    """A position: the pieces and the side to move. Immutable and hashable."""

    def __new__(cls, fen: Optional[str] = None) -> Position:
        """The start position, or a FEN with numeric or algebraic squares (raises FenError)."""
    @staticmethod
    def start() -> Position: ...
    @staticmethod
    def from_fen(fen: str) -> Position: ...
    @property
    def fen(self) -> str:
        """The FEN with numeric squares."""
    @property
    def algebraic_fen(self) -> str:
        """The FEN with algebraic squares (what lidraughts and pydraughts read)."""
    @property
    def side_to_move(self) -> Literal["white", "black"]: ...
    def pieces(self, color: _Color) -> list[int]:
        """The squares (PDN numbers, sorted) of a colour's men and kings."""
    def men(self, color: _Color) -> list[int]: ...
    def kings(self, color: _Color) -> list[int]: ...
    def piece_at(self, square: _Square) -> Optional[Literal["w", "b", "W", "B"]]:
        """``w``/``b`` for men, ``W``/``B`` for kings, ``None`` for an empty square."""
    @property
    def piece_count(self) -> int: ...
    @property
    def is_capture(self) -> bool:
        """Whether the side to move must capture."""
    def capturers(self) -> list[int]: ...
    @property
    def is_lost(self) -> bool:
        """Whether the side to move has no legal move."""
    def legal_moves(self) -> list[Move]: ...
    def parse_move(self, text: str) -> Move:
        """A move in any notation (raises MoveError)."""
    def play(self, move: Union[Move, str]) -> Position:
        """The position after the move (raises MoveError if it is illegal here)."""
    def flipped(self) -> Position: ...
    def perft(
        self,
        depth: int,
        identity: Literal["outcome", "trajectory"] = "outcome",
        *,
        parallel: bool = True,
    ) -> int:
        """Leaf nodes at `depth` plies; "outcome" is convention C (start, depth 8: 929 899),
        "trajectory" convention B (929 905)."""
    @property
    def zobrist_key(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...
    def _repr_svg_(self) -> str:
        """The board as an SVG diagram (Jupyter shows it)."""

@final
class Move:
    """A legal move of a position (kept with it)."""

    def __new__(cls, position: Position, text: str) -> Move:
        """Reads `text` in any notation against `position` (raises MoveError)."""
    @property
    def text(self) -> str:
        """Algebraic, full path: ``c3-d4``, ``a1:e5:g3``."""
    @property
    def numeric(self) -> str:
        """Numeric, full path: ``22-18``, ``22x15x8``."""
    def text_in(self, notation: _Notation) -> str: ...
    @property
    def path(self) -> list[int]:
        """The squares visited, origin first, destination last."""
    @property
    def captured(self) -> list[int]: ...
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def is_capture(self) -> bool: ...
    @property
    def promotes(self) -> bool: ...
    @property
    def is_king_move(self) -> bool: ...
    @property
    def position(self) -> Position:
        """The position the move is played in."""
    def after(self) -> Position: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool:
        """Moves sort by path (PDN numbers, origin first), then pieces taken."""
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """A game: start position, moves, status under its draw rules."""

    def __new__(
        cls, fen: Union[str, Position, None] = None, *, draw_rules: _DrawRules = "full"
    ) -> Game: ...
    @staticmethod
    def from_pdn(text: str) -> Game:
        """The first game of a PDN text (raises PdnError)."""
    @property
    def start_position(self) -> Position: ...
    @property
    def position(self) -> Position: ...
    @property
    def positions(self) -> list[Position]: ...
    @property
    def moves(self) -> list[Move]: ...
    def move_texts(self, notation: _Notation = "algebraic") -> list[str]: ...
    @property
    def side_to_move(self) -> Literal["white", "black"]: ...
    def legal_moves(self) -> list[Move]: ...
    def play(self, move: Union[Move, str]) -> Move:
        """Plays a move (raises MoveError, or GameOverError after the end)."""
    def undo(self) -> Optional[Move]: ...
    @property
    def status(self) -> Literal["ongoing", "white_won", "black_won", "drawn"]: ...
    @property
    def status_text(self) -> str: ...
    @property
    def result(self) -> Literal["2-0", "0-2", "1-1", "*"]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> Optional[Literal["white", "black"]]: ...
    @property
    def draw_reason(self) -> Optional[str]: ...
    @property
    def draw_rules(self) -> _DrawRules: ...
    @draw_rules.setter
    def draw_rules(self, name: _DrawRules) -> None: ...
    @property
    def repetitions(self) -> int: ...
    def pdn(self, style: _PdnStyle = "pdn3", tags: Optional[_Tags] = None) -> str: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def __len__(self) -> int:
        """The number of moves (plies) played."""
    def __eq__(self, other: object, /) -> bool: ...
    def push(self, move: Union[Move, str]) -> Move:
        """Plays a move, as ``play`` does."""
    def pop(self) -> Move:
        """Takes back the last move and returns it (raises IndexError at the start)."""
    def peek(self) -> Move:
        """The last move played (raises IndexError at the start)."""
    def __iter__(self) -> Iterator[Move]:
        """The moves played, in order."""
    def _repr_svg_(self) -> str:
        """The current position as an SVG diagram, the last move tinted."""

@final
class SearchResult:
    """The answer of a search."""

    @property
    def best_move(self) -> Optional[Move]: ...
    @property
    def score(self) -> int:
        """Centi-men for the side to move; ±(30000 − plies) for a forced win or loss."""
    @property
    def score_text(self) -> str: ...
    @property
    def plies_to_end(self) -> Optional[int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def pv(self) -> list[Move]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def nps(self) -> int: ...
    @property
    def source(self) -> Literal["search", "book", "tablebase"]: ...

@final
class Engine:
    """The search engine; searches release the GIL and can be stopped from another thread."""

    def __new__(
        cls,
        hash_mb: int = 64,
        threads: int = 1,
        tablebases: Union[Tablebases, TablebaseService, _StrPath, None] = None,
        book: Union[Book, bool, _StrPath, None] = None,
        book_policy: _BookPolicy = "weighted",
        seed: int = 0,
        *,
        contempt: Optional[int] = None,
        contempt_ahead: Optional[int] = None,
    ) -> Engine: ...
    def search(
        self,
        target: Union[Game, Position],
        *,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        infinite: bool = False,
    ) -> SearchResult:
        """The move to play within exactly one limit (movetime in seconds, depth, nodes,
        infinite); the engine's contempt steers it away from draws that are not forced."""
    def analyse(
        self,
        target: Union[Game, Position],
        *,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        infinite: bool = False,
    ) -> SearchResult:
        """The objective search (no contempt: a draw is worth 0), for analysis and hints."""
    def stop(self) -> None:
        """Stops the searches running now, from any thread."""
    def new_game(self) -> None: ...
    @property
    def contempt(self) -> int: ...
    @property
    def contempt_ahead(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...

@final
class PdnGame:
    """One game of a PDN file: tags, the replayed game, the result."""

    def __new__(
        cls, game: Game, tags: Optional[_Tags] = None, result: Optional[str] = None
    ) -> PdnGame: ...
    @property
    def game(self) -> Game: ...
    @property
    def tags(self) -> dict[str, str]: ...
    def tag(self, name: str) -> Optional[str]: ...
    @property
    def result(self) -> Literal["2-0", "0-2", "1-1", "*"]: ...
    @property
    def comments(self) -> list[Optional[str]]: ...
    @property
    def comment(self) -> Optional[str]: ...
    @property
    def description(self) -> str: ...
    def pdn(self, style: _PdnStyle = "pdn3") -> str: ...
    def _repr_svg_(self) -> str:
        """The first position as an SVG diagram."""

@final
class PdnProblem:
    """A game that could not be read, or a warning: where and why."""

    @property
    def game(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def description(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def other_variant(self) -> bool: ...

@final
class PdnReading:
    """Everything read from a PDN file; iterate for the games read."""

    @property
    def games(self) -> list[PdnGame]: ...
    @property
    def errors(self) -> list[PdnProblem]: ...
    @property
    def warnings(self) -> list[PdnProblem]: ...
    @property
    def encoding(self) -> str: ...
    @property
    def encoding_guessed(self) -> bool: ...
    @property
    def total(self) -> int: ...
    @property
    def looks_like_other_variant(self) -> bool: ...
    @property
    def comment(self) -> Optional[str]: ...
    def __iter__(self) -> Iterator[PdnGame]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> PdnGame: ...

@final
class BookMove:
    @property
    def move(self) -> Move: ...
    @property
    def weight(self) -> int: ...
    @property
    def score(self) -> Optional[float]:
        """In men, the decimal the book holds (``0.01``)."""
    @property
    def comment(self) -> Optional[str]: ...

@final
class Book:
    """An opening book: ``Book.shipped()`` or ``Book(path)``."""

    def __new__(cls, path: _StrPath) -> Book: ...
    @staticmethod
    def shipped() -> Book: ...
    @staticmethod
    def from_json(text: str, name: str = "<string>") -> Book: ...
    def probe(self, position: Union[Position, str]) -> list[BookMove]: ...
    def choose(
        self, position: Union[Position, str], policy: _BookPolicy = "weighted", seed: int = 0
    ) -> Optional[Move]: ...
    def opening(self, position: Union[Position, str]) -> Optional[str]: ...
    def __contains__(self, position: Union[Position, str], /) -> bool: ...
    def __len__(self) -> int: ...

@final
class TablebaseEntry:
    @property
    def wdl(self) -> Literal["win", "draw", "loss"]: ...
    @property
    def distance(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Tablebases:
    """Endgame tablebases opened from a directory (raises TablebaseError if none is usable)."""

    def __new__(cls, directory: _StrPath) -> Tablebases: ...
    @staticmethod
    def build(directory: _StrPath, max_pieces: int = 4, threads: int = 1) -> Tablebases: ...
    def probe(self, position: Union[Position, str]) -> Optional[TablebaseEntry]: ...
    def best_move(
        self, position: Union[Position, str]
    ) -> Optional[Tuple[Move, TablebaseEntry]]: ...
    @property
    def max_pieces(self) -> int: ...
    @property
    def problems(self) -> list[str]: ...

def square_name(number: _Square) -> str: ...
def square_number(name: _Square) -> int: ...
def read_pdn(source: Union[_StrPath, bytes, bytearray]) -> PdnReading:
    """A PDN file by path, or its bytes: encodings detected, every game read or failed alone."""
def parse_pdn(text: str) -> PdnReading: ...
def svg(
    board: Union[Position, Game, str],
    *,
    move: Union[Move, str, None] = None,
    flipped: bool = False,
    size: int = 400,
    coordinates: bool = True,
    highlight: Optional[Iterable[_Square]] = None,
) -> str:
    """A board diagram as SVG text: a position (or FEN, or a game's current position), a
    move's path drawn on it, turned, sized, with tinted squares."""
def write_pdn(
    games: Iterable[Union[Game, PdnGame]],
    style: _PdnStyle = "pdn3",
    path: Optional[_StrPath] = None,
) -> str: ...

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
