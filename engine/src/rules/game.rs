//! A game record: the start position, the moves played, and the result they lead to.
//!
//! [`Game`] keeps, for every ply, the position, its Zobrist key and the draw-rule counters
//! ([`DrawState`]), so that [`Game::status`] can decide the result ([docs/RULES.md §1.9](crate::docs::rules) and §2) and the
//! search can see the history it must not repeat. Moves enter through [`Game::play`] (checked
//! against the legal moves) or [`Game::play_text`] (any notation [`Position::parse_move`] reads);
//! [`Game::undo`] takes them back. The order in which the result is decided:
//! 1. the side to move has no legal move: it **loses** ([docs/RULES.md §1.9](crate::docs::rules)) — so a lone king captured on
//!    the stronger side's last allowed move is a win, not a draw;
//! 2. threefold repetition (7.2.3): the current position (placement and side to move) occurred
//!    three times in the game;
//! 3. the counter rules of the game's [`DrawRules`] (all of 7.2.4–7.2.8 as lidraughts counts
//!    them by default; see [`crate::rules::draw`]).
//!
//! The set of draw rules is the caller's choice ([`Game::set_draw_rules`]); the counters of every
//! set are kept along the game, so changing it takes effect at once and for the search too.

use std::fmt;

use crate::rules::draw::{DrawRule, DrawRules, DrawState};
use crate::rules::{Color, Move, Position};

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum WinReason {
    /// The loser had no legal move (no pieces, or all blocked): [docs/RULES.md §1.9](crate::docs::rules).
    NoLegalMove,
}

/// Where a game stands after its last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum GameStatus {
    /// The side to move has legal moves and no draw rule applies.
    Ongoing,
    /// One side won.
    Won {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Drawn by a rule.
    Drawn(DrawRule),
}

impl GameStatus {
    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, GameStatus::Ongoing)
    }

    /// The PDN result text in the draughts scoring lidraughts uses: `2-0`, `0-2`, `1-1`, `*`.
    #[must_use]
    pub const fn pdn_result(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "*",
            GameStatus::Won {
                winner: Color::White,
                ..
            } => "2-0",
            GameStatus::Won {
                winner: Color::Black,
                ..
            } => "0-2",
            GameStatus::Drawn(_) => "1-1",
        }
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameStatus::Ongoing => f.write_str("game in progress"),
            GameStatus::Won {
                winner,
                reason: WinReason::NoLegalMove,
            } => write!(f, "{winner} wins: {} has no legal move", winner.opposite()),
            GameStatus::Drawn(rule) => write!(f, "draw: {rule}"),
        }
    }
}

/// A move that cannot be added to a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error("illegal move {from}-{to} in {fen}", from = mv.from().number(), to = mv.to().number(), fen = position.to_fen())]
    Illegal {
        /// The move given.
        mv: Move,
        /// The current position (its FEN in the message).
        position: Position,
    },
    /// The game has already ended.
    #[error("the game is over ({0}); no more moves can be played")]
    GameOver(GameStatus),
}

/// A game: start position, moves, and for each ply the position, key and draw counters.
///
/// ```
/// use shashki::{Color, DrawRule, Game, GameStatus};
///
/// let mut game = Game::default();
/// game.play_text("c3-d4")?; // any notation: `22-18`, `c3-d4`, …
/// game.play_text("f6-e5")?;
/// game.play_text("d4:f6")?;
/// assert_eq!(game.moves().len(), 3);
/// assert_eq!(game.status(), GameStatus::Ongoing);
///
/// // Two kings against one: drawn after 5 moves each (7.2.8) unless won sooner. The FEN's
/// // lidraughts `H` field says 9 plies have been played already.
/// let mut ending = Game::from_fen("W:WK30,K32:BK5:H9")?;
/// ending.play_text("30-26")?;
/// assert_eq!(ending.status(), GameStatus::Drawn(DrawRule::SmallKings));
///
/// // A side without a legal move loses.
/// let mut won = Game::from_fen("W:WK29:B25")?;
/// won.play_text("a1:c3")?;
/// assert!(matches!(won.status(), GameStatus::Won { winner: Color::White, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    keys: Vec<u64>,
    draw_states: Vec<DrawState>,
    moves: Vec<Move>,
    first_move_number: u32,
    draw_rules: DrawRules,
}

impl Default for Game {
    /// A game from the start position.
    fn default() -> Game {
        Game::new(Position::start())
    }
}

