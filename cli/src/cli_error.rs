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
