//! What stands on a square: a man or a king of one colour.

use crate::rules::Color;

/// The two kinds of piece ([docs/RULES.md §1.2](crate::docs::rules)–1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Moves one square forward, captures forward and backward.
    Man,
    /// Flies along free diagonals and captures from a distance.
    King,
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The Hub protocol letter: `w` `b` for men, `W` `B` for kings.
    #[must_use]
    pub const fn hub_char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::Black, Role::Man) => 'b',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::King) => 'B',
        }
    }
}
