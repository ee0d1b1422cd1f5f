//! The `shashki` command-line program.

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
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Egtb(args) => egtb::run(args),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
