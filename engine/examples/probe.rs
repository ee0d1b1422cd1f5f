//! Probe endgame tablebases: the value of a position and the best move (feature `tablebases`).
//!
//! ```text
//! cargo run --release --example probe -- --build 4 /tmp/tables "W:WK29:BK1"
//! cargo run --release --example probe -- /tmp/tables "W:WK29,K32:BK1"
//! ```
//!
//! `--build N` first builds the tables up to N pieces into the directory (a few seconds for 4).
//! The values ignore the counting draw rules (see [`shashki::egtb`]); `distance` is the number
//! of plies to the end of the game with best play.

use std::path::PathBuf;
use std::process::ExitCode;

use shashki::egtb::{self, BuildOptions, Tablebases};
use shashki::{Notation, Position};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut build = None;
    if args.first().map(String::as_str) == Some("--build") && args.len() > 1 {
        build = args[1].parse::<u32>().ok();
        args.drain(..2);
    }
    let [dir, fen] = &args[..] else {
        eprintln!("usage: probe [--build N] DIR FEN");
        return ExitCode::from(2);
    };
    let dir = PathBuf::from(dir);
    if let Some(max_pieces) = build {
        let options = BuildOptions {
            max_pieces,
            ..BuildOptions::default()
        };
        if let Err(error) = egtb::build_dir(&dir, options, &|_| {}) {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    }
    let position: Position = match fen.parse() {
        Ok(position) => position,
        Err(error) => {
            eprintln!("{fen}: {error}");
            return ExitCode::from(2);
        }
    };
    let tables = Tablebases::open(&dir);
    for problem in tables.problems() {
        eprintln!("{problem}");
    }
    match tables.probe(&position) {
        Some(entry) => println!("{fen}: {entry}"),
        None => {
            println!(
                "{fen}: not in the tables of {} (up to {} pieces)",
                dir.display(),
                tables.max_pieces()
            );
            return ExitCode::FAILURE;
        }
    }
    if let Some((mv, after)) = tables.best_move(&position) {
        let text = position.write_move(&mv, Notation::Algebraic);
        println!("best move {text}, then {after} for the opponent");
    }
    ExitCode::SUCCESS
}
