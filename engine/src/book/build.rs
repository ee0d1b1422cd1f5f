//! Building a book by analysis: breadth-first from root positions, keeping the good moves.
//!
//! Level 0 holds the roots (the start position, and optionally named ballot openings). For each
//! position of a level, a [`MoveScorer`] (in practice the engine at a fixed depth) scores every
//! legal move; the moves within [`BookBuildOptions::margin`] of the best (at most
//! [`BookBuildOptions::max_moves`]) are kept with their scores and a weight that falls with the
//! distance from the best, and the positions they lead to form the next level, until
//! [`BookBuildOptions::plies`]. Positions of a level are scored in parallel with rayon; the results
//! are put together in a fixed order, so the book depends only on the scorer, the options and the
//! seed (which breaks ties between equal scores).
//!
//! [`book_from_games`] builds a book from game collections instead (the seed engine's way, now
//! checked): the moves played in the first plies of the games are counted per position (weight =
//! how often, the comment says with which results); each such position is scored by the same
//! [`MoveScorer`], and a played move more than the margin below the engine's best keeps weight 0
//! and a comment saying so. Positions are taken in order of first appearance in the games and
//! scored in parallel, results put together in that order: the book is deterministic.

use crate::parallel::*;
use ahash::{AHashMap, AHashSet};

use super::{Book, BookEntry, BookMove};
use crate::formats::Notation;
use crate::formats::pdn::{GameResult, PdnGame};
use crate::rules::{Move, Position};

/// Scores the legal moves of a position.
pub trait MoveScorer: Sync {
    /// Every legal move of `position` with its score for the side to move after playing it,
    /// in men (+1.0 = a man ahead). Must be deterministic for the build to be.
    fn score_moves(&self, position: &Position) -> Vec<(Move, f32)>;
}

/// Parameters of a book build.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BookBuildOptions {
    /// Plies from each root to expand (default 8).
    pub plies: u32,
    /// Keep moves scoring at most this much below the best, in men (default 0.10).
    pub margin: f32,
    /// Keep at most this many moves per position (default 3).
    pub max_moves: usize,
    /// Weight of the best move; others scale down linearly to 1 at the margin (default 100).
    pub best_weight: u32,
    /// Breaks ties between equal scores (default 0).
    pub seed: u64,
}

impl Default for BookBuildOptions {
    fn default() -> BookBuildOptions {
        BookBuildOptions {
            plies: 8,
            margin: 0.10,
            max_moves: 3,
            best_weight: 100,
            seed: 0,
        }
    }
}

/// A position to start from, with the name of its opening.
#[derive(Clone, Debug)]
pub struct BookRoot {
    /// The position.
    pub position: Position,
    /// Its name (a ballot's name), stored in the book.
    pub name: Option<String>,
}

/// What the builder reports (for a progress bar).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum BookBuildEvent {
    /// A level starts: its ply and the number of positions to score.
    Level {
        /// Plies from the roots.
        ply: u32,
        /// Positions in the level.
        positions: usize,
    },
    /// One position was scored (called from worker threads).
    Scored,
}

/// Builds a book from `roots` (see the module documentation).
pub fn build_book(
    roots: &[BookRoot],
    scorer: &dyn MoveScorer,
    options: BookBuildOptions,
    progress: &(dyn Fn(BookBuildEvent) + Sync),
) -> Book {
    let mut book = Book::new();
    let mut seen: AHashSet<u64> = AHashSet::new();
    let mut level: Vec<(Position, Option<String>)> = Vec::new();
    for root in roots {
        if seen.insert(root.position.zobrist_key()) {
            level.push((root.position, root.name.clone()));
        }
    }
    for ply in 0..options.plies {
        if level.is_empty() {
            break;
        }
        progress(BookBuildEvent::Level {
            ply,
            positions: level.len(),
        });
        let scored: Vec<Vec<(Move, f32)>> = level
            .par_iter()
            .map(|(position, _)| {
                let kept = select(position, scorer.score_moves(position), options);
                progress(BookBuildEvent::Scored);
                kept
            })
            .collect();
        let mut next = Vec::new();
        for ((position, name), kept) in level.into_iter().zip(scored) {
            if kept.is_empty() {
                continue;
            }
            let best = kept[0].1;
            let moves = kept
                .iter()
                .map(|&(mv, score)| BookMove {
                    mv,
                    weight: weight(best - score, options),
                    score: Some((score * 100.0).round() / 100.0),
                    comment: None,
                })
                .collect();
            for (mv, _) in &kept {
                let child = position.play_unchecked(mv);
                if seen.insert(child.zobrist_key()) {
                    next.push((child, None));
                }
            }
            book.add(BookEntry {
                position,
                name,
                comment: None,
                moves,
            });
        }
        level = next;
    }
    book
}

