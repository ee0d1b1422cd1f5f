//! A time control as players write it (`5+3`: five minutes and three seconds a move).
//!
//! The plain value every floor shares: the command line and the settings read it, the clocks
//! (`core::clock`) run by it, the catalogues word it and the PDN file records it. It
//! knows nothing of the game, so it sits on the ground floor.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: each side starts with `base` and gains `increment` after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Time for the whole game at the start.
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// `minutes` + `seconds` a move, as players write it (`5+3`).
    #[must_use]
    pub const fn new(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(seconds),
        }
    }

    /// The controls the panel offers (besides none): blitz to rapid.
    pub const PRESETS: [TimeControl; 3] = [
        TimeControl::new(3, 2),
        TimeControl::new(5, 3),
        TimeControl::new(15, 10),
    ];
}

impl fmt::Display for TimeControl {
    /// `5+3`: minutes (with a fraction when the base is not whole minutes) and seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = self.base.as_secs_f64() / 60.0;
        let increment = self.increment.as_secs_f64();
        let number = |x: f64| {
            let text = format!("{x:.2}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        write!(f, "{}+{}", number(base), number(increment))
    }
}

/// A time control that does not read as `MINUTES+SECONDS`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad time control {text:?}: expected MINUTES+SECONDS, e.g. 5+3 (at least 1 second of base time)"
)]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `5+3` (5 minutes, 3 seconds a move), `0.5+1`, or `15` (no increment).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError { text: text.into() };
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let number = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && (0.0..=100_000.0).contains(x))
        };
        let base = Duration::from_secs_f64(number(base).ok_or_else(error)? * 60.0);
        let increment = Duration::from_secs_f64(number(increment).ok_or_else(error)?);
        if base < Duration::from_secs(1) {
            return Err(error());
        }
        Ok(TimeControl { base, increment })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_print_as_players_write_them() {
        assert_eq!("5+3".parse(), Ok(TimeControl::new(5, 3)));
        assert_eq!(" 15 + 10 ".parse(), Ok(TimeControl::new(15, 10)));
        assert_eq!("3".parse(), Ok(TimeControl::new(3, 0)));
        let half: TimeControl = "0.5+1".parse().unwrap();
        assert_eq!(half.base, Duration::from_secs(30));
        assert_eq!(half.to_string(), "0.5+1");
        assert_eq!(TimeControl::new(5, 3).to_string(), "5+3");
        for bad in ["", "five", "5+x", "-1+2", "0+3", "5+3+1", "inf"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }
}
