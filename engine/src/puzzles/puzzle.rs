//! One puzzle: a position, the solution line the player must find (the player's moves and the
//! forced replies), its [`Theme`], the depth the engine needed and a difficulty. The finder makes
//! these and the puzzle-set file carries them; both import this room, which imports neither.

use crate::formats::Notation;
use crate::rules::{Color, Move, Position};

/// What kind of combination a puzzle is, as Russian draughts literature names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Theme {
    /// Удар (a shot): the player gives material away and then takes more with a multiple capture.
    Shot,
    /// Прорыв в дамки (a breakthrough): the line makes a king.
    Breakthrough,
    /// Ловушка (a trap): a quiet first move after which the opponent cannot avoid losing material.
    Trap,
    /// Комбинация: any other forced win of material.
    Combination,
}

impl Theme {
    /// Every theme, in the order above.
    pub const ALL: [Theme; 4] = [
        Theme::Shot,
        Theme::Breakthrough,
        Theme::Trap,
        Theme::Combination,
    ];

    /// The theme's name in the file (`"shot"`, `"breakthrough"`, `"trap"`, `"combination"`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::Breakthrough => "breakthrough",
            Theme::Trap => "trap",
            Theme::Combination => "combination",
        }
    }

    /// Its Russian name (`"удар"`, `"прорыв в дамки"`, `"ловушка"`, `"комбинация"`).
    #[must_use]
    pub const fn russian(self) -> &'static str {
        match self {
            Theme::Shot => "удар",
            Theme::Breakthrough => "прорыв в дамки",
            Theme::Trap => "ловушка",
            Theme::Combination => "комбинация",
        }
    }

    /// The theme named `id` in a file ([`Theme::id`]).
    #[must_use]
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// One puzzle: a position, the side to move wins by the solution line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Puzzle {
    /// The position; the side to move is the player's.
    pub position: Position,
    /// The solution: the player's moves at even indices, the opponent's forced replies at odd
    /// ones; it ends with a move of the player's.
    pub solution: Vec<Move>,
    /// What kind of combination it is.
    pub theme: Theme,
    /// The shallowest search depth (plies, nominal) at which the engine chose the first move
    /// and saw the win, with an empty transposition table.
    pub depth: u32,
    /// How hard it is, 1 (easy) to 5, from [`Puzzle::depth`].
    pub difficulty: u8,
    /// The material the line wins, in centi-men (a man 100, a king 300; a won game counts as
    /// the material left).
    pub gain: i32,
    /// Where it comes from (a game and move), if known.
    pub source: Option<String>,
}

impl Puzzle {
    /// The player's colour (the side to move in [`Puzzle::position`]).
    #[must_use]
    pub const fn player(&self) -> Color {
        self.position.side_to_move()
    }

    /// The position after the first `plies` moves of the solution (clamped to its length).
    #[must_use]
    pub fn position_after(&self, plies: usize) -> Position {
        let mut position = self.position;
        for mv in self.solution.iter().take(plies) {
            position = position.play_unchecked(mv);
        }
        position
    }

    /// Whether the move at index `ply` of the solution is the player's (even indices).
    #[must_use]
    pub const fn is_player_ply(ply: usize) -> bool {
        ply.is_multiple_of(2)
    }

    /// The number of moves the player makes in the solution.
    #[must_use]
    pub fn player_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The solution written out with move numbers from the puzzle's position
    /// (`1. c3-d4 e5:c3 2. b2:d4:f6`, Black's first move as `1... f6-g5`).
    #[must_use]
    pub fn solution_text(&self, notation: Notation) -> String {
        let mut position = self.position;
        let mut parts = Vec::with_capacity(self.solution.len() + self.player_moves());
        for (ply, mv) in self.solution.iter().enumerate() {
            let number = 1 + (ply + usize::from(self.player() == Color::Black)) / 2;
            if position.side_to_move() == Color::White {
                parts.push(format!("{number}."));
            } else if ply == 0 {
                parts.push(format!("{number}..."));
            }
            parts.push(position.write_move(mv, notation));
            position = position.play_unchecked(mv);
        }
        parts.join(" ")
    }

    /// The difficulty (1..=5) of a puzzle the engine solved at `depth`.
    #[must_use]
    pub const fn difficulty_of_depth(depth: u32) -> u8 {
        match depth {
            0..=2 => 1,
            3..=4 => 2,
            5..=6 => 3,
            7..=8 => 4,
            _ => 5,
        }
    }
}
