//! The data file of `shashki tune`, which keeps labelled positions between runs: `FEN;label`
//! lines, label in [0, 1] (White's expected score), or `FEN;result;score` lines (self-play at
//! fixed nodes, [`super::selfplay`]: White's result 0, ½ or 1 and the mover's search score for
//! White in centi-men), whose label is the blend λ · σ(K · score / 400) + (1 − λ) · result made
//! when the file is read (`--lambda`), so one file serves every blend; `#` comment lines, of
//! which `# k=K` records the scale of the scores ([`parse_data`], [`format_data`]). Several
//! files are joined with their labels brought to the first file's K ([`rescale`]).

use std::path::{Path, PathBuf};

use shashki::Position;

use super::label::LABEL_DECIMALS;
use super::model::sigmoid;
use crate::cli_error::CliError;

/// Labelled positions: White's expected score in each.
#[derive(Debug, Default)]
pub(super) struct Data {
    /// The positions and their labels in [0, 1].
    pub(super) positions: Vec<(Position, f64)>,
    /// The scale K the labels were made with, when they come from a search (`None`: game
    /// results).
    pub(super) k: Option<f64>,
}

/// Parses a data file's text: `FEN;label` lines (label in [0, 1], White's expected score),
/// `FEN;result;score` lines (labelled with the score's share `lambda`, on the scale of the
/// `# k=K` line before them), blank lines, and `#` comment lines, of which `# k=K` gives the
/// labels' scale.
fn parse_data(text: &str, path: &Path, lambda: f64) -> Result<Data, CliError> {
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
            .ok_or_else(|| bad("expected FEN;label or FEN;result;score"))?;
        let position: Position = fen.parse().map_err(|e| bad(&format!("{e}")))?;
        let label = match label.split_once(';') {
            None => {
                let label: f64 = label
                    .trim()
                    .parse()
                    .map_err(|_| bad(&format!("label {:?} is not a number", label.trim())))?;
                if !(0.0..=1.0).contains(&label) {
                    return Err(bad(&format!("label {label} is not in [0, 1]")));
                }
                label
            }
            Some((result, score)) => {
                let result = match result.trim() {
                    "0" => 0.0,
                    "0.5" => 0.5,
                    "1" => 1.0,
                    other => {
                        return Err(bad(&format!("result {other:?} is not 0, 0.5 or 1")));
                    }
                };
                let score: i32 = score
                    .trim()
                    .parse()
                    .ok()
                    .filter(|s: &i32| s.abs() <= MAX_SCORE)
                    .ok_or_else(|| {
                        bad(&format!(
                            "score {:?} is not a whole number of centi-men within ±{MAX_SCORE}",
                            score.trim()
                        ))
                    })?;
                let k = data
                    .k
                    .ok_or_else(|| bad("a FEN;result;score line needs a `# k=` line before it"))?;
                blend(lambda, sigmoid(k, f64::from(score)), result)
            }
        };
        data.positions.push((position, label));
    }
    Ok(data)
}

/// The largest score a `FEN;result;score` line may hold (forced results and the tables' wins
/// are not written).
const MAX_SCORE: i32 = super::selfplay::MAX_EVALUATED;

/// The label of a position whose score reads `expected` and whose game ended `result`: the
/// score's share `lambda`, rounded as search labels are.
fn blend(lambda: f64, expected: f64, result: f64) -> f64 {
    let scale = 10f64.powi(LABEL_DECIMALS);
    ((lambda * expected + (1.0 - lambda) * result) * scale).round() / scale
}

fn read_data(path: &Path, lambda: f64) -> Result<Data, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    parse_data(&text, path, lambda)
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

