//! Writes random legal games as PDN in one of the writer's styles, with each game's final position
//! in a `FinalFEN` tag (algebraic squares): the input of the interoperability round trips in
//! `benches/interop/pdn_roundtrip.py`, which replays the games with another library and compares
//! the positions it reaches.
//!
//! ```text
//! cargo run --example random_pdn -- --games 100 --seed 1 --style pydraughts > games.pdn
//! ```
//!
//! One game in four starts from a position reached by random moves (written as a `FEN` tag, with
//! Black to move half of the time, or never with `--white-first`: pydraughts 0.6 reads the first
//! move of a game Black starts twice); every game has at least one move and ends when the rules
//! end it or after a random length.

use std::process::ExitCode;

use shashki::pdn::{self, PdnGame, PdnStyle};
use shashki::{Color, Game, GameStatus, Position};

/// A small xorshift generator: deterministic games from a seed, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// `count` plies of random legal moves from `position` (fewer if the game ends).
fn random_plies(rng: &mut Rng, game: &mut Game, count: usize) {
    for _ in 0..count {
        if game.status() != GameStatus::Ongoing {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
}

fn main() -> ExitCode {
    let mut games = 100usize;
    let mut seed = 1u64;
    let mut style = PdnStyle::Pdn3;
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let white_first = args.iter().any(|a| a == "--white-first");
    args.retain(|a| a != "--white-first");
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        let ok = match pair[0].as_str() {
            "--games" => value.parse().map(|v| games = v).is_ok(),
            "--seed" => value.parse().map(|v: u64| seed = v.max(1)).is_ok(),
            "--style" => PdnStyle::from_name(value).map(|v| style = v).is_some(),
            _ => false,
        };
        if !ok {
            eprintln!(
                "usage: random_pdn [--games N] [--seed S] \
                 [--style pdn3|lidraughts|lidraughts-numeric|pydraughts]"
            );
            return ExitCode::from(2);
        }
    }
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut text = String::new();
    let mut index = 0;
    while index < games {
        let start = if rng.below(4) == 0 {
            let mut opening = Game::default();
            let mut plies = 4 + rng.below(30);
            if white_first {
                plies &= !1;
            }
            random_plies(&mut rng, &mut opening, plies);
            *opening.position()
        } else {
            Position::start()
        };
        let mut game = Game::new(start);
        let plies = 1 + rng.below(120);
        random_plies(&mut rng, &mut game, plies);
        if game.moves().is_empty() || (white_first && start.side_to_move() != Color::White) {
            continue;
        }
        index += 1;
        let final_fen = game.position().to_fen_algebraic();
        let mut record = PdnGame::new(game);
        record.set_tag("Event", &format!("Random game {index}"));
        record.set_tag("FinalFEN", &final_fen);
        text.push_str(&pdn::write_game_with(&record, &style.options()));
    }
    print!("{text}");
    ExitCode::SUCCESS
}
