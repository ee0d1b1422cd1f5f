//! The fit of `shashki tune`: full-batch Adam steps on the mean squared error of the model's
//! predictions (plus an L2 penalty on the pattern values), the gradient computed in parallel
//! over chunks of samples ([`Fit`]); linear weights listed in `--fix` (and the man, the unit)
//! keep their start values. [`fit_k`] finds the scale K that best fits game results with the
//! start weights.

use rayon::prelude::*;
use shashki::eval::FEATURE_COUNT;
use shashki::eval::pattern;

use super::model::{Model, Sample, sigmoid};

/// The K in 0.05, 0.10, …, 3.00 with which `model` fits `samples` best, and its error.
pub(super) fn fit_k(model: &Model, samples: &[Sample]) -> (f64, f64) {
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

/// How the model is fitted.
pub(super) struct Fit {
    pub(super) k: f64,
    pub(super) iterations: usize,
    pub(super) linear_rate: f64,
    pub(super) pattern_rate: f64,
    pub(super) l2: f64,
    /// Linear weights kept at their start values.
    pub(super) fixed: [bool; FEATURE_COUNT],
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
    pub(super) fn run(&self, model: &mut Model, train: &[Sample], valid: &[Sample]) {
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
                outln!(
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
    use shashki::eval::Feature;

    use super::*;
    use crate::commands::tune::testing::{game_positions, noisy_model};

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
}
