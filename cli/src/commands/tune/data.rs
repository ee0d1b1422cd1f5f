//! The data file of `shashki tune`, which keeps labelled positions between runs: `FEN;label`
//! lines, label in [0, 1] (White's expected score), or `FEN;result;score` lines (self-play at
//! fixed nodes, [`super::selfplay`]: White's result 0, ½ or 1 and the mover's search score for
//! White in centi-men), whose label is the blend λ · σ(K · score / 400) + (1 − λ) · result made
//! when the files are read (`--lambda`), so one file serves every blend; `#` comment lines, of
//! which `# k=K` records the scale of `FEN;label` lines ([`parse_data`], [`format_data`]).
//! Several files are joined with their labels brought to the first file's K ([`rescale`]). The
//! K of the scores is `--k`, else that of the `FEN;label` lines read with them, else the one
//! under which the scores predict their games' results best ([`fit_scale`]): score and result
//! must mean the same expected score for a blend of them to mean anything.

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
    /// The K fitted on the games' results of `FEN;result;score` lines, and its error, when
    /// neither `--k` nor other labels gave one.
    pub(super) fitted_k: Option<(f64, f64)>,
    /// The self-play game of each position, by index, when the file names games (`# game N`
    /// lines); empty when none does.
    pub(super) games: Vec<Option<u64>>,
}

impl Data {
    /// The self-play game position `index` came from, if its file named it.
    pub(super) fn game(&self, index: usize) -> Option<u64> {
        self.games.get(index).copied().flatten()
    }
}

/// A `FEN;result;score` line before it is labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Scored {
    position: Position,
    /// White's result: 0, ½ or 1.
    result: f64,
    /// White's score by the mover's search, in centi-men.
    score: i32,
    /// The game it came from (the last `# game N` line before it).
    game: Option<u64>,
}

/// One file's lines: the labelled ones with their scale, the scored ones as they are.
#[derive(Debug, Default)]
struct FileData {
    labelled: Vec<(Position, f64)>,
    k: Option<f64>,
    scored: Vec<Scored>,
}

