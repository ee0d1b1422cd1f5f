//! What a table says about a position: win, draw or loss for the side to move ([`Wdl`]) and
//! how many plies the game lasts with best play ([`TbEntry`]). The tables store these
//! (`table.rs`), the builder computes them (`build.rs`), [`Tablebases`](super::Tablebases)
//! answers with them and the search turns them into scores; they depend on nothing else.

use std::fmt;

/// Win, draw or loss, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins with best play.
    Win,
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        })
    }
}

/// The value of a position from a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TbEntry {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// Plies to the end of the game with best play (the winner fastest, the loser slowest); 0 for
    /// a draw and for a position whose side to move has already lost.
    pub distance: u16,
}

impl TbEntry {
    /// A decided position `distance` plies from the end: odd distances are wins (the side to move
    /// makes the last move), even ones losses.
    #[must_use]
    pub const fn decided(distance: u16) -> TbEntry {
        TbEntry {
            wdl: if distance % 2 == 1 {
                Wdl::Win
            } else {
                Wdl::Loss
            },
            distance,
        }
    }

    /// Whether this is a win that ends the game within `plies` plies.
    #[must_use]
    pub const fn wins_within(self, plies: u32) -> bool {
        matches!(self.wdl, Wdl::Win) && self.distance as u32 <= plies
    }
}

impl fmt::Display for TbEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.wdl {
            Wdl::Draw => f.write_str("draw"),
            wdl => write!(f, "{wdl} in {} plies", self.distance),
        }
    }
}
