//! Labels from the search (`shashki tune --label-depth D`): each distinct position of the data
//! is searched to a fixed depth by the engine itself and its score turned into White's expected
//! score on the fit's scale, σ(K · score / 400) ([`Labeller`]). Positions the evaluation never
//! judges (drawish endings, positions inside the tablebases) are left out, and forced results
//! dropped or kept as 1 / 0. Chunks of positions are labelled in parallel, one engine (and its
//! table) per chunk ([`label_positions`]).

use std::collections::HashSet;

use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::eval::is_drawish;
use shashki::{Engine, EngineConfig, Position, Score, SearchLimit};

use super::model::sigmoid;
use crate::cli_error::CliError;

/// Positions labelled one after the other by one engine (sharing its table: they mostly come
/// from the same game), the unit of parallel labelling.
const LABEL_CHUNK: usize = 256;
/// Decimal places kept in a search label.
pub(super) const LABEL_DECIMALS: i32 = 4;

/// How a search labels positions ([`label_positions`]).
pub(super) struct Labeller<'a> {
    /// Nominal depth of every search.
    pub(super) depth: u32,
    /// Engine setup (evaluation, table size, tablebases).
    pub(super) config: &'a EngineConfig,
    /// Scale of the labels, σ(K · score / 400).
    pub(super) k: f64,
    /// Label forced wins 1 and losses 0 instead of dropping them.
    pub(super) keep_decisive: bool,
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
pub(super) fn label_positions(
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

#[cfg(test)]
mod tests {
    use shashki::Color;

    use super::*;
    use crate::commands::tune::testing::MAN_UP;

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
}
