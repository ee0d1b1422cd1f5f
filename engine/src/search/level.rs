//! Playing levels: named settings from a beginner people can beat to the engine at its best.
//!
//! Playing weaker than the search can is done at the root, never inside the search: a weak
//! [`Level`] searches every legal root move ("candidate") to a small fixed depth, adds evaluation
//! noise to each candidate's score, and with a set chance plays a worse candidate (one whose noisy
//! score is within a margin of the best) instead of the best. The strong levels are the engine's
//! own search under a node or time limit, with its book and tablebases. Data flows one way:
//! [`Level::search`] takes the engine and a seed, and returns an ordinary [`SearchResult`].
//!
//! Everything a level does is deterministic given the seed and the engine's history (call
//! [`Engine::new_game`] for a fresh one): depth and node limits are exact with one thread, and
//! the noise and the choice come from SplitMix64 seeded with `seed` and the position. Only the
//! time-limited top level depends on the machine.
//!
//! The candidate levels must use an engine without an opening book ([`Level::config`] makes
//! one): a book would answer a candidate's search with a book move and no real score.
//!
//! The ladder is on [`LEVELS`]; its measured Elo steps are in the README.

use std::time::Duration;

#[cfg(feature = "tablebases")]
use crate::egtb::Wdl;
use crate::rules::{Game, GameStatus, Move};
use crate::search::{
    Contempt, Engine, EngineConfig, MoveSource, Score, SearchInfo, SearchLimit, SearchResult,
};
use crate::splitmix::SplitMix64;

/// One playing level; the ladder is on [`LEVELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Its name in English, lower case (`"beginner"`); a game translates it by [`Level::number`].
    pub name: &'static str,
    /// For a candidate level (`worse_move_per_mille` or `noise` above zero): `Depth(n)`, each root
    /// move searched `n` plies deep. For a search level: the engine's limit per move.
    pub limit: SearchLimit,
    /// The chance, in thousandths, of playing a worse candidate than the best.
    pub worse_move_per_mille: u32,
    /// A worse candidate is chosen only among those whose noisy score is at most this far below
    /// the best (centi-men).
    pub worse_move_margin: i32,
    /// Each candidate's score gets a uniform random addition in `-noise..=noise` (centi-men).
    pub noise: i32,
    /// What a draw is worth to the level's searches: the search levels refuse draws that are
    /// not forced ([`Contempt::DEFAULT`]); the candidate levels search each root move from the
    /// opponent's side, where a contempt would be the opponent's, so theirs is off.
    pub contempt: Contempt,
}

/// The levels, weakest first; [`Level::number`] is the index plus one. Margins and noise in men
/// (centi-men in the fields):
///
/// | # | name             | search                          | worse move | margin | noise |
/// |---|------------------|---------------------------------|-----------:|-------:|------:|
/// | 1 | beginner         | each root move 1 ply deep       |      30 %  |  2.00  | 0.50  |
/// | 2 | novice           | each root move 2 plies deep     |      25 %  |  1.80  | 0.40  |
/// | 3 | amateur          | each root move 2 plies deep     |      12 %  |  1.20  | 0.25  |
/// | 4 | third category   | each root move 3 plies deep     |      10 %  |  1.00  | 0.20  |
/// | 5 | second category  | each root move 4 plies deep     |       6 %  |  0.60  | 0.15  |
/// | 6 | first category   | engine, 4 000 nodes             |        —   |    —   |   —   |
/// | 7 | candidate master | engine, 20 000 nodes            |        —   |    —   |   —   |
/// | 8 | master           | engine, 1 s a move, book, tables |       —   |    —   |   —   |
///
/// Levels 6–8 play with the engine's default contempt ([`Contempt::DEFAULT`]: a draw costs them
/// while they are ahead); levels 1–5 have none ([`Level::contempt`]).
///
/// Measured Elo steps between adjacent levels are in the README.
pub const LEVELS: [Level; 8] = [
    Level {
        name: "beginner",
        limit: SearchLimit::Depth(1),
        worse_move_per_mille: 300,
        worse_move_margin: 200,
        noise: 50,
        contempt: Contempt::OFF,
    },
    Level {
        name: "novice",
        limit: SearchLimit::Depth(2),
        worse_move_per_mille: 250,
        worse_move_margin: 180,
        noise: 40,
        contempt: Contempt::OFF,
    },
    Level {
        name: "amateur",
        limit: SearchLimit::Depth(2),
        worse_move_per_mille: 120,
        worse_move_margin: 120,
        noise: 25,
        contempt: Contempt::OFF,
    },
    Level {
        name: "third category",
        limit: SearchLimit::Depth(3),
        worse_move_per_mille: 100,
        worse_move_margin: 100,
        noise: 20,
        contempt: Contempt::OFF,
    },
    Level {
        name: "second category",
        limit: SearchLimit::Depth(4),
        worse_move_per_mille: 60,
        worse_move_margin: 60,
        noise: 15,
        contempt: Contempt::OFF,
    },
    Level {
        name: "first category",
        limit: SearchLimit::Nodes(4_000),
        worse_move_per_mille: 0,
        worse_move_margin: 0,
        noise: 0,
        contempt: Contempt::DEFAULT,
    },
    Level {
        name: "candidate master",
        limit: SearchLimit::Nodes(20_000),
        worse_move_per_mille: 0,
        worse_move_margin: 0,
        noise: 0,
        contempt: Contempt::DEFAULT,
    },
    Level {
        name: "master",
        limit: SearchLimit::MoveTime(Duration::from_secs(1)),
        worse_move_per_mille: 0,
        worse_move_margin: 0,
        noise: 0,
        contempt: Contempt::DEFAULT,
    },
];

