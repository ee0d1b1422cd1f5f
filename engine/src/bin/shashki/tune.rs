//! `shashki tune`: tuning of the evaluation weights by logistic regression (the Texel method),
//! on self-play game results or on the scores of deeper searches (distillation).
//!
//! 1. Data: self-play games of the engine against itself from the ballot openings (every opening
//!    once per `--depth`, in parallel), or a data file from an earlier run (`--data`). Every quiet
//!    position of a game (no capture pending: the search never evaluates others) is labelled
//!    with the game's result for White (1, ½, 0).
//! 2. Labels from the search (`--label-depth D`): game results are noisy (one blunder decides
//!    every label of a game), so each distinct position may instead be labelled by a fixed-depth
//!    search of the engine itself, turned into White's expected score on the fit's scale:
//!    σ(K · score / 400). K is the scale of the model below, fitted on the game results with the
//!    starting weights (or given with `--k`), so a label means what the model's prediction
//!    means. Forced wins and losses are dropped (or labelled 1/0 with `--keep-decisive`), and so
//!    are positions the evaluation never judges: endings it divides down as drawish, and with
//!    `--tablebases` every position inside the tables.
//! 3. `--save-data` keeps the positions as `FEN;label` lines (fractional labels for the search's;
//!    a `# k=…` comment line first records the scale they were made with, and `--data` reads it
//!    back so a re-fit uses the same K).
//! 4. Fit: the evaluation is linear in [`shashki::eval::features`], so the predicted result is
//!    σ(K · Σ wᵢ fᵢ / 400) with σ the logistic function in base 10. K is the labels' scale when
//!    they come from the search, otherwise fitted first with the current weights; then all
//!    weights but the man (fixed at 100, the unit) follow the gradient of the mean squared error
//!    (Adam steps).
//! 5. The weights are written as JSON (`--out`, atomically), usable by `shashki match` as
//!    `default,eval=FILE`.
//!
//! Example: `shashki tune --games 745 --depth 4,5,6 --label-depth 8 --tablebases /work/egtb
//! --openings ../shared/data/russian_ballots.json --save-data /tmp/labels.txt --out /tmp/w.json`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::arena::{self, EnginePlayer};
use shashki::egtb::Tablebases;
use shashki::eval::{EvalParams, FEATURE_COUNT, Feature, Features, features, is_drawish};
use shashki::{Color, Engine, EngineConfig, Position, Score, SearchLimit};

use crate::CliError;
use crate::atomic_file::write_atomically;
use crate::matches::{DEFAULT_OPENINGS, open_tablebases, read_openings, read_weights, spread};

/// Positions labelled one after the other by one engine (sharing its table: they mostly come
/// from the same game), the unit of parallel labelling.
const LABEL_CHUNK: usize = 256;
/// Decimal places kept in a search label.
const LABEL_DECIMALS: i32 = 4;

