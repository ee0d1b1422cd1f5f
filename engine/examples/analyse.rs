//! Analyse a position given as FEN: the engine's best move, score and line at each depth.
//!
//! ```text
//! cargo run --release --example analyse -- "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" 12
//! ```
//!
//! The FEN may use numeric or algebraic squares; the second argument is the depth (default 10).
//! A bad FEN is reported with the field that is wrong ([`shashki::FenError`]).

use std::process::ExitCode;

use shashki::{Engine, EngineConfig, Notation, Position, SearchLimit};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(fen) = args.next() else {
        eprintln!("usage: analyse FEN [DEPTH]");
        return ExitCode::from(2);
    };
    let position: Position = match fen.parse() {
        Ok(position) => position,
        Err(error) => {
            eprintln!("{fen}: {error}");
            return ExitCode::from(2);
        }
    };
    let depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(10);
    println!("{position}");
    let engine = Engine::new(EngineConfig::default());
    let result = engine.search_position(&position, &[], SearchLimit::Depth(depth), |info| {
        println!(
            "depth {:>2}  score {:>6}  nodes {:>9}  {}",
            info.depth,
            info.score.to_string(),
            info.nodes,
            position.write_line(&info.pv, Notation::Algebraic).join(" ")
        );
    });
    match result.best_move {
        Some(mv) => println!("best {}", position.write_move(&mv, Notation::Algebraic)),
        None => println!("no legal move: the side to move has lost"),
    }
    ExitCode::SUCCESS
}
