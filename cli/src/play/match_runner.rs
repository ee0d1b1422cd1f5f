//! Playing games between players: the machinery behind `shashki match` and the self-play data of
//! `shashki tune`.
//!
//! A [`Player`] chooses a move for the current position of a [`Game`] within a [`SearchLimit`];
//! [`play_game`] alternates two [`Seat`]s from a start position until [`Game::status`] ends the
//! game (no legal move, or a draw rule of docs/RULES.md §2), a ply cap is reached (adjudicated a
//! draw) or a side's clock runs out. Each seat plays either under a fixed limit per move or on a
//! clock ([`TimeControl`]): the runner keeps the clock, hands the player what is left as
//! [`SearchLimit::Clock`], charges it the wall time of the move and adds the increment; a player
//! over its time loses on the spot. [`Outcome`] and [`elo`] turn results into a score and an Elo
//! difference with its 95 % interval.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use super::baseline::{self, BaselineLimit};
use shashki::{
    Color, Engine, EngineConfig, Game, GameStatus, Level, Move, Score, SearchLimit, SearchParams,
    SearchResult, clock_share,
};

/// Something that picks moves.
pub trait Player {
    /// The move to play in the current position of `game` within `limit` (`None` only without
    /// legal moves).
    fn choose(&self, game: &Game, limit: SearchLimit) -> Option<Choice>;
}

/// A player's move, with its own score of the position when it gives one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The player's score of the position before the move, from its own side.
    pub score: Option<Score>,
}

impl Choice {
    /// A move without a score.
    #[must_use]
    pub const fn bare(mv: Move) -> Choice {
        Choice { mv, score: None }
    }

    /// The move and score of a search.
    #[must_use]
    pub fn of_search(result: &SearchResult) -> Option<Choice> {
        result.best_move.map(|mv| Choice {
            mv,
            score: Some(result.score),
        })
    }
}

/// One move of a game as [`play_game`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct MovePlayed {
    /// The side that moved.
    pub side: Color,
    /// The wall time it took.
    pub time: Duration,
    /// Whether it had a choice (more than one legal move).
    pub choice: bool,
    /// Its player's score of the position, if it gave one.
    pub score: Option<Score>,
}

/// The engine.
pub struct EnginePlayer {
    /// The engine.
    pub engine: Engine,
}

impl EnginePlayer {
    /// An engine with `config`.
    #[must_use]
    pub fn new(config: EngineConfig) -> EnginePlayer {
        EnginePlayer {
            engine: Engine::new(config),
        }
    }
}

impl Player for EnginePlayer {
    fn choose(&self, game: &Game, limit: SearchLimit) -> Option<Choice> {
        Choice::of_search(&self.engine.search(game, limit, |_| {}))
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
    fn choose(&self, game: &Game, _: SearchLimit) -> Option<Choice> {
        Choice::of_search(&self.level.search(&self.engine, game, self.seed, |_| {}))
    }
}

/// The baseline engine ([`super::baseline`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct BaselinePlayer;

impl BaselinePlayer {
    /// The baseline's budget for `limit`: nodes become a move time of 1 ms per 10 000 nodes; on a
    /// clock it spends the clock's share the engine would be allotted ([`shashki::clock_share`]
    /// under the default search parameters); an infinite limit becomes 100 ms.
    #[must_use]
    pub fn budget(limit: SearchLimit) -> BaselineLimit {
        match limit {
            SearchLimit::Depth(d) => BaselineLimit::Depth(d),
            SearchLimit::MoveTime(t) => BaselineLimit::MoveTime(t),
            SearchLimit::Nodes(n) => BaselineLimit::MoveTime(Duration::from_millis(n / 10_000 + 1)),
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => BaselineLimit::MoveTime(clock_share(
                remaining,
                increment,
                moves_to_go,
                &SearchParams::DEFAULT,
            )),
            _ => BaselineLimit::MoveTime(Duration::from_millis(100)),
        }
    }
}

impl Player for BaselinePlayer {
    fn choose(&self, game: &Game, limit: SearchLimit) -> Option<Choice> {
        baseline::best_move(game.position(), BaselinePlayer::budget(limit)).map(Choice::bare)
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

/// A time control: each side starts with `base` on its clock and gains `increment` after each
/// of its moves. Written `BASE+INCREMENT` in seconds (`10+0.1`, `300+3`; `60` alone has no
/// increment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<TimeControl, String> {
        let seconds = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    format!("time control {text:?}: {part:?} is not a number of seconds")
                })
        };
        let (base, increment) = match text.split_once('+') {
            Some((base, increment)) => (seconds(base)?, seconds(increment)?),
            None => (seconds(text)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(format!(
                "time control {text:?}: the clocks must start above zero"
            ));
        }
        Ok(TimeControl { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// How one side is limited in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// The same limit for every move.
    PerMove(SearchLimit),
    /// A clock.
    Clock(TimeControl),
}

/// One side of a game: who plays and under what limit.
#[derive(Clone, Copy)]
pub struct Seat<'a> {
    /// The player.
    pub player: &'a dyn Player,
    /// Its limit.
    pub pace: Pace,
}

/// A game's result and whether it ended by a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result.
    pub outcome: Outcome,
    /// The side whose time ran out, if the game ended so.
    pub flag_fall: Option<Color>,
}