/// Parameters of [`book_from_games`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GamesBookOptions {
    /// Count the moves of the first this many plies of each game (default 8).
    pub plies: u32,
    /// Keep only positions reached by at least this many games (default 1).
    pub min_games: u32,
    /// A played move more than this many men below the engine's best move keeps weight 0
    /// (default 0.30).
    pub margin: f32,
}

impl Default for GamesBookOptions {
    fn default() -> GamesBookOptions {
        GamesBookOptions {
            plies: 8,
            min_games: 1,
            margin: 0.30,
        }
    }
}

/// How often a move was played in a position of the games, and how those games ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayedCounts {
    /// Games that played it.
    pub games: u32,
    /// Of those, won by White.
    pub white_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by Black.
    pub black_wins: u32,
}

impl PlayedCounts {
    fn add(&mut self, result: GameResult) {
        self.games += 1;
        match result {
            GameResult::WhiteWins => self.white_wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::BlackWins => self.black_wins += 1,
            GameResult::Unknown => {}
        }
    }
}

/// A position of the games: how many games reached it and the moves they played there.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedPosition {
    /// The position.
    pub position: Position,
    /// Games that reached it (within the plies counted).
    pub games: u32,
    /// The moves played, in order of first appearance.
    pub moves: Vec<(Move, PlayedCounts)>,
}

/// Counts the moves played in the first `plies` plies of `games`, per position, in order of first
/// appearance (a position reached twice in one game counts that game twice).
#[must_use]
pub fn count_played(games: &[PdnGame], plies: u32) -> Vec<PlayedPosition> {
    let mut positions: Vec<PlayedPosition> = Vec::new();
    let mut index: AHashMap<Position, usize> = AHashMap::new();
    for record in games {
        let game = &record.game;
        for (mv, position) in game
            .moves()
            .iter()
            .zip(game.positions())
            .take(plies as usize)
        {
            let at = *index.entry(*position).or_insert_with(|| {
                positions.push(PlayedPosition {
                    position: *position,
                    games: 0,
                    moves: Vec::new(),
                });
                positions.len() - 1
            });
            let entry = &mut positions[at];
            entry.games += 1;
            match entry.moves.iter_mut().find(|(m, _)| m == mv) {
                Some((_, counts)) => counts.add(record.result),
                None => {
                    let mut counts = PlayedCounts::default();
                    counts.add(record.result);
                    entry.moves.push((*mv, counts));
                }
            }
        }
    }
    positions
}

