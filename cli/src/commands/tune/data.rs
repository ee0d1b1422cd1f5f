//! The labelled positions of `shashki tune`: self-play games of the engine against itself from
//! the openings ([`generate`]: every opening once per depth, in parallel, each quiet position
//! labelled with the game's result for White), and the data file that keeps them between runs:
//! `FEN;label` lines, label in [0, 1] (White's expected score), `#` comment lines of which
//! `# k=K` records the scale of search labels ([`parse_data`], [`format_data`]). Several files
//! are joined with their labels brought to the first file's K ([`rescale`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::egtb::Tablebases;
use shashki::eval::EvalParams;
use shashki::{Color, EngineConfig, Position, SearchLimit};

use super::Args;
use super::label::LABEL_DECIMALS;
use crate::cli_error::CliError;
use crate::inputs::openings::spread;
use crate::play::match_runner::{self, EnginePlayer, Pace, Seat};

/// Labelled positions: White's expected score in each.
#[derive(Debug, Default)]
pub(super) struct Data {
    /// The positions and their labels in [0, 1].
    pub(super) positions: Vec<(Position, f64)>,
    /// The scale K the labels were made with, when they come from a search (`None`: game
    /// results).
    pub(super) k: Option<f64>,
}

/// Plays the self-play games and returns their quiet positions with White's result, in the
/// order of the games (deterministic whatever the threads).
pub(super) fn generate(
    args: &Args,
    eval: &EvalParams,
    tables: Option<&Arc<Tablebases>>,
) -> Result<Vec<(Position, f64)>, CliError> {
    let openings = args.openings.read()?;
    let openings = spread(&openings, args.games.max(1), 0);
    let jobs: Vec<(u32, &shashki::Game)> = args
        .depth
        .iter()
        .flat_map(|&depth| openings.iter().map(move |(_, game)| (depth, game)))
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64);
    let games: Vec<Vec<(Position, f64)>> = jobs
        .par_iter()
        .map(|&(depth, start)| {
            let config = EngineConfig {
                hash_mb: 4,
                eval: eval.clone(),
                tablebases: tables.cloned(),
                ..EngineConfig::default()
            };
            let player = EnginePlayer::new(config);
            let seat = Seat {
                player: &player,
                pace: Pace::PerMove(SearchLimit::Depth(depth)),
            };
            let mut game = start.clone();
            let outcome = match_runner::play_game(&mut game, seat, seat, 300, &mut |_| {}).outcome;
            let result = outcome.score_for(Color::White);
            bar.inc(1);
            game.positions()
                .iter()
                .filter(|p| !p.has_capture() && !p.legal_moves().is_empty())
                .map(|p| (*p, result))
                .collect()
        })
        .collect();
    bar.finish();
    Ok(games.into_iter().flatten().collect())
}

/// Parses a data file's text: `FEN;label` lines (label in [0, 1], White's expected score),
/// blank lines, and `#` comment lines, of which `# k=K` gives the labels' scale.
fn parse_data(text: &str, path: &Path) -> Result<Data, CliError> {
    let mut data = Data::default();
    for (i, line) in text.lines().enumerate() {
        let bad = |what: &str| CliError::input(format!("{}:{}: {what}", path.display(), i + 1));
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            for field in comment.split_whitespace() {
                if let Some(k) = field.strip_prefix("k=") {
                    let k: f64 = k
                        .parse()
                        .ok()
                        .filter(|k: &f64| k.is_finite() && *k > 0.0)
                        .ok_or_else(|| bad(&format!("k={k} is not a positive number")))?;
                    data.k = Some(k);
                }
            }
            continue;
        }
        let (fen, label) = line
            .split_once(';')
            .ok_or_else(|| bad("expected FEN;label"))?;
        let position: Position = fen.parse().map_err(|e| bad(&format!("{e}")))?;
        let label: f64 = label
            .trim()
            .parse()
            .map_err(|_| bad(&format!("label {:?} is not a number", label.trim())))?;
        if !(0.0..=1.0).contains(&label) {
            return Err(bad(&format!("label {label} is not in [0, 1]")));
        }
        data.positions.push((position, label));
    }
    Ok(data)
}

