//! The counter draw rules of Russian draughts ([docs/RULES.md §2](crate::docs::rules), FMJD-64 rules 7.2.4–7.2.8).
//!
//! The FMJD text counts "moves" of the stronger side from the moment a balance of forces arose.
//! Like lidraughts (the largest online implementation, whose FEN `H` field is this counter), this
//! module turns every rule into an **automatic draw by a ply counter**: after each move the material
//! on the board selects a [`Regime`]; the move either resets the counter (a capture, a promotion or a
//! man move, depending on the regime) or advances it by one ply; the game is drawn as soon as the
//! counter reaches the regime's limit. The table ([docs/RULES.md §2](crate::docs::rules)), with the regime checked in this
//! order:
//!
//! | material after the move | regime | limit (plies) | counter resets on |
//! |---|---|---|---|
//! | lone king vs ≤ 2 pieces with ≥ 1 king | [`Regime::SmallKings`] (7.2.8) | 10 | the capture that creates it (more than 3 pieces before); a first promotion |
//! | lone king alone on a1–h8 vs exactly 3 pieces with ≥ 1 king | [`Regime::MainRoad`] (7.2.7) | 30, or 10 once 10 plies ended in this configuration | capture; first promotion |
//! | lone king vs ≥ 3 pieces, all kings | [`Regime::ThreeKings`] (7.2.4) | 30 | capture, promotion |
//! | both sides have kings, 6 or 7 pieces | [`Regime::Balanced67`] (7.2.6) | 120 | capture, promotion (man moves do not reset) |
//! | both sides have kings, 4 or 5 pieces | [`Regime::Balanced45`] (7.2.6) | 60 | capture, promotion |
//! | both sides have kings, any other total | [`Regime::KingsOnly`] (7.2.5) | 30 | capture, promotion, any man move |
//! | otherwise | [`Regime::None`] | no counting (counter held at 0) | — |
//!
//! Interpretation details, all as in lidraughts:
//! - A *first promotion* is a promotion after which the promoting side has exactly one king.
//! - The counter is the number of plies since the last reset, the resetting move counting 0; the draw
//!   happens when it reaches the limit (lidraughts: `halfMoveClock >= limit`). A lone king captured
//!   on the stronger side's last allowed move is a win, not a draw: [`crate::rules::Game::status`] checks
//!   "no legal move" first.
//! - 7.2.7 is unclear about leaving and re-entering the main road; the plies that *ended* in the
//!   main-road configuration are counted in total since the last reset, not consecutively.
//! - When the regime changes without a reset (a king leaves the main road, a man moves in a
//!   6-piece ending) the counter carries over and is compared with the new regime's limit.
//!
//! Threefold repetition (7.2.3) needs the game history and is checked by [`crate::rules::Game::status`]
//! (and by the search against its own path); [`DrawState`] holds only the counters, so the search
//! can carry it per node by value.
//!
//! **Which rules apply is the caller's choice** ([`DrawRules`]): a GUI, a referee or a server may
//! apply fewer of them than lidraughts. [`DrawRules::Full`] is the table above;
//! [`DrawRules::Basic`] is what py-draughts applies and many GUIs and referees do: threefold
//! repetition, 7.2.4 and 7.2.5 counted by one ply counter of quiet king moves
//! ([`DrawState::king_plies`]: reset by any capture, promotion or man move, held at 0 while a
//! side has no king, drawn at 30 plies); [`DrawRules::Repetition`] is threefold repetition alone.
//! [`DrawState`] keeps both counters whatever the set, so a game's rules can change after the fact
//! (a GUI setting, a PDN read under other rules) without replaying it.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Bitboard, Color, Move, Position};