impl Game {
    /// A game starting from `start` with fresh draw counters.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game::with_draw_state(start, DrawState::new())
    }

    /// A game starting from `start` with the given draw counters (e.g. from a FEN `H` field).
    #[must_use]
    pub fn with_draw_state(start: Position, state: DrawState) -> Game {
        Game {
            positions: vec![start],
            keys: vec![start.zobrist_key()],
            draw_states: vec![state],
            moves: Vec::new(),
            first_move_number: 1,
            draw_rules: DrawRules::Full,
        }
    }

    /// This game under the draw rules `rules` (builder form of [`Game::set_draw_rules`]).
    #[must_use]
    pub fn with_draw_rules(mut self, rules: DrawRules) -> Game {
        self.draw_rules = rules;
        self
    }

    /// The draw rules the game applies ([`DrawRules::Full`] unless set).
    #[must_use]
    pub fn draw_rules(&self) -> DrawRules {
        self.draw_rules
    }

    /// Applies the draw rules `rules` from now on: [`Game::status`], [`Game::play`] and the
    /// engine's search of this game follow them. The counters of every set are kept along the
    /// game, so the change is exact at once, whatever was played before.
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        self.draw_rules = rules;
    }

    /// The position the game started from.
    #[must_use]
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The side to move now.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start position and the position after each move (`moves().len() + 1` entries).
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The Zobrist keys of [`Game::positions`], same length.
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The draw counters after the last move.
    #[must_use]
    pub fn draw_state(&self) -> DrawState {
        self.draw_states.last().copied().unwrap_or_default()
    }

    /// The draw counters after each move, same length as [`Game::positions`].
    #[must_use]
    pub fn draw_states(&self) -> &[DrawState] {
        &self.draw_states
    }

    /// The full-move number of the first move (1 unless a FEN `F` field said otherwise).
    #[must_use]
    pub fn first_move_number(&self) -> u32 {
        self.first_move_number
    }

    /// Sets the full-move number of the first move (PDN games from a position may start later).
    pub fn set_first_move_number(&mut self, number: u32) {
        self.first_move_number = number.max(1);
    }

    /// The full-move number of ply `ply` (0 = the first move of the game), as PDN prints it.
    #[must_use]
    pub fn move_number(&self, ply: usize) -> u32 {
        let black_first = u32::from(self.start_position().side_to_move() == Color::Black);
        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
        self.first_move_number
            .saturating_add(ply.saturating_add(black_first) / 2)
    }

    /// Plays `mv` if it is legal and the game is not over.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has ended, [`GameError::Illegal`] if `mv` is not a
    /// legal move of the current position.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let status = self.status();
        if status.is_over() {
            return Err(GameError::GameOver(status));
        }
        self.play_past_draw(mv)
    }

    /// Plays `mv` if it is legal, even when a draw rule has already ended the game (games played
    /// under other conventions, e.g. over the board where draws must be claimed, go on).
    ///
    /// # Errors
    /// [`GameError::Illegal`] if `mv` is not a legal move of the current position.
    pub fn play_past_draw(&mut self, mv: Move) -> Result<(), GameError> {
        let before = *self.position();
        if !before.is_legal(&mv) {
            return Err(GameError::Illegal {
                mv,
                position: before,
            });
        }
        let after = before.play_unchecked(&mv);
        let key = before.zobrist_key_after(self.keys[self.keys.len() - 1], &mv);
        let state = self.draw_state().after(&before, &mv, &after);
        self.positions.push(after);
        self.keys.push(key);
        self.draw_states.push(state);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.draw_states.pop();
        Some(mv)
    }

    /// How many times the current position (placement and side to move) has occurred.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let key = self.keys[self.keys.len() - 1];
        // Same side to move ⇒ same parity; equal keys are confirmed on the positions.
        self.keys
            .iter()
            .zip(&self.positions)
            .rev()
            .step_by(2)
            .filter(|&(k, p)| *k == key && p == current)
            .count()
    }

    /// The game's status after its last move (see the module docs for the order of the checks).
    #[must_use]
    pub fn status(&self) -> GameStatus {
        let position = self.position();
        if position.is_lost() {
            return GameStatus::Won {
                winner: position.side_to_move().opposite(),
                reason: WinReason::NoLegalMove,
            };
        }
        if self.repetitions() >= 3 {
            return GameStatus::Drawn(DrawRule::Repetition);
        }
        match self.draw_state().draw_rule_under(self.draw_rules, position) {
            Some(rule) => GameStatus::Drawn(rule),
            None => GameStatus::Ongoing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::draw::DrawRule;

    #[test]
    fn play_undo_and_history_stay_in_step() {
        let mut game = Game::default();
        for text in ["c3-d4", "f6-e5", "d4:f6", "g7:e5"] {
            game.play_text(text).unwrap();
        }
        assert_eq!(game.moves().len(), 4);
        assert_eq!(game.positions().len(), 5);
        assert_eq!(game.keys().len(), 5);
        for (position, key) in game.positions().iter().zip(game.keys()) {
            assert_eq!(position.zobrist_key(), *key);
        }
        assert_eq!(game.side_to_move(), Color::White);
        let last = game.undo().unwrap();
        assert!(last.is_capture());
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.positions().len(), 4);
        assert_eq!(game.status(), GameStatus::Ongoing);
        assert_eq!(game.move_number(0), 1);
        assert_eq!(game.move_number(3), 2);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let mut game = Game::default();
        let mv = Position::start().parse_move("c3-d4").unwrap();
        game.play(mv).unwrap();
        assert!(matches!(game.play(mv), Err(GameError::Illegal { .. })));
        assert_eq!(game.moves().len(), 1);
    }

    // docs/RULES.md §1.9: a side with no legal move loses — both "no pieces" and "all blocked".
    #[test]
    fn no_legal_move_loses() {
        let mut game = Game::from_fen("W:WK29:B25").unwrap();
        game.play_text("a1:c3").unwrap();
        assert_eq!(
            game.status(),
            GameStatus::Won {
                winner: Color::White,
                reason: WinReason::NoLegalMove
            }
        );
        // Black has no move left to offer: any move is refused because the game is over.
        let earlier = game.moves()[0];
        assert!(matches!(game.play(earlier), Err(GameError::GameOver(_))));
        // A white man on a3 blocked by a black man on b4 backed by one on c5.
        let blocked = Game::from_fen("W:W21:B17,14").unwrap();
        assert_eq!(
            blocked.status(),
            GameStatus::Won {
                winner: Color::Black,
                reason: WinReason::NoLegalMove
            }
        );
        assert_eq!(blocked.status().pdn_result(), "0-2");
    }

    // 7.2.3: the same position with the same side to move a third time.
    #[test]
    fn threefold_repetition_draws() {
        // Six pieces with kings on both sides: the 7.2.6 counter (120 plies) is far away.
        let mut game = Game::from_fen("W:WK30,21,24:BK4,5,7").unwrap();
        let cycle = ["30-26", "4-8", "26-30", "8-4"];
        for (i, text) in cycle.iter().cycle().take(8).enumerate() {
            assert_eq!(game.status(), GameStatus::Ongoing, "before ply {i}");
            game.play_text(text).unwrap();
        }
        // The start position has now occurred three times (start, ply 4, ply 8).
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.status(), GameStatus::Drawn(DrawRule::Repetition));
        game.undo();
        assert_eq!(game.status(), GameStatus::Ongoing);
    }

    // A counter rule ends the game through Game::status; the FEN `H` field is honoured.
    #[test]
    fn counter_rules_end_the_game_and_fen_h_is_read() {
        let mut game = Game::from_fen("W:WK30,K32:BK5:H9").unwrap();
        assert_eq!(game.draw_state().plies(), 9);
        assert_eq!(game.status(), GameStatus::Ongoing);
        game.play_text("30-26").unwrap();
        assert_eq!(game.status(), GameStatus::Drawn(DrawRule::SmallKings));
        assert_eq!(game.status().pdn_result(), "1-1");
        let mv = game.position().parse_move("5-1").unwrap();
        assert!(matches!(
            game.play(mv),
            Err(GameError::GameOver(GameStatus::Drawn(DrawRule::SmallKings)))
        ));
        game.play_past_draw(mv).unwrap();
        assert_eq!(game.moves().len(), 2);
    }

    // The game's draw rules decide its status: two kings against one is drawn after 10 plies
    // under `full`, played on under `basic` (until 30 quiet king plies) and under `repetition`;
    // the set may change in the middle of the game and takes effect at once.
    #[test]
    fn the_draw_rules_of_the_game_decide_its_status() {
        let mut game = Game::from_fen("W:WK30,K32:BK5:H9").unwrap();
        game.play_text("30-26").unwrap();
        assert_eq!(game.draw_rules(), DrawRules::Full);
        assert_eq!(game.status(), GameStatus::Drawn(DrawRule::SmallKings));
        game.set_draw_rules(DrawRules::Basic);
        assert_eq!(game.status(), GameStatus::Ongoing);
        game.play_text("5-1").unwrap();
        game.set_draw_rules(DrawRules::Repetition);
        assert_eq!(game.status(), GameStatus::Ongoing);
        // 29 quiet king plies already (the H field), one more ends it under `basic`.
        let mut basic = Game::from_fen("W:WK30,K32:BK5:H29")
            .unwrap()
            .with_draw_rules(DrawRules::Basic);
        assert_eq!(basic.status(), GameStatus::Ongoing);
        basic.play_text("30-26").unwrap();
        assert_eq!(basic.status(), GameStatus::Drawn(DrawRule::KingsOnly15));
        let mv = basic.position().parse_move("5-1").unwrap();
        assert!(matches!(basic.play(mv), Err(GameError::GameOver(_))));
        basic.set_draw_rules(DrawRules::Repetition);
        assert!(basic.play(mv).is_ok());
    }

    // Winning on the last allowed ply beats the draw: "no legal move" is checked first.
    #[test]
    fn blocking_the_lone_king_on_the_last_ply_wins() {
        // Three white kings against the black king on h8; the 30th ply (7.2.4) shuts it in.
        let mut game = Game::from_fen("W:WK11,K30,K12:BK4:H29").unwrap();
        game.play_text("12-8").unwrap();
        assert_eq!(
            game.draw_state().draw_rule(game.position()),
            Some(DrawRule::ThreeKingsVsOne)
        );
        assert_eq!(
            game.status(),
            GameStatus::Won {
                winner: Color::White,
                reason: WinReason::NoLegalMove
            }
        );
    }
}
