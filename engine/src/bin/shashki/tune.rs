//! `shashki tune`: Texel tuning of the evaluation weights by logistic regression on self-play
//! game results.
//!
//! 1. Data: self-play games of the engine against itself from the ballot openings (fixed depth,
//!    in parallel), or a data file from an earlier run (`--data`). Every quiet position of a game
//!    (no capture pending: the search never evaluates others) is labelled with the game's result
//!    for White (1, ½, 0). `--save-data` keeps them as `FEN;result` lines.
//! 2. Fit: the evaluation is linear in [`shashki::eval::features`], so the predicted result is
//!    σ(K · Σ wᵢ fᵢ / 400) with σ the logistic function in base 10. K is fitted first with the
//!    current weights, then all weights but the man (fixed at 100, the unit) follow the gradient
//!    of the mean squared error (Adam steps).
//! 3. The weights are written as JSON (`--out`, atomically), usable by `shashki match` as
//!    `default,eval=FILE`, and printed as a Rust array for `EvalParams::DEFAULT`.
//!
//! Example: `shashki tune --games 400 --depth 5 --openings ../shared/data/russian_ballots.json
//! --save-data /tmp/texel.txt --out /tmp/weights.json`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::arena::{self, EnginePlayer};
use shashki::eval::{EvalParams, FEATURE_COUNT, Feature, Features, features};
use shashki::{Color, EngineConfig, Position, SearchLimit};

use crate::CliError;
use crate::matches::{DEFAULT_OPENINGS, read_openings, read_weights, spread};

/// Arguments of `shashki tune`.
#[derive(clap::Args)]
pub struct Args {
    /// Self-play games to generate (ignored with --data).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Search depth per self-play move.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Openings for the self-play games.
    #[arg(long, default_value = DEFAULT_OPENINGS)]
    openings: PathBuf,
    /// Read labelled positions (`FEN;result` lines) instead of playing games.
    #[arg(long)]
    data: Option<PathBuf>,
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

/// Plays the self-play games and returns their quiet positions with White's result.
fn generate(args: &Args, eval: &EvalParams) -> Result<Vec<(Position, f64)>, CliError> {
    let openings = read_openings(&args.openings)?;
    let openings = spread(&openings, args.games.max(1));
    let bar = ProgressBar::new(openings.len() as u64);
    let data = Mutex::new(Vec::new());
    openings.par_iter().for_each(|(_, start)| {
        let config = EngineConfig {
            hash_mb: 4,
            eval: eval.clone(),
            ..EngineConfig::default()
        };
        let player = EnginePlayer::new(config, SearchLimit::Depth(args.depth));
        let mut game = start.clone();
        let outcome = arena::play_game(&mut game, &player, &player, 300);
        let result = outcome.score_for(Color::White);
        let quiet: Vec<(Position, f64)> = game
            .positions()
            .iter()
            .filter(|p| !p.has_capture() && !p.legal_moves().is_empty())
            .map(|p| (*p, result))
            .collect();
        data.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend(quiet);
        bar.inc(1);
    });
    bar.finish();
    Ok(data
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner))
}

fn read_data(path: &Path) -> Result<Vec<(Position, f64)>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let bad = |what: &str| CliError::input(format!("{}:{}: {what}", path.display(), i + 1));
            let (fen, result) = line
                .split_once(';')
                .ok_or_else(|| bad("expected FEN;result"))?;
            let position: Position = fen.parse().map_err(|e| bad(&format!("{e}")))?;
            let result: f64 = result
                .trim()
                .parse()
                .map_err(|_| bad("result is not a number"))?;
            Ok((position, result))
        })
        .collect()
}

/// Writes `text` to `path` atomically (temporary file, then rename).
fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    let temp = path.with_extension("tmp");
    let mut file = std::fs::File::create(&temp)
        .map_err(|e| CliError::failure(format!("{}: {e}", temp.display())))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| CliError::failure(format!("{}: {e}", temp.display())))?;
    std::fs::rename(&temp, path).map_err(|e| CliError::failure(format!("{}: {e}", path.display())))
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
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

/// Runs `shashki tune`.
///
/// # Errors
/// Bad openings/data/start files, or an output file that cannot be written.
pub fn run(args: &Args) -> Result<(), CliError> {
    let start = match &args.start {
        Some(path) => read_weights(path)?,
        None => EvalParams::DEFAULT,
    };
    let data = match &args.data {
        Some(path) => read_data(path)?,
        None => generate(args, &start)?,
    };
    if let Some(path) = &args.save_data {
        let text: String = data
            .iter()
            .map(|(p, r)| format!("{};{r}\n", p.to_fen()))
            .collect();
        write_atomically(path, &text)?;
    }
    if data.is_empty() {
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
        .iter()
        .filter(|(p, _)| {
            !args.skip_threats
                || !p
                    .with_side_to_move(p.side_to_move().opposite())
                    .has_capture()
        })
        .map(|(p, r)| (features(p), *r))
        .collect();
    let mut weights = [0f64; FEATURE_COUNT];
    for (w, &s) in weights.iter_mut().zip(start.weights.iter()) {
        *w = f64::from(s);
    }
    // Fit K with the starting weights.
    let mut k = 1.0;
    let mut best = f64::MAX;
    for step in 1..=60 {
        let candidate = f64::from(step) * 0.05;
        let error = mean_error(&samples, &weights, candidate);
        if error < best {
            best = error;
            k = candidate;
        }
    }
    println!(
        "{} positions, K = {k:.2}, start error {best:.6}",
        samples.len()
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
