//! The `shashki` command-line program.

mod book;
mod egtb;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "shashki", version, about = "Russian draughts engine and tools")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Endgame tablebases: build and probe.
    Egtb(egtb::EgtbArgs),
    /// Opening books: probe, import, build.
    Book(book::BookArgs),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Egtb(args) => egtb::run(args),
        Command::Book(args) => book::run(args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
