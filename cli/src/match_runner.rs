//! Playing games between players: the machinery behind `shashki match` and the self-play data of
//! `shashki tune`.
//!
//! A [`Player`] chooses a move for the current position of a [`Game`]; [`play_game`] alternates
//! two players from a start position until [`Game::status`] ends the game (no legal move, or a
//! draw rule of docs/RULES.md §2) or a ply cap is reached (adjudicated a draw). [`Outcome`] and
//! [`elo`] turn results into a score and an Elo difference with its 95 % interval.

use std::time::Duration;

use crate::baseline::{self, BaselineLimit};
use shashki::{Color, Engine, EngineConfig, Game, GameStatus, Level, Move, SearchLimit};

/// Something that picks moves.
pub trait Player {
    /// The move to play in the current position of `game` (`None` only without legal moves).
    fn choose(&self, game: &Game) -> Option<Move>;
}

/// The engine under a fixed per-move limit.
pub struct EnginePlayer {
    /// The engine.
    pub engine: Engine,
    /// Limit for every move.
    pub limit: SearchLimit,
}

impl EnginePlayer {
    /// An engine with `config` searching each move within `limit`.
    #[must_use]
    pub fn new(config: EngineConfig, limit: SearchLimit) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(config),
            limit,
        }
    }
}

impl Player for EnginePlayer {
    fn choose(&self, game: &Game) -> Option<Move> {
        self.engine.search(game, self.limit, |_| {}).best_move
    }
}

/// The engine at a playing [`Level`] (its own limit; the match's limit is not used).
pub struct LevelPlayer {
    /// The engine, configured for the level ([`Level::config`]).
    pub engine: Engine,
    /// The level.
    pub level: Level,
    /// Seed of the level's random choices (mixed with each position).
    pub seed: u64,
}

impl LevelPlayer {
    /// The engine at `level`, from the base configuration `base`.
    #[must_use]
    pub fn new(level: Level, base: &EngineConfig, seed: u64) -> LevelPlayer {
        LevelPlayer {
            engine: Engine::new(level.config(base)),
            level,
            seed,
        }
    }
}

impl Player for LevelPlayer {
    fn choose(&self, game: &Game) -> Option<Move> {
        self.level
            .search(&self.engine, game, self.seed, |_| {})
            .best_move
    }
}

/// The baseline engine ([`crate::baseline`]).
pub struct BaselinePlayer {
    /// Its limit per move.
    pub limit: BaselineLimit,
}

impl BaselinePlayer {
    /// The baseline engine with the same budget as `limit` (nodes become a move time of 1 ms per
    /// 10 000 nodes; clocks and infinite become 100 ms).
    #[must_use]
    pub fn new(limit: SearchLimit) -> BaselinePlayer {
        let limit = match limit {
            SearchLimit::Depth(d) => BaselineLimit::Depth(d),
            SearchLimit::MoveTime(t) => BaselineLimit::MoveTime(t),
            SearchLimit::Nodes(n) => BaselineLimit::MoveTime(Duration::from_millis(n / 10_000 + 1)),
            _ => BaselineLimit::MoveTime(Duration::from_millis(100)),
        };
        BaselinePlayer { limit }
    }
}

impl Player for BaselinePlayer {
    fn choose(&self, game: &Game) -> Option<Move> {
        baseline::best_move(game.position(), self.limit)
    }
}

/// How a game ended, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn by a rule or by the ply cap.
    Draw,
}

impl Outcome {
    /// The score of `color`: 1, ½ or 0.
    #[must_use]
    pub fn score_for(self, color: Color) -> f64 {
        match (self, color) {
            (Outcome::Draw, _) => 0.5,
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => 1.0,
            _ => 0.0,
        }
    }
}

/// Plays `game` on with `white` and `black` until it ends or has `max_plies` moves (a draw).
/// A player that returns no move or an illegal move loses.
pub fn play_game(
    game: &mut Game,
    white: &dyn Player,
    black: &dyn Player,
    max_plies: usize,
) -> Outcome {
    loop {
        match game.status() {
            GameStatus::Won { winner, .. } => {
                return if winner == Color::White {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                };
            }
            GameStatus::Drawn(_) => return Outcome::Draw,
            _ => {}
        }
        if game.moves().len() >= max_plies {
            return Outcome::Draw;
        }
        let side = game.position().side_to_move();
        let player = if side == Color::White { white } else { black };
        let forfeit = if side == Color::White {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        };
        match player.choose(game) {
            Some(mv) if game.play(mv).is_ok() => {}
            _ => return forfeit,
        }
    }
}

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Adds one game scored `score` (1, ½, 0).
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Games played.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction (wins + draws / 2) / games, 0.5 without games.
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }
}

/// The Elo difference a score fraction means (±∞ clamped to ±1000).
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    let p = score.clamp(1e-6, 1.0 - 1e-6);
    (-400.0 * (1.0 / p - 1.0).log10()).clamp(-1000.0, 1000.0)
}

/// Elo difference and the half-width of its 95 % confidence interval (normal approximation of
/// the per-game score, mapped through the Elo curve).
#[must_use]
pub fn elo(tally: &Tally) -> (f64, f64) {
    let n = f64::from(tally.games());
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let p = tally.score();
    let variance = (f64::from(tally.wins) * (1.0 - p).powi(2)
        + f64::from(tally.draws) * (0.5 - p).powi(2)
        + f64::from(tally.losses) * p.powi(2))
        / n;
    let margin = 1.96 * (variance / n).sqrt();
    let low = elo_of_score(p - margin);
    let high = elo_of_score(p + margin);
    (elo_of_score(p), (high - low) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_matches_known_values() {
        let even = Tally {
            wins: 10,
            draws: 80,
            losses: 10,
        };
        assert!(elo(&even).0.abs() < 1e-9);
        assert!(elo(&even).1 > 0.0);
        // 75 % is +190.8 Elo.
        let strong = Tally {
            wins: 50,
            draws: 50,
            losses: 0,
        };
        assert!((elo(&strong).0 - 190.85).abs() < 0.1);
        assert_eq!(Tally::default().score(), 0.5);
    }

    #[test]
    fn games_end_and_forfeits_lose() {
        struct Resigner;
        impl Player for Resigner {
            fn choose(&self, _: &Game) -> Option<Move> {
                None
            }
        }
        let baseline = BaselinePlayer::new(SearchLimit::Depth(2));
        let mut game = Game::default();
        assert_eq!(
            play_game(&mut game, &baseline, &Resigner, 100),
            Outcome::WhiteWins
        );
        // A won ending is played out: White's king hunts the lone man.
        let mut game = Game::from_fen("W:WK29,K30:B12").unwrap();
        let engine = EnginePlayer::new(
            EngineConfig {
                hash_mb: 1,
                ..EngineConfig::default()
            },
            SearchLimit::Depth(6),
        );
        let outcome = play_game(&mut game, &engine, &baseline, 200);
        assert_eq!(outcome, Outcome::WhiteWins, "{:?}", game.moves());
    }
}
