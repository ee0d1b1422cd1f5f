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
//!    The fitted evaluation has no network (the model above has none).
//! 7. Network (`--network`): instead of the weights, the evaluation's network correction
//!    ([`shashki::eval::network`]) is fitted on the labels of positions without kings, on top
//!    of the start evaluation without its network (which stays as it is): mini-batch Adam
//!    steps for `--epochs` passes ([`network`]), written next to `--out` (`.shnn`) and named in
//!    the JSON's `"network"`.
//!
//! Example: `shashki tune --games 745 --depth 4,5,6 --label-depth 8 --tablebases /work/egtb
//! --save-data /tmp/labels.txt --out /tmp/w.json`.
//!
//! 8. Data at scale (`--nodes N --save-data FILE`): self-play games at a fixed node count,
//!    from the openings with `--random-plies` random moves first (seeded by `--seed`), ended
//!    by the tablebases where they know the position, every quiet position written as it comes
//!    with the game's result and the mover's score ([`selfplay`]); nothing is fitted. A later
//!    run reads the file with `--data` and blends score and result by `--lambda`.
//!
//! Parts: [`args`] (the arguments), [`selfplay`] (self-play games), [`data`] (data files), [`label`] (labels
//! from searches), [`model`] (the model the fit adjusts: features, pattern tables, phases,
//! folding), [`fit`] (the gradient fit and K), [`network`] (the network's fit); this file holds
//! the flow from data to weights file.

mod args;
mod data;
mod fit;
mod label;
mod model;
mod network;
mod selfplay;

use std::time::Instant;

use shashki::eval::{EvalParams, FEATURE_COUNT, Feature, FitSummary, NetworkSetting, Patterns};
use shashki::{EngineConfig, Position};

