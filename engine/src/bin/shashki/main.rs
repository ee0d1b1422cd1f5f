//! The `shashki` command-line program: one subcommand per module of this directory.

mod analyse;
mod bench;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Russian draughts engine and tools.
#[derive(Parser)]
#[command(name = "shashki", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse a position: one info line per iteration, then the best move.
    Analyse(analyse::Args),
    /// Search fixed positions to a fixed depth: total nodes (a behaviour checksum) and nodes/s.
    Bench(bench::Args),
}

/// A failed command: the message for stderr (exit code 2).
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError(error.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Analyse(args) => analyse::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError(message)) => {
            eprintln!("shashki: {message}");
            ExitCode::from(2)
        }
    }
}