/// Ply limits of the counter rules ([docs/RULES.md §2](crate::docs::rules)), in plies (one player's move each).
pub mod limits {
    /// 7.2.8: lone king against at most two pieces including a king (5 moves each).
    pub const SMALL_KINGS: u16 = 10;
    /// 7.2.7: lone king on the main road against three pieces including a king (15 moves each) …
    pub const MAIN_ROAD: u16 = 30;
    /// … dropping to this many plies once that many plies ended in the configuration (5 moves).
    pub const MAIN_ROAD_ON_ROAD: u16 = 10;
    /// 7.2.4: three or more kings against a lone king (15 moves each).
    pub const THREE_KINGS: u16 = 30;
    /// 7.2.6: both sides have kings, 6 or 7 pieces (60 moves each).
    pub const BALANCED_6_7: u16 = 120;
    /// 7.2.6: both sides have kings, 4 or 5 pieces (30 moves each).
    pub const BALANCED_4_5: u16 = 60;
    /// 7.2.5: kings only, no man moves or captures (15 moves each).
    pub const KINGS_ONLY: u16 = 30;
}

/// The draw rule that ended a game ([docs/RULES.md §2](crate::docs::rules)). `Display` gives the human text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawRule {
    /// 7.2.3: the same position with the same side to move occurred three times.
    Repetition,
    /// 7.2.4: three or more kings against a lone king did not win in 15 moves.
    ThreeKingsVsOne,
    /// 7.2.5: 15 moves by both sides with kings, no man moves and no captures.
    KingsOnly15,
    /// 7.2.6: both sides have kings and the balance did not change for 30 (4–5 pieces) or 60
    /// (6–7 pieces) moves.
    BalancedKings,
    /// 7.2.7: three pieces with a king against a lone king on the main road did not win in 5
    /// moves.
    MainRoad,
    /// 7.2.8: up to two pieces with a king against a lone king did not win in 5 moves.
    SmallKings,
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawRule::Repetition => "threefold repetition (7.2.3)",
            DrawRule::ThreeKingsVsOne => "three kings against one not won in 15 moves (7.2.4)",
            DrawRule::KingsOnly15 => "15 moves with kings only, no man move or capture (7.2.5)",
            DrawRule::BalancedKings => "kings on both sides, balance unchanged too long (7.2.6)",
            DrawRule::MainRoad => "lone king on the main road not beaten in 5 moves (7.2.7)",
            DrawRule::SmallKings => "lone king against 1 or 2 pieces not beaten in 5 moves (7.2.8)",
        })
    }
}

/// Which draw rules a game applies ([docs/RULES.md §2](crate::docs::rules)): the caller's choice, because GUIs,
/// referees, servers and tournaments do not all apply the same ones. Threefold repetition
/// (7.2.3) is part of every set. `Display` and [`FromStr`] use the names `full`, `basic` and
/// `repetition`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum DrawRules {
    /// Every counting rule, 7.2.3–7.2.8, as lidraughts counts them (the module table).
    #[default]
    Full,
    /// Threefold repetition, 7.2.4 (three kings against one) and 7.2.5 (15 moves each of quiet
    /// king moves): what py-draughts, many GUIs and referees apply. Both counting rules are one
    /// counter, [`DrawState::king_plies`], drawn at 30 plies.
    Basic,
    /// Threefold repetition only (7.2.3).
    Repetition,
}

impl DrawRules {
    /// Every set, in the order of its strictness (most rules first).
    pub const ALL: [DrawRules; 3] = [DrawRules::Full, DrawRules::Basic, DrawRules::Repetition];

    /// The set's name: `full`, `basic` or `repetition`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            DrawRules::Full => "full",
            DrawRules::Basic => "basic",
            DrawRules::Repetition => "repetition",
        }
    }
}

impl fmt::Display for DrawRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A draw-rule set's name that is not `full`, `basic` or `repetition`; holds the text given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown draw rules `{0}` (expected full, basic or repetition)")]
pub struct ParseDrawRulesError(pub String);

impl FromStr for DrawRules {
    type Err = ParseDrawRulesError;

    fn from_str(text: &str) -> Result<DrawRules, ParseDrawRulesError> {
        DrawRules::ALL
            .into_iter()
            .find(|rules| rules.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseDrawRulesError(text.to_string()))
    }
}

