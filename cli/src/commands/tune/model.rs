//! The model `shashki tune` fits: the evaluation as one parameter vector, the linear weights of
//! [`shashki::eval::features`] followed by the pattern tables `T` (centi-men, ordered as in the
//! pattern file, 0, 1 or 2 phases). A [`Sample`] is a position reduced to what the model reads
//! (features, window configurations, phase share, label); [`Model::eval`] predicts White's
//! evaluation exactly as the engine computes it (up to the engine's rounding), and
//! [`Model::error`] the mean squared error of σ(K · eval / 400) against the labels. After the
//! fit, [`Model::fold_square_features`] can move per-square features into the tables
//! (`--fold`), and [`Model::params`] rounds the model to the engine's [`EvalParams`].

use std::sync::Arc;

use rayon::prelude::*;
use shashki::Position;
use shashki::eval::pattern::{self, MAX_VALUE, SCALE, STATES, WINDOWS};
use shashki::eval::{
    EvalParams, FEATURE_COUNT, Feature, Features, NetworkSetting, PatternTables, Patterns,
    SQUARE_FEATURES, features, square_value,
};

/// White's expected score for an evaluation of `eval` centi-men on the scale `k`:
/// σ(K · eval / 400), the logistic function in base 10.
pub(super) fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// One labelled position as the fit sees it.
pub(super) struct Sample {
    /// The linear features.
    pub(super) features: Features,
    /// The configuration of every pattern window (White's view).
    pub(super) windows: [u16; WINDOWS],
    /// Weight of the opening table with two phases: min(pieces, 24) / 24.
    pub(super) opening: f64,
    /// White's expected score.
    pub(super) label: f64,
}

impl Sample {
    pub(super) fn new(position: &Position, label: f64) -> Sample {
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
pub(super) struct Model {
    pub(super) params: Vec<f64>,
    /// Pattern phases (0: no tables).
    pub(super) phases: usize,
    /// [`pattern::mirror_state`] of every configuration.
    pub(super) mirror: Vec<u16>,
}

impl Model {
    /// The model of `start`'s weights, with its pattern tables if they have `phases` phases
    /// (else zero tables).
    pub(super) fn new(start: &EvalParams, phases: usize) -> Model {
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
    pub(super) fn fold_square_features(&mut self, approximate: bool) -> Vec<Feature> {
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
    pub(super) fn at(&self, window: usize, phase: usize, state: usize) -> usize {
        FEATURE_COUNT + (window * self.phases + phase) * STATES + state
    }

    /// The phase weights of `sample`.
    pub(super) fn shares(&self, sample: &Sample) -> [f64; 2] {
        if self.phases == 2 {
            [sample.opening, 1.0 - sample.opening]
        } else {
            [1.0, 0.0]
        }
    }

    /// The evaluation of `sample` for White, in centi-men.
    pub(super) fn eval(&self, sample: &Sample) -> f64 {
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
    pub(super) fn error(&self, samples: &[Sample], k: f64) -> f64 {
        let total: f64 = samples
            .par_iter()
            .map(|s| (s.label - sigmoid(k, self.eval(s))).powi(2))
            .sum();
        total / samples.len().max(1) as f64
    }

    /// The weights as the engine reads them: integers, and tables in 1/[`SCALE`] centi-man
    /// (clamped to ±[`MAX_VALUE`]); no tables for a linear model.
    pub(super) fn params(&self, start: &EvalParams) -> EvalParams {
        let mut params = start.clone();
        for (w, &v) in params.weights.iter_mut().zip(&self.params) {
            *w = v.round() as i32;
        }
        params.patterns = Patterns::Off;
        // The model has no network: the weights are fitted for the evaluation without one.
        params.network = NetworkSetting::Off;
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
            params.patterns = Patterns::Loaded(Arc::new(tables));
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

#[cfg(test)]
mod tests {
    use shashki::Color;

    use super::*;
    use crate::commands::tune::testing::{game_positions, noisy_model};

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
}
