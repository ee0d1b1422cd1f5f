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
//! 5. Pattern tables (`--patterns`): the fit also learns the evaluation's pattern tables
//!    ([`shashki::eval::pattern`]: nine windows × 6 561 men configurations, one or two phases
//!    with `--phases`), together with the linear weights, the model's prediction adding
//!    `Σ_w T_w[c_w] − T_{8−w}[mirror(c_w)]` (interpolated by the piece count with two phases).
//!    Every step is a full-batch Adam step; a configuration absent from the data gets no
//!    gradient but its L2 penalty (`--l2`), which keeps rare configurations near 0. A share of
//!    the positions (`--validation`, chosen by their Zobrist key, so duplicates stay on one
//!    side) is held out of the fit and its error reported, to see overfitting.
//! 6. The weights are written as a weights file (`--out`, atomically; the JSON format of
//!    [`shashki::eval::weights`]), usable by `shashki match` as `default,eval=FILE`; fitted
//!    pattern tables go next to it (same name, `.shpt`), named in the JSON's `"patterns"`.
//!
//! Example: `shashki tune --games 745 --depth 4,5,6 --label-depth 8 --tablebases /work/egtb
//! --save-data /tmp/labels.txt --out /tmp/w.json`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use crate::match_runner::{self, EnginePlayer};
use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::egtb::Tablebases;
use shashki::eval::pattern::{self, MAX_VALUE, SCALE, STATES, WINDOWS};
use shashki::eval::{
    EvalParams, FEATURE_COUNT, Feature, Features, FitSummary, PatternTables, Patterns,
    SQUARE_FEATURES, features, is_drawish, square_value,
};
use shashki::{Color, Engine, EngineConfig, Position, Score, SearchLimit};