/// Which counter rule the material on the board falls under (the rows of the module table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Regime {
    /// No counter rule applies; the counter is held at 0.
    None,
    /// 7.2.8: a lone king against at most two pieces including a king.
    SmallKings,
    /// 7.2.7: a lone king alone on the main road against exactly three pieces with a king.
    MainRoad,
    /// 7.2.4: a lone king against three or more kings (off the main road, or more than three).
    ThreeKings,
    /// 7.2.6: both sides have kings, 6 or 7 pieces.
    Balanced67,
    /// 7.2.6: both sides have kings, 4 or 5 pieces.
    Balanced45,
    /// 7.2.5: both sides have kings, any other number of pieces.
    KingsOnly,
}

impl Regime {
    /// The regime of the material in `position` (the side to move does not matter).
    #[must_use]
    #[inline]
    pub fn of(position: &Position) -> Regime {
        if Regime::lacks_a_king(position) {
            return Regime::None;
        }
        let white_kings = position.kings(Color::White).count();
        let black_kings = position.kings(Color::Black).count();
        let white = position.pieces(Color::White);
        let black = position.pieces(Color::Black);
        let (lone, strong, strong_kings) = if white.count() == 1 {
            (white, black, black_kings)
        } else if black.count() == 1 {
            (black, white, white_kings)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY, 0)
        };
        if lone.any() {
            let strong_count = strong.count();
            if strong_count <= 2 {
                return Regime::SmallKings;
            }
            if strong_count == 3 && (position.occupied() & Bitboard::MAIN_ROAD) == lone {
                return Regime::MainRoad;
            }
            if strong_kings == strong_count {
                return Regime::ThreeKings;
            }
        }
        match white.count() + black.count() {
            6 | 7 => Regime::Balanced67,
            4 | 5 => Regime::Balanced45,
            _ => Regime::KingsOnly,
        }
    }

    /// Whether a side of `position` has no king: then no rule counts ([`Regime::None`]; a lone
    /// king needs a king on the other side too, as do the 7.2.5/7.2.6 rows). The first and
    /// cheapest test of [`Regime::of`], and the usual case, which the counters test inline.
    #[inline(always)]
    fn lacks_a_king(position: &Position) -> bool {
        position.kings(Color::White).is_empty() || position.kings(Color::Black).is_empty()
    }

    /// Whether `mv` (played from `before`, giving `after`, whose regime is `self`) resets the
    /// counter (the last column of the module table).
    #[inline]
    fn resets(self, before: &Position, mv: &Move, after: &Position) -> bool {
        let mover = before.side_to_move();
        let first_promotion = mv.promotes() && after.kings(mover).count() == 1;
        let man_move = !before.kings(mover).contains(mv.from());
        match self {
            Regime::None => true,
            Regime::SmallKings => first_promotion || (mv.is_capture() && before.piece_count() > 3),
            Regime::MainRoad => mv.is_capture() || first_promotion,
            Regime::ThreeKings | Regime::Balanced67 | Regime::Balanced45 => {
                mv.is_capture() || mv.promotes()
            }
            Regime::KingsOnly => mv.is_capture() || mv.promotes() || man_move,
        }
    }
}

/// The draw-rule counters after some move: small and `Copy`, so the search carries one per node.
///
/// `plies` is lidraughts' `H` counter; `main_road_plies` counts the plies (since the last reset)
/// that ended in the 7.2.7 configuration; `king_plies` is the [`DrawRules::Basic`] counter, the
/// quiet king moves since the last capture, promotion or man move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawState {
    plies: u16,
    main_road_plies: u16,
    king_plies: u16,
}

impl DrawState {
    /// Fresh counters (a game's start, or after a reset).
    #[must_use]
    pub const fn new() -> DrawState {
        DrawState {
            plies: 0,
            main_road_plies: 0,
            king_plies: 0,
        }
    }

    /// Counters as given by a lidraughts FEN `H` field. The main-road count is unknown (0); the
    /// quiet-king-move count is taken as `plies`, which it equals whenever both sides have kings
    /// and 8 or more pieces are on the board (lidraughts' 7.2.5 row counts the same moves).
    #[must_use]
    pub const fn with_plies(plies: u16) -> DrawState {
        DrawState {
            plies,
            main_road_plies: 0,
            king_plies: plies,
        }
    }

    /// The ply counter (lidraughts' `H`): plies since the last reset.
    #[must_use]
    pub const fn plies(self) -> u16 {
        self.plies
    }

