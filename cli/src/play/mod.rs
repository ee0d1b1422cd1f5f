//! Playing games between players: the machinery behind `shashki match`, the self-play of
//! `shashki tune` and the puzzle search of `shashki puzzles`.
//!
//! `match_runner` holds the [`Player`](match_runner::Player) trait, the engine players and the
//! game loop with its clocks ([`match_runner::play_game`]) and the Elo arithmetic; `baseline` is
//! the plain engine the real one is measured against; `hub_player` is an engine in another
//! process spoken to through the Hub protocol. Subcommands import from here; nothing here
//! imports a subcommand or the command line's inputs (`inputs/`).

pub mod baseline;
pub mod hub_player;
pub mod match_runner;
