//! Reads a PDN file, replays every game and prints how each one ended by the rules.
//!
//! ```text
//! cargo run --example pdn_replay -- games.pdn
//! ```
//!
//! Shows the record side of the library: [`shashki::pdn::read_games`] checks every move against
//! the rules (numeric or algebraic, `-`, `x` or `:`, shortened captures), and
//! [`shashki::Game::status`] applies the draw rules of docs/RULES.md §2.

use std::process::ExitCode;

use shashki::pdn;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pdn_replay FILE.pdn");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    // An error names the game (index and tags), the line and the move.
    let games = match pdn::read_games(&text) {
        Ok(games) => games,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    for (index, record) in games.iter().enumerate() {
        let game = &record.game;
        println!(
            "game {} ({}): {} moves, recorded result {}, by the rules: {}",
            index + 1,
            record.description(),
            game.moves().len(),
            record.result,
            game.status()
        );
        println!("  final position: {}", game.position().to_fen());
    }
    ExitCode::SUCCESS
}
