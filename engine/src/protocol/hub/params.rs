//! The engine's setup as Hub sees it: the parameters announced after `hub` ([`Param`], typed
//! by [`ParamKind`]), checked when a GUI sends `set-param` ([`Param::check`]), and the list
//! shashki's engine announces with its starting values ([`engine_params`]). The session keeps
//! their current values and hands them to the program in [`Action::Init`](super::Action::Init);
//! the program builds its engine from them by these names.

use std::path::Path;

use super::HubError;
use crate::rules::DrawRules;
use crate::search::{Contempt, MAX_CONTEMPT, MAX_HASH_MB, MAX_THREADS};

/// The parameter that names the draw rules ([`DrawRules`]) of the games searched: a setting of
/// the session's game, not of the engine (changing it rebuilds nothing).
pub const DRAW_RULES_PARAM: &str = "draw-rules";

/// The parameter of the flat cost of a draw for the engine, in centi-men ([`Contempt::draw`]:
/// negative, the engine seeks draws).
pub const CONTEMPT_PARAM: &str = "contempt";

/// The parameter of the most a draw costs the engine while it is ahead, in centi-men (the
/// score-dependent part of the [`Contempt`], score / 4 up to this; 0: off).
pub const CONTEMPT_AHEAD_PARAM: &str = "contempt-ahead";

/// The contempt the parameters `params` set ([`CONTEMPT_PARAM`], [`CONTEMPT_AHEAD_PARAM`]; a
/// part absent or out of bounds keeps [`Contempt::DEFAULT`]'s). It steers the moves of `go
/// think` and `go ponder`; `go analyze` is objective ([`GoMode::contempt`](super::GoMode::contempt)).
#[must_use]
pub fn contempt(params: &[Param]) -> Contempt {
    let value = |name: &str| {
        params
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.value.parse::<i32>().ok())
    };
    let default = Contempt::DEFAULT;
    let draw = value(CONTEMPT_PARAM).unwrap_or(default.draw());
    let ahead = value(CONTEMPT_AHEAD_PARAM).unwrap_or(default.winning_max());
    Contempt::try_new(draw, default.winning_divisor(), ahead).unwrap_or(default)
}

/// The type of an engine parameter announced with a `param` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `true` / `false`.
    Bool,
    /// An integer within bounds.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of a list of words.
    Enum(Vec<String>),
    /// Free text (a path, …).
    String,
}

/// An engine parameter: announced after `hub`, changed by `set-param`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: ParamKind,
    /// Its current value, as text.
    pub value: String,
}

impl Param {
    /// Checks `value` against the type; returns it normalised.
    ///
    /// # Errors
    /// [`HubError::Argument`] saying why the value does not fit.
    pub fn check(&self, value: &str) -> Result<String, HubError> {
        let fail = |reason: String| HubError::Argument {
            command: "set-param".into(),
            reason: format!("{}: {reason}", self.name),
        };
        match &self.kind {
            ParamKind::Bool => match value {
                "true" | "false" => Ok(value.to_string()),
                _ => Err(fail(format!("`{value}` is not true or false"))),
            },
            ParamKind::Int { min, max } => match value.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                _ => Err(fail(format!("`{value}` is not an integer in {min}..{max}"))),
            },
            ParamKind::Enum(values) => {
                if values.iter().any(|v| v == value) {
                    Ok(value.to_string())
                } else {
                    Err(fail(format!(
                        "`{value}` is not one of {}",
                        values.join(", ")
                    )))
                }
            }
            ParamKind::String => Ok(value.to_string()),
        }
    }
}

