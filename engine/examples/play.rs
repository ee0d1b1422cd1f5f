//! Play a game against the engine on standard input and output.
//!
//! ```text
//! cargo run --release --example play            # you play White
//! cargo run --release --example play -- black   # you play Black
//! ```
//!
//! Type a move in any notation the library reads (`c3-d4`, `22-18`, `c3:e5`, a capture's
//! squares as far as they decide it); the engine answers after half a second. The board is
//! printed before each of your moves; `quit` or the end of input stops. Everything here is the
//! public API: [`Position::parse_move`] says what is wrong with a move, [`Game::play`] keeps the
//! record and [`Game::status`] applies the draw rules.

use std::io::{BufRead, Write};
use std::time::Duration;

use shashki::{Color, Engine, EngineConfig, Game, GameStatus, Notation, SearchLimit};

fn main() {
    let human = match std::env::args().nth(1).as_deref() {
        Some("black") => Color::Black,
        _ => Color::White,
    };
    let engine = Engine::new(EngineConfig::default());
    let mut game = Game::default();
    let mut lines = std::io::stdin().lock().lines();
    while game.status() == GameStatus::Ongoing {
        let position = *game.position();
        let mv = if position.side_to_move() == human {
            print!("{position}\nyour move: ");
            std::io::stdout().flush().ok();
            let Some(Ok(line)) = lines.next() else { return };
            let text = line.trim();
            if text == "quit" {
                return;
            }
            match position.parse_move(text) {
                Ok(mv) => mv,
                Err(error) => {
                    println!("{error}");
                    continue;
                }
            }
        } else {
            let limit = SearchLimit::MoveTime(Duration::from_millis(500));
            let result = engine.search(&game, limit, |_| {});
            let Some(mv) = result.best_move else { break };
            let text = position.write_move(&mv, Notation::Algebraic);
            println!("engine plays {text} ({})", result.score);
            mv
        };
        game.play(mv).expect("a parsed or searched move is legal");
    }
    println!("{}\n{}", game.position(), game.status());
}
