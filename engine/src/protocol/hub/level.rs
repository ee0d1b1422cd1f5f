//! The `level` command: how the GUI asks the engine to search (a depth, nodes, a move time, a
//! clock, or until `stop`; times in seconds on the wire). [`Level`] is read from a [`Line`] by
//! [`Level::from_line`] (or from the whole text by `str::parse`), written back by its `Display`
//! (what a program that *drives* a Hub engine sends, e.g. `shashki match`'s `hub:` player, from
//! a [`SearchLimit`] through [`Level::from`]) and turned into the engine's [`SearchLimit`] by
//! [`Level::limit`]; [`Level::ponder_budget`] is the time left to search after `ponder-hit`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::line::shorten;
use super::{HubError, Line};
use crate::search::{SearchLimit, SearchParams, clock_share};

/// How to search: the `level` command (all times in seconds on the wire).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// `depth=`: a fixed depth in plies.
    pub depth: Option<u32>,
    /// `nodes=`: a node budget.
    pub nodes: Option<u64>,
    /// `move-time=`: a fixed time per move.
    pub move_time: Option<Duration>,
    /// `moves=`: moves to play until the next time control (with `time=`).
    pub moves: Option<u32>,
    /// `time=`: the time left on the engine's clock.
    pub time: Option<Duration>,
    /// `inc=`: the increment per move.
    pub inc: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Level {
    /// Reads the arguments of a `level` line; unknown arguments are ignored.
    ///
    /// # Errors
    /// [`HubError::Argument`] naming the argument whose value is not a number.
    pub fn from_line(line: &Line) -> Result<Level, HubError> {
        let bad = |name: &str, value: &str| HubError::Argument {
            command: "level".into(),
            reason: format!("`{name}={value}` is not a valid number"),
        };
        let seconds = |name: &str, value: &str| -> Result<Duration, HubError> {
            value
                .parse::<f64>()
                .ok()
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .ok_or_else(|| bad(name, value))
        };
        let mut level = Level::default();
        for (name, value) in &line.args {
            match name.as_str() {
                "depth" => level.depth = Some(value.parse().map_err(|_| bad(name, value))?),
                "nodes" => level.nodes = Some(value.parse().map_err(|_| bad(name, value))?),
                "move-time" => level.move_time = Some(seconds(name, value)?),
                "moves" => level.moves = Some(value.parse().map_err(|_| bad(name, value))?),
                "time" => level.time = Some(seconds(name, value)?),
                "inc" => level.inc = Some(seconds(name, value)?),
                "infinite" => level.infinite = true,
                _ => {}
            }
        }
        Ok(level)
    }

    /// The limit this level sets; no level at all means [`SearchLimit::Infinite`] only when
    /// `infinite` was given, else a default of one second per move.
    #[must_use]
    pub fn limit(&self) -> SearchLimit {
        if self.infinite {
            SearchLimit::Infinite
        } else if let Some(depth) = self.depth {
            SearchLimit::Depth(depth)
        } else if let Some(nodes) = self.nodes {
            SearchLimit::Nodes(nodes)
        } else if let Some(time) = self.move_time {
            SearchLimit::MoveTime(time)
        } else if self.time.is_some() || self.inc.is_some() || self.moves.is_some() {
            SearchLimit::Clock {
                remaining: self.time.unwrap_or_default(),
                increment: self.inc.unwrap_or_default(),
                moves_to_go: self.moves.filter(|&m| m > 0),
            }
        } else {
            SearchLimit::MoveTime(Duration::from_secs(1))
        }
    }

    /// How long to keep searching after `ponder-hit`: the move time, or the clock's share
    /// ([`clock_share`] under the default [`SearchParams`], the share a search on this clock is
    /// allotted); `None` for depth, node and infinite levels (the pondering search then stops at
    /// once, or runs on until `stop`).
    #[must_use]
    pub fn ponder_budget(&self) -> Option<Duration> {
        match self.limit() {
            SearchLimit::MoveTime(time) => Some(time),
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => Some(clock_share(
                remaining,
                increment,
                moves_to_go,
                &SearchParams::DEFAULT,
            )),
            _ => None,
        }
    }
}