/// Builds a book from the moves played in `games` (see the module documentation): every position
/// reached in the first [`GamesBookOptions::plies`] plies by at least
/// [`GamesBookOptions::min_games`] games, with the moves played there, checked by `scorer`.
/// `progress` hears one [`BookBuildEvent::Level`] (ply 0, the positions to score), then one
/// [`BookBuildEvent::Scored`] per position.
pub fn book_from_games(
    games: &[PdnGame],
    scorer: &dyn MoveScorer,
    options: GamesBookOptions,
    progress: &(dyn Fn(BookBuildEvent) + Sync),
) -> Book {
    let played: Vec<PlayedPosition> = count_played(games, options.plies)
        .into_iter()
        .filter(|p| p.games >= options.min_games.max(1))
        .collect();
    progress(BookBuildEvent::Level {
        ply: 0,
        positions: played.len(),
    });
    let scored: Vec<Vec<(Move, f32)>> = played
        .par_iter()
        .map(|p| {
            let scores = scorer.score_moves(&p.position);
            progress(BookBuildEvent::Scored);
            scores
        })
        .collect();
    let mut book = Book::new();
    for (p, scores) in played.into_iter().zip(scored) {
        let best = scores.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1));
        let moves = p
            .moves
            .iter()
            .map(|&(mv, counts)| {
                let score = scores.iter().find(|(m, _)| *m == mv).map(|&(_, s)| s);
                let mut comment = format!(
                    "played {} time{} (+{} ={} -{} for White)",
                    counts.games,
                    if counts.games == 1 { "" } else { "s" },
                    counts.white_wins,
                    counts.draws,
                    counts.black_wins
                );
                let mut weight = counts.games;
                if let (Some(score), Some((best_move, best_score))) = (score, best)
                    && best_score - score > options.margin
                {
                    weight = 0;
                    comment.push_str(&format!(
                        "; {:.2} men below the engine's {}",
                        best_score - score,
                        p.position.write_move(&best_move, Notation::Algebraic)
                    ));
                }
                BookMove {
                    mv,
                    weight,
                    score: score.map(|s| (s * 100.0).round() / 100.0),
                    comment: Some(comment),
                }
            })
            .collect();
        book.add(BookEntry {
            position: p.position,
            name: None,
            comment: Some(format!(
                "reached by {} game{}",
                p.games,
                if p.games == 1 { "" } else { "s" }
            )),
            moves,
        });
    }
    book
}

/// The moves to keep, best first: within the margin, at most `max_moves`, ties broken by seed.
fn select(
    position: &Position,
    mut scored: Vec<(Move, f32)>,
    options: BookBuildOptions,
) -> Vec<(Move, f32)> {
    let tie = |mv: &Move| {
        let mut h = options.seed ^ position.zobrist_key_after(position.zobrist_key(), mv);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    };
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| tie(&a.0).cmp(&tie(&b.0))));
    let Some(&(_, best)) = scored.first() else {
        return scored;
    };
    scored.retain(|&(_, s)| best - s <= options.margin);
    scored.truncate(options.max_moves.max(1));
    scored
}

