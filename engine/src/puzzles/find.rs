//! Finding a puzzle in a position and checking one again: everything here is decided by
//! fixed-depth searches of one [`Engine`] (and its tablebases, when it has them).
//!
//! [`Finder::find`] goes from cheap to dear, so that the ordinary position of a game costs one
//! search: (1) a root search with an empty table, which also says at which depth the engine
//! first chose the winning move (the difficulty); (2) only when it scores a win of material,
//! every root move searched on its own (a multi-PV by hand) to see that no second move wins;
//! (3) the best line played out until the material is on the board, each later move of the
//! player's checked for uniqueness the same way; (4) the theme from the line's shape.

use crate::formats::Notation;
use crate::rules::{Color, Move, Position};
use crate::search::{Engine, Score, SearchLimit};

use super::puzzle::{Puzzle, Theme};

/// A man's value in [`material`].
const MAN: i32 = 100;
/// A king's value in [`material`] (making a king is worth two men).
const KING: i32 = 300;

/// The material balance of `position` from `side`'s point of view, in centi-men (a man 100, a
/// king 300).
#[must_use]
pub fn material(position: &Position, side: Color) -> i32 {
    let of = |color: Color| {
        position.men(color).count() as i32 * MAN + position.kings(color).count() as i32 * KING
    };
    of(side) - of(side.opposite())
}

/// What [`Finder::find`] asks of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FindSettings {
    /// The depth of the searches (plies, nominal; default 8). Verifying uses a deeper one.
    pub depth: u32,
    /// The least material a combination must win, in centi-men (default 100: a man).
    pub min_gain: i32,
    /// How much better than the second best move the solution must score (default 100).
    pub gap: i32,
    /// The longest solution line, in plies (default 15).
    pub max_plies: usize,
}

impl Default for FindSettings {
    fn default() -> FindSettings {
        FindSettings {
            depth: 8,
            min_gain: MAN,
            gap: MAN,
            max_plies: 15,
        }
    }
}

impl FindSettings {
    /// The default settings with searches `depth` plies deep.
    #[must_use]
    pub fn with_depth(depth: u32) -> FindSettings {
        FindSettings {
            depth,
            ..FindSettings::default()
        }
    }
}

/// What [`Finder::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Every move of the player's in the line is the only winning one.
    Confirmed,
    /// At the player's move `ply` (an index into the solution) the search prefers another move.
    OtherBest {
        /// The index of the move in the solution.
        ply: usize,
        /// The move the search prefers, written out.
        best: String,
    },
    /// At the player's move `ply` a second move wins as well (or is too close).
    NotUnique {
        /// The index of the move in the solution.
        ply: usize,
        /// The other winning move, written out.
        other: String,
    },
    /// At the defender's move `ply` another reply holds better than the solution's (by more
    /// than a third of a man), or leaves the player without the win: the line does not answer
    /// it, so it is not forced.
    Uncovered {
        /// The index of the defender's move in the solution.
        ply: usize,
        /// The reply the solution does not answer, written out.
        reply: String,
    },
    /// The solution does not win at this depth.
    NotWinning,
}

/// Finds and verifies puzzles with one engine.
#[derive(Debug)]
pub struct Finder {
    engine: Engine,
    settings: FindSettings,
}

/// The root moves of a position scored one by one, best first.
struct Ranked {
    moves: Vec<(Move, Score)>,
}