impl From<SearchLimit> for Level {
    /// The level that asks a Hub engine for `limit`: a clock gives `time=` and `inc=` (and
    /// `moves=` when it has moves to go); `Infinite`, and any limit added later, is `infinite`
    /// (until the engine is stopped).
    fn from(limit: SearchLimit) -> Level {
        let mut level = Level::default();
        match limit {
            SearchLimit::Depth(depth) => level.depth = Some(depth),
            SearchLimit::Nodes(nodes) => level.nodes = Some(nodes),
            SearchLimit::MoveTime(time) => level.move_time = Some(time),
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                level.time = Some(remaining);
                level.inc = Some(increment);
                level.moves = moves_to_go;
            }
            _ => level.infinite = true,
        }
        level
    }
}

/// The `level` line: `level` then the arguments given, in the order `depth`, `nodes`,
/// `move-time`, `time`, `inc`, `moves`, `infinite` (times in seconds), e.g.
/// `level time=60 inc=0.1 moves=40`.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("level")?;
        if let Some(depth) = self.depth {
            write!(f, " depth={depth}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes={nodes}")?;
        }
        if let Some(time) = self.move_time {
            write!(f, " move-time={}", time.as_secs_f64())?;
        }
        if let Some(time) = self.time {
            write!(f, " time={}", time.as_secs_f64())?;
        }
        if let Some(inc) = self.inc {
            write!(f, " inc={}", inc.as_secs_f64())?;
        }
        if let Some(moves) = self.moves {
            write!(f, " moves={moves}")?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

/// Reads a whole `level` line ([`Level::from_line`] after checking the command).
impl FromStr for Level {
    type Err = HubError;

    fn from_str(text: &str) -> Result<Level, HubError> {
        let line = Line::parse(text)?;
        if line.command != "level" {
            return Err(HubError::Syntax(format!(
                "expected a `level` line, got `{}`",
                shorten(text)
            )));
        }
        Level::from_line(&line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_become_limits() {
        let level = |text: &str| Level::from_line(&Line::parse(text).unwrap()).unwrap();
        assert_eq!(level("level depth=12").limit(), SearchLimit::Depth(12));
        assert_eq!(level("level nodes=5000").limit(), SearchLimit::Nodes(5000));
        assert_eq!(
            level("level move-time=0.25").limit(),
            SearchLimit::MoveTime(Duration::from_millis(250))
        );
        assert_eq!(
            level("level moves=40 time=300 inc=2").limit(),
            SearchLimit::Clock {
                remaining: Duration::from_secs(300),
                increment: Duration::from_secs(2),
                moves_to_go: Some(40)
            }
        );
        assert_eq!(level("level infinite").limit(), SearchLimit::Infinite);
        assert_eq!(
            level("level colour=blue").limit(),
            SearchLimit::MoveTime(Duration::from_secs(1))
        );
        // The clock's share: (60 s − the 10 ms overhead) / 30 moves.
        assert_eq!(
            level("level time=60").ponder_budget(),
            Some(Duration::from_nanos(1_999_666_666))
        );
        assert!(Level::from_line(&Line::parse("level depth=x").unwrap()).is_err());
        assert!(Level::from_line(&Line::parse("level move-time=-1").unwrap()).is_err());
    }

    #[test]
    fn levels_are_written_as_the_engine_reads_them() {
        let ms = Duration::from_millis;
        for (limit, text) in [
            (SearchLimit::Depth(12), "level depth=12"),
            (SearchLimit::Nodes(5000), "level nodes=5000"),
            (SearchLimit::MoveTime(ms(250)), "level move-time=0.25"),
            (
                SearchLimit::Clock {
                    remaining: ms(60_000),
                    increment: ms(100),
                    moves_to_go: None,
                },
                "level time=60 inc=0.1",
            ),
            (
                SearchLimit::Clock {
                    remaining: ms(1500),
                    increment: Duration::ZERO,
                    moves_to_go: Some(40),
                },
                "level time=1.5 inc=0 moves=40",
            ),
            (SearchLimit::Infinite, "level infinite"),
        ] {
            let level = Level::from(limit);
            assert_eq!(level.to_string(), text);
            assert_eq!(text.parse::<Level>(), Ok(level), "{text}");
            assert_eq!(level.limit(), limit, "{text}");
        }
        assert_eq!(Level::default().to_string(), "level");
        assert!(matches!(
            "go depth=3".parse::<Level>(),
            Err(HubError::Syntax(_))
        ));
    }
}