fn read_data(path: &Path) -> Result<Data, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    parse_data(&text, path)
}

/// `label` made with scale `from` brought to scale `to`: the same search score on the new scale
/// (labels 0 and 1, forced results, stay).
fn rescale(label: f64, from: f64, to: f64) -> f64 {
    if label <= 0.0 || label >= 1.0 {
        return label;
    }
    let logit = (label / (1.0 - label)).log10();
    let scale = 10f64.powi(LABEL_DECIMALS);
    (1.0 / (1.0 + 10f64.powf(-logit * to / from)) * scale).round() / scale
}

/// Reads and joins data files; labels of a file made with another K than the first file's are
/// rescaled to the first's.
pub(super) fn read_all_data(paths: &[PathBuf]) -> Result<Data, CliError> {
    let mut joined = Data::default();
    for path in paths {
        let data = read_data(path)?;
        match (joined.k, data.k) {
            (Some(to), Some(from)) if (to - from).abs() > 1e-9 => {
                joined.positions.extend(
                    data.positions
                        .into_iter()
                        .map(|(p, label)| (p, rescale(label, from, to))),
                );
            }
            _ => {
                if joined.positions.is_empty() {
                    joined.k = data.k;
                }
                joined.positions.extend(data.positions);
            }
        }
    }
    Ok(joined)
}

/// The data file's text (see [`parse_data`]).
pub(super) fn format_data(data: &Data) -> String {
    let mut text = String::new();
    if let Some(k) = data.k {
        text.push_str(&format!("# k={k}\n"));
    }
    for (p, label) in &data.positions {
        text.push_str(&format!("{};{label}\n", p.to_fen()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::tune::model::sigmoid;
    use crate::commands::tune::testing::MAN_UP;

    #[test]
    fn rescaled_labels_mean_the_same_score() {
        let score = 123.0;
        let label = sigmoid(1.1, score);
        assert!((rescale(label, 1.1, 1.0) - sigmoid(1.0, score)).abs() < 1e-4);
        assert_eq!(rescale(1.0, 1.1, 1.0), 1.0);
        assert_eq!(rescale(0.0, 1.1, 1.0), 0.0);
    }

    #[test]
    fn data_files_round_trip_with_their_scale() {
        let data = Data {
            positions: vec![(Position::start(), 0.5123), (MAN_UP.parse().unwrap(), 1.0)],
            k: Some(0.85),
        };
        let text = format_data(&data);
        assert!(text.starts_with("# k=0.85\n"), "{text}");
        let back = parse_data(&text, Path::new("d.txt")).unwrap();
        assert_eq!(back.k, Some(0.85));
        assert_eq!(back.positions, data.positions);
        let results = parse_data("\n# a comment\nW:W21:B1;0.5\n", Path::new("d.txt")).unwrap();
        assert_eq!(results.k, None);
        assert_eq!(results.positions.len(), 1);
    }

    #[test]
    fn bad_data_lines_are_reported_with_their_line_number() {
        let good = "W:W21:B1;0.25";
        let cases = [
            ("W:W21:B1 0.5", "d.txt:2: expected FEN;label"),
            ("W:W21:B1;half", "d.txt:2: label \"half\" is not a number"),
            ("W:W21:B1;1.5", "d.txt:2: label 1.5 is not in [0, 1]"),
            ("W:W21:B1;-0.1", "d.txt:2: label -0.1 is not in [0, 1]"),
            ("W:W21:B1;NaN", "d.txt:2: label NaN is not in [0, 1]"),
            ("W:W99:B1;0.5", "d.txt:2: "),
            ("# k=-1", "d.txt:2: k=-1 is not a positive number"),
        ];
        for (line, expected) in cases {
            let text = format!("{good}\n{line}\n");
            let error = parse_data(&text, Path::new("d.txt"))
                .unwrap_err()
                .to_string();
            assert!(error.starts_with(expected), "{line}: {error}");
        }
    }
}
