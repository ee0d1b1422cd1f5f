//! The lines the engine sends: `id` (answering `hub`), `param` (announcing a parameter),
//! `info` (one per search iteration, from an [`InfoReport`], scores in Hub's convention by
//! [`hub_score`]), `done` (the move and the expected reply) and `error`. Each is built from the
//! wire syntax's [`push_pair`], so values are quoted as the GUI's reader expects.

use std::time::Duration;

use super::line::push_pair;
use super::{Param, ParamKind};

/// The `id` line answering `hub`.
#[must_use]
pub(super) fn id_line(name: &str, version: &str, author: &str, country: Option<&str>) -> String {
    let mut line = "id".to_string();
    push_pair(&mut line, "name", name);
    push_pair(&mut line, "version", version);
    push_pair(&mut line, "author", author);
    if let Some(country) = country {
        push_pair(&mut line, "country", country);
    }
    line
}

/// The `param` line announcing `param`.
#[must_use]
pub(super) fn param_line(param: &Param) -> String {
    let mut line = "param".to_string();
    push_pair(&mut line, "name", &param.name);
    push_pair(&mut line, "value", &param.value);
    match &param.kind {
        ParamKind::Bool => push_pair(&mut line, "type", "bool"),
        ParamKind::Int { min, max } => {
            push_pair(&mut line, "type", "int");
            push_pair(&mut line, "min", &min.to_string());
            push_pair(&mut line, "max", &max.to_string());
        }
        ParamKind::Enum(values) => {
            push_pair(&mut line, "type", "enum");
            push_pair(&mut line, "values", &values.join(" "));
        }
        ParamKind::String => push_pair(&mut line, "type", "string"),
    }
    line
}

/// What an `info` line reports about a search iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoReport {
    /// Nominal depth.
    pub depth: u32,
    /// Selective (maximum) depth reached.
    pub max_depth: u32,
    /// Score in men from the side to move's view (see the module docs for wins).
    pub score: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation, in Hub notation.
    pub pv: Vec<String>,
}

/// The Hub score for a search score: `centi` hundredths of a man, or a win (`plies_to_end`
/// positive) / loss (negative) in that many plies.
#[must_use]
pub fn hub_score(centi: i32, plies_to_end: Option<i32>) -> f64 {
    match plies_to_end {
        Some(plies) if plies >= 0 => 100.0 - f64::from(plies) / 100.0,
        Some(plies) => -100.0 - f64::from(plies) / 100.0,
        None => f64::from(centi) / 100.0,
    }
}

/// The `info` line for `report`.
#[must_use]
pub fn info_line(report: &InfoReport) -> String {
    let seconds = report.time.as_secs_f64();
    let nps = if seconds > 0.0 {
        (report.nodes as f64 / seconds).round()
    } else {
        0.0
    };
    let mut line = "info".to_string();
    push_pair(&mut line, "depth", &report.depth.to_string());
    push_pair(
        &mut line,
        "mean-depth",
        &format!("{:.1}", f64::from(report.depth)),
    );
    push_pair(&mut line, "max-depth", &report.max_depth.to_string());
    push_pair(&mut line, "score", &format!("{:.2}", report.score));
    push_pair(&mut line, "nodes", &report.nodes.to_string());
    push_pair(&mut line, "time", &format!("{seconds:.3}"));
    push_pair(&mut line, "nps", &format!("{nps:.0}"));
    push_pair(&mut line, "pv", &report.pv.join(" "));
    line
}

/// The `done` line: the move to play (if any) and the expected reply.
#[must_use]
pub fn done_line(mv: Option<&str>, ponder: Option<&str>) -> String {
    let mut line = "done".to_string();
    if let Some(mv) = mv {
        push_pair(&mut line, "move", mv);
    }
    if let Some(ponder) = ponder {
        push_pair(&mut line, "ponder", ponder);
    }
    line
}

/// The `error` line for `message`.
#[must_use]
pub fn error_line(message: &str) -> String {
    let mut line = "error".to_string();
    push_pair(&mut line, "message", message);
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::Line;

    #[test]
    fn output_lines_are_well_formed() {
        let info = info_line(&InfoReport {
            depth: 7,
            max_depth: 12,
            score: hub_score(35, None),
            nodes: 2000,
            time: Duration::from_millis(500),
            pv: vec!["32-28".into(), "9-13".into()],
        });
        assert_eq!(
            info,
            "info depth=7 mean-depth=7.0 max-depth=12 score=0.35 nodes=2000 time=0.500 nps=4000 pv=\"32-28 9-13\""
        );
        let parsed = Line::parse(&info).unwrap();
        assert_eq!(parsed.get("pv"), Some("32-28 9-13"));
        assert_eq!(hub_score(0, Some(7)), 99.93);
        assert_eq!(hub_score(0, Some(-4)), -99.96);
        assert_eq!(
            done_line(Some("22x13x18"), Some("9x18")),
            "done move=22x13x18 ponder=9x18"
        );
        assert_eq!(done_line(None, None), "done");
        assert_eq!(error_line("bad thing"), "error message=\"bad thing\"");
        assert_eq!(
            id_line("shashki", "0.1", "A B", None),
            "id name=shashki version=0.1 author=\"A B\""
        );
    }
}