/// A draw offer is accepted when the engine's score for itself is at most this (centi-men):
/// about level, or worse.
pub const DRAW_ACCEPT_SCORE: i32 = 25;

/// Transposition table of a candidate level's engine (MB): its searches are tiny.
pub const CANDIDATE_HASH_MB: usize = 4;

impl Level {
    /// The level numbered `number` (1 = beginner … [`LEVELS`]`.len()` = master).
    #[must_use]
    pub fn get(number: usize) -> Option<&'static Level> {
        number.checked_sub(1).and_then(|i| LEVELS.get(i))
    }

    /// This level's number, 1 for the weakest.
    #[must_use]
    pub fn number(&self) -> usize {
        LEVELS.iter().position(|l| l == self).map_or(0, |i| i + 1)
    }

    /// Whether this level chooses among root candidates (weakened) rather than searching.
    #[must_use]
    pub const fn uses_candidates(&self) -> bool {
        self.worse_move_per_mille > 0 || self.noise > 0
    }

    /// The engine configuration for this level made from `base`: the level's contempt; a
    /// candidate level drops the book and uses a small table; a search level keeps the rest.
    #[must_use]
    pub fn config(&self, base: &EngineConfig) -> EngineConfig {
        let mut config = base.clone();
        config.params.contempt = self.contempt;
        if self.uses_candidates() {
            #[cfg(feature = "book")]
            {
                config.book = None;
            }
            config.hash_mb = config.hash_mb.min(CANDIDATE_HASH_MB);
        }
        config
    }

    /// Chooses a move for the current position of `game` at this level. `engine` should be made
    /// with [`Level::config`]; `seed` makes the weak levels' choices (the same seed, engine
    /// history and game give the same move). `on_info` sees the engine's progress (a candidate
    /// level reports once, with the chosen move's score).
    pub fn search(
        &self,
        engine: &Engine,
        game: &Game,
        seed: u64,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        if !self.uses_candidates() {
            return engine.search_with_contempt(game, self.limit, self.contempt, None, on_info);
        }
        let start = crate::clock::Instant::now();
        let depth = match self.limit {
            SearchLimit::Depth(d) => d.max(1),
            _ => 1,
        };
        let mut rng = SplitMix64::new(seed ^ game.position().zobrist_key());
        let mut nodes = 0;
        let mut candidates: Vec<(i32, Move, Score)> = Vec::new();
        for mv in game.position().legal_moves() {
            let mut child = game.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let score = match child.status() {
                GameStatus::Won { .. } => Score::win_in_plies(1),
                GameStatus::Drawn(_) => Score(0),
                GameStatus::Ongoing => {
                    let limit = SearchLimit::Depth(depth);
                    let answer =
                        engine.search_with_contempt(&child, limit, self.contempt, None, |_| {});
                    nodes += answer.nodes;
                    Score(-answer.score.0)
                }
            };
            let noise = if self.noise > 0 {
                let span = 2 * self.noise as u64 + 1;
                rng.below(span) as i32 - self.noise
            } else {
                0
            };
            // Forced results are exact: no noise on them.
            let noisy = if score.is_win() || score.is_loss() {
                score.0
            } else {
                score.0 + noise
            };
            candidates.push((noisy, mv, score));
        }
        // Best first; ties keep the move generator's order (stable sort).
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        let chosen = choose_candidate(
            &candidates,
            self.worse_move_per_mille,
            self.worse_move_margin,
            rng.next_u64(),
        );
        let (best_move, score) = match chosen {
            Some(&(_, mv, score)) => (Some(mv), score),
            None => (None, Score::loss_in_plies(0)),
        };
        let pv: Vec<Move> = best_move.into_iter().collect();
        let time = start.elapsed();
        on_info(&SearchInfo {
            depth: depth + 1,
            seldepth: depth + 1,
            score,
            nodes,
            time,
            pv: pv.clone(),
        });
        SearchResult {
            best_move,
            score,
            depth: depth + 1,
            seldepth: depth + 1,
            pv,
            nodes,
            time,
            source: MoveSource::Search,
        }
    }
}

/// Picks among `candidates` (sorted best first by noisy score): with `per_mille` thousandths'
/// chance (drawn from `random`) a worse one within `margin` of the best, uniformly; else the best.
fn choose_candidate(
    candidates: &[(i32, Move, Score)],
    per_mille: u32,
    margin: i32,
    random: u64,
) -> Option<&(i32, Move, Score)> {
    let best = candidates.first()?;
    let roll = (random % 1000) as u32;
    if roll >= per_mille {
        return Some(best);
    }
    let worse = candidates[1..]
        .iter()
        .take_while(|c| c.0 >= best.0.saturating_sub(margin))
        .count();
    if worse == 0 {
        return Some(best);
    }
    let pick = 1 + ((random / 1000) % worse as u64) as usize;
    candidates.get(pick)
}

