//! `shashki tune --network`: fits the evaluation's network correction
//! ([`shashki::eval::network`]) on labelled positions, on top of the start evaluation, which
//! stays as it is. Only positions without kings are used (the engine adds the network only
//! there). Every sample is the network's inputs (the pieces seen from the side to move), the
//! start evaluation for the side to move and the label for the side to move; the prediction is
//! σ(K · (start + network) / 400) and the fit minimises its mean squared error against the
//! labels with Adam steps on mini-batches, in floating point, then rounds the weights to the
//! engine's fixed point ([`Network::from_weights`]).

use shashki::eval::network::{self, HIDDEN, INPUTS};
use shashki::eval::{EvalParams, Network, NetworkSetting};
use shashki::{Color, Position};

use super::model::sigmoid;

/// Samples per Adam step.
const BATCH: usize = 1024;
/// Adam's step size in the first half of the epochs (a third of it in the second half), unless
/// the fit is given another (`--network-rate`).
pub(super) const RATE: f32 = 1e-3;
/// The output weights' unit in centi-men: they are learned as fractions of it, so that one
/// step size suits both layers.
const OUT_UNIT: f32 = 100.0;

/// One labelled position as the network fit sees it.
pub(super) struct NetSample {
    /// The position, for the engine's own evaluation of the fitted network ([`engine_error`]).
    position: Position,
    /// The network's active inputs (at most 24 pieces).
    inputs: Vec<u8>,
    /// The start evaluation for the side to move, in centi-men.
    start: f32,
    /// The label for the side to move.
    label: f32,
}

impl NetSample {
    /// The sample of `position` (White's `label`) with `start`'s evaluation, or `None` for a
    /// position with kings.
    pub(super) fn new(position: &Position, label: f64, start: &EvalParams) -> Option<NetSample> {
        if position.all_kings().any() {
            return None;
        }
        let us = position.side_to_move();
        let inputs = network::inputs(position).map(|i| i as u8).collect();
        let label = if us == Color::White {
            label
        } else {
            1.0 - label
        };
        Some(NetSample {
            position: *position,
            inputs,
            start: shashki::eval::evaluate(position, start) as f32,
            label: label as f32,
        })
    }
}

/// The network's weights in floating point while they are fitted.
struct Weights {
    first: Vec<[f32; HIDDEN]>,
    bias: [f32; HIDDEN],
    /// Output weights in units of [`OUT_UNIT`] centi-men.
    out: [f32; HIDDEN],
}

impl Weights {
    fn len() -> usize {
        INPUTS * HIDDEN + 2 * HIDDEN
    }

    /// The hidden layer's sums for `sample`.
    fn hidden(&self, sample: &NetSample) -> [f32; HIDDEN] {
        let mut z = self.bias;
        for &input in &sample.inputs {
            for (z, w) in z.iter_mut().zip(&self.first[usize::from(input)]) {
                *z += w;
            }
        }
        z
    }

    /// The prediction for the side to move, in centi-men: the hidden sums clipped to [0, 1]
    /// and squared, as the engine computes them.
    fn predict(&self, sample: &NetSample, z: &[f32; HIDDEN]) -> f32 {
        let dot: f32 = z
            .iter()
            .zip(&self.out)
            .map(|(z, w)| z.clamp(0.0, 1.0).powi(2) * w)
            .sum();
        sample.start + OUT_UNIT * dot
    }
}