/// The weight of a move `behind` men below the best.
fn weight(behind: f32, options: BookBuildOptions) -> u32 {
    if options.margin <= 0.0 {
        return options.best_weight.max(1);
    }
    let fraction = (1.0 - behind / options.margin).clamp(0.0, 1.0);
    ((options.best_weight as f32) * fraction).round().max(1.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    /// A tiny deterministic scorer: material after a two-ply minimax, kings worth 3 men.
    struct Material2;

    fn material(position: &Position) -> f32 {
        let value =
            |c: Color| position.men(c).count() as f32 + 3.0 * position.kings(c).count() as f32;
        value(position.side_to_move()) - value(!position.side_to_move())
    }

    fn negamax(position: &Position, depth: u32) -> f32 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return -100.0;
        }
        if depth == 0 {
            return material(position);
        }
        moves
            .iter()
            .map(|mv| -negamax(&position.play_unchecked(mv), depth - 1))
            .fold(f32::NEG_INFINITY, f32::max)
    }

    impl MoveScorer for Material2 {
        fn score_moves(&self, position: &Position) -> Vec<(Move, f32)> {
            position
                .legal_moves()
                .iter()
                .map(|mv| (*mv, -negamax(&position.play_unchecked(mv), 2)))
                .collect()
        }
    }

    #[test]
    fn builds_deterministically_and_keeps_moves_within_the_margin() {
        let roots = [BookRoot {
            position: Position::start(),
            name: Some("start".into()),
        }];
        let options = BookBuildOptions {
            plies: 3,
            margin: 0.5,
            max_moves: 2,
            ..BookBuildOptions::default()
        };
        let book = build_book(&roots, &Material2, options, &|_| {});
        let again = build_book(&roots, &Material2, options, &|_| {});
        assert_eq!(book.to_json_string(), again.to_json_string());
        assert_eq!(book.entries()[0].name.as_deref(), Some("start"));
        // 1 + 2 + 4 positions at most (fewer if transpositions or single moves).
        assert!(book.len() > 3 && book.len() <= 7, "{}", book.len());
        for entry in book.entries() {
            assert!(entry.moves.len() <= 2);
            let best = entry.moves[0].score.unwrap();
            for m in &entry.moves {
                assert!(entry.position.is_legal(&m.mv));
                assert!(best - m.score.unwrap() <= 0.5 + 1e-3);
                assert!(m.weight >= 1 && m.weight <= 100);
            }
            assert_eq!(entry.moves[0].weight, 100);
        }
        let other_seed = build_book(
            &roots,
            &Material2,
            BookBuildOptions {
                seed: 99,
                ..options
            },
            &|_| {},
        );
        // At the start every move scores 0: the seed decides which two are kept.
        assert_ne!(book.to_json_string(), other_seed.to_json_string());
        // The loader accepts what the builder writes.
        let loaded = Book::from_json_str(&book.to_json_string(), "built").unwrap();
        assert_eq!(loaded.entries(), book.entries());
    }

    #[test]
    fn books_from_games_count_check_and_filter() {
        let text = "[Result \"2-0\"]\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n\
                    [Result \"1-1\"]\n1. c3-d4 f6-g5 2. g3-f4 1-1\n\n\
                    [Result \"0-2\"]\n1. a3-b4 b6-a5 0-2\n";
        let games = crate::formats::pdn::read_games(text).unwrap();
        let played = count_played(&games, 2);
        assert_eq!(played.len(), 3);
        assert_eq!(played[0].games, 3);
        assert_eq!(played[0].moves.len(), 2);
        assert_eq!(
            played[0].moves[0].1,
            PlayedCounts {
                games: 2,
                white_wins: 1,
                draws: 1,
                black_wins: 0
            }
        );
        let options = GamesBookOptions {
            plies: 2,
            min_games: 2,
            margin: 0.5,
        };
        let book = book_from_games(&games, &Material2, options, &|_| {});
        // The start (3 games) and the position after c3-d4 (2 games); a3-b4's (1 game) is left out.
        assert_eq!(book.len(), 2);
        let start = book.entry(&Position::start()).unwrap();
        assert_eq!(start.moves[0].weight, 2);
        assert!(
            start.moves[0]
                .comment
                .as_deref()
                .is_some_and(|c| c.starts_with("played 2 times (+1 =1 -0")),
            "{:?}",
            start.moves[0].comment
        );
        // Deterministic: the same input gives the same book.
        let again = book_from_games(&games, &Material2, options, &|_| {});
        assert_eq!(again.to_json_string(), book.to_json_string());
        // A move far below the best keeps weight 0 and says why: a scorer that dislikes a3-b4.
        struct Dislike;
        impl MoveScorer for Dislike {
            fn score_moves(&self, position: &Position) -> Vec<(Move, f32)> {
                position
                    .legal_moves()
                    .iter()
                    .map(|mv| {
                        let bad = position.write_move(mv, Notation::Algebraic) == "a3-b4";
                        (*mv, if bad { -1.0 } else { 0.0 })
                    })
                    .collect()
            }
        }
        let options = GamesBookOptions {
            min_games: 1,
            ..options
        };
        let book = book_from_games(&games, &Dislike, options, &|_| {});
        let start = book.entry(&Position::start()).unwrap();
        let a3b4 = &start.moves[1];
        assert_eq!(a3b4.weight, 0);
        assert!(
            a3b4.comment
                .as_deref()
                .is_some_and(|c| c.contains("1.00 men below")),
            "{:?}",
            a3b4.comment
        );
    }
}
