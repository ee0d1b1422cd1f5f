//! The one error type of the command-line program: bad input (exit code 2) or a failure while
//! doing the work (exit code 1).

use std::fmt;

/// Why a subcommand failed.
#[derive(Debug)]
pub enum CliError {
    /// The user's input was wrong (a malformed FEN, move, file, argument): exit code 2.
    Input(String),
    /// Something failed while working (for example writing a file): exit code 1.
    Failure(String),
}

impl CliError {
    /// Bad input, with a message that says what and where.
    pub fn input(message: impl fmt::Display) -> CliError {
        CliError::Input(message.to_string())
    }

    /// A failure that is not the input's fault.
    #[allow(dead_code)]
    pub fn failure(message: impl fmt::Display) -> CliError {
        CliError::Failure(message.to_string())
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failure(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(message) | CliError::Failure(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CliError {}

/// Reads a FEN given on the command line.
pub fn read_fen(text: &str) -> Result<shashki::Position, CliError> {
    text.parse().map_err(CliError::input)
}

/// Reads a search thread count, the one rule for every command and match player: 0 is one per
/// core, and more than [`shashki::MAX_THREADS`] is refused (the engine would start no more).
///
/// # Errors
/// Not a number, or above the maximum.
pub fn search_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get)),
        Ok(n) if n <= shashki::MAX_THREADS => Ok(n),
        Ok(n) => Err(format!(
            "{n} threads is more than the maximum {}",
            shashki::MAX_THREADS
        )),
        Err(error) => Err(format!("{text:?} is not a thread count: {error}")),
    }
}
