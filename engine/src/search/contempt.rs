//! What a draw is worth to the engine ([`Contempt`]): a draw inside the tree (a repetition, a
//! draw-rule counter, a drawn tablebase position) scores this much *against* the side the engine
//! plays (the root's side to move), so that it refuses the draws that are not forced.
//!
//! Two parts: a flat cost ([`Contempt::draw`], for an opponent the engine believes weaker) and a
//! score-dependent one ([`Contempt::winning_divisor`], [`Contempt::winning_max`]): while the last
//! completed iteration's score is positive for the engine, a draw costs it a further score /
//! divisor, at most the maximum, so that a side ahead turns away from repetitions and the
//! counters' draws while a move that keeps its advantage exists. The value lives in
//! [`SearchParams::contempt`](super::SearchParams::contempt) (an engine's setting); a search can
//! be given another ([`Engine::search_with_contempt`](super::Engine::search_with_contempt)), and
//! the searches whose scores must be objective (analysis, the evaluation bar) use
//! [`Contempt::OFF`] ([`Engine::analyse`](super::Engine::analyse)). The scores a search reports
//! never carry the contempt: a line that ends in a draw reports 0 (`thread.rs`).

/// The largest cost, in centi-men, a [`Contempt`] puts on a draw (three men): more would make
/// the engine give up material to avoid a draw.
pub const MAX_CONTEMPT: i32 = 300;

/// What a draw is worth to the engine; see the module documentation. A plain value: made with
/// [`Contempt::new`] / [`Contempt::try_new`], or [`Contempt::OFF`] / [`Contempt::DEFAULT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contempt {
    draw: i32,
    winning_divisor: i32,
    winning_max: i32,
}

/// A [`Contempt`] that cannot be made: the part named and the value refused are handed back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("contempt {part} = {value} is outside {min}..={max}")]
pub struct ContemptError {
    /// Which part was refused: `"draw"`, `"winning_divisor"` or `"winning_max"`.
    pub part: &'static str,
    /// The value given.
    pub value: i64,
    /// The smallest value the part takes.
    pub min: i64,
    /// The largest value the part takes.
    pub max: i64,
}

impl Contempt {
    /// No contempt: a draw scores 0 for both sides (the objective scores of analysis).
    pub const OFF: Contempt = Contempt {
        draw: 0,
        winning_divisor: 0,
        winning_max: 0,
    };

    /// The engine's default: no flat cost; while ahead, a draw costs score / 4, at most 0.60
    /// (settled by games, engine/SEARCH.md).
    pub const DEFAULT: Contempt = Contempt {
        draw: 0,
        winning_divisor: 4,
        winning_max: 60,
    };

    /// The contempt with a flat cost of `draw` centi-men (negative: the engine seeks draws)
    /// and, while ahead, a further score / `winning_divisor` (0: none) up to `winning_max`.
    ///
    /// # Errors
    /// [`ContemptError`] when `draw` is outside ±[`MAX_CONTEMPT`], `winning_divisor` is
    /// negative or above 1 000, or `winning_max` is outside 0..=[`MAX_CONTEMPT`].
    pub fn try_new(
        draw: i32,
        winning_divisor: i32,
        winning_max: i32,
    ) -> Result<Contempt, ContemptError> {
        let check = |part, value: i32, min: i32, max: i32| {
            if (min..=max).contains(&value) {
                Ok(value)
            } else {
                Err(ContemptError {
                    part,
                    value: i64::from(value),
                    min: i64::from(min),
                    max: i64::from(max),
                })
            }
        };
        Ok(Contempt {
            draw: check("draw", draw, -MAX_CONTEMPT, MAX_CONTEMPT)?,
            winning_divisor: check("winning_divisor", winning_divisor, 0, 1000)?,
            winning_max: check("winning_max", winning_max, 0, MAX_CONTEMPT)?,
        })
    }