use crate::atomic_file::{write_atomically, write_bytes_atomically};
use crate::cli_error::CliError;
use crate::inputs::engine::open_tablebases;
pub use args::Args;
use data::{Data, format_data, read_all_data};
use fit::{Fit, fit_k};
use label::{Labeller, label_positions};
use model::{Model, Sample};
use network::NetSample;
use selfplay::{SelfPlay, generate, stream_to_file};

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
    if let (Some(nodes), Some(out)) = (args.nodes, &args.save_data) {
        let selfplay = SelfPlay {
            eval: &start,
            tables: tables.as_ref(),
            random_plies: args.random_plies,
            seed: args.seed,
        };
        let clock = Instant::now();
        let summary = stream_to_file(args, &selfplay, nodes, out)?;
        outln!(
            "{} games, {} positions ({} games ended by the tables) in {:.0} s, written to {}",
            summary.games,
            summary.positions,
            summary.adjudicated,
            clock.elapsed().as_secs_f64(),
            out.display()
        );
        return Ok(());
    }
    let mut data = match args.data.as_slice() {
        [_, ..] => {
            let data = read_all_data(&args.data, args.lambda, args.k)?;
            if let Some((k, error)) = data.fitted_k {
                outln!(
                    "K = {k:.2} fitted on the games' results of the scored positions (error {error:.6})"
                );
            }
            data
        }
        [] => {
            let clock = Instant::now();
            let positions = generate(args, &start, tables.as_ref())?;
            outln!(
                "{} quiet positions from self-play in {:.0} s",
                positions.len(),
                clock.elapsed().as_secs_f64()
            );
            Data {
                positions,
                ..Data::default()
            }
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
                outln!("K = {k:.2} fitted on the game results (error {error:.6})");
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
        outln!(
            "{} positions labelled by depth-{depth} searches in {:.0} s",
            labelled.len(),
            clock.elapsed().as_secs_f64()
        );
        data = Data {
            positions: labelled,
            k: Some(k),
            ..Data::default()
        };
    }
    if let Some(path) = &args.save_data {
        write_atomically(path, &format_data(&data))?;
    }
    if data.positions.is_empty() {
        return Err(CliError::input("no positions to tune on"));
    }
    if args.network {
        return fit_network(args, &start, &data);
    }
    let mut fixed = [false; FEATURE_COUNT];
    fixed[Feature::Man as usize] = true;
    for name in &args.fix {
        let feature = Feature::from_name(name)
            .ok_or_else(|| CliError::input(format!("--fix: no feature called {name:?}")))?;
        fixed[feature as usize] = true;
    }
    // Thousandths of the share, as a count of the 1 024 buckets of the mixed key's top 10 bits
    // (0.1 holds out 100/1 024 = 9.8 %; the buckets stay fixed so that a data file splits the same way
    // in every run).
    let holdout = holdout_share(args.validation);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (i, (p, label)) in data.positions.iter().enumerate() {
        if args.skip_threats
            && p.with_side_to_move(p.side_to_move().opposite())
                .has_capture()
        {
            continue;
        }
        let sample = Sample::new(p, *label);
        if is_held_out(p, data.game(i), holdout) {
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
    outln!(
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
        outln!(
            "folded into the tables: {}; error {:.6} (held out {:.6})",
            names.join(", "),
            model.error(&train, k),
            model.error(&valid, k)
        );
    }
    let params = model.params(&start);
    let rounded = Model::new(&params, phases);
    outln!(
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
    let text = params.to_weights_json(tables_file.as_deref(), None, Some(&fit));
    out!("{text}");
    if let Some(path) = &args.out {
        if let (Some(tables_path), Patterns::Loaded(tables)) = (&patterns_path, &params.patterns) {
            write_bytes_atomically(tables_path, &tables.to_bytes())?;
        }
        write_atomically(path, &text)?;
    }
    Ok(())
}

/// The held-out share of the positions: `validation` (clamped to 0–0.9) as thousandths, compared
/// with the top 10 bits of a mixed Zobrist key ([`is_held_out`]).
fn holdout_share(validation: f64) -> u64 {
    (validation.clamp(0.0, 0.9) * 1000.0).round() as u64
}

/// Whether `position` is held out of the fit: by a mixed key, so the share does not follow the
/// key's low bits' structure; the key is the self-play game's number when the data file names
/// it (all of a game's positions on one side: they share its result, and a held-out position
/// whose game was fitted would flatter the error), else the position's (duplicates on one side).
fn is_held_out(position: &Position, game: Option<u64>, share: u64) -> bool {
    let key = game.map_or_else(|| position.zobrist_key(), |n| n ^ 0x6A09_E667_F3BC_C908);
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54 < share
}

/// `shashki tune --network`: the network fit on `data`, written next to `--out`.
fn fit_network(args: &Args, start: &EvalParams, data: &Data) -> Result<(), CliError> {
    let base = EvalParams {
        network: NetworkSetting::Off,
        ..start.clone()
    };
    let k = args.k.or(data.k).ok_or_else(|| {
        CliError::input(
            "--network needs labels from searches (--label-depth, or --data with `# k=`)",
        )
    })?;
    let share = holdout_share(args.validation);
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (i, (p, label)) in data.positions.iter().enumerate() {
        if let Some(sample) = NetSample::new(p, *label, &base) {
            if is_held_out(p, data.game(i), share) {
                valid.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() {
        return Err(CliError::input(
            "no positions without kings to fit the network on",
        ));
    }
    outln!(
        "{} positions without kings ({} held out), K = {k:.2}, error without the network {:.6} (held out {:.6})",
        train.len() + valid.len(),
        valid.len(),
        network::start_error(&train, k),
        network::start_error(&valid, k)
    );
    let initial = if args.warm_start {
        let network = start.network.network().ok_or_else(|| {
            CliError::input("--warm-start: the start evaluation has no network (network off)")
        })?;
        outln!(
            "going on from the start's network: error {:.6} (held out {:.6})",
            network::engine_error(&train, start, k),
            network::engine_error(&valid, start, k)
        );
        Some(network)
    } else {
        None
    };
    let fitted = network::fit(
        &train,
        &valid,
        k,
        network::Schedule {
            epochs: args.epochs,
            rate: args.network_rate.unwrap_or(network::RATE),
        },
        (initial.as_deref(), 0),
        |epoch, train, valid| {
            outln!("epoch {epoch}: error {train:.6} (held out {valid:.6})");
        },
    );
    let params = network::with_network(&base, fitted);
    outln!(
        "rounded as the engine reads it: error {:.6} (held out {:.6})",
        network::engine_error(&train, &params, k),
        network::engine_error(&valid, &params, k)
    );
    let network_path = args.out.as_ref().map(|out| out.with_extension("shnn"));
    let network_file = network_path
        .as_ref()
        .and_then(|path| path.file_name())
        .map(|name| name.to_string_lossy().into_owned());
    let fit = FitSummary {
        k,
        positions: train.len(),
        held_out: valid.len(),
    };
    // Tables from a start file are written again next to `--out`, which names them.
    let tables_path = args.out.as_ref().map(|out| out.with_extension("shpt"));
    let tables_file = tables_path
        .as_ref()
        .filter(|_| matches!(params.patterns, Patterns::Loaded(_)))
        .and_then(|path| path.file_name())
        .map(|name| name.to_string_lossy().into_owned());
    let text = params.to_weights_json(tables_file.as_deref(), network_file.as_deref(), Some(&fit));
    out!("{text}");
    if let (Some(path), Some(network_path), NetworkSetting::Loaded(network)) =
        (&args.out, &network_path, &params.network)
    {
        if let (Some(tables_path), Patterns::Loaded(tables)) = (&tables_path, &params.patterns) {
            write_bytes_atomically(tables_path, &tables.to_bytes())?;
        }
        write_bytes_atomically(network_path, &network.to_bytes())?;
        write_atomically(path, &text)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_s_positions_are_held_out_together() {
        let positions: Vec<Position> = (1..6)
            .flat_map(|stride| testing::game_positions_with(stride, 30))
            .collect();
        assert!(positions.len() > 20, "{}", positions.len());
        let share = holdout_share(0.5);
        let mut held = 0;
        for game in 0..200 {
            let verdict = is_held_out(&positions[0], Some(game), share);
            assert!(
                positions
                    .iter()
                    .all(|p| is_held_out(p, Some(game), share) == verdict)
            );
            held += usize::from(verdict);
        }
        assert!((70..=130).contains(&held), "{held} of 200 games held out");
        // Without a game the position decides.
        let by_position = positions
            .iter()
            .filter(|p| is_held_out(p, None, share))
            .count();
        assert!(
            by_position > 0 && by_position < positions.len(),
            "{by_position}"
        );
    }
}

/// Positions and models shared by the parts' tests.
#[cfg(test)]
mod testing {
    use shashki::Position;
    use shashki::eval::{EvalParams, FEATURE_COUNT};

    use super::model::Model;

    /// Twelve men against eleven: White is a man up, nothing is forced.
    pub const MAN_UP: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11";

    /// Positions of a game played by a fixed choice of moves.
    pub fn game_positions(plies: usize) -> Vec<Position> {
        game_positions_with(3, plies)
    }

    /// The quiet positions of a game whose move `ply` is the legal move number `ply · stride`
    /// (modulo their count).
    pub fn game_positions_with(stride: usize, plies: usize) -> Vec<Position> {
        let mut out = Vec::new();
        let mut position = Position::start();
        for ply in 0..plies {
            let moves = position.legal_moves();
            let Some(mv) = moves.get(ply * stride % moves.len().max(1)) else {
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
    pub fn noisy_model(phases: usize) -> Model {
        let mut model = Model::new(&EvalParams::DEFAULT, phases);
        for (i, v) in model.params.iter_mut().enumerate().skip(FEATURE_COUNT) {
            *v = ((i * 7919) % 41) as f64 - 20.0;
        }
        model
    }
}
