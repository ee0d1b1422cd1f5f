//! The program's one way to write to stdout and stderr, so that a closed or full stream ends a
//! command quietly instead of panicking as `println!` does.
//!
//! Stdout carries what the user asked for: when its reader is gone (`shashki analyse | head -1`,
//! a broken pipe) the rest of the work is wanted by nobody, and the process exits at once with
//! code 0; any other stdout error (a full disk under a redirection) is a failure, said on stderr
//! when it can be, and exit code 1. Stderr carries progress and diagnostics: when it cannot be
//! written, the message is dropped and the work goes on (an `egtb build` whose log fills the disk
//! still builds its tables). The macros [`outln!`], [`out!`], [`errln!`] and [`err!`] are the
//! `println!` family's stand-ins; [`write_stdout`] writes a whole text and returns the error to a
//! caller that wants to go on after a closed pipe.

use std::fmt;
use std::io::{ErrorKind, Write};

use crate::cli_error::CliError;

/// Writes to stdout like `print!`, ending the process quietly when stdout is closed.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::stdout_fmt(format_args!($($arg)*), false)
    };
}

/// Writes a line to stdout like `println!`, ending the process quietly when stdout is closed.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::stdout_fmt(format_args!($($arg)*), true)
    };
}

/// Writes to stderr like `eprint!`; a stderr that cannot be written drops the text.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::output::stderr_fmt(format_args!($($arg)*), false)
    };
}

/// Writes a line to stderr like `eprintln!`; a stderr that cannot be written drops the line.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::stderr_fmt(format_args!($($arg)*), true)
    };
}

/// [`outln!`] and [`out!`]: writes `args` (and a line break) to stdout; see the module docs for
/// what a write error does.
pub fn stdout_fmt(args: fmt::Arguments<'_>, newline: bool) {
    let result = {
        let mut out = std::io::stdout().lock();
        out.write_fmt(args)
            .and_then(|()| {
                if newline {
                    out.write_all(b"\n")
                } else {
                    Ok(())
                }
            })
            .and_then(|()| out.flush())
    };
    if let Err(error) = result {
        exit_on_stdout_error(&error);
    }
}

/// [`errln!`] and [`err!`]: writes `args` (and a line break) to stderr, or drops them.
pub fn stderr_fmt(args: fmt::Arguments<'_>, newline: bool) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| {
        if newline {
            err.write_all(b"\n")
        } else {
            Ok(())
        }
    });
}

/// Ends the process after a failed write to stdout: quietly (code 0) when the reader is gone,
/// with a message and code 1 otherwise.
fn exit_on_stdout_error(error: &std::io::Error) -> ! {
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    stderr_fmt(format_args!("shashki: writing to stdout: {error}"), true);
    std::process::exit(1);
}

/// Writes `text` to stdout in one piece. A closed pipe (`shashki moves … | head -1`) is not an
/// error: the reader has what it wanted, so the output simply stops.
///
/// # Errors
/// Any other write error, as a failure (exit code 1).
pub fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != ErrorKind::BrokenPipe => {
            Err(CliError::failure(format!("writing to stdout: {error}")))
        }
        _ => Ok(()),
    }
}