    /// [`Contempt::try_new`] for values known to fit.
    ///
    /// # Panics
    /// When a value is outside its bounds (see [`Contempt::try_new`]).
    #[must_use]
    pub fn new(draw: i32, winning_divisor: i32, winning_max: i32) -> Contempt {
        Contempt::try_new(draw, winning_divisor, winning_max).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The flat cost of a draw in centi-men.
    #[must_use]
    pub const fn draw(&self) -> i32 {
        self.draw
    }

    /// The divisor of the score-dependent part (0: none).
    #[must_use]
    pub const fn winning_divisor(&self) -> i32 {
        self.winning_divisor
    }

    /// The most the score-dependent part costs a draw, in centi-men.
    #[must_use]
    pub const fn winning_max(&self) -> i32 {
        self.winning_max
    }

    /// Whether draws score 0 whatever the root's score.
    #[must_use]
    pub const fn is_off(&self) -> bool {
        self.draw == 0 && (self.winning_divisor == 0 || self.winning_max == 0)
    }

    /// This contempt with the part called `name` (`contempt`, `winning_contempt_divisor`,
    /// `winning_contempt_max`: the names of [`SearchParams::set`](super::SearchParams::set)) set
    /// to `value`; `None` for another name or a value outside the part's bounds.
    #[must_use]
    pub fn with_part(self, name: &str, value: i64) -> Option<Contempt> {
        let value = i32::try_from(value).ok()?;
        let Contempt {
            draw,
            winning_divisor,
            winning_max,
        } = self;
        match name {
            "contempt" => Contempt::try_new(value, winning_divisor, winning_max),
            "winning_contempt_divisor" => Contempt::try_new(draw, value, winning_max),
            "winning_contempt_max" => Contempt::try_new(draw, winning_divisor, value),
            _ => return None,
        }
        .ok()
    }

    /// What a draw costs the engine in an iteration after one that scored `root_score` for it:
    /// the flat cost plus, when `root_score` is positive and not a known win (`win_threshold`:
    /// a forced win needs no push), `root_score` / divisor up to the maximum.
    #[must_use]
    pub(crate) fn cost(&self, root_score: i32, win_threshold: i32) -> i32 {
        let winning = if self.winning_divisor <= 0 || root_score <= 0 || root_score > win_threshold
        {
            0
        } else {
            (root_score / self.winning_divisor).min(self.winning_max)
        };
        self.draw + winning
    }
}

impl Default for Contempt {
    fn default() -> Contempt {
        Contempt::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked_and_named() {
        assert_eq!(Contempt::try_new(0, 4, 60), Ok(Contempt::DEFAULT));
        let error = Contempt::try_new(MAX_CONTEMPT + 1, 4, 60).unwrap_err();
        assert_eq!((error.part, error.value), ("draw", 301));
        assert!(error.to_string().contains("draw = 301"), "{error}");
        assert_eq!(
            Contempt::try_new(0, -1, 60).unwrap_err().part,
            "winning_divisor"
        );
        assert_eq!(Contempt::try_new(0, 4, -5).unwrap_err().part, "winning_max");
        assert_eq!(Contempt::try_new(-30, 0, 0).map(|c| c.draw()), Ok(-30));
    }

    #[test]
    fn the_cost_grows_with_the_advantage_up_to_the_maximum() {
        let contempt = Contempt::new(10, 4, 60);
        assert_eq!(contempt.cost(-100, 1000), 10);
        assert_eq!(contempt.cost(80, 1000), 30);
        assert_eq!(contempt.cost(400, 1000), 70);
        // A known win needs no push.
        assert_eq!(contempt.cost(2000, 1000), 10);
        assert_eq!(Contempt::OFF.cost(400, 1000), 0);
        assert!(Contempt::OFF.is_off() && !Contempt::DEFAULT.is_off());
    }

    #[test]
    fn parts_are_set_by_name() {
        let c = Contempt::DEFAULT.with_part("contempt", 25).unwrap();
        assert_eq!(
            (c.draw(), c.winning_divisor(), c.winning_max()),
            (25, 4, 60)
        );
        assert_eq!(
            c.with_part("winning_contempt_max", 0)
                .map(|c| c.winning_max()),
            Some(0)
        );
        assert_eq!(c.with_part("contempt", 1000), None);
        assert_eq!(c.with_part("no_such", 1), None);
    }
}