impl Finder {
    /// A finder searching with `engine` (its hash size and tablebases are used) under
    /// `settings`.
    #[must_use]
    pub fn new(engine: Engine, settings: FindSettings) -> Finder {
        Finder { engine, settings }
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &FindSettings {
        &self.settings
    }

    /// Whether `score` wins for the side to move of a position whose material balance is
    /// `before`: a forced win, or at least the minimum gain above that balance (less a
    /// tolerance of a third of a man for the evaluation's positional terms).
    fn wins(&self, score: Score, before: i32) -> bool {
        score.is_win() || score.value() >= before + self.settings.min_gain - MAN / 3
    }

    /// A search of `position` to `depth`.
    fn search(&self, position: &Position, depth: u32) -> (Score, Vec<Move>) {
        let result =
            self.engine
                .search_position(position, &[], SearchLimit::Depth(depth.max(1)), |_| {});
        (result.score, result.pv)
    }

    /// Every legal move of `position` scored by a search of the position after it.
    fn rank(&self, position: &Position, depth: u32) -> Ranked {
        let mut moves: Vec<(Move, Score)> = position
            .legal_moves()
            .iter()
            .map(|mv| {
                let after = position.play_unchecked(mv);
                let score = if after.is_lost() {
                    Score::win_in_plies(1)
                } else {
                    let (score, _) = self.search(&after, depth.saturating_sub(1));
                    negate(score)
                };
                (*mv, score)
            })
            .collect();
        moves.sort_by_key(|(_, score)| std::cmp::Reverse(*score));
        Ranked { moves }
    }

    /// Whether `chosen` is the only winning move of `ranked` (its position's material balance
    /// `before`), by the gap; `Err` with the verdict otherwise.
    fn unique(
        &self,
        position: &Position,
        ranked: &Ranked,
        chosen: &Move,
        before: i32,
        ply: usize,
    ) -> Result<(), Verdict> {
        let Some(&(best, best_score)) = ranked.moves.first() else {
            return Err(Verdict::NotWinning);
        };
        if best != *chosen {
            return Err(Verdict::OtherBest {
                ply,
                best: position.write_move(&best, Notation::Algebraic),
            });
        }
        if !self.wins(best_score, before) {
            return Err(Verdict::NotWinning);
        }
        if let Some(&(second, second_score)) = ranked.moves.get(1) {
            let close = !best_score.is_win()
                && second_score.value() > best_score.value() - self.settings.gap;
            if self.wins(second_score, before) || close {
                return Err(Verdict::NotUnique {
                    ply,
                    other: position.write_move(&second, Notation::Algebraic),
                });
            }
        }
        Ok(())
    }

    /// The puzzle `position` holds, if any (see the [module](super) for what counts).
    #[must_use]
    pub fn find(&self, position: &Position) -> Option<Puzzle> {
        let settings = self.settings;
        if position.count_legal_moves() < 2 {
            return None;
        }
        let player = position.side_to_move();
        let before = material(position, player);
        // (1) One search with an empty table: the cheap test, and the depth the win is seen at.
        self.engine.new_game();
        let mut iterations: Vec<(u32, Option<Move>, bool)> = Vec::new();
        let result = self.engine.search_position(
            position,
            &[],
            SearchLimit::Depth(settings.depth),
            |info| {
                iterations.push((
                    info.depth,
                    info.pv.first().copied(),
                    self.wins(info.score, before),
                ))
            },
        );
        let first = result.best_move?;
        if !self.wins(result.score, before) {
            return None;
        }
        // The depth is the first of the iterations that kept choosing this move and winning.
        let depth = iterations
            .iter()
            .rev()
            .take_while(|(_, mv, wins)| *wins && *mv == Some(first))
            .last()
            .map_or(settings.depth, |(depth, _, _)| *depth);
        // (2) Every root move on its own.
        let ranked = self.rank(position, settings.depth);
        self.unique(position, &ranked, &first, before, 0).ok()?;
        // (3) The line, until the material is on the board.
        let line = self.line(position, first, result.pv)?;
        let mut current = *position;
        for (ply, mv) in line.iter().enumerate() {
            if ply > 0 && Puzzle::is_player_ply(ply) && current.count_legal_moves() > 1 {
                let ranked = self.rank(&current, settings.depth);
                let balance = material(&current, player);
                self.unique(&current, &ranked, mv, balance, ply).ok()?;
            }
            current = current.play_unchecked(mv);
        }
        let gain = material(&current, player) - before;
        // Not trivially forced: more than a single capture of a loose piece.
        let after_first = material(&position.play_unchecked(&line[0]), player) - before;
        if line.len() < 3 || (line[0].is_capture() && after_first >= gain) {
            return None;
        }
        Some(Puzzle {
            position: *position,
            theme: theme(position, &line),
            solution: line,
            depth,
            difficulty: Puzzle::difficulty_of_depth(depth),
            gain,
            source: None,
        })
    }

    /// The solution line from `first` and the root search's `pv`: played on (and searched on
    /// where the principal variation ends) until, after a move of the player's, the material
    /// won is at least the minimum gain and the opponent has no capture (or no move at all).
    fn line(&self, root: &Position, first: Move, pv: Vec<Move>) -> Option<Vec<Move>> {
        let player = root.side_to_move();
        let before = material(root, player);
        let mut line = vec![first];
        let mut rest: Vec<Move> = if pv.first() == Some(&first) {
            pv[1..].to_vec()
        } else {
            Vec::new()
        };
        rest.reverse();
        let mut position = root.play_unchecked(&first);
        loop {
            // After a move of the player's: is the gain on the board?
            if !line.len().is_multiple_of(2) {
                if position.is_lost() {
                    return Some(line);
                }
                let gain = material(&position, player) - before;
                if gain >= self.settings.min_gain && !position.has_capture() {
                    return Some(line);
                }
            }
            if line.len() >= self.settings.max_plies {
                return None;
            }
            let next = match rest.pop() {
                Some(mv) if position.is_legal(&mv) => mv,
                _ => {
                    let depth = self.settings.depth.saturating_sub(line.len() as u32).max(2);
                    let (_, pv) = self.search(&position, depth);
                    let mut pv = pv;
                    pv.reverse();
                    rest = pv;
                    rest.pop()?
                }
            };
            line.push(next);
            position = position.play_unchecked(&next);
        }
    }

    /// Whether the defender's reply `chosen` of `ranked` (scored from the defender's point of
    /// view) is its best defence, so that the line answers every reply: no other reply may hold
    /// better for the defender by more than the evaluation's tolerance (a third of a man, as in
    /// `wins`), nor leave the player short of a win over the puzzle's starting balance `before`
    /// — unless the reply and the solution's both lose outright by force. `Err` with the verdict
    /// naming the first reply the line does not answer.
    fn covered(
        &self,
        position: &Position,
        ranked: &Ranked,
        chosen: &Move,
        before: i32,
        ply: usize,
    ) -> Result<(), Verdict> {
        let Some(&(_, chosen_score)) = ranked.moves.iter().find(|(mv, _)| mv == chosen) else {
            return Err(Verdict::NotWinning);
        };
        for &(reply, score) in &ranked.moves {
            if reply == *chosen || (score.is_loss() && chosen_score.is_loss()) {
                continue;
            }
            let holds_better = score.value() > chosen_score.value() + MAN / 3;
            if holds_better || !self.wins(negate(score), before) {
                return Err(Verdict::Uncovered {
                    ply,
                    reply: position.write_move(&reply, Notation::Algebraic),
                });
            }
        }
        Ok(())
    }

    /// Checks `puzzle` again with this finder's settings (usually deeper than it was found
    /// with): every move of the player's in its solution must be the only winning one, and every
    /// reply of the defender's the best defence (a reply that holds better is one the line does
    /// not answer).
    #[must_use]
    pub fn verify(&self, puzzle: &Puzzle) -> Verdict {
        let player = puzzle.player();
        let mut position = puzzle.position;
        let start = material(&position, player);
        self.engine.new_game();
        for (ply, mv) in puzzle.solution.iter().enumerate() {
            if !position.is_legal(mv) {
                return Verdict::NotWinning;
            }
            if Puzzle::is_player_ply(ply) && (ply == 0 || position.count_legal_moves() > 1) {
                let ranked = self.rank(&position, self.settings.depth);
                let balance = material(&position, player);
                if let Err(verdict) = self.unique(&position, &ranked, mv, balance, ply) {
                    return verdict;
                }
            } else if !Puzzle::is_player_ply(ply) && position.count_legal_moves() > 1 {
                let ranked = self.rank(&position, self.settings.depth);
                if let Err(verdict) = self.covered(&position, &ranked, mv, start, ply) {
                    return verdict;
                }
            }
            position = position.play_unchecked(mv);
        }
        Verdict::Confirmed
    }
}

/// The score from the other side's point of view.
fn negate(score: Score) -> Score {
    Score(-score.value())
}

/// The theme of a solution `line` from `root`: a shot when the first move gives material away
/// (the reply captures) and a later move of the player's takes two pieces or more; else a
/// breakthrough when a move of the player's makes a king; else a trap when the first move is
/// quiet and so is the reply; else a combination.
fn theme(root: &Position, line: &[Move]) -> Theme {
    let player_moves = || line.iter().step_by(2);
    let sacrifice = !line[0].is_capture() && line.get(1).is_some_and(|reply| reply.is_capture());
    let multiple = player_moves().skip(1).any(|mv| mv.captured().count() >= 2);
    let mut position = *root;
    let mut crowns = false;
    for (ply, mv) in line.iter().enumerate() {
        if ply.is_multiple_of(2)
            && position.men(root.side_to_move()).contains(mv.from())
            && mv.promotes()
        {
            crowns = true;
        }
        position = position.play_unchecked(mv);
    }
    if sacrifice && multiple {
        Theme::Shot
    } else if crowns {
        Theme::Breakthrough
    } else if !line[0].is_capture() && !line.get(1).is_some_and(|reply| reply.is_capture()) {
        Theme::Trap
    } else {
        Theme::Combination
    }
}