/// Arguments of `shashki tune`.
#[derive(clap::Args)]
pub struct Args {
    /// Self-play games per depth (ignored with --data; at most one per opening).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Search depth per self-play move; several (`4,5,6`) play every opening once per depth.
    #[arg(long, value_delimiter = ',', default_value = "4")]
    depth: Vec<u32>,
    /// Openings for the self-play games.
    #[arg(long, default_value = DEFAULT_OPENINGS)]
    openings: PathBuf,
    /// Read labelled positions (`FEN;label` lines, label in [0, 1] for White) instead of playing
    /// games.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Label every distinct position by a search of this depth instead of the game's result.
    #[arg(long)]
    label_depth: Option<u32>,
    /// Transposition table (MB) of each labelling search.
    #[arg(long, default_value_t = 4)]
    label_hash: usize,
    /// Keep positions the labelling search finds won or lost by force (label 1 or 0) instead of
    /// dropping them.
    #[arg(long)]
    keep_decisive: bool,
    /// Endgame tablebases for the self-play and labelling searches; positions inside them are
    /// not labelled (the search never evaluates them).
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// The scale K of σ(K · eval / 400) (default: the data file's `# k=`, else fitted on the
    /// game results with the starting weights).
    #[arg(long)]
    k: Option<f64>,
    /// Write the labelled positions to this file.
    #[arg(long)]
    save_data: Option<PathBuf>,
    /// Start from the weights in this file instead of the defaults.
    #[arg(long)]
    start: Option<PathBuf>,
    /// Gradient steps.
    #[arg(long, default_value_t = 400)]
    iterations: usize,
    /// Adam learning rate (weight units per step).
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Features whose weights stay at their start values (comma-separated names, e.g.
    /// `king,first_king`); the man is always fixed (it is the unit).
    #[arg(long, value_delimiter = ',')]
    fix: Vec<String>,
    /// Leave out positions where the side to move is threatened by a capture (not quiet enough
    /// for a static evaluation to predict the result).
    #[arg(long)]
    skip_threats: bool,
    /// Write the tuned weights (JSON) here.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Labelled positions: White's expected score in each.
#[derive(Debug, Default)]
struct Data {
    /// The positions and their labels in [0, 1].
    positions: Vec<(Position, f64)>,
    /// The scale K the labels were made with, when they come from a search (`None`: game
    /// results).
    k: Option<f64>,
}

/// Plays the self-play games and returns their quiet positions with White's result, in the
/// order of the games (deterministic whatever the threads).
fn generate(
    args: &Args,
    eval: &EvalParams,
    tables: Option<&Arc<Tablebases>>,
) -> Result<Vec<(Position, f64)>, CliError> {
    let openings = read_openings(&args.openings)?;
    let openings = spread(&openings, args.games.max(1));
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
            let player = EnginePlayer::new(config, SearchLimit::Depth(depth));
            let mut game = start.clone();
            let outcome = arena::play_game(&mut game, &player, &player, 300);
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

/// The data file's text (see [`parse_data`]).
fn format_data(data: &Data) -> String {
    let mut text = String::new();
    if let Some(k) = data.k {
        text.push_str(&format!("# k={k}\n"));
    }
    for (p, label) in &data.positions {
        text.push_str(&format!("{};{label}\n", p.to_fen()));
    }
    text
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// How a search labels positions ([`label_positions`]).
struct Labeller<'a> {
    /// Nominal depth of every search.
    depth: u32,
    /// Engine setup (evaluation, table size, tablebases).
    config: &'a EngineConfig,
    /// Scale of the labels, σ(K · score / 400).
    k: f64,
    /// Label forced wins 1 and losses 0 instead of dropping them.
    keep_decisive: bool,
}

impl Labeller<'_> {
    /// Whether the evaluation ever judges `position` in play: not in a drawish ending (scaled
    /// down), not inside the tablebases (probed instead).
    fn wanted(&self, position: &Position) -> bool {
        let in_tables = self
            .config
            .tablebases
            .as_ref()
            .is_some_and(|t| position.piece_count() <= t.max_pieces());
        !is_drawish(position) && !in_tables
    }

    /// White's expected score in `position` from a search of `engine`, or `None` for a forced
    /// result that is dropped.
    fn label(&self, engine: &Engine, position: &Position) -> Option<f64> {
        let result = engine.search_position(position, &[], SearchLimit::Depth(self.depth), |_| {});
        let score = Score(result.score.value() * position.side_to_move().sign());
        if score.is_win() || score.is_loss() {
            return self
                .keep_decisive
                .then_some(if score.is_win() { 1.0 } else { 0.0 });
        }
        let scale = 10f64.powi(LABEL_DECIMALS);
        Some((sigmoid(self.k, f64::from(score.value())) * scale).round() / scale)
    }
}

/// Labels every distinct wanted position of `positions` (first occurrences, in order) by a search.
///
/// # Errors
/// The labelling engines' tables cannot be allocated.
fn label_positions(
    positions: &[(Position, f64)],
    labeller: &Labeller,
) -> Result<Vec<(Position, f64)>, CliError> {
    let mut seen = HashSet::new();
    let distinct: Vec<Position> = positions
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| labeller.wanted(p) && seen.insert(p.zobrist_key()))
        .collect();
    let bar = ProgressBar::new(distinct.len() as u64);
    let chunks: Result<Vec<Vec<(Position, f64)>>, CliError> = distinct
        .par_chunks(LABEL_CHUNK)
        .map(|chunk| {
            let engine = Engine::try_new(labeller.config.clone()).map_err(CliError::failure)?;
            let labelled = chunk
                .iter()
                .filter_map(|p| labeller.label(&engine, p).map(|label| (*p, label)))
                .collect();
            bar.inc(chunk.len() as u64);
            Ok(labelled)
        })
        .collect();
    bar.finish();
    Ok(chunks?.into_iter().flatten().collect())
}

fn mean_error(samples: &[(Features, f64)], weights: &[f64; FEATURE_COUNT], k: f64) -> f64 {
    let total: f64 = samples
        .par_iter()
        .map(|(f, r)| {
            let eval: f64 = f.iter().zip(weights).map(|(&x, w)| f64::from(x) * w).sum();
            (r - sigmoid(k, eval)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The K in 0.05, 0.10, …, 3.00 that fits `samples` best with `weights`, and its error.
fn fit_k(samples: &[(Features, f64)], weights: &[f64; FEATURE_COUNT]) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = f64::MAX;
    for step in 1..=60 {
        let candidate = f64::from(step) * 0.05;
        let error = mean_error(samples, weights, candidate);
        if error < best {
            best = error;
            k = candidate;
        }
    }
    (k, best)
}

fn as_f64(weights: &Features) -> [f64; FEATURE_COUNT] {
    let mut out = [0f64; FEATURE_COUNT];
    for (w, &s) in out.iter_mut().zip(weights.iter()) {
        *w = f64::from(s);
    }
    out
}

/// Runs `shashki tune`.
///
/// # Errors
/// Bad openings/data/start/tablebase files, or an output file that cannot be written.
pub fn run(args: &Args) -> Result<(), CliError> {
    let start = match &args.start {
        Some(path) => read_weights(path)?,
        None => EvalParams::DEFAULT,
    };
    let tables = args
        .tablebases
        .as_deref()
        .map(open_tablebases)
        .transpose()?;
    let mut data = match &args.data {
        Some(path) => read_data(path)?,
        None => {
            let clock = Instant::now();
            let positions = generate(args, &start, tables.as_ref())?;
            println!(
                "{} quiet positions from self-play in {:.0} s",
                positions.len(),
                clock.elapsed().as_secs_f64()
            );
            Data { positions, k: None }
        }
    };
    let start_weights = as_f64(&start.weights);
    if let Some(depth) = args.label_depth {
        let k = match args.k.or(data.k) {
            Some(k) => k,
            None => {
                let results: Vec<(Features, f64)> = data
                    .positions
                    .iter()
                    .map(|(p, r)| (features(p), *r))
                    .collect();
                if results.is_empty() {
                    return Err(CliError::input("no positions to label"));
                }
                let (k, error) = fit_k(&results, &start_weights);
                println!("K = {k:.2} fitted on the game results (error {error:.6})");
                k
            }
        };
        let config = EngineConfig {
            hash_mb: args.label_hash,
            eval: start.clone(),
            tablebases: tables.clone(),
            ..EngineConfig::default()
        };
        let labeller = Labeller {
            depth,
            config: &config,
            k,
            keep_decisive: args.keep_decisive,
        };
        let clock = Instant::now();
        let labelled = label_positions(&data.positions, &labeller)?;
        println!(
            "{} positions labelled by depth-{depth} searches in {:.0} s",
            labelled.len(),
            clock.elapsed().as_secs_f64()
        );
        data = Data {
            positions: labelled,
            k: Some(k),
        };
    }
    if let Some(path) = &args.save_data {
        write_atomically(path, &format_data(&data))?;
    }
    if data.positions.is_empty() {
        return Err(CliError::input("no positions to tune on"));
    }
    let mut fixed = [false; FEATURE_COUNT];
    fixed[Feature::Man as usize] = true;
    for name in &args.fix {
        let feature = Feature::from_name(name)
            .ok_or_else(|| CliError::input(format!("--fix: no feature called {name:?}")))?;
        fixed[feature as usize] = true;
    }
    let samples: Vec<(Features, f64)> = data
        .positions
        .iter()
        .filter(|(p, _)| {
            !args.skip_threats
                || !p
                    .with_side_to_move(p.side_to_move().opposite())
                    .has_capture()
        })
        .map(|(p, r)| (features(p), *r))
        .collect();
    let mut weights = start_weights;
    let k = match args.k.or(data.k) {
        Some(k) => k,
        None => fit_k(&samples, &weights).0,
    };
    println!(
        "{} positions, K = {k:.2}, start error {:.6}",
        samples.len(),
        mean_error(&samples, &weights, k)
    );
    let (mut m, mut v) = ([0f64; FEATURE_COUNT], [0f64; FEATURE_COUNT]);
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for iteration in 1..=args.iterations {
        let gradient = samples
            .par_iter()
            .fold(
                || [0f64; FEATURE_COUNT],
                |mut g, (f, r)| {
                    let eval: f64 = f.iter().zip(&weights).map(|(&x, w)| f64::from(x) * w).sum();
                    let s = sigmoid(k, eval);
                    let common = -2.0 * (r - s) * s * (1.0 - s) * scale;
                    for (gi, &x) in g.iter_mut().zip(f.iter()) {
                        *gi += common * f64::from(x);
                    }
                    g
                },
            )
            .reduce(
                || [0f64; FEATURE_COUNT],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(b) {
                        *x += y;
                    }
                    a
                },
            );
        let n = samples.len() as f64;
        for i in 0..FEATURE_COUNT {
            if fixed[i] {
                continue;
            }
            let g = gradient[i] / n;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(iteration as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(iteration as i32));
            weights[i] -= args.learning_rate * m_hat / (v_hat.sqrt() + epsilon);
        }
        if iteration % 50 == 0 || iteration == args.iterations {
            println!(
                "iteration {iteration}: error {:.6}",
                mean_error(&samples, &weights, k)
            );
        }
    }
    let rounded: Vec<(&str, i64)> = Feature::ALL
        .iter()
        .zip(weights)
        .map(|(f, w)| (f.name(), w.round() as i64))
        .collect();
    let mut object = serde_json::Map::new();
    for (name, w) in &rounded {
        object.insert((*name).to_string(), serde_json::Value::from(*w));
    }
    let json = serde_json::json!({ "k": k, "positions": samples.len(), "weights": object });
    let text = serde_json::to_string_pretty(&json).map_err(CliError::failure)?;
    println!("{text}");
    if let Some(path) = &args.out {
        write_atomically(path, &(text + "\n"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twelve men against eleven: White is a man up, nothing is forced.
    const MAN_UP: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11";

    fn labeller(config: &EngineConfig) -> Labeller<'_> {
        Labeller {
            depth: 6,
            config,
            k: 1.0,
            keep_decisive: false,
        }
    }

    #[test]
    fn a_man_up_is_labelled_better_for_that_side_by_the_search() {
        let config = EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        };
        let labeller = labeller(&config);
        let white_up: Position = MAN_UP.parse().unwrap();
        let black_up = white_up.flipped();
        assert_eq!(black_up.side_to_move(), Color::Black);
        let white_label = labeller
            .label(&Engine::new(config.clone()), &white_up)
            .unwrap();
        let black_label = labeller
            .label(&Engine::new(config.clone()), &black_up)
            .unwrap();
        assert!(white_label > 0.55, "{white_label}");
        assert!(black_label < 0.45, "{black_label}");
        // The label is the search's score on the fit's scale (a fresh engine searches the same
        // tree), not the static evaluation's.
        let engine = Engine::new(config.clone());
        let search = engine.search_position(&white_up, &[], SearchLimit::Depth(6), |_| {});
        let expected = sigmoid(1.0, f64::from(search.score.value()));
        assert!(
            (white_label - expected).abs() < 1e-3,
            "{white_label} {expected}"
        );
    }

    #[test]
    fn forced_results_are_dropped_or_kept_as_one_and_zero() {
        let config = EngineConfig {
            hash_mb: 1,
            ..EngineConfig::default()
        };
        // Black to move has no legal move (its man on b8 is blocked by a7 and c7, and c7 is
        // backed by d6): White has won.
        let lost: Position = "B:Wa7,c7,d6:Bb8".parse().unwrap();
        assert!(lost.legal_moves().is_empty());
        let engine = Engine::new(config.clone());
        let mut keep = labeller(&config);
        assert_eq!(keep.label(&engine, &lost), None);
        keep.keep_decisive = true;
        assert_eq!(keep.label(&engine, &lost), Some(1.0));
    }

    #[test]
    fn positions_in_the_tables_or_drawish_are_not_labelled() {
        let config = EngineConfig::default();
        let labeller = labeller(&config);
        let lone_king: Position = "W:WK21,22,23:BK1".parse().unwrap();
        assert!(!labeller.wanted(&lone_king));
        assert!(labeller.wanted(&MAN_UP.parse().unwrap()));
        let data = [
            (lone_king, 1.0),
            (Position::start(), 0.5),
            (Position::start(), 0.0),
        ];
        let labelled = label_positions(&data, &labeller).unwrap();
        assert_eq!(
            labelled.len(),
            1,
            "drawish dropped, duplicate labelled once"
        );
        assert_eq!(labelled[0].0, Position::start());
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
