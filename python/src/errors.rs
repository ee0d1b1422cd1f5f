//! The module's exceptions and the conversion of the library's errors into them.
//!
//! Every error of the library becomes a subclass of `ShashkiError`, itself a `ValueError`, whose
//! message is the library's own (it names the field, the move, the game and line of a file), so a
//! caller can catch `ValueError` broadly or one kind narrowly. Files that cannot be read raise
//! the `OSError` subclass Python itself would (`FileNotFoundError`, `PermissionError`, …) with
//! the path in the message. What the library warns about reaches Python's `warnings` as a
//! `ShashkiWarning` (a `UserWarning`), and stays on the result that carries it.

use std::path::Path;

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyUserWarning,
    PyValueError,
};
use pyo3::prelude::*;

create_exception!(
    shashki,
    ShashkiError,
    PyValueError,
    "Base class of the errors of shashki: a ValueError whose message is the library's, located."
);
create_exception!(
    shashki,
    FenError,
    ShashkiError,
    "A FEN that cannot be read; the message names the field that failed."
);
create_exception!(
    shashki,
    MoveError,
    ShashkiError,
    "A move that cannot be read, is illegal or ambiguous in its position."
);
create_exception!(
    shashki,
    GameOverError,
    ShashkiError,
    "A move played in a game that has already ended."
);
create_exception!(
    shashki,
    PdnError,
    ShashkiError,
    "A PDN text or file that cannot be read or written; the message names the game and line."
);
create_exception!(
    shashki,
    BookError,
    ShashkiError,
    "An opening book that cannot be loaded; the message names the file, line and column."
);
create_exception!(
    shashki,
    TablebaseError,
    ShashkiError,
    "Tablebases that cannot be opened or built; the message names the file or directory."
);

create_exception!(
    shashki,
    ShashkiWarning,
    PyUserWarning,
    "What the library read but warns about: a guessed encoding, a damaged line, a file of \
     another variant, a skipped table file. Filter it with warnings.simplefilter(..., \
     shashki.ShashkiWarning)."
);

/// Emits `message` as a [`ShashkiWarning`] through Python's `warnings` machinery, attributed to
/// the caller's line.
pub fn warn(py: Python<'_>, message: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(message.replace('\0', " "))
        .unwrap_or_else(|_| c"shashki: a warning".to_owned());
    PyErr::warn(py, &py.get_type::<ShashkiWarning>(), &message, 1)
}

/// The `OSError` subclass Python raises for `error`, with `what` (`cannot read x.pdn`) before
/// the system's message.
pub fn os_error(what: &str, error: &std::io::Error) -> PyErr {
    let message = format!("{what}: {error}");
    match error.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// `cannot read <path>`, for [`os_error`].
pub fn cannot_read(path: &Path) -> String {
    format!("cannot read {}", path.display())
}

/// Errors raised as [`FenError`].
pub fn fen(error: shashki::FenError) -> PyErr {
    FenError::new_err(error.to_string())
}

/// Errors raised as [`MoveError`].
pub fn moves(error: impl std::fmt::Display) -> PyErr {
    MoveError::new_err(error.to_string())
}

/// A game's refusal: an illegal move is a [`MoveError`], a move after the end a
/// [`GameOverError`].
pub fn game(error: shashki::GameError) -> PyErr {
    match error {
        shashki::GameError::GameOver(_) => GameOverError::new_err(error.to_string()),
        _ => MoveError::new_err(error.to_string()),
    }
}

/// A move text played in a game: unreadable, illegal or ambiguous, or the game has ended.
pub fn play_text(error: shashki::PlayTextError) -> PyErr {
    match error {
        shashki::PlayTextError::Game(error) => game(error),
        other => MoveError::new_err(other.to_string()),
    }
}

/// A library PDN error as [`PdnError`].
pub fn pdn(error: shashki::pdn::PdnError) -> PyErr {
    PdnError::new_err(error.to_string())
}