use crate::CliError;
use crate::atomic_file::{write_atomically, write_bytes_atomically};
use crate::matches::{open_tablebases, spread};
use crate::openings::Openings;

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
    /// (`built-in`: the 745 three-move ballots; or a JSON file of name → FEN.)
    #[arg(long, default_value = "built-in")]
    openings: Openings,
    /// Read labelled positions (`FEN;label` lines, label in [0, 1] for White) instead of playing
    /// games; several files (comma-separated) are joined, their labels brought to the first
    /// file's scale K.
    #[arg(long, value_delimiter = ',')]
    data: Vec<PathBuf>,
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
    /// Also fit pattern tables (written next to `--out`, extension `.shpt`); without it the
    /// fitted evaluation is linear (no tables).
    #[arg(long)]
    patterns: bool,
    /// Phases of the fitted pattern tables: 1, or 2 (opening and ending, by piece count; the
    /// built-in tables have 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    phases: u8,
    /// Adam learning rate of the pattern values (centi-men per step).
    #[arg(long, default_value_t = 1.0)]
    pattern_rate: f64,
    /// L2 penalty on the pattern values: `l2 · Σ T²` (T in centi-men) added to the mean error
    /// (0: the held-out error was lowest without it on 350 000–530 000 positions).
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Share of the positions held out of the fit to measure its error (0 to use all; chosen
    /// by a hash of the Zobrist key: 0.1 holds out 100/1 024 of them).
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// After the fit, move the weights of the per-square features (advancement,
    /// late_advancement (two phases only), centre, edge) into the pattern tables and write them
    /// as 0: the same evaluation (within a centi-man of rounding), which the engine then computes
    /// without those terms. Needs `--patterns`.
    #[arg(long, requires = "patterns")]
    fold: bool,
    /// With `--fold`, also fold back_rank, key_guard, backed and man_mobility, which the tables
    /// hold only approximately (a king reads as an empty square there, and the back rank and
    /// key guards count even when the opponent has no men left); the error printed after the
    /// fold shows what it costs.
    #[arg(long, requires = "fold")]
    fold_approx: bool,
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
    let openings = args.openings.read()?;
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
            let outcome = match_runner::play_game(&mut game, &player, &player, 300);
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
fn read_all_data(paths: &[PathBuf]) -> Result<Data, CliError> {
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

/// The K in 0.05, 0.10, …, 3.00 with which `model` fits `samples` best, and its error.
fn fit_k(model: &Model, samples: &[Sample]) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = f64::MAX;
    for step in 1..=60 {
        let candidate = f64::from(step) * 0.05;
        let error = model.error(samples, candidate);
        if error < best {
            best = error;
            k = candidate;
        }
    }
    (k, best)
}

/// Runs `shashki tune`.
///
/// # Errors
/// Bad openings/data/start/tablebase files, or an output file that cannot be written.
pub fn run(args: &Args) -> Result<(), CliError> {
    let start = match &args.start {
        Some(path) => EvalParams::load_weights(path).map_err(CliError::input)?,
        None => EvalParams::DEFAULT,
    };
    let tables = args
        .tablebases
        .as_deref()
        .map(open_tablebases)
        .transpose()?;
    let mut data = match args.data.as_slice() {
        [_, ..] => read_all_data(&args.data)?,
        [] => {
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
    if let Some(depth) = args.label_depth {
        let k = match args.k.or(data.k) {
            Some(k) => k,
            None => {
                let results: Vec<Sample> = data
                    .positions
                    .iter()
                    .map(|(p, r)| Sample::new(p, *r))
                    .collect();
                if results.is_empty() {
                    return Err(CliError::input("no positions to label"));
                }
                // The start evaluation as it is, pattern tables included.
                let start_phases = start.patterns.tables().map_or(0, |t| t.phases());
                let (k, error) = fit_k(&Model::new(&start, start_phases), &results);
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
    // Thousandths of the share, as a count of the 1 024 buckets of the mixed key's top 10 bits
    // (0.1 holds out 100/1 024 = 9.8 %; kept so that session 5's splits reproduce).
    let holdout = (args.validation.clamp(0.0, 0.9) * 1000.0).round() as u64;
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (p, label) in &data.positions {
        if args.skip_threats
            && p.with_side_to_move(p.side_to_move().opposite())
                .has_capture()
        {
            continue;
        }
        let sample = Sample::new(p, *label);
        // A mixed key, so the held-out share does not follow the key's low bits' structure.
        if p.zobrist_key().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54 < holdout {
            valid.push(sample);
        } else {
            train.push(sample);
        }
    }
    let phases = if args.patterns {
        usize::from(args.phases)
    } else {
        0
    };
    let mut model = Model::new(&start, phases);
    let k = match args.k.or(data.k) {
        Some(k) => k,
        None => fit_k(&model, &train).0,
    };
    let fit = Fit {
        k,
        iterations: args.iterations,
        linear_rate: args.learning_rate,
        pattern_rate: args.pattern_rate,
        l2: args.l2,
        fixed,
    };
    println!(
        "{} positions ({} held out), K = {k:.2}, start error {:.6} (held out {:.6})",
        train.len() + valid.len(),
        valid.len(),
        model.error(&train, k),
        model.error(&valid, k)
    );
    fit.run(&mut model, &train, &valid);
    if args.fold {
        let folded = model.fold_square_features(args.fold_approx);
        let names: Vec<&str> = folded.iter().map(|f| f.name()).collect();
        println!(
            "folded into the tables: {}; error {:.6} (held out {:.6})",
            names.join(", "),
            model.error(&train, k),
            model.error(&valid, k)
        );
    }
    let params = model.params(&start);
    let rounded = Model::new(&params, phases);
    println!(
        "rounded as the engine reads them: error {:.6} (held out {:.6})",
        rounded.error(&train, k),
        rounded.error(&valid, k)
    );
    let patterns_path = args.out.as_ref().map(|out| out.with_extension("shpt"));
    // A linear fit says so ("off"), so the file reads the same whatever the defaults.
    let tables_file = patterns_path
        .as_ref()
        .filter(|_| phases > 0)
        .and_then(|path| path.file_name())
        .map(|name| name.to_string_lossy().into_owned());
    let fit = FitSummary {
        k,
        positions: train.len(),
        held_out: valid.len(),
    };
    let text = params.to_weights_json(tables_file.as_deref(), Some(&fit));
    print!("{text}");
    if let Some(path) = &args.out {
        if let (Some(tables_path), Patterns::Tables(tables)) = (&patterns_path, &params.patterns) {
            write_bytes_atomically(tables_path, &tables.to_bytes())?;
        }
        write_atomically(path, &text)?;
    }
    Ok(())
}

/// One labelled position as the fit sees it.
struct Sample {
    /// The linear features.
    features: Features,
    /// The configuration of every pattern window (White's view).
    windows: [u16; WINDOWS],
    /// Weight of the opening table with two phases: min(pieces, 24) / 24.
    opening: f64,
    /// White's expected score.
    label: f64,
}

impl Sample {
    fn new(position: &Position, label: f64) -> Sample {
        let pieces = position.piece_count().min(pattern::FULL_PHASE as u32);
        Sample {
            features: features(position),
            windows: pattern::indices(position),
            opening: f64::from(pieces) / f64::from(pattern::FULL_PHASE),
            label,
        }
    }
}

/// The fitted model: the linear weights then the pattern tables `T` (centi-men, ordered as in
/// the pattern file), in one parameter vector.
struct Model {
    params: Vec<f64>,
    /// Pattern phases (0: no tables).
    phases: usize,
    /// [`pattern::mirror_state`] of every configuration.
    mirror: Vec<u16>,
}

impl Model {
    /// The model of `start`'s weights, with its pattern tables if they have `phases` phases
    /// (else zero tables).
    fn new(start: &EvalParams, phases: usize) -> Model {
        let mut params: Vec<f64> = start.weights.iter().map(|&w| f64::from(w)).collect();
        let tables = start.patterns.tables().filter(|t| t.phases() == phases);
        for w in 0..WINDOWS {
            for p in 0..phases {
                for state in 0..STATES {
                    let value = tables
                        .as_ref()
                        .map_or(0.0, |t| f64::from(t.value(w, p, state)) / f64::from(SCALE));
                    params.push(value);
                }
            }
        }
        Model {
            params,
            phases,
            mirror: (0..STATES)
                .map(|s| pattern::mirror_state(s) as u16)
                .collect(),
        }
    }

    /// Moves the weights of the [`SQUARE_FEATURES`] into the tables (the late advancement only
    /// with two phases) and sets them to 0; with `approximate`, also those of the
    /// [`LOCAL_FEATURES`] (see [`local_terms`] for how they differ). Returns the features moved.
    /// Each term goes to one window holding all its squares (the first), into every
    /// configuration that matches it; Black's men read the same tables mirrored, so they get
    /// theirs too.
    fn fold_square_features(&mut self, approximate: bool) -> Vec<Feature> {
        let folded: Vec<Feature> = SQUARE_FEATURES
            .into_iter()
            .filter(|&f| self.phases == 2 || f != Feature::LateAdvancement)
            .chain(LOCAL_FEATURES.into_iter().filter(|_| approximate))
            .filter(|&f| self.params[f as usize] != 0.0)
            .collect();
        if self.phases == 0 || folded.is_empty() {
            return Vec::new();
        }
        // Per window: the terms it owns, as (trit, required state) lists and their value.
        let mut owned: Vec<Vec<OwnedTerm>> = vec![Vec::new(); WINDOWS];
        for &f in &folded {
            let weight = self.params[f as usize];
            for (squares, per_phase) in local_terms(f) {
                let trits = (0..WINDOWS).find_map(|w| {
                    squares
                        .iter()
                        .map(|&(square, state)| {
                            (0..pattern::WINDOW_SQUARES)
                                .find(|&k| pattern::window_square(w, k) == square)
                                .map(|k| (k, state))
                        })
                        .collect::<Option<Vec<_>>>()
                        .map(|trits| (w, trits))
                });
                let (w, trits) =
                    trits.unwrap_or_else(|| unreachable!("every local term fits a window"));
                let value = per_phase.map(|v| weight * f64::from(v));
                owned[w].push((trits, value));
            }
        }
        for (w, terms) in owned.iter().enumerate() {
            for state in 0..STATES {
                let digits = pattern::state_trits(state);
                let mut add = [0.0; 2];
                for (trits, value) in terms {
                    if trits.iter().all(|&(k, required)| digits[k] == required) {
                        add[0] += value[0];
                        add[1] += value[1];
                    }
                }
                for (p, add) in add.iter().enumerate().take(self.phases) {
                    let at = self.at(w, p, state);
                    self.params[at] += add;
                }
            }
        }
        for &f in &folded {
            self.params[f as usize] = 0.0;
        }
        folded
    }

    /// Where `T[window][phase][state]` is in the parameter vector.
    fn at(&self, window: usize, phase: usize, state: usize) -> usize {
        FEATURE_COUNT + (window * self.phases + phase) * STATES + state
    }

    /// The phase weights of `sample`.
    fn shares(&self, sample: &Sample) -> [f64; 2] {
        if self.phases == 2 {
            [sample.opening, 1.0 - sample.opening]
        } else {
            [1.0, 0.0]
        }
    }

    /// The evaluation of `sample` for White, in centi-men.
    fn eval(&self, sample: &Sample) -> f64 {
        let mut eval: f64 = sample
            .features
            .iter()
            .zip(&self.params)
            .map(|(&x, w)| f64::from(x) * w)
            .sum();
        let shares = self.shares(sample);
        for (p, share) in shares.iter().enumerate().take(self.phases) {
            for (w, &state) in sample.windows.iter().enumerate() {
                let state = usize::from(state);
                let mirrored = usize::from(self.mirror[state]);
                eval += share
                    * (self.params[self.at(w, p, state)]
                        - self.params[self.at(pattern::mirror_window(w), p, mirrored)]);
            }
        }
        eval
    }

    /// The mean squared error of the predictions σ(K · eval / 400) on `samples`.
    fn error(&self, samples: &[Sample], k: f64) -> f64 {
        let total: f64 = samples
            .par_iter()
            .map(|s| (s.label - sigmoid(k, self.eval(s))).powi(2))
            .sum();
        total / samples.len().max(1) as f64
    }

    /// The weights as the engine reads them: integers, and tables in 1/[`SCALE`] centi-man
    /// (clamped to ±[`MAX_VALUE`]); no tables for a linear model.
    fn params(&self, start: &EvalParams) -> EvalParams {
        let mut params = start.clone();
        for (w, &v) in params.weights.iter_mut().zip(&self.params) {
            *w = v.round() as i32;
        }
        params.patterns = Patterns::Off;
        if self.phases > 0 {
            let values = self.params[FEATURE_COUNT..]
                .iter()
                .map(|&v| {
                    (v * f64::from(SCALE))
                        .round()
                        .clamp(-f64::from(MAX_VALUE), f64::from(MAX_VALUE))
                        as i16
                })
                .collect();
            let tables = PatternTables::new(self.phases, values)
                .unwrap_or_else(|_| unreachable!("values clamped, shape from the model"));
            params.patterns = Patterns::Tables(Arc::new(tables));
        }
        params
    }
}

/// A term of a foldable feature: its squares ((rank, file), White's side) with the trit each
/// must hold, and its (opening, ending) value per unit of the feature.
type LocalTerm = (Vec<((usize, usize), usize)>, [i32; 2]);

/// A term placed in its window: (trit, required trit) pairs and its (opening, ending) value.
type OwnedTerm = (Vec<(usize, usize)>, [f64; 2]);

/// Features of the men on a few neighbouring squares that the tables can hold only
/// approximately (`--fold-approx`): a king reads as an empty square in the tables, and the back
/// rank and key guards would count even when the opponent has no men left.
const LOCAL_FEATURES: [Feature; 4] = [
    Feature::BackRank,
    Feature::KeyGuard,
    Feature::Backed,
    Feature::ManMobility,
];

/// The terms of a foldable feature for White's men, as the squares ((rank, file), White's side)
/// with the trit each must hold (1 a White man, 0 empty) and the (opening, ending) value per unit
/// of the feature. [`SQUARE_FEATURES`] are exact; the [`LOCAL_FEATURES`] are approximations:
/// the back rank and key guards count without the opponent's men, the men's forward moves count
/// a square with a king as empty, and a man backed by a king does not count.
fn local_terms(feature: Feature) -> Vec<LocalTerm> {
    let dark = |rank: usize, file: usize| (rank + file).is_multiple_of(2);
    let on_board = |rank: i32, file: i32| (0..8).contains(&rank) && (0..8).contains(&file);
    let mut terms = Vec::new();
    for rank in 0..8usize {
        for file in (0..8usize).filter(|&f| dark(rank, f)) {
            let man = ((rank, file), 1);
            let (r, f) = (rank as i32, file as i32);
            match feature {
                _ if SQUARE_FEATURES.contains(&feature) => {
                    if let Some(value) = square_value(feature, rank, file) {
                        terms.push((vec![man], value));
                    }
                }
                Feature::BackRank if rank == 0 => terms.push((vec![man], [1, 1])),
                Feature::KeyGuard if rank == 0 && (file == 2 || file == 4) => {
                    terms.push((vec![man], [1, 1]));
                }
                Feature::ManMobility => {
                    for df in [-1, 1] {
                        if on_board(r + 1, f + df) {
                            let ahead = ((rank + 1, (f + df) as usize), 0);
                            terms.push((vec![man, ahead], [1, 1]));
                        }
                    }
                }
                Feature::Backed if rank > 0 => {
                    let mut squares = vec![man];
                    for df in [-1, 1] {
                        if on_board(r - 1, f + df) {
                            squares.push(((rank - 1, (f + df) as usize), 1));
                        }
                    }
                    terms.push((squares, [1, 1]));
                }
                _ => {}
            }
        }
    }
    terms
}

/// How the model is fitted.
struct Fit {
    k: f64,
    iterations: usize,
    linear_rate: f64,
    pattern_rate: f64,
    l2: f64,
    /// Linear weights kept at their start values.
    fixed: [bool; FEATURE_COUNT],
}

impl Fit {
    /// The gradient of the mean squared error (plus the L2 penalty) on `samples`.
    fn gradient(&self, model: &Model, samples: &[Sample]) -> Vec<f64> {
        let len = model.params.len();
        let scale = self.k * std::f64::consts::LN_10 / 400.0;
        let chunk = samples
            .len()
            .div_ceil(2 * rayon::current_num_threads())
            .max(1);
        let mut gradient = samples
            .par_chunks(chunk)
            .map(|chunk| {
                let mut g = vec![0f64; len];
                for sample in chunk {
                    let s = sigmoid(self.k, model.eval(sample));
                    let common = -2.0 * (sample.label - s) * s * (1.0 - s) * scale;
                    for (gi, &x) in g.iter_mut().zip(sample.features.iter()) {
                        *gi += common * f64::from(x);
                    }
                    let shares = model.shares(sample);
                    for (p, share) in shares.iter().enumerate().take(model.phases) {
                        for (w, &state) in sample.windows.iter().enumerate() {
                            let state = usize::from(state);
                            let mirrored = usize::from(model.mirror[state]);
                            g[model.at(w, p, state)] += common * share;
                            g[model.at(pattern::mirror_window(w), p, mirrored)] -= common * share;
                        }
                    }
                }
                g
            })
            .reduce_with(|mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            })
            .unwrap_or_else(|| vec![0f64; len]);
        let n = samples.len().max(1) as f64;
        for (i, g) in gradient.iter_mut().enumerate() {
            *g /= n;
            if i >= FEATURE_COUNT {
                *g += 2.0 * self.l2 * model.params[i];
            }
        }
        gradient
    }

    /// Adam steps on `train`, reporting the errors on `train` and `valid` every 50 steps.
    fn run(&self, model: &mut Model, train: &[Sample], valid: &[Sample]) {
        let len = model.params.len();
        let (mut m, mut v) = (vec![0f64; len], vec![0f64; len]);
        let (beta1, beta2, epsilon): (f64, f64, f64) = (0.9, 0.999, 1e-8);
        for iteration in 1..=self.iterations {
            let gradient = self.gradient(model, train);
            let correction1 = 1.0 - beta1.powi(iteration as i32);
            let correction2 = 1.0 - beta2.powi(iteration as i32);
            for (i, g) in gradient.into_iter().enumerate() {
                let rate = if i < FEATURE_COUNT {
                    if self.fixed[i] {
                        continue;
                    }
                    self.linear_rate
                } else {
                    self.pattern_rate
                };
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                let step = rate * (m[i] / correction1) / ((v[i] / correction2).sqrt() + epsilon);
                model.params[i] -= step;
            }
            if iteration % 50 == 0 || iteration == self.iterations {
                println!(
                    "iteration {iteration}: error {:.6} (held out {:.6})",
                    model.error(train, self.k),
                    model.error(valid, self.k)
                );
            }
        }
    }
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

    /// Positions of a game played by a fixed choice of moves.
    fn game_positions(plies: usize) -> Vec<Position> {
        let mut out = Vec::new();
        let mut position = Position::start();
        for ply in 0..plies {
            let moves = position.legal_moves();
            let Some(mv) = moves.get(ply * 3 % moves.len().max(1)) else {
                break;
            };
            if !position.has_capture() {
                out.push(position);
            }
            position = position.play_unchecked(mv);
        }
        out
    }

    /// A model with noisy pattern values.
    fn noisy_model(phases: usize) -> Model {
        let mut model = Model::new(&EvalParams::DEFAULT, phases);
        for (i, v) in model.params.iter_mut().enumerate().skip(FEATURE_COUNT) {
            *v = ((i * 7919) % 41) as f64 - 20.0;
        }
        model
    }

    #[test]
    fn the_fitted_model_evaluates_like_the_engine() {
        for phases in [0, 1, 2] {
            let model = noisy_model(phases);
            let params = model.params(&EvalParams::DEFAULT);
            assert_eq!(params.patterns == Patterns::Off, phases == 0);
            let evaluator = shashki::eval::Evaluator::new(&params);
            for position in game_positions(60) {
                let sample = Sample::new(&position, 0.5);
                let engine = evaluator.evaluate(&position) * position.side_to_move().sign();
                // The engine truncates the pattern sum to whole centi-men.
                assert!(
                    (f64::from(engine) - model.eval(&sample)).abs() < 1.0,
                    "{position}: engine {engine}, model {}",
                    model.eval(&sample)
                );
            }
        }
    }

    #[test]
    fn folding_the_square_features_keeps_the_evaluation() {
        for phases in [1, 2] {
            let mut model = noisy_model(phases);
            for (f, w) in SQUARE_FEATURES.into_iter().zip([7.0, -5.0, 3.0, -11.0]) {
                model.params[f as usize] = w;
            }
            let late = model.params[Feature::LateAdvancement as usize];
            let samples: Vec<Sample> = game_positions(300)
                .iter()
                .map(|p| Sample::new(p, 0.5))
                .collect();
            assert!(samples.iter().any(|s| s.opening < 0.5), "no endings");
            let before: Vec<f64> = samples.iter().map(|s| model.eval(s)).collect();
            let folded = model.fold_square_features(false);
            let expected: Vec<Feature> = SQUARE_FEATURES
                .into_iter()
                .filter(|&f| phases == 2 || f != Feature::LateAdvancement)
                .collect();
            assert_eq!(folded, expected);
            for f in &folded {
                assert_eq!(model.params[*f as usize], 0.0, "{f:?}");
            }
            // The late advancement's features round each side down; the tables do not.
            let slack = if phases == 2 { late.abs() + 1e-9 } else { 1e-9 };
            for (sample, before) in samples.iter().zip(before) {
                let after = model.eval(sample);
                assert!((after - before).abs() <= slack, "{before} -> {after}");
            }
        }
    }

    #[test]
    fn approximate_folding_is_exact_without_kings() {
        let mut model = noisy_model(2);
        for (f, w) in SQUARE_FEATURES
            .into_iter()
            .chain(LOCAL_FEATURES)
            .zip([7.0, -5.0, 3.0, -11.0, 13.0, -17.0, 19.0, 23.0])
        {
            model.params[f as usize] = w;
        }
        let late = model.params[Feature::LateAdvancement as usize];
        let positions: Vec<Position> = game_positions(300)
            .into_iter()
            .filter(|p| {
                p.kings(Color::White).is_empty()
                    && p.kings(Color::Black).is_empty()
                    && !p.men(Color::White).is_empty()
                    && !p.men(Color::Black).is_empty()
            })
            .collect();
        assert!(positions.len() >= 10, "{} positions", positions.len());
        let samples: Vec<Sample> = positions.iter().map(|p| Sample::new(p, 0.5)).collect();
        let before: Vec<f64> = samples.iter().map(|s| model.eval(s)).collect();
        let folded = model.fold_square_features(true);
        assert_eq!(folded.len(), SQUARE_FEATURES.len() + LOCAL_FEATURES.len());
        for (sample, before) in samples.iter().zip(before) {
            let after = model.eval(sample);
            assert!(
                (after - before).abs() <= late.abs() + 1e-9,
                "{before} -> {after}"
            );
        }
    }

    #[test]
    fn the_gradient_is_the_error_s_slope() {
        let samples: Vec<Sample> = game_positions(40)
            .iter()
            .enumerate()
            .map(|(i, p)| Sample::new(p, (i % 5) as f64 / 4.0))
            .collect();
        let fit = Fit {
            k: 1.0,
            iterations: 0,
            linear_rate: 1.0,
            pattern_rate: 1.0,
            l2: 1e-4,
            fixed: [false; FEATURE_COUNT],
        };
        let mut model = noisy_model(2);
        let gradient = fit.gradient(&model, &samples);
        let objective = |model: &Model| {
            let penalty: f64 = model.params[FEATURE_COUNT..].iter().map(|v| v * v).sum();
            model.error(&samples, fit.k) + fit.l2 * penalty
        };
        // The parameters touched by the first position, the mirrored ones, and a linear weight.
        let state = usize::from(samples[0].windows[0]);
        let touched = [
            Feature::King as usize,
            Feature::Advancement as usize,
            model.at(0, 0, state),
            model.at(0, 1, state),
            model.at(pattern::mirror_window(0), 0, pattern::mirror_state(state)),
        ];
        for i in touched {
            let h = 1e-3;
            model.params[i] += h;
            let up = objective(&model);
            model.params[i] -= 2.0 * h;
            let down = objective(&model);
            model.params[i] += h;
            let numeric = (up - down) / (2.0 * h);
            assert!(
                (numeric - gradient[i]).abs() <= 1e-4 * numeric.abs().max(1e-6),
                "parameter {i}: numeric {numeric}, analytic {}",
                gradient[i]
            );
            assert!(gradient[i] != 0.0, "parameter {i} has a gradient");
        }
    }

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