    /// Plies since the last reset that ended with a lone king alone on the main road against
    /// three pieces (7.2.7).
    #[must_use]
    pub const fn main_road_plies(self) -> u16 {
        self.main_road_plies
    }

    /// Quiet king moves (plies) since the last capture, promotion or man move, counted while both
    /// sides have a king: the counter of [`DrawRules::Basic`] (7.2.4 and 7.2.5 as py-draughts
    /// counts them).
    #[must_use]
    pub const fn king_plies(self) -> u16 {
        self.king_plies
    }

    /// The counters after `mv`, a legal move of `before` that gave `after`.
    #[must_use]
    #[inline(always)]
    pub fn after(self, before: &Position, mv: &Move, after: &Position) -> DrawState {
        if Regime::lacks_a_king(after) {
            return DrawState::new();
        }
        self.after_with_kings(before, mv, after)
    }

    /// [`Self::after`] when both sides have a king.
    #[inline(never)]
    fn after_with_kings(self, before: &Position, mv: &Move, after: &Position) -> DrawState {
        let king_plies = if before.is_reversible(mv) {
            self.king_plies.saturating_add(1)
        } else {
            0
        };
        let regime = Regime::of(after);
        if regime.resets(before, mv, after) {
            return DrawState {
                king_plies,
                ..DrawState::new()
            };
        }
        DrawState {
            plies: self.plies.saturating_add(1),
            main_road_plies: self
                .main_road_plies
                .saturating_add(u16::from(regime == Regime::MainRoad)),
            king_plies,
        }
    }

    /// Plies that may still be played from `position` (reached with these counters) before a
    /// counter rule draws the game if nothing resets the counter; `None` when no counter runs
    /// (the material is under no rule of [docs/RULES.md §2](crate::docs::rules) 7.2.4–7.2.8). In the 7.2.7 configuration it
    /// is the smaller of the two limits, as if the lone king stayed on the main road.
    #[must_use]
    #[inline]
    pub fn plies_left(self, position: &Position) -> Option<u16> {
        let limit = match Regime::of(position) {
            Regime::None => return None,
            Regime::SmallKings => limits::SMALL_KINGS,
            Regime::MainRoad => {
                let on_road = limits::MAIN_ROAD_ON_ROAD.saturating_sub(self.main_road_plies);
                return Some(limits::MAIN_ROAD.saturating_sub(self.plies).min(on_road));
            }
            Regime::ThreeKings => limits::THREE_KINGS,
            Regime::Balanced67 => limits::BALANCED_6_7,
            Regime::Balanced45 => limits::BALANCED_4_5,
            Regime::KingsOnly => limits::KINGS_ONLY,
        };
        Some(limit.saturating_sub(self.plies))
    }

    /// [`Self::plies_left`] under the draw rules `rules`: `None` when none of their counters runs.
    #[must_use]
    #[inline]
    pub fn plies_left_under(self, rules: DrawRules, position: &Position) -> Option<u16> {
        match rules {
            DrawRules::Full => self.plies_left(position),
            DrawRules::Basic => (!Regime::lacks_a_king(position))
                .then(|| limits::KINGS_ONLY.saturating_sub(self.king_plies)),
            DrawRules::Repetition => None,
        }
    }

    /// The counter rule of the set `rules` that draws `position` (reached with these counters),
    /// if any. Repetition is not checked here (see [`crate::rules::Game::status`]).
    #[must_use]
    #[inline]
    pub fn draw_rule_under(self, rules: DrawRules, position: &Position) -> Option<DrawRule> {
        match rules {
            DrawRules::Full => self.draw_rule(position),
            DrawRules::Basic => self.basic_draw_rule(position),
            DrawRules::Repetition => None,
        }
    }