/// Plays `game` on with `white` and `black` until it ends, has `max_plies` moves (a draw) or a
/// clock runs out (that side loses). A player that returns no move or an illegal move loses.
/// `on_move` hears every move ([`MovePlayed`]).
pub fn play_game(
    game: &mut Game,
    white: Seat<'_>,
    black: Seat<'_>,
    max_plies: usize,
    on_move: &mut dyn FnMut(MovePlayed),
) -> Played {
    let pace = [white.pace, black.pace];
    let mut clocks = pace.map(|pace| match pace {
        Pace::Clock(control) => control.base,
        Pace::PerMove(_) => Duration::ZERO,
    });
    let ended = |outcome| Played {
        outcome,
        flag_fall: None,
    };
    loop {
        match game.status() {
            GameStatus::Won { winner, .. } => {
                return ended(if winner == Color::White {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                });
            }
            GameStatus::Drawn(_) => return ended(Outcome::Draw),
            _ => {}
        }
        if game.moves().len() >= max_plies {
            return ended(Outcome::Draw);
        }
        let side = game.position().side_to_move();
        let (seat, index) = if side == Color::White {
            (&white, 0)
        } else {
            (&black, 1)
        };
        let forfeit = if side == Color::White {
            Outcome::BlackWins
        } else {
            Outcome::WhiteWins
        };
        let limit = match pace[index] {
            Pace::PerMove(limit) => limit,
            Pace::Clock(control) => SearchLimit::Clock {
                remaining: clocks[index],
                increment: control.increment,
                moves_to_go: None,
            },
        };
        let choice = game.position().legal_moves().len() > 1;
        let start = Instant::now();
        let chosen = seat.player.choose(game, limit);
        let time = start.elapsed();
        on_move(MovePlayed {
            side,
            time,
            choice,
            score: chosen.and_then(|c| c.score),
        });
        if let Pace::Clock(control) = pace[index] {
            if time > clocks[index] {
                return Played {
                    outcome: forfeit,
                    flag_fall: Some(side),
                };
            }
            clocks[index] = clocks[index] - time + control.increment;
        }
        match chosen {
            Some(Choice { mv, .. }) if game.play(mv).is_ok() => {}
            _ => return ended(forfeit),
        }
    }
}

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Elo difference and the half-width of its 95 % interval from the first player's points in
/// each opening pair (the two games of one opening with colours swapped, 0 to 2 points): the pair
/// is the unit of sampling, so the spread of the openings' own balance does not count as noise
/// (the pentanomial model). Without pairs, `(0, 0)`.
#[must_use]
pub fn elo_of_pairs(pairs: &[f64]) -> (f64, f64) {
    if pairs.is_empty() {
        return (0.0, 0.0);
    }
    let n = pairs.len() as f64;
    let p = pairs.iter().sum::<f64>() / (2.0 * n);
    let variance = pairs.iter().map(|x| (x / 2.0 - p).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    let low = elo_of_score(p - margin);
    let high = elo_of_score(p + margin);
    (elo_of_score(p), (high - low) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_elo_is_the_score_with_the_pairs_spread() {
        // Every pair won 1.5 to 0.5: 75 %, and no spread between pairs.
        let (rating, margin) = elo_of_pairs(&[1.5; 10]);
        assert!((rating - 190.85).abs() < 0.1);
        assert!(margin.abs() < 1e-9);
        // Openings that favour one colour (each pair 1 point) are no noise per pair, but are
        // per game.
        let (rating, margin) = elo_of_pairs(&[1.0; 20]);
        assert!(rating.abs() < 1e-9 && margin.abs() < 1e-9);
        let per_game = Tally {
            wins: 20,
            draws: 0,
            losses: 20,
        };
        assert!(elo(&per_game).1 > 100.0);
        assert_eq!(elo_of_pairs(&[]), (0.0, 0.0));
    }

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
            fn choose(&self, _: &Game, _: SearchLimit) -> Option<Choice> {
                None
            }
        }
        fn per_move(player: &dyn Player, depth: u32) -> Seat<'_> {
            Seat {
                player,
                pace: Pace::PerMove(SearchLimit::Depth(depth)),
            }
        }
        let mut game = Game::default();
        let played = play_game(
            &mut game,
            per_move(&BaselinePlayer, 2),
            per_move(&Resigner, 2),
            100,
            &mut |_| {},
        );
        assert_eq!(played.outcome, Outcome::WhiteWins);
        assert_eq!(played.flag_fall, None);
        // A won ending is played out: White's king hunts the lone man.
        let mut game = Game::from_fen("W:WK29,K30:B12").unwrap();
        let engine = EnginePlayer::new(EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        });
        let mut moves = 0;
        let played = play_game(
            &mut game,
            per_move(&engine, 6),
            per_move(&BaselinePlayer, 2),
            200,
            &mut |record| {
                moves += 1;
                // The engine scores its won ending; the baseline gives no score.
                if record.side == Color::White && record.choice {
                    assert!(record.score.is_some_and(|s| s.value() > 100), "{record:?}");
                }
                if record.side == Color::Black {
                    assert_eq!(record.score, None);
                }
            },
        );
        assert_eq!(played.outcome, Outcome::WhiteWins, "{:?}", game.moves());
        assert_eq!(moves, game.moves().len());
    }

    /// Plays as told by the limit it is given: records it, and takes `think` of wall time.
    struct Recorder {
        limits: std::sync::Mutex<Vec<SearchLimit>>,
        think: Duration,
    }

    impl Player for Recorder {
        fn choose(&self, game: &Game, limit: SearchLimit) -> Option<Choice> {
            self.limits.lock().unwrap().push(limit);
            std::thread::sleep(self.think);
            game.position()
                .legal_moves()
                .first()
                .copied()
                .map(Choice::bare)
        }
    }

    #[test]
    fn a_clock_is_handed_to_the_player_and_its_fall_loses() {
        let slow = Recorder {
            limits: std::sync::Mutex::default(),
            think: Duration::from_millis(40),
        };
        let control: TimeControl = "0.07+0.01".parse().unwrap();
        let mut game = Game::default();
        let played = play_game(
            &mut game,
            Seat {
                player: &BaselinePlayer,
                pace: Pace::PerMove(SearchLimit::Depth(1)),
            },
            Seat {
                player: &slow,
                pace: Pace::Clock(control),
            },
            300,
            &mut |_| {},
        );
        // Black's clock: 70 ms, at least 40 ms per move and 10 ms back after each: at most 40,
        // then at most 10 left, so it falls by its third move at the latest (however slow the
        // machine), and the fall loses the game.
        assert_eq!(played.flag_fall, Some(Color::Black));
        assert_eq!(played.outcome, Outcome::WhiteWins);
        let limits = slow.limits.lock().unwrap();
        assert!((1..=3).contains(&limits.len()), "{limits:?}");
        // The first move is asked with the full clock, and later ones with less.
        assert_eq!(
            limits[0],
            SearchLimit::Clock {
                remaining: control.base,
                increment: control.increment,
                moves_to_go: None
            }
        );
        if let Some(SearchLimit::Clock { remaining, .. }) = limits.get(1) {
            assert!(*remaining < control.base);
        }
    }

    #[test]
    fn time_controls_read_and_refuse() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_secs(10), Duration::from_millis(100))
        );
        assert_eq!(tc.to_string(), "10+0.1");
        let tc: TimeControl = "60".parse().unwrap();
        assert_eq!(tc.increment, Duration::ZERO);
        for bad in [
            "", "+1", "0+1", "x+1", "10+y", "-5+0", "10+-1", "nan", "inf+0",
        ] {
            let error = bad.parse::<TimeControl>().err();
            assert!(error.is_some_and(|e| e.contains("time control")), "{bad}");
        }
    }
}
