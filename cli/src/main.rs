//! `shashki`: the command-line face of the engine. Each subcommand lives in its own module of
//! `commands/`; this file only parses the command line and dispatches. Bad input ends with a
//! message on stderr and exit code 2; no subcommand panics on user input.
//!
//! The modules, from the top down (a module imports only from the ones below it):
//! - `commands/`: one subcommand each; none imports another.
//! - `play/`: the match machinery (players, the game loop, the baseline engine, Hub players);
//!   `inputs/`: the command line's inputs (FEN, PDN files, openings, engine settings, player
//!   specs); `slurm.rs`: batch job submission. These three do not import each other.
//! - `cli_error.rs`, `output.rs`, `atomic_file.rs`: the program's error type, its stdout and
//!   stderr, its atomic file writes.
//!
//! Nothing imports this file's items.

// First: its macros (`outln!`, `errln!`, ...) are used by every module after it.
#[macro_use]
mod output;

mod atomic_file;
mod cli_error;
mod commands;
mod inputs;
mod play;
mod slurm;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{
    analyse, analyse_game, bench, book, diagram, egtb, hub, matches, moves, pdn, perft, puzzles,
    show, test_set, tune,
};

/// Russian draughts engine and tools.
#[derive(Parser)]
#[command(name = "shashki", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the move tree (move-generator test and benchmark).
    Perft(perft::Args),
    /// List every legal move of a position, one per line, with its full path.
    Moves(moves::Args),
    /// Print a text diagram of a position.
    Show(show::Args),
    /// Draw a position as an SVG diagram (a FEN, a PDN game at a ply, a move's path), or a
    /// printable HTML sheet of diagrams for the games of a PDN file or a puzzle set.
    Diagram(diagram::Args),
    /// Analyse a position: one info line per iteration, then the best move.
    Analyse(analyse::Args),
    /// Search fixed positions to a fixed depth: total nodes (a behaviour checksum) and nodes/s.
    Bench(bench::Args),
    /// Play two engine configurations (or the baseline engine) against each other from openings.
    Match(matches::Args),
    /// Tune the evaluation weights by logistic regression on self-play games (Texel method).
    Tune(tune::Args),
    /// Speak Scan's Hub protocol (version 2) on stdin/stdout, for draughts GUIs.
    Hub(hub::Args),
    /// Analyse every game of a PDN file and write it annotated (scores, better moves, mistakes).
    AnalyseGame(analyse_game::Args),
    /// Endgame tablebases: build them, probe a position.
    Egtb(egtb::Args),
    /// Opening books: probe a position, import the seed engine's book, build one by analysis.
    Book(book::Args),
    /// PDN files: check what can be read (encoding, games, errors), convert to another style.
    Pdn(pdn::Args),
    /// Puzzles: build a set from self-play and PDN games (unique winning combinations), verify one.
    Puzzles(puzzles::Args),
    /// Search the positions of a test set (data/drawn-while-ahead.jsonl): what the engine plays,
    /// whether it draws at once, whether a deeper search or the tables show a win.
    TestSet(test_set::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let outcome = match cli.command {
        Command::Perft(args) => perft::run(&args),
        Command::Moves(args) => moves::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Diagram(args) => diagram::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Hub(args) => hub::run(&args),
        Command::AnalyseGame(args) => analyse_game::run(&args),
        Command::Egtb(args) => egtb::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Pdn(args) => pdn::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::TestSet(args) => test_set::run(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            errln!("shashki: {error}");
            ExitCode::from(error.exit_code())
        }
    }
}