/// Parses a data file's text: `FEN;label` lines (label in [0, 1], White's expected score),
/// `FEN;result;score` lines, blank lines, and `#` comment lines, of which `# k=K` gives the
/// labels' scale and `# game N` the self-play game of the lines after it.
fn parse_data(text: &str, path: &Path) -> Result<FileData, CliError> {
    let mut data = FileData::default();
    let mut game = None;
    for (i, line) in text.lines().enumerate() {
        let bad = |what: &str| CliError::input(format!("{}:{}: {what}", path.display(), i + 1));
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(number) = comment.trim().strip_prefix("game ") {
                let number = number.trim();
                game = Some(
                    number
                        .parse()
                        .map_err(|_| bad(&format!("game {number:?} is not a game number")))?,
                );
                continue;
            }
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
        match label.split_once(';') {
            None => {
                let label: f64 = label
                    .trim()
                    .parse()
                    .map_err(|_| bad(&format!("label {:?} is not a number", label.trim())))?;
                if !(0.0..=1.0).contains(&label) {
                    return Err(bad(&format!("label {label} is not in [0, 1]")));
                }
                data.labelled.push((position, label));
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
                data.scored.push(Scored {
                    position,
                    result,
                    score,
                    game,
                });
            }
        }
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

/// The K (0.05 to 6 in steps of 0.05) under which σ(K · score / 400) predicts the games'
/// results of `scored` with the least mean squared error, and that error.
fn fit_scale(scored: &[Scored]) -> (f64, f64) {
    let error = |k: f64| {
        scored
            .iter()
            .map(|s| (sigmoid(k, f64::from(s.score)) - s.result).powi(2))
            .sum::<f64>()
            / scored.len().max(1) as f64
    };
    (1..=120)
        .map(|step| f64::from(step) * 0.05)
        .map(|k| (k, error(k)))
        .fold(
            (1.0, f64::MAX),
            |best, next| {
                if next.1 < best.1 { next } else { best }
            },
        )
}

fn read_data(path: &Path) -> Result<FileData, CliError> {
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

/// Reads and joins data files. `FEN;label` lines made with another K than the first file's
/// are brought to the first's; `FEN;result;score` lines are labelled with the score's share
/// `lambda` on the scale `k` (`--k`), else the `FEN;label` lines', else the one fitted on their
/// results ([`fit_scale`], reported in [`Data::fitted_k`]).
///
/// # Errors
/// An unreadable file, a bad line (named by file and line), or `lambda` outside [0, 1].
pub(super) fn read_all_data(
    paths: &[PathBuf],
    lambda: f64,
    k: Option<f64>,
) -> Result<Data, CliError> {
    if !(0.0..=1.0).contains(&lambda) {
        return Err(CliError::input(format!(
            "--lambda {lambda}: the score's share must be in [0, 1]"
        )));
    }
    let mut joined = Data::default();
    let mut scored = Vec::new();
    for path in paths {
        let data = read_data(path)?;
        scored.extend(data.scored);
        match (joined.k, data.k) {
            (Some(to), Some(from)) if (to - from).abs() > 1e-9 => {
                joined.positions.extend(
                    data.labelled
                        .into_iter()
                        .map(|(p, label)| (p, rescale(label, from, to))),
                );
            }
            _ => {
                if joined.positions.is_empty() {
                    joined.k = data.k.filter(|_| !data.labelled.is_empty());
                }
                joined.positions.extend(data.labelled);
            }
        }
    }
    if !scored.is_empty() {
        let k = match k.or(joined.k) {
            Some(k) => k,
            None => {
                let fitted = fit_scale(&scored);
                joined.fitted_k = Some(fitted);
                fitted.0
            }
        };
        joined.k = Some(k);
        if scored.iter().any(|s| s.game.is_some()) {
            joined.games = vec![None; joined.positions.len()];
            joined.games.extend(scored.iter().map(|s| s.game));
        }
        joined.positions.extend(scored.iter().map(|s| {
            (
                s.position,
                blend(lambda, sigmoid(k, f64::from(s.score)), s.result),
            )
        }));
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
            ..Data::default()
        };
        let text = format_data(&data);
        assert!(text.starts_with("# k=0.85\n"), "{text}");
        let back = parse_data(&text, Path::new("d.txt")).unwrap();
        assert_eq!(back.k, Some(0.85));
        assert_eq!(back.labelled, data.positions);
        let results = parse_data("\n# a comment\nW:W21:B1;0.5\n", Path::new("d.txt")).unwrap();
        assert_eq!(results.k, None);
        assert_eq!(results.labelled.len(), 1);
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
            ("W:W99:B1;1;5", "d.txt:2: "),
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

    /// `text` written to a file of its own, read back with `lambda` and `k`.
    fn read_text(text: &str, lambda: f64, k: Option<f64>) -> Result<Data, CliError> {
        let dir = std::env::temp_dir().join(format!(
            "shashki-data-{}-{}",
            std::process::id(),
            text.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{lambda}-{k:?}.txt"));
        std::fs::write(&path, text).unwrap();
        let data = read_all_data(std::slice::from_ref(&path), lambda, k);
        std::fs::remove_file(&path).unwrap();
        data
    }

    #[test]
    fn result_and_score_lines_are_blended_by_lambda() {
        let text = "# self-play\nW:W21:B1;1;100\nB:W21:B1;0;-100\n";
        let label = |lambda| read_text(text, lambda, Some(1.0)).unwrap();
        let expected = sigmoid(1.0, 100.0);
        let scores = label(1.0);
        assert_eq!(scores.k, Some(1.0));
        assert_eq!(scores.fitted_k, None);
        assert!((scores.positions[0].1 - expected).abs() < 1e-4);
        assert!((scores.positions[1].1 - (1.0 - expected)).abs() < 1e-4);
        let results = label(0.0);
        assert_eq!(results.positions[0].1, 1.0);
        assert_eq!(results.positions[1].1, 0.0);
        let half = label(0.5);
        assert!((half.positions[0].1 - (expected + 1.0) / 2.0).abs() < 1e-4);
    }

    #[test]
    fn without_k_the_scale_is_the_one_under_which_the_scores_predict_the_results() {
        // Results drawn as σ(2 · score / 400) predicts them: of 20 games at each score, the
        // expected number won, the rest lost.
        let mut text = String::new();
        for score in (-400..=400).step_by(20) {
            let wins = (sigmoid(2.0, f64::from(score)) * 20.0).round() as usize;
            for game in 0..20 {
                let result = if game < wins { 1 } else { 0 };
                text.push_str(&format!("W:W21:B1;{result};{score}\n"));
            }
        }
        let data = read_text(&text, 1.0, None).unwrap();
        let (k, _) = data.fitted_k.expect("a fitted K");
        assert!((k - 2.0).abs() <= 0.15, "K = {k}");
        assert_eq!(data.k, Some(k));
        // Labels read with them give their scale instead.
        let with_labels = format!("# k=0.9\nW:W21:B1;0.5\n{text}");
        let data = read_text(&with_labels, 1.0, None).unwrap();
        assert_eq!((data.k, data.fitted_k), (Some(0.9), None));
    }

    #[test]
    fn game_lines_name_the_game_of_the_scored_lines_after_them() {
        let text = "# k=1\nW:W21:B1;0.5\n# game 7\nW:W21:B1;1;10\nB:W21:B1;1;12\n# game 9\nW:W22:B1;0;-3\n";
        let data = read_text(text, 0.5, None).unwrap();
        assert_eq!(data.games, vec![None, Some(7), Some(7), Some(9)]);
        assert_eq!(data.game(1), Some(7));
        assert_eq!(data.game(0), None);
        assert_eq!(data.game(99), None);
        let error = parse_data("# game seven\n", Path::new("d.txt"))
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("d.txt:1: game \"seven\" is not a game number"),
            "{error}"
        );
        // Without game lines nothing is recorded.
        let data = read_text("W:W21:B1;1;10\n", 0.5, Some(1.0)).unwrap();
        assert!(data.games.is_empty());
    }

    #[test]
    fn lambda_must_be_a_share() {
        let error = read_all_data(&[PathBuf::from("no-such-file.txt")], 1.5, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("--lambda 1.5"), "{error}");
    }

    #[test]
    fn a_missing_or_binary_data_file_is_an_error_not_a_panic() {
        let error = read_all_data(&[PathBuf::from("/no/such/data.txt")], 0.5, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("/no/such/data.txt"), "{error}");
        let dir = std::env::temp_dir().join(format!("shashki-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let binary = dir.join("binary.txt");
        std::fs::write(&binary, [0xFFu8, 0xFE, 0x00, 0x3B]).unwrap();
        let error = read_all_data(std::slice::from_ref(&binary), 0.5, None)
            .unwrap_err()
            .to_string();
        assert!(error.contains("binary.txt"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