/// Reads and joins data files (`lambda`: the score's share in the labels of `FEN;result;score`
/// lines); labels of a file made with another K than the first file's are rescaled to the
/// first's.
///
/// # Errors
/// An unreadable file, a bad line (named by file and line), or `lambda` outside [0, 1].
pub(super) fn read_all_data(paths: &[PathBuf], lambda: f64) -> Result<Data, CliError> {
    if !(0.0..=1.0).contains(&lambda) {
        return Err(CliError::input(format!(
            "--lambda {lambda}: the score's share must be in [0, 1]"
        )));
    }
    let mut joined = Data::default();
    for path in paths {
        let data = read_data(path, lambda)?;
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
        let back = parse_data(&text, Path::new("d.txt"), 0.5).unwrap();
        assert_eq!(back.k, Some(0.85));
        assert_eq!(back.positions, data.positions);
        let results = parse_data("\n# a comment\nW:W21:B1;0.5\n", Path::new("d.txt"), 0.5).unwrap();
        assert_eq!(results.k, None);
        assert_eq!(results.positions.len(), 1);
    }

    #[test]
    fn bad_data_lines_are_reported_with_their_line_number() {
        let good = "W:W21:B1;0.25";
        let cases = [
            (
                "W:W21:B1 0.5",
                "d.txt:2: expected FEN;label or FEN;result;score",
            ),
            (
                "W:W21:B1;0.7;10",
                "d.txt:2: result \"0.7\" is not 0, 0.5 or 1",
            ),
            (
                "W:W21:B1;1;ten",
                "d.txt:2: score \"ten\" is not a whole number",
            ),
            (
                "W:W21:B1;1;99999999999",
                "d.txt:2: score \"99999999999\" is not",
            ),
            ("W:W21:B1;1;5001", "d.txt:2: score \"5001\" is not"),
            ("W:W21:B1;1;", "d.txt:2: score \"\" is not"),
            ("W:W21:B1;;5", "d.txt:2: result \"\" is not"),
            ("W:W21;1;5", "d.txt:2: "),
            ("W:W21:B1;half", "d.txt:2: label \"half\" is not a number"),
            ("W:W21:B1;1.5", "d.txt:2: label 1.5 is not in [0, 1]"),
            ("W:W21:B1;-0.1", "d.txt:2: label -0.1 is not in [0, 1]"),
            ("W:W21:B1;NaN", "d.txt:2: label NaN is not in [0, 1]"),
            ("W:W99:B1;0.5", "d.txt:2: "),
            ("# k=-1", "d.txt:2: k=-1 is not a positive number"),
        ];
        for (line, expected) in cases {
            let text = format!("{good}\n{line}\n");
            let error = parse_data(&text, Path::new("d.txt"), 0.5)
                .unwrap_err()
                .to_string();
            assert!(error.starts_with(expected), "{line}: {error}");
        }
    }

    #[test]
    fn result_and_score_lines_are_blended_by_lambda() {
        let text = "# k=1 self-play\nW:W21:B1;1;100\nB:W21:B1;0;-100\n";
        let label = |lambda| parse_data(text, Path::new("d.txt"), lambda).unwrap();
        let expected = sigmoid(1.0, 100.0);
        let scores = label(1.0);
        assert_eq!(scores.k, Some(1.0));
        assert!((scores.positions[0].1 - expected).abs() < 1e-4);
        assert!((scores.positions[1].1 - (1.0 - expected)).abs() < 1e-4);
        let results = label(0.0);
        assert_eq!(results.positions[0].1, 1.0);
        assert_eq!(results.positions[1].1, 0.0);
        let half = label(0.5);
        assert!((half.positions[0].1 - (expected + 1.0) / 2.0).abs() < 1e-4);
    }

    #[test]
    fn a_result_and_score_line_needs_the_scale_first_and_lambda_in_range() {
        let error = parse_data("W:W21:B1;1;100\n", Path::new("d.txt"), 0.5)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("d.txt:1: a FEN;result;score line needs"),
            "{error}"
        );
        let error = read_all_data(&[PathBuf::from("no-such-file.txt")], 1.5)
            .unwrap_err()
            .to_string();
        assert!(error.contains("--lambda 1.5"), "{error}");
    }

    #[test]
    fn a_missing_or_binary_data_file_is_an_error_not_a_panic() {
        let error = read_all_data(&[PathBuf::from("/no/such/data.txt")], 0.5)
            .unwrap_err()
            .to_string();
        assert!(error.contains("/no/such/data.txt"), "{error}");
        let dir = std::env::temp_dir().join(format!("shashki-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let binary = dir.join("binary.txt");
        std::fs::write(&binary, [0xFFu8, 0xFE, 0x00, 0x3B]).unwrap();
        let error = read_all_data(std::slice::from_ref(&binary), 0.5)
            .unwrap_err()
            .to_string();
        assert!(error.contains("binary.txt"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
