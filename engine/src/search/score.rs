//! Scores as the search reports them: centi-men from the side to move's point of view, or a
//! forced win or loss with its distance in plies.
//!
//! Inside the search a score is a bare `i32`; wins are `WIN - plies` and losses `plies - WIN`
//! counted from the root, which makes shorter wins larger. The transposition table stores win
//! scores relative to the node instead of the root (`to_table` / `from_table`) so that an
//! entry found at another depth of the tree still says how far the end is from *there*.

use std::fmt;

/// The score of a win now (the opponent has no legal move); `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 30_000;
/// The deepest ply the search reaches; also bounds the win distances.
pub const MAX_PLY: usize = 128;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const WIN_THRESHOLD: i32 = WIN - MAX_PLY as i32;
/// The score of a draw.
pub const DRAW: i32 = 0;

/// A search score from the side to move's point of view.
///
/// ```
/// use shashki::Score;
/// assert_eq!(Score::from_centi_men(35).to_string(), "+0.35");
/// assert_eq!(Score::win_in_plies(13).to_string(), "win in 7");
/// assert_eq!(Score::win_in_plies(13).plies_to_end(), Some(13));
/// assert!(Score::loss_in_plies(2).is_loss());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Score(pub i32);

impl Score {
    /// A positional score in centi-men (a man is about 100).
    #[must_use]
    pub const fn from_centi_men(centi_men: i32) -> Score {
        Score(centi_men)
    }

    /// A forced win in `plies` plies (the last one being the winner's move).
    #[must_use]
    pub const fn win_in_plies(plies: i32) -> Score {
        Score(WIN - plies)
    }

    /// A forced loss in `plies` plies.
    #[must_use]
    pub const fn loss_in_plies(plies: i32) -> Score {
        Score(plies - WIN)
    }

    /// Whether the side to move wins by force.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > WIN_THRESHOLD
    }

    /// Whether the side to move loses by force.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -WIN_THRESHOLD
    }

    /// For a forced win or loss, the number of plies until the game ends.
    #[must_use]
    pub const fn plies_to_end(self) -> Option<i32> {
        if self.is_win() {
            Some(WIN - self.0)
        } else if self.is_loss() {
            Some(WIN + self.0)
        } else {
            None
        }
    }

    /// The raw value: centi-men, or `±(30000 − plies)` for wins and losses.
    #[must_use]
    pub const fn value(self) -> i32 {
        self.0
    }
}

impl fmt::Display for Score {
    /// `+0.35` (men) for positional scores; `win in N` / `loss in N` with N in moves of the
    /// winning side (plies + 1) / 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(plies) if self.is_win() => write!(f, "win in {}", (plies + 1) / 2),
            Some(plies) => write!(f, "loss in {}", (plies + 1) / 2),
            None => {
                let sign = if self.0 < 0 { '-' } else { '+' };
                let abs = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
        }
    }
}

/// A root-relative score made node-relative for storing in the transposition table.
#[must_use]
#[inline]
pub(crate) const fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// A node-relative score from the table made root-relative again at `ply`.
#[must_use]
#[inline]
pub(crate) const fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_adjustment_round_trips_and_keeps_distance_from_node() {
        // A win 3 plies below a node at ply 5 is `WIN - 8` from the root, `WIN - 3` in the table.
        let root_relative = WIN - 8;
        assert_eq!(to_table(root_relative, 5), WIN - 3);
        // Found again at ply 2 it is a win in 2 + 3 plies from the root.
        assert_eq!(from_table(WIN - 3, 2), WIN - 5);
        assert_eq!(from_table(to_table(8 - WIN, 5), 5), 8 - WIN);
        assert_eq!(to_table(-150, 40), -150);
        assert_eq!(from_table(150, 40), 150);
    }

    #[test]
    fn display() {
        assert_eq!(Score(-5).to_string(), "-0.05");
        assert_eq!(Score(250).to_string(), "+2.50");
        assert_eq!(Score::loss_in_plies(4).to_string(), "loss in 2");
        assert_eq!(Score::loss_in_plies(4).plies_to_end(), Some(4));
        assert_eq!(Score(100).plies_to_end(), None);
    }
}
