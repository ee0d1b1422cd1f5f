//! Why the Hub session refuses a line: [`HubError`], whose `Display` is the text of the
//! `error message="…"` line the session answers with (the protocol never ends a session over a
//! bad line). Every reader of the protocol (the line syntax, positions, moves, levels, parameter
//! values) fails with one of its variants.

/// Why a Hub line or value could not be used. `Display` is the text of the `error` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HubError {
    /// The line's syntax is wrong (unclosed quote, missing name…).
    #[error("malformed line: {0}")]
    Syntax(String),
    /// A known command with a missing or unusable argument.
    #[error("{command}: {reason}")]
    Argument {
        /// The command.
        command: String,
        /// What is wrong with its arguments.
        reason: String,
    },
    /// A position string that is not 33 valid characters or not a legal placement.
    #[error("bad position `{text}`: {reason}")]
    Position {
        /// The string as given (shortened).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A move of `pos moves="…"` that is not legal.
    #[error("illegal move `{text}` (move {index} of the list)")]
    Move {
        /// The move as given.
        text: String,
        /// Its index in the list, from 1.
        index: usize,
    },
    /// A command that cannot be obeyed while a search runs.
    #[error("`{0}` while searching: send `stop` first")]
    Busy(String),
}