/// The parameters shashki's engine announces after `hub`, with their starting values: the
/// variant, the table size `hash_mb` (1 to [`MAX_HASH_MB`]) and the `threads` (1 to
/// [`MAX_THREADS`]), the opening book (`book`, on: the shipped one, or `book-file`) and the
/// tablebase directory `tb-dir` (empty: none), and the draw rules `draw-rules` the games are
/// searched under (`full`, `basic` or `repetition`, [docs/RULES.md §2](crate::docs::rules); the session applies it to
/// every `go`), and the [`contempt`] (`contempt`, `contempt-ahead`). A GUI changes them with
/// `set-param`; the program that runs the engine reads them back by these names.
#[must_use]
pub fn engine_params(hash_mb: usize, threads: usize, tablebases: Option<&Path>) -> Vec<Param> {
    let bounded = |value: usize, max: usize| value.clamp(1, max).to_string();
    vec![
        Param {
            name: "variant".into(),
            kind: ParamKind::Enum(vec!["russian".into()]),
            value: "russian".into(),
        },
        Param {
            name: "hash".into(),
            kind: ParamKind::Int {
                min: 1,
                max: MAX_HASH_MB as i64,
            },
            value: bounded(hash_mb, MAX_HASH_MB),
        },
        Param {
            name: "threads".into(),
            kind: ParamKind::Int {
                min: 1,
                max: MAX_THREADS as i64,
            },
            value: bounded(threads, MAX_THREADS),
        },
        Param {
            name: "book".into(),
            kind: ParamKind::Bool,
            value: "true".into(),
        },
        Param {
            name: "book-file".into(),
            kind: ParamKind::String,
            value: String::new(),
        },
        Param {
            name: "tb-dir".into(),
            kind: ParamKind::String,
            value: tablebases
                .map(|d| d.display().to_string())
                .unwrap_or_default(),
        },
        Param {
            name: DRAW_RULES_PARAM.into(),
            kind: ParamKind::Enum(DrawRules::ALL.iter().map(|r| r.to_string()).collect()),
            value: DrawRules::default().to_string(),
        },
        Param {
            name: CONTEMPT_PARAM.into(),
            kind: ParamKind::Int {
                min: -i64::from(MAX_CONTEMPT),
                max: i64::from(MAX_CONTEMPT),
            },
            value: Contempt::DEFAULT.draw().to_string(),
        },
        Param {
            name: CONTEMPT_AHEAD_PARAM.into(),
            kind: ParamKind::Int {
                min: 0,
                max: i64::from(MAX_CONTEMPT),
            },
            value: Contempt::DEFAULT.winning_max().to_string(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_params_start_within_their_bounds() {
        let params = engine_params(0, 100_000, Some(Path::new("/tables")));
        let value = |name: &str| {
            let param = params.iter().find(|p| p.name == name).expect(name);
            assert_eq!(
                param.check(&param.value).as_ref(),
                Ok(&param.value),
                "{name}"
            );
            param.value.clone()
        };
        assert_eq!(value("hash"), "1");
        assert_eq!(value("threads"), MAX_THREADS.to_string());
        assert_eq!(value("tb-dir"), "/tables");
        assert_eq!(value("book"), "true");
        let large = engine_params(MAX_HASH_MB + 1, 2, None);
        assert_eq!(large[1].value, MAX_HASH_MB.to_string());
    }

    #[test]
    fn the_contempt_params_make_the_contempt_and_are_bounded() {
        let mut params = engine_params(16, 1, None);
        assert_eq!(contempt(&params), Contempt::DEFAULT);
        let param = |params: &mut Vec<Param>, name: &str| {
            params.iter().position(|p| p.name == name).expect(name)
        };
        let draw = param(&mut params, CONTEMPT_PARAM);
        assert!(params[draw].check("301").is_err());
        params[draw].value = params[draw].check("-40").unwrap();
        let ahead = param(&mut params, CONTEMPT_AHEAD_PARAM);
        assert!(params[ahead].check("-1").is_err());
        params[ahead].value = params[ahead].check("0").unwrap();
        let made = contempt(&params);
        assert_eq!((made.draw(), made.winning_max()), (-40, 0));
        params[draw].value = "0".into();
        assert!(contempt(&params).is_off());
    }
}