/// The mean squared error of σ(K · prediction / 400) against the labels.
fn error(weights: &Weights, samples: &[NetSample], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(k, f64::from(weights.predict(s, &weights.hidden(s))));
            (p - f64::from(s.label)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The mean squared error of `start` alone (no network) on `samples`.
pub(super) fn start_error(samples: &[NetSample], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(k, f64::from(s.start)) - f64::from(s.label)).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// The mean squared error of the engine's evaluation with `params` (the network in fixed
/// point) on `samples`.
pub(super) fn engine_error(samples: &[NetSample], params: &EvalParams, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let eval = shashki::eval::evaluate(&s.position, params);
            (sigmoid(k, f64::from(eval)) - f64::from(s.label)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// How long and how fast a network fit goes: passes over the data and Adam's step size in the
/// first half of them (a third of it in the second half).
#[derive(Clone, Copy, Debug)]
pub(super) struct Schedule {
    pub(super) epochs: usize,
    pub(super) rate: f32,
}

/// Fits a network on `train` for `schedule`'s passes (reporting the error on `valid` after
/// each), from `initial`'s weights (a fit that goes on from a network) or from weights drawn
/// with `seed`.
pub(super) fn fit(
    train: &[NetSample],
    valid: &[NetSample],
    k: f64,
    Schedule {
        epochs,
        rate: base_rate,
    }: Schedule,
    (initial, seed): (Option<&Network>, u64),
    mut report: impl FnMut(usize, f64, f64),
) -> Network {
    // Small weights of both signs, spread by a hash of their place (the classic
    // `fract(sin(n) · 43 758.55)`), uniform enough to break the units' symmetry.
    let drawn = |n: usize| {
        let x = ((n as f32 + seed as f32) * 12.9898).sin() * 43_758.547;
        (x - x.floor()) * 0.346 - 0.173
    };
    let mut weights = match initial {
        Some(network) => {
            let (first, bias, out) = network.to_weights();
            Weights {
                first: first.to_vec(),
                bias,
                out: out.map(|w| w / OUT_UNIT),
            }
        }
        None => Weights {
            first: (0..INPUTS)
                .map(|i| std::array::from_fn(|h| drawn(i * HIDDEN + h)))
                .collect(),
            bias: [0.0; HIDDEN],
            out: [0.0; HIDDEN],
        },
    };
    let len = Weights::len();
    let (mut m, mut v) = (vec![0f32; len], vec![0f32; len]);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut step = 0;
    let scale = (k * std::f64::consts::LN_10 / 400.0) as f32;
    for epoch in 0..epochs {
        let rate = if epoch < epochs.div_ceil(2) {
            base_rate
        } else {
            base_rate / 3.0
        };
        // A fresh order per epoch: the samples sorted by a mixed hash of (index, epoch).
        order.sort_by_key(|&i| {
            let key = (i as u64) << 16 | epoch as u64;
            key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29)
                .wrapping_mul(0xBF58_476D_1CE4_E5B9)
        });
        for batch in order.chunks(BATCH) {
            let mut gradient = vec![0f32; len];
            let (first, rest) = gradient.split_at_mut(INPUTS * HIDDEN);
            let (g_bias, g_out) = rest.split_at_mut(HIDDEN);
            for &index in batch {
                let sample = &train[index];
                let z = weights.hidden(sample);
                let s = sigmoid(k, f64::from(weights.predict(sample, &z))) as f32;
                let common = 2.0 * (s - sample.label) * s * (1.0 - s) * scale * OUT_UNIT
                    / batch.len() as f32;
                // The activation clip(z)² has the slope 2 · clip(z) inside the clip, 0 outside.
                let mut g_hidden = [0f32; HIDDEN];
                for h in 0..HIDDEN {
                    let c = z[h].clamp(0.0, 1.0);
                    g_out[h] += common * c * c;
                    if z[h] > 0.0 && z[h] < 1.0 {
                        g_hidden[h] = common * weights.out[h] * 2.0 * c;
                    }
                }
                for (g, d) in g_bias.iter_mut().zip(g_hidden) {
                    *g += d;
                }
                for &input in &sample.inputs {
                    let row = &mut first[usize::from(input) * HIDDEN..][..HIDDEN];
                    for (g, d) in row.iter_mut().zip(g_hidden) {
                        *g += d;
                    }
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            let params = weights
                .first
                .iter_mut()
                .flatten()
                .chain(weights.bias.iter_mut())
                .chain(weights.out.iter_mut());
            for (((p, g), m), v) in params.zip(&gradient).zip(&mut m).zip(&mut v) {
                *m = 0.9 * *m + 0.1 * g;
                *v = 0.999 * *v + 0.001 * g * g;
                *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            }
        }
        report(epoch, error(&weights, train, k), error(&weights, valid, k));
    }
    let first: [[f32; HIDDEN]; INPUTS] = std::array::from_fn(|i| weights.first[i]);
    Network::from_weights(&first, &weights.bias, &weights.out.map(|w| w * OUT_UNIT))
}

/// `start` with `network`, as the weights file of a network fit names it.
pub(super) fn with_network(start: &EvalParams, network: Network) -> EvalParams {
    EvalParams {
        network: NetworkSetting::Loaded(std::sync::Arc::new(network)),
        ..start.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::Square;

    fn schedule(epochs: usize) -> Schedule {
        Schedule { epochs, rate: RATE }
    }

    #[test]
    fn a_fit_lowers_the_error_and_the_engine_reads_what_was_fitted() {
        let start = EvalParams {
            network: NetworkSetting::Off,
            ..EvalParams::DEFAULT
        };
        // Labels the start evaluation gets wrong in a way the network can learn: a man on
        // square 15 (Black's on the square turned 180°) is worth half a man more than the start
        // says. The error is measured with the engine's own evaluation, the network rounded.
        let positions: Vec<Position> = (1..12)
            .flat_map(|stride| crate::commands::tune::testing::game_positions_with(stride, 40))
            .collect();
        let samples: Vec<NetSample> = positions
            .iter()
            .filter_map(|p| {
                let bonus = |color: Color| {
                    let square = if color == Color::White {
                        Square::ALL[14]
                    } else {
                        Square::ALL[14].flip()
                    };
                    if p.men(color).contains(square) { 50 } else { 0 }
                };
                let white = shashki::eval::evaluate(p, &start) * p.side_to_move().sign()
                    + bonus(Color::White)
                    - bonus(Color::Black);
                NetSample::new(p, sigmoid(1.0, f64::from(white)), &start)
            })
            .collect();
        assert!(samples.len() > 30, "{} samples", samples.len());
        let before = start_error(&samples, 1.0);
        let network = fit(
            &samples,
            &samples,
            1.0,
            schedule(200),
            (None, 1),
            |_, _, _| {},
        );
        let after = engine_error(&samples, &with_network(&start, network.clone()), 1.0);
        assert!(after < before / 2.0, "error {before} → {after}");
        // Going on from the fitted network starts where it ended: one more pass keeps the
        // error low, where a fresh start's first pass does not reach it.
        let mut first_pass = f64::NAN;
        let again = fit(
            &samples,
            &samples,
            1.0,
            schedule(1),
            (Some(&network), 1),
            |_, t, _| {
                first_pass = t;
            },
        );
        let mut fresh_pass = f64::NAN;
        fit(
            &samples,
            &samples,
            1.0,
            schedule(1),
            (None, 1),
            |_, t, _| fresh_pass = t,
        );
        let continued = engine_error(&samples, &with_network(&start, again), 1.0);
        assert!(continued < before / 2.0, "error {before} → {continued}");
        assert!(first_pass < fresh_pass, "{first_pass} against {fresh_pass}");
    }
}