/// Whether the engine, with `score` for itself in `game` (from a search of its current
/// position), accepts a draw offer: the tablebases (if `engine` has them) say draw, or the score
/// is about level or worse (at most +0.25). A position the tables call won or lost is
/// decided by them alone.
#[must_use]
#[cfg_attr(not(feature = "tablebases"), allow(unused_variables))]
pub fn accepts_draw(engine: &Engine, game: &Game, score: Score) -> bool {
    let position = game.position();
    #[cfg(feature = "tablebases")]
    if let Some(tables) = engine.config().tables()
        && position.piece_count() <= tables.max_pieces()
        && let Some(entry) = tables.probe(position)
    {
        return entry.wdl != Wdl::Win;
    }
    !score.is_win() && score.0 <= DRAW_ACCEPT_SCORE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(level: &Level) -> Engine {
        Engine::new(level.config(&EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        }))
    }

    #[test]
    fn levels_are_numbered_from_one_and_only_the_top_ones_search_at_full_strength() {
        assert_eq!(Level::get(1).map(|l| l.name), Some("beginner"));
        assert_eq!(Level::get(8).map(|l| l.name), Some("master"));
        assert!(Level::get(0).is_none() && Level::get(9).is_none());
        for (i, level) in LEVELS.iter().enumerate() {
            assert_eq!(level.number(), i + 1);
        }
        assert!(LEVELS[..5].iter().all(Level::uses_candidates));
        assert!(LEVELS[5..].iter().all(|l| !l.uses_candidates()));
        let top = LEVELS.last().expect("levels");
        assert!(matches!(top.limit, SearchLimit::MoveTime(_)));
    }

    #[cfg(feature = "book")]
    #[test]
    fn a_candidate_level_drops_the_book_and_shrinks_the_table() {
        let base = EngineConfig {
            book: Some(std::sync::Arc::new(crate::book::Book::default())),
            ..EngineConfig::default()
        };
        let weak = LEVELS[0].config(&base);
        assert!(weak.book.is_none());
        assert_eq!(weak.hash_mb, CANDIDATE_HASH_MB);
        let strong = LEVELS[7].config(&base);
        assert!(strong.book.is_some());
        assert_eq!(strong.hash_mb, base.hash_mb);
    }

    #[test]
    fn the_same_seed_gives_the_same_moves_and_other_seeds_vary() {
        let level = &LEVELS[0];
        let play = |seed: u64| {
            let engine = engine(level);
            let mut game = Game::default();
            for _ in 0..12 {
                let Some(mv) = level.search(&engine, &game, seed, |_| {}).best_move else {
                    break;
                };
                assert!(game.position().is_legal(&mv));
                game.play(mv).expect("legal");
            }
            game.moves().to_vec()
        };
        assert_eq!(play(7), play(7));
        let games: std::collections::HashSet<_> = (0..6).map(play).collect();
        assert!(games.len() > 1, "six seeds all played the same game");
    }

    #[test]
    fn the_best_candidate_is_kept_without_the_chance_and_a_worse_one_within_the_margin_with_it() {
        let moves = Game::default().position().legal_moves();
        let candidates: Vec<(i32, Move, Score)> = moves
            .iter()
            .zip([50, 40, 20, -300])
            .map(|(mv, s)| (s, *mv, Score(s)))
            .collect();
        // Roll 999 of 1000: over any chance below 100 %.
        assert_eq!(
            choose_candidate(&candidates, 500, 100, 999).map(|c| c.0),
            Some(50)
        );
        // Roll 0: a worse move, the second or third (within 100), never the -300 one.
        let picks: std::collections::HashSet<i32> = (0..10u64)
            .filter_map(|k| choose_candidate(&candidates, 500, 100, k * 1000).map(|c| c.0))
            .collect();
        assert_eq!(picks, [40, 20].into_iter().collect());
        assert!(choose_candidate(&[], 500, 100, 0).is_none());
    }

    #[test]
    fn a_weak_level_takes_a_free_man_and_finds_the_only_capture() {
        // White man c3 can take d4 (forced); the level has only that move.
        let game = Game::from_fen("W:Wc3,h2:Bd4,h8").expect("fen");
        let level = &LEVELS[0];
        let best = level
            .search(&engine(level), &game, 1, |_| {})
            .best_move
            .expect("a move");
        assert!(best.is_capture());
    }

    #[test]
    fn draws_are_accepted_when_level_or_worse_and_refused_when_better() {
        let engine = engine(&LEVELS[7]);
        let game = Game::default();
        assert!(accepts_draw(&engine, &game, Score(0)));
        assert!(accepts_draw(&engine, &game, Score(-200)));
        assert!(!accepts_draw(&engine, &game, Score(150)));
        assert!(!accepts_draw(&engine, &game, Score::win_in_plies(9)));
    }
}