    /// The counter rule of [`DrawRules::Basic`] that draws `position`: 7.2.4 when a lone king
    /// faces three or more kings, else 7.2.5, once [`Self::king_plies`] reaches 30.
    #[inline]
    fn basic_draw_rule(self, position: &Position) -> Option<DrawRule> {
        if Regime::lacks_a_king(position) || self.king_plies < limits::KINGS_ONLY {
            return None;
        }
        let three_kings_against_one = [Color::White, Color::Black].into_iter().any(|side| {
            position.pieces(side).count() == 1
                && position.pieces(side.opposite()).count() >= 3
                && position.pieces(side.opposite()) == position.kings(side.opposite())
        });
        Some(if three_kings_against_one {
            DrawRule::ThreeKingsVsOne
        } else {
            DrawRule::KingsOnly15
        })
    }

    /// The counter rule of [`DrawRules::Full`] that draws `position` (reached with these
    /// counters), if any. Repetition is not checked here (see [`crate::rules::Game::status`]).
    #[must_use]
    #[inline(always)]
    pub fn draw_rule(self, position: &Position) -> Option<DrawRule> {
        if Regime::lacks_a_king(position) {
            return None;
        }
        self.draw_rule_with_kings(position)
    }

    /// [`Self::draw_rule`] when both sides have a king.
    #[inline(never)]
    fn draw_rule_with_kings(self, position: &Position) -> Option<DrawRule> {
        let (limit, rule) = match Regime::of(position) {
            Regime::None => return None,
            Regime::SmallKings => (limits::SMALL_KINGS, DrawRule::SmallKings),
            Regime::MainRoad => {
                if self.main_road_plies >= limits::MAIN_ROAD_ON_ROAD {
                    return Some(DrawRule::MainRoad);
                }
                (limits::MAIN_ROAD, DrawRule::MainRoad)
            }
            Regime::ThreeKings => (limits::THREE_KINGS, DrawRule::ThreeKingsVsOne),
            Regime::Balanced67 => (limits::BALANCED_6_7, DrawRule::BalancedKings),
            Regime::Balanced45 => (limits::BALANCED_4_5, DrawRule::BalancedKings),
            Regime::KingsOnly => (limits::KINGS_ONLY, DrawRule::KingsOnly15),
        };
        (self.plies >= limit).then_some(rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// Plays `text` from `position` with counters `state`: (new state, new position).
    fn step(state: DrawState, position: &Position, text: &str) -> (DrawState, Position) {
        let mv = position.parse_move(text).unwrap();
        let after = position.play_unchecked(&mv);
        (state.after(position, &mv, &after), after)
    }

    /// Shuffles kings back and forth: each pair of texts is played alternately `plies` times.
    fn shuffle(
        mut state: DrawState,
        mut position: Position,
        cycle: &[&str],
        plies: usize,
    ) -> (DrawState, Position) {
        for i in 0..plies {
            (state, position) = step(state, &position, cycle[i % cycle.len()]);
        }
        (state, position)
    }

    #[test]
    fn draw_state_is_small_and_copy() {
        assert!(std::mem::size_of::<DrawState>() <= 6);
        let a = DrawState::new();
        let b = a;
        assert_eq!(a, b);
    }

    #[test]
    fn regimes_follow_the_table() {
        assert_eq!(Regime::of(&Position::start()), Regime::None);
        assert_eq!(Regime::of(&pos("W:WK29:BK4")), Regime::SmallKings);
        assert_eq!(Regime::of(&pos("W:WK29,22:BK1")), Regime::SmallKings);
        assert_eq!(Regime::of(&pos("W:WK29:BK1,6")), Regime::SmallKings);
        // Lone king vs men only: nothing to count.
        assert_eq!(Regime::of(&pos("W:WK30:B6,7")), Regime::None);
        // Lone white king alone on a1–h8 vs 3 pieces with a king.
        assert_eq!(Regime::of(&pos("W:WK22:BK1,6,7")), Regime::MainRoad);
        // Another piece on the main road: not 7.2.7; two kings and a man, 4 pieces: 7.2.6.
        assert_eq!(Regime::of(&pos("W:WK22:BK1,8,7")), Regime::Balanced45);
        assert_eq!(Regime::of(&pos("W:WK30:BK1,6,7")), Regime::Balanced45);
        assert_eq!(Regime::of(&pos("W:WK30:BK1,K6,K7")), Regime::ThreeKings);
        assert_eq!(Regime::of(&pos("W:WK30:BK1,K6,K7,K2")), Regime::ThreeKings);
        assert_eq!(Regime::of(&pos("W:WK30,21:BK1,6,7,2")), Regime::Balanced67);
        assert_eq!(Regime::of(&pos("W:WK30,21:BK1,6,7")), Regime::Balanced45);
        assert_eq!(
            Regime::of(&pos("W:WK30,21,24:BK1,6,7,2,3")),
            Regime::KingsOnly
        );
        // One side without a king: no counting.
        assert_eq!(Regime::of(&pos("W:W30,21:BK1,6,7")), Regime::None);
    }

    // 7.2.8: two kings against a lone king: 10 plies.
    #[test]
    fn small_kings_draw_after_ten_plies() {
        let start = pos("W:WK30,K32:BK5");
        let cycle = ["30-26", "5-1", "26-30", "1-5"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 9);
        assert_eq!(state.plies(), 9);
        assert_eq!(state.draw_rule(&position), None);
        let (state, position) = step(state, &position, cycle[9 % 4]);
        assert_eq!(state.draw_rule(&position), Some(DrawRule::SmallKings));
    }

    // 7.2.8 reset: the capture that creates the configuration (4 pieces → 3) resets the counter;
    // a capture inside it (3 → 2) does not.
    #[test]
    fn small_kings_reset_by_the_creating_capture_only() {
        let before = pos("W:WK29,K32:BK4,25");
        let (state, after) = step(DrawState::with_plies(7), &before, "29x22");
        assert_eq!(Regime::of(&after), Regime::SmallKings);
        assert_eq!(state.plies(), 0);
        let before = pos("B:WK29,K15:BK4");
        let (state, after) = step(DrawState::with_plies(7), &before, "4x22");
        assert_eq!(after.piece_count(), 2);
        assert_eq!(state.plies(), 8);
    }

    // 7.2.8 reset: a first promotion (the side's first king) resets; a second one and man moves
    // do not.
    #[test]
    fn small_kings_first_promotion_resets() {
        let before = pos("W:WK29,6:BK32");
        let (state, after) = step(DrawState::with_plies(5), &before, "6-2");
        assert_eq!(Regime::of(&after), Regime::SmallKings);
        assert_eq!(state.plies(), 6);
        let before = pos("B:WK18,K32:B27");
        let (state, after) = step(DrawState::with_plies(5), &before, "27-31");
        assert_eq!(Regime::of(&after), Regime::SmallKings);
        assert_eq!(state.plies(), 0);
        let before = pos("W:WK29,14:BK32");
        let (state, _) = step(DrawState::with_plies(5), &before, "14-10");
        assert_eq!(state.plies(), 6);
    }

    // 7.2.7: a lone king alone on the main road against three pieces with a king: drawn once
    // 10 plies ended in that configuration.
    #[test]
    fn main_road_draws_after_ten_plies_on_the_road() {
        let start = pos("W:WK22:BK28,5,6");
        assert_eq!(Regime::of(&start), Regime::MainRoad);
        let cycle = ["22-18", "28-32", "18-22", "32-28"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 9);
        assert_eq!(state.main_road_plies(), 9);
        assert_eq!(state.draw_rule(&position), None);
        let (state, position) = step(state, &position, cycle[9 % 4]);
        assert_eq!(state.draw_rule(&position), Some(DrawRule::MainRoad));
    }

    // 7.2.7: plies off the road count towards 30 only; the road count is a total, not
    // consecutive; a capture (into the configuration) resets both counters.
    #[test]
    fn main_road_counts_in_total_and_resets_on_capture() {
        let start = pos("W:WK22:BK28,5,6");
        let cycle = ["22-18", "28-32", "18-22", "32-28"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 4);
        assert_eq!(state.main_road_plies(), 4);
        let (state, position) = step(state, &position, "22-17");
        assert_eq!(Regime::of(&position), Regime::Balanced45);
        assert_eq!((state.plies(), state.main_road_plies()), (5, 4));
        let (state, position) = step(state, &position, "28-32");
        let (state, position) = step(state, &position, "17-22");
        assert_eq!(Regime::of(&position), Regime::MainRoad);
        assert_eq!((state.plies(), state.main_road_plies()), (7, 5));
        assert_eq!(state.draw_rule(&position), None);
        assert_eq!(
            DrawState::with_plies(30).draw_rule(&position),
            Some(DrawRule::MainRoad)
        );
        let before = pos("B:WK29,27:BK32,5,6");
        let (state, after) = step(DrawState::with_plies(20), &before, "32x23");
        assert_eq!(Regime::of(&after), Regime::MainRoad);
        assert_eq!(state, DrawState::new());
    }

    // 7.2.4: three kings against a lone king: 30 plies.
    #[test]
    fn three_kings_draw_after_thirty_plies() {
        let start = pos("W:WK30:BK1,K2,K3");
        assert_eq!(Regime::of(&start), Regime::ThreeKings);
        let cycle = ["30-26", "1-5", "26-30", "5-1"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 29);
        assert_eq!(state.draw_rule(&position), None);
        let (state, position) = step(state, &position, cycle[29 % 4]);
        assert_eq!(state.plies(), 30);
        assert_eq!(state.draw_rule(&position), Some(DrawRule::ThreeKingsVsOne));
    }

    // 7.2.4 reset: any promotion (here the third king) resets.
    #[test]
    fn three_kings_reset_on_promotion() {
        let before = pos("B:WK30:BK1,K2,27");
        let (state, after) = step(DrawState::with_plies(12), &before, "27-31");
        assert_eq!(Regime::of(&after), Regime::ThreeKings);
        assert_eq!(state.plies(), 0);
    }

    // 7.2.5: kings on both sides, 8+ pieces: 30 plies; a man move resets, a king move does not.
    #[test]
    fn kings_only_resets_on_man_moves() {
        let start = pos("W:WK30,21,24:BK4,5,7,2,3");
        assert_eq!(Regime::of(&start), Regime::KingsOnly);
        let cycle = ["30-26", "4-8", "26-30", "8-4"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 29);
        assert_eq!(state.draw_rule(&position), None);
        let (state, after) = step(state, &position, cycle[29 % 4]);
        assert_eq!(state.draw_rule(&after), Some(DrawRule::KingsOnly15));
        let (state, _) = step(DrawState::with_plies(20), &start, "21-17");
        assert_eq!(state.plies(), 0);
        let (state, _) = step(DrawState::with_plies(20), &start, "30-26");
        assert_eq!(state.plies(), 21);
    }

    // 7.2.6: 6–7 pieces: 120 plies, and man moves do NOT reset.
    #[test]
    fn balanced_six_seven_ignores_man_moves() {
        let start = pos("W:WK30,21:BK1,6,7,2");
        assert_eq!(Regime::of(&start), Regime::Balanced67);
        let (state, after) = step(DrawState::with_plies(100), &start, "21-17");
        assert_eq!(state.plies(), 101);
        assert_eq!(state.draw_rule(&after), None);
        assert_eq!(DrawState::with_plies(119).draw_rule(&after), None);
        assert_eq!(
            DrawState::with_plies(120).draw_rule(&after),
            Some(DrawRule::BalancedKings)
        );
    }

    // 7.2.6: 4–5 pieces: 60 plies; a man move keeps counting; promotion and capture reset.
    #[test]
    fn balanced_four_five_resets_on_capture_and_promotion() {
        let start = pos("W:WK30,21:BK1,6,7");
        assert_eq!(Regime::of(&start), Regime::Balanced45);
        assert_eq!(DrawState::with_plies(59).draw_rule(&start), None);
        assert_eq!(
            DrawState::with_plies(60).draw_rule(&start),
            Some(DrawRule::BalancedKings)
        );
        let (state, _) = step(DrawState::with_plies(40), &start, "21-17");
        assert_eq!(state.plies(), 41);
        let before = pos("W:WK30,5:BK3,7,8");
        let (state, after) = step(DrawState::with_plies(40), &before, "5-1");
        assert_eq!(Regime::of(&after), Regime::Balanced45);
        assert_eq!(state.plies(), 0);
        let before = pos("W:WK30,21:BK26,K1,2,3");
        let (state, after) = step(DrawState::with_plies(40), &before, "30x23");
        assert_eq!(Regime::of(&after), Regime::Balanced45);
        assert_eq!(state.plies(), 0);
    }

    // Basic (py-draughts): two kings against one is not drawn at 10 plies as under 7.2.8, but
    // at 30 quiet king moves, as 7.2.5.
    #[test]
    fn basic_plays_two_kings_against_one_out_to_thirty_plies() {
        let start = pos("W:WK30,K32:BK5");
        let cycle = ["30-26", "5-1", "26-30", "1-5"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 10);
        assert_eq!(state.draw_rule(&position), Some(DrawRule::SmallKings));
        assert_eq!(state.draw_rule_under(DrawRules::Basic, &position), None);
        assert_eq!(
            state.plies_left_under(DrawRules::Basic, &position),
            Some(20)
        );
        let rest = ["26-30", "1-5", "30-26", "5-1"];
        let (state, position) = shuffle(state, position, &rest, 20);
        assert_eq!(state.king_plies(), 30);
        assert_eq!(
            state.draw_rule_under(DrawRules::Basic, &position),
            Some(DrawRule::KingsOnly15)
        );
        assert_eq!(
            state.draw_rule_under(DrawRules::Repetition, &position),
            None
        );
        assert_eq!(
            state.plies_left_under(DrawRules::Repetition, &position),
            None
        );
    }

    // Basic: three kings against a lone king is 7.2.4, on the same counter.
    #[test]
    fn basic_names_three_kings_against_one() {
        let start = pos("W:WK30:BK1,K2,K3");
        let cycle = ["30-26", "1-5", "26-30", "5-1"];
        let (state, position) = shuffle(DrawState::new(), start, &cycle, 29);
        assert_eq!(state.draw_rule_under(DrawRules::Basic, &position), None);
        let (state, position) = step(state, &position, cycle[29 % 4]);
        assert_eq!(
            state.draw_rule_under(DrawRules::Basic, &position),
            Some(DrawRule::ThreeKingsVsOne)
        );
    }

    // Basic: a man move resets the quiet-king-move counter even where 7.2.6 (full) keeps
    // counting; a side without a king holds it at 0.
    #[test]
    fn basic_counter_resets_on_man_moves_captures_and_promotions() {
        let start = pos("W:WK30,21:BK1,6,7,2");
        let (state, _) = step(DrawState::with_plies(100), &start, "21-17");
        assert_eq!((state.plies(), state.king_plies()), (101, 0));
        let (state, _) = step(DrawState::with_plies(20), &start, "30-26");
        assert_eq!((state.plies(), state.king_plies()), (21, 21));
        let before = pos("W:WK30,5:BK3,7,8");
        let (state, _) = step(DrawState::with_plies(20), &before, "5-1");
        assert_eq!(state.king_plies(), 0);
        let (state, _) = step(DrawState::with_plies(20), &Position::start(), "22-18");
        assert_eq!(state.king_plies(), 0);
        let men_only = pos("W:WK30:B1,2");
        assert_eq!(
            DrawState::with_plies(40).draw_rule_under(DrawRules::Basic, &men_only),
            None
        );
    }

    #[test]
    fn draw_rules_read_and_write_their_names() {
        for rules in DrawRules::ALL {
            assert_eq!(rules.to_string().parse::<DrawRules>(), Ok(rules));
        }
        assert_eq!(" Basic ".parse::<DrawRules>(), Ok(DrawRules::Basic));
        let error = "lidraughts".parse::<DrawRules>().unwrap_err();
        assert_eq!(error, ParseDrawRulesError("lidraughts".into()));
        assert!(error.to_string().contains("full, basic or repetition"));
        assert_eq!(DrawRules::default(), DrawRules::Full);
    }

    // Without kings on both sides nothing is counted.
    #[test]
    fn no_counting_without_kings_on_both_sides() {
        let start = Position::start();
        let (state, _) = step(DrawState::with_plies(50), &start, "22-18");
        assert_eq!(state.plies(), 0);
        assert_eq!(DrawState::with_plies(500).draw_rule(&start), None);
    }
}
