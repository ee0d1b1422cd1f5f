//! Static evaluation: how good a quiet position is for the side to move, in centi-men.
//!
//! Its parts: this module computes the features and holds the [`Evaluator`]; `params.rs` names
//! the features and their weights ([`EvalParams`]); `side.rs` holds one side's pieces and what
//! the features ask of them (advancement, runaways, the kings' reach); `ending.rs` scales drawish
//! endings; `pattern` adds the learned tables, `network` the network's correction in positions
//! without kings (both set by one [`Learned`] setting: off, built in, or loaded from a file), and
//! `weights` reads and writes weights files. The board's masks and the one-step shift it
//! builds on are the rules' geometry (`rules/geometry.rs`); the masks here are only the regions
//! the features name (centre, edge, wings, key guards; the runaway ranks are `side.rs`'s).
//!
//! The evaluation is linear in a small set of [`Feature`]s, each counted for White minus Black on
//! boards seen from each side's own point of view (Black's pieces are flipped a1 ↔ h8 so both
//! sides "move up"). `features` computes the vector, [`EvalParams`] holds one weight per
//! feature, and [`evaluate`] is their dot product turned to the side to move, scaled down in
//! endings the draw rules make hopeless. The search keeps an [`Evaluator`] (the weights prepared
//! once) and sums the weighted terms as they are computed, each feature once for both sides as
//! White's value minus Black's. Being linear is what makes the weights tunable by logistic
//! regression on game results (the `shashki tune` subcommand): the tuner reads the same
//! `features` the search uses, so tuned weights mean exactly what the search will see. Tuned
//! weights are saved as a JSON weights file (`weights`: `EvalParams::to_weights_json`,
//! `EvalParams::load_weights`).
//!
//! **Speed.** One function (`accumulate`) defines the features for both users, generic over where
//! the values go: into the feature vector (the tuner) or straight into the weighted sum (the
//! search). The search's sum is compiled once per set of computed features (a const-generic mask,
//! chosen once per [`Evaluator`]): every feature when every weight is non-zero, the
//! [`REDUCED_FEATURES`] (the terms pattern tables cannot express) when only they have weights,
//! each with no test per feature; for any other weights it skips the features whose weight is 0,
//! out of line. Features that are a value per
//! square of the men (`SQUARE_FEATURES`) can be folded into the pattern tables by the tuner
//! (`shashki tune --fold`), which computes them for nothing. The features are regrouped for the
//! machine, not for reading: the empty squares are shifted once by the four diagonal steps and
//! shared by the blocked, mobility and threat terms, a board shifted onto the men's squares is not
//! masked again (the men are on the board), the back rank and key guards share one test of the
//! opponent's men, and the late-game scaling is a shift (at most 24 pieces, so `24 − pieces` is
//! never negative). A unit test keeps the per-side definitions of the first version as a reference
//! and compares all features on thousands of positions from random games (the measurements are
//! in [engine/SEARCH.md](crate::docs::search), "Evaluation speed").
//!
//! On top of the linear terms, [`EvalParams::patterns`] may add learned pattern tables over
//! the men's configurations on nine overlapping windows of the board (`pattern`), fitted by the
//! same tuner and on in [`EvalParams::DEFAULT`] since they won at equal time
//! ([engine/SEARCH.md](crate::docs::search), "Pattern evaluation"; [`EvalParams::LINEAR`] is the linear evaluation
//! before them).
//!
//! Last, in positions without kings, [`EvalParams::network`] may add a small network's
//! correction (`network`: the whole board's men as inputs, one hidden layer), fitted on top of
//! all the above by `shashki tune --network`, on in [`EvalParams::DEFAULT`] since it won at equal
//! time ([engine/SEARCH.md](crate::docs::search), "Issue 24: a network on top of the evaluation").
//!
//! The search never calls this with a capture pending (it resolves captures first), so no feature
//! tries to guess the outcome of exchanges.

use std::sync::Arc;

use crate::rules::geometry::{ALL, FILES, NE, NW, RANKS, SE, SW, rotate, shift};
use crate::rules::{Bitboard, Color, Position};

// The internals `shashki tune` and the benchmarks reach (feature `tuning`, hidden from the
// documentation: not an API to build on); without the feature they are private.
mod ending;
mod learned;
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub mod network;
#[cfg(not(feature = "tuning"))]
mod network;
mod params;
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub mod pattern;
#[cfg(not(feature = "tuning"))]
mod pattern;
mod side;
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub mod weights;

use ending::scale_with;
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use ending::{ending_scale, is_drawish, scale};
pub use learned::Learned;
pub(crate) use network::NetworkSums;
pub use network::{Network, NetworkError, NetworkSetting};
pub use params::{EvalParams, FEATURE_COUNT, Feature, Features};
pub use pattern::{PatternError, PatternTables, Patterns};
#[cfg(feature = "tuning")]
#[doc(hidden)]
pub use weights::{FitSummary, WeightsError};

use side::{Side, count};

/// The centre: files c–f of ranks 3–6.
const CENTRE: u64 =
    (RANKS[2] | RANKS[3] | RANKS[4] | RANKS[5]) & (FILES[2] | FILES[3] | FILES[4] | FILES[5]);

/// The edge files a and h.
const EDGE: u64 = FILES[0] | FILES[7];

/// Files a–d (the left wing from White's side; Black's wings are the same squares mirrored, and
/// the balance term is symmetric, so one mask serves both).
const LEFT_WING: u64 = FILES[0] | FILES[1] | FILES[2] | FILES[3];

/// Per colour: the key guard squares c1 and e1 of its own back rank (mirrored for Black: f8 and
/// d8).
const KEY_GUARD: [u64; 2] = [
    RANKS[0] & (FILES[2] | FILES[4]),
    RANKS[7] & (FILES[5] | FILES[3]),
];

/// Per colour: its own back rank.
const BACK_RANK: [u64; 2] = [RANKS[0], RANKS[7]];

/// Per colour, per rear diagonal (White's south-west and south-east, Black's north-west and
/// north-east): the squares whose rear square that way is off the board (no square steps onto
/// them from there).
const NO_REAR: [[u64; 2]; 2] = [
    [ALL & !shift(ALL, NE), ALL & !shift(ALL, NW)],
    [ALL & !shift(ALL, SE), ALL & !shift(ALL, SW)],
];

/// Where [`accumulate`] puts each feature's value: the feature vector (what the tuner reads) or
/// straight into a weighted sum (what the search needs), so one definition of the features serves
/// both and the search does not fill and then multiply out a vector.
trait Terms {
    fn add(&mut self, feature: Feature, value: i32);
    /// Whether `feature`'s value matters: the search skips computing features whose weight is 0
    /// (features kept for tuning cost nothing until they get a weight).
    fn wants(&self, feature: Feature) -> bool;
    /// Whether any feature of `set` (bits `1 << feature`) matters: one test for a group.
    fn wants_any(&self, set: u32) -> bool;
}

impl Terms for Features {
    #[inline(always)]
    fn add(&mut self, feature: Feature, value: i32) {
        self[feature as usize] += value;
    }

    #[inline(always)]
    fn wants(&self, _: Feature) -> bool {
        true
    }

    #[inline(always)]
    fn wants_any(&self, _: u32) -> bool {
        true
    }
}

/// The features computed only for their own weight, per side: at weight 0 by default, kept for
/// tuning, so one test skips them all.
const EXTRAS: u32 = 1 << Feature::LateAdvancement as u32
    | 1 << Feature::LateMaterial as u32
    | 1 << Feature::Balance as u32
    | 1 << Feature::Threatened as u32
    | 1 << Feature::Backed as u32
    | 1 << Feature::KeyGuard as u32
    | 1 << Feature::ManMobility as u32;

#[cfg(any(test, feature = "tuning"))]
#[doc(hidden)]
/// The features that are sums, over a side's men, of a value per square (seen from the side's
/// own back rank): pattern tables can hold them exactly, so a fit may move their weights into
/// the tables (`shashki tune --fold`) and the evaluation computes them for nothing.
pub const SQUARE_FEATURES: [Feature; 4] = [
    Feature::Advancement,
    Feature::LateAdvancement,
    Feature::Centre,
    Feature::Edge,
];

#[cfg(any(test, feature = "tuning"))]
#[doc(hidden)]
/// What one White man on the square at `rank` and `file` (0-based, White's side) adds to
/// `feature`, as the (opening, ending) values of a two-phase pattern table, which the tables
/// interpolate as `(opening · n + ending · (24 − n)) / 24` for `n` pieces: `Some` for the
/// [`SQUARE_FEATURES`] on a dark square, else `None`. The late advancement, `rank · (24 − n) / 8`
/// per man, is `(0, 3 · rank)`; the others are the same in both phases. (The features round
/// each side's late advancement down, the tables their total towards 0: they may differ by a
/// unit.) Black's men are White's seen from the other side, as in the tables.
#[must_use]
pub fn square_value(feature: Feature, rank: usize, file: usize) -> Option<[i32; 2]> {
    let square =
        crate::rules::Square::from_coords(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
    let on = |mask: u64| i32::from(mask & 1 << square.bit() != 0);
    let rank = rank as i32;
    match feature {
        Feature::Advancement => Some([rank, rank]),
        Feature::LateAdvancement => Some([0, 3 * rank]),
        Feature::Centre => Some([on(CENTRE), on(CENTRE)]),
        Feature::Edge => Some([on(EDGE), on(EDGE)]),
        _ => None,
    }
}

#[doc(hidden)]
/// The features of the reduced evaluation: the men, the kings' terms, runaways, the turn and the
/// late material, the terms the pattern tables cannot express (kings read as empty squares there,
/// a runaway's cone is wider than a window, the piece count is global). Every other feature is a
/// function of the men on a few neighbouring squares, which the tables' windows see whole, so a
/// fit with pattern tables can leave them at 0 ([engine/SEARCH.md](crate::docs::search), "Evaluation round, session
/// 7"). With weights only on these, [`Evaluator`] computes nothing else, with no test per feature.
pub const REDUCED_FEATURES: [Feature; 8] = [
    Feature::Man,
    Feature::King,
    Feature::FirstKing,
    Feature::Runaway,
    Feature::MainRoad,
    Feature::KingMobility,
    Feature::Turn,
    Feature::LateMaterial,
];

/// [`REDUCED_FEATURES`] as a set (bits `1 << feature`).
const REDUCED: u32 = {
    let mut set = 0;
    let mut i = 0;
    while i < REDUCED_FEATURES.len() {
        set |= 1 << REDUCED_FEATURES[i] as u32;
        i += 1;
    }
    set
};

/// The king features: all 0 while there is no king.
const KING_FEATURES: u32 = 1 << Feature::King as u32
    | 1 << Feature::FirstKing as u32
    | 1 << Feature::MainRoad as u32
    | 1 << Feature::KingMobility as u32;

/// How [`Evaluator::evaluate`] computes the linear terms, chosen once from the weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LinearPath {
    /// Every weight is non-zero: every feature, no test per feature.
    Full,
    /// Weights only on [`REDUCED_FEATURES`]: those, no test per feature.
    Reduced,
    /// Any other set of weights: the features whose weight is 0 are skipped, one test each.
    Skipping,
}

#[doc(hidden)]
/// The evaluation prepared for the search: the weights with a mask of the non-zero ones, so that
/// [`Evaluator::evaluate`] sums weighted terms as it computes them (no feature vector, no dot
/// product) and skips the features whose weight is 0. The search builds one per thread from its
/// [`EvalParams`]; [`evaluate`] builds one per call.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Features,
    /// Bit `1 << feature` set when the feature's weight is not 0.
    nonzero: u32,
    /// Which code computes the linear terms (from `nonzero`).
    path: LinearPath,
    drawish_divisor: i32,
    /// The pattern tables, if any.
    patterns: Option<Arc<PatternTables>>,
    /// The network correction, if any.
    network: Option<Arc<network::Network>>,
}

/// Every feature's bit (`1 << feature`).
const ALL_FEATURES: u32 = (1 << FEATURE_COUNT) - 1;

/// The dot product of the features with the weights, accumulated as they are computed. Only the
/// features of `MASK` (bits `1 << feature`) are computed, with no test at run time; with
/// `SKIP_ZEROS` also only those whose weight is not 0, tested one by one.
struct WeightedSum<'a, const MASK: u32, const SKIP_ZEROS: bool> {
    evaluator: &'a Evaluator,
    sum: i32,
}

impl<const MASK: u32, const SKIP_ZEROS: bool> Terms for WeightedSum<'_, MASK, SKIP_ZEROS> {
    #[inline(always)]
    fn add(&mut self, feature: Feature, value: i32) {
        self.sum += self.evaluator.weights[feature as usize] * value;
    }

    #[inline(always)]
    fn wants(&self, feature: Feature) -> bool {
        self.wants_any(1 << feature as u32)
    }

    #[inline(always)]
    fn wants_any(&self, set: u32) -> bool {
        MASK & set != 0 && (!SKIP_ZEROS || self.evaluator.nonzero & set != 0)
    }
}

impl Evaluator {
    /// The evaluation with `params`' weights.
    #[must_use]
    pub fn new(params: &EvalParams) -> Evaluator {
        let nonzero = Feature::ALL
            .into_iter()
            .filter(|&f| params.weight(f) != 0)
            .fold(0, |mask, f| mask | 1 << f as u32);
        let path = if nonzero == ALL_FEATURES {
            LinearPath::Full
        } else if nonzero & !REDUCED == 0 {
            LinearPath::Reduced
        } else {
            LinearPath::Skipping
        };
        Evaluator {
            weights: params.weights,
            nonzero,
            path,
            drawish_divisor: params.drawish_divisor.max(1),
            patterns: params.patterns.tables(),
            network: params.network.network(),
        }
    }

    /// The pattern tables' score of `position` for White in centi-men (0 without tables).
    #[must_use]
    #[inline]
    pub fn pattern_score(&self, position: &Position) -> i32 {
        self.patterns.as_ref().map_or(0, |t| t.score(position))
    }

    /// The linear terms of the features in `MASK` (and with `SKIP_ZEROS` only those whose
    /// weight is not 0).
    #[inline(always)]
    fn linear<const MASK: u32, const SKIP_ZEROS: bool>(&self, position: &Position) -> i32 {
        let mut sum = WeightedSum::<MASK, SKIP_ZEROS> {
            evaluator: self,
            sum: 0,
        };
        accumulate(position, &mut sum);
        sum.sum
    }

    /// The linear terms when the weights are neither all non-zero nor only on the reduced
    /// features: those features whose weight is 0 are not computed. Out of line, so the search's
    /// inlined evaluation holds only the fast paths.
    #[inline(never)]
    fn linear_skipping_zeros(&self, position: &Position) -> i32 {
        self.linear::<ALL_FEATURES, true>(position)
    }

    /// The static evaluation of `position` for the side to move, in centi-men (see
    /// [`evaluate`]).
    #[must_use]
    #[inline]
    pub fn evaluate(&self, position: &Position) -> i32 {
        self.evaluate_with(position, |network| network.score(position))
    }

    /// [`Evaluator::evaluate`]'s value, the network's part kept along a search in `sums`
    /// (this evaluator's, one per search thread) for `position` at `ply` of the search.
    #[inline]
    pub(crate) fn evaluate_at_ply(
        &self,
        position: &Position,
        sums: &mut NetworkSums,
        ply: usize,
    ) -> i32 {
        self.evaluate_with(position, |network| sums.score(network, position, ply))
    }

    /// The evaluation, the network's correction (for positions without kings, if there is a
    /// network) given by `network_score`.
    #[inline(always)]
    fn evaluate_with(
        &self,
        position: &Position,
        network_score: impl FnOnce(&Network) -> i32,
    ) -> i32 {
        let linear = match self.path {
            LinearPath::Reduced => self.linear::<REDUCED, false>(position),
            LinearPath::Full => self.linear::<ALL_FEATURES, false>(position),
            LinearPath::Skipping => self.linear_skipping_zeros(position),
        };
        let score = linear + self.pattern_score(position);
        // Kings first, inline: the scaling is a call, and needs a king on the board.
        if position.all_kings().any() {
            scale_with(self.drawish_divisor, position, score) * position.side_to_move().sign()
        } else {
            score * position.side_to_move().sign()
                + self.network.as_deref().map_or(0, network_score)
        }
    }
}

/// Adds the features (White's value minus Black's) and the turn into `out`.
///
/// Each feature is computed for both sides and added once as their difference, so the weighted
/// sum multiplies each weight once. The directional features (blocked, mobility, threats) share
/// the empty squares shifted by the four diagonal steps, and no shifted board is masked to the
/// playable squares where it is intersected with men (which are on them): the counts are those of
/// the per-side definitions in the documentation of each [`Feature`], regrouped (the unit test
/// `features_match_the_per_side_reference` checks it on thousands of positions).
#[inline(always)]
fn accumulate(position: &Position, out: &mut impl Terms) {
    let total = position.piece_count();
    // At most 12 pieces a side (`Position::new` refuses more, and moves never add pieces), so the
    // late-game factor is never negative and its division by 8 is a shift.
    debug_assert!(total <= 24, "{total} pieces");
    let late = 24u32.saturating_sub(total);
    let empty = position.empty_squares().0;
    let white = Side::of(position, Color::White);
    let black = Side::of(position, Color::Black);
    let (w, b) = (white.men, black.men);
    // Bit x of `empty_up5` is set when square x + 5 is empty (White's forward steps are +4 and
    // +5, Black's −4 and −5; a man at x captures over x ± s into x ± 2s). Unmasked steps
    // (`rotate`): every use intersects them with men, which are on the board.
    let empty_up5 = rotate(empty, SW);
    let empty_up4 = rotate(empty, SE);
    let empty_down4 = rotate(empty, NW);
    let empty_down5 = rotate(empty, NE);

    if out.wants(Feature::Man) {
        out.add(Feature::Man, white.man_count - black.man_count);
    }
    let (white_advancement, black_advancement) = (white.advancement(), black.advancement());
    if out.wants(Feature::Advancement) {
        out.add(Feature::Advancement, white_advancement - black_advancement);
    }
    if out.wants(Feature::Centre) {
        out.add(Feature::Centre, count(w & CENTRE) - count(b & CENTRE));
    }
    // The back rank and the key guards count while the opponent has men that could promote.
    let white_guards = if b != 0 { w } else { 0 };
    let black_guards = if w != 0 { b } else { 0 };
    if out.wants(Feature::BackRank) {
        out.add(
            Feature::BackRank,
            count(white_guards & BACK_RANK[0]) - count(black_guards & BACK_RANK[1]),
        );
    }
    if out.wants(Feature::Edge) {
        out.add(Feature::Edge, count(w & EDGE) - count(b & EDGE));
    }
    if out.wants(Feature::Blocked) {
        // A man can move when one of its two forward squares is empty.
        out.add(
            Feature::Blocked,
            count(w & !(empty_up5 | empty_up4)) - count(b & !(empty_down4 | empty_down5)),
        );
    }
    if out.wants(Feature::Runaway) {
        // Runaways count only while the enemy has no king.
        let white_runaways = if black.kings == 0 {
            white.runaways(b)
        } else {
            0
        };
        let black_runaways = if white.kings == 0 {
            black.runaways(w)
        } else {
            0
        };
        out.add(Feature::Runaway, white_runaways - black_runaways);
    }
    // The king features are all 0 until a king appears.
    if out.wants_any(KING_FEATURES) && (white.kings | black.kings) != 0 {
        add_king_features(&white, &black, empty, out);
    }
    if out.wants(Feature::Turn) {
        out.add(Feature::Turn, position.side_to_move().sign());
    }
    if !out.wants_any(EXTRAS) {
        return;
    }
    if out.wants(Feature::LateAdvancement) {
        out.add(
            Feature::LateAdvancement,
            late_scaled(white_advancement, late) - late_scaled(black_advancement, late),
        );
    }
    if out.wants(Feature::LateMaterial) {
        let white_pieces = white.man_count + white.king_count;
        let black_pieces = black.man_count + black.king_count;
        out.add(
            Feature::LateMaterial,
            late_scaled(white_pieces, late) - late_scaled(black_pieces, late),
        );
    }
    if out.wants(Feature::Balance) {
        let imbalance = |men: u64, man_count: i32| (2 * count(men & LEFT_WING) - man_count).abs();
        out.add(
            Feature::Balance,
            imbalance(w, white.man_count) - imbalance(b, black.man_count),
        );
    }
    if out.wants(Feature::Threatened) {
        // A man at x is threatened from x − s (enemy man there) when x + s is empty, for each
        // of the four diagonal steps s.
        let threatened = |men: u64, enemy: u64| {
            men & ((rotate(enemy, NE) & empty_up5)
                | (rotate(enemy, NW) & empty_up4)
                | (rotate(enemy, SE) & empty_down4)
                | (rotate(enemy, SW) & empty_down5))
        };
        out.add(
            Feature::Threatened,
            count(threatened(w, b)) - count(threatened(b, w)),
        );
    }
    if out.wants(Feature::Backed) {
        // Both rear squares (x − 5 and x − 4 for White, x + 4 and x + 5 for Black) hold an own
        // piece or are off the board.
        let own = w | white.kings;
        let white_backed = w
            & !BACK_RANK[0]
            & (rotate(own, NE) | NO_REAR[0][0])
            & (rotate(own, NW) | NO_REAR[0][1]);
        let own = b | black.kings;
        let black_backed = b
            & !BACK_RANK[1]
            & (rotate(own, SE) | NO_REAR[1][0])
            & (rotate(own, SW) | NO_REAR[1][1]);
        out.add(Feature::Backed, count(white_backed) - count(black_backed));
    }
    if out.wants(Feature::KeyGuard) {
        out.add(
            Feature::KeyGuard,
            count(white_guards & KEY_GUARD[0]) - count(black_guards & KEY_GUARD[1]),
        );
    }
    if out.wants(Feature::ManMobility) {
        // Forward moves: a man at x and an empty square at x + 5 (White), and so on.
        out.add(
            Feature::ManMobility,
            count(w & empty_up5) + count(w & empty_up4)
                - count(b & empty_down4)
                - count(b & empty_down5),
        );
    }
}

/// Adds the king features (all 0 while there is no king: the caller skips them then).
#[inline(always)]
fn add_king_features(white: &Side, black: &Side, empty: u64, out: &mut impl Terms) {
    if out.wants(Feature::King) {
        out.add(Feature::King, white.king_count - black.king_count);
    }
    if out.wants(Feature::FirstKing) {
        out.add(
            Feature::FirstKing,
            i32::from(white.kings != 0) - i32::from(black.kings != 0),
        );
    }
    if out.wants(Feature::MainRoad) {
        out.add(
            Feature::MainRoad,
            count(white.kings & Bitboard::MAIN_ROAD.0) - count(black.kings & Bitboard::MAIN_ROAD.0),
        );
    }
    if out.wants(Feature::KingMobility) {
        out.add(
            Feature::KingMobility,
            white.king_mobility(empty) - black.king_mobility(empty),
        );
    }
}

/// `value × late / 8`, rounded down (both are never negative): the late-game features' scaling.
#[inline(always)]
fn late_scaled(value: i32, late: u32) -> i32 {
    ((value as u32 * late) >> 3) as i32
}

#[cfg(any(test, feature = "tuning"))]
#[doc(hidden)]
/// The feature vector of `position`: White's counts minus Black's (see [`Feature`]).
#[must_use]
pub fn features(position: &Position) -> Features {
    let mut out = [0; FEATURE_COUNT];
    accumulate(position, &mut out);
    out
}

#[cfg(any(test, feature = "tuning"))]
#[doc(hidden)]
/// The evaluation of `position` for White, before scaling, from a feature vector.
#[must_use]
pub fn dot(params: &EvalParams, features: &Features) -> i32 {
    features
        .iter()
        .zip(params.weights.iter())
        .map(|(f, w)| f * w)
        .sum()
}

/// The static evaluation of `position` for the side to move, in centi-men: the dot product of
/// its `features` with the weights plus the [`EvalParams::patterns`] score, turned to the side
/// to move, divided by [`EvalParams::drawish_divisor`] in `is_drawish` endings and scaled in
/// the others with kings (`ending_scale`); without kings, the [`EvalParams::network`]'s
/// correction is added. (The search keeps an
/// [`Evaluator`] instead of preparing the weights at every call.)
#[must_use]
pub fn evaluate(position: &Position, params: &EvalParams) -> i32 {
    Evaluator::new(params).evaluate(position)
}

#[cfg(test)]
mod tests {
    use super::ending::{ending_scale, is_drawish, scale};
    use super::*;
    use crate::rules::geometry::reverse;
    use crate::splitmix::SplitMix64;

    /// The network's correction as the evaluation adds it: for the side to move, in positions
    /// without kings.
    fn network_term(params: &EvalParams, position: &Position) -> i32 {
        match params.network.network() {
            Some(network) if position.all_kings().is_empty() => network.score(position),
            _ => 0,
        }
    }

    /// The features as first written, side by side with each side's own loop over
    /// directions: the reference the regrouped [`accumulate`] must equal.
    fn reference_features(position: &Position) -> Features {
        const FORWARD: [[usize; 2]; 2] = [[NE, NW], [SE, SW]];
        let mut out = [0; FEATURE_COUNT];
        let total = position.piece_count() as i32;
        let empty = position.empty_squares().0;
        let white = Side::of(position, Color::White);
        let black = Side::of(position, Color::Black);
        let add = |out: &mut Features, f: Feature, v: i32| out[f as usize] += v;
        let blocked = |side: &Side| {
            let movable = match side.color {
                Color::White => shift(empty, SW) | shift(empty, SE),
                Color::Black => shift(empty, NW) | shift(empty, NE),
            };
            count(side.men & !movable)
        };
        add(&mut out, Feature::Man, white.man_count - black.man_count);
        add(
            &mut out,
            Feature::Advancement,
            white.advancement() - black.advancement(),
        );
        add(
            &mut out,
            Feature::Centre,
            count(white.men & CENTRE) - count(black.men & CENTRE),
        );
        let back_rank = |side: &Side, them: &Side| {
            if them.men != 0 {
                count(side.men & BACK_RANK[side.color.index()])
            } else {
                0
            }
        };
        add(
            &mut out,
            Feature::BackRank,
            back_rank(&white, &black) - back_rank(&black, &white),
        );
        add(
            &mut out,
            Feature::Edge,
            count(white.men & EDGE) - count(black.men & EDGE),
        );
        add(
            &mut out,
            Feature::Blocked,
            blocked(&white) - blocked(&black),
        );
        let white_runaways = if black.kings == 0 {
            white.runaways(black.men)
        } else {
            0
        };
        let black_runaways = if white.kings == 0 {
            black.runaways(white.men)
        } else {
            0
        };
        add(&mut out, Feature::Runaway, white_runaways - black_runaways);
        add(&mut out, Feature::King, white.king_count - black.king_count);
        add(
            &mut out,
            Feature::FirstKing,
            i32::from(white.kings != 0) - i32::from(black.kings != 0),
        );
        add(
            &mut out,
            Feature::MainRoad,
            count(white.kings & Bitboard::MAIN_ROAD.0) - count(black.kings & Bitboard::MAIN_ROAD.0),
        );
        add(
            &mut out,
            Feature::KingMobility,
            white.king_mobility(empty) - black.king_mobility(empty),
        );
        add(&mut out, Feature::Turn, position.side_to_move().sign());
        for (side, them, sign) in [(&white, &black, 1), (&black, &white, -1)] {
            let c = side.color.index();
            let men = side.men;
            add(
                &mut out,
                Feature::LateAdvancement,
                sign * side.advancement() * (24 - total) / 8,
            );
            add(
                &mut out,
                Feature::LateMaterial,
                sign * (side.man_count + side.king_count) * (24 - total) / 8,
            );
            let left = count(men & LEFT_WING);
            add(
                &mut out,
                Feature::Balance,
                sign * (2 * left - side.man_count).abs(),
            );
            let enemy_men = them.men;
            let mut threatened = 0;
            for d in [NE, NW, SE, SW] {
                threatened |= men & shift(enemy_men, d) & shift(empty, reverse(d));
            }
            add(&mut out, Feature::Threatened, sign * count(threatened));
            let own = men | side.kings;
            let mut backed = men & !BACK_RANK[c];
            for d in FORWARD[c] {
                backed &= shift(own, d) | (ALL & !shift(ALL, d));
            }
            add(&mut out, Feature::Backed, sign * count(backed));
            if enemy_men != 0 {
                add(
                    &mut out,
                    Feature::KeyGuard,
                    sign * count(men & KEY_GUARD[c]),
                );
            }
            let man_mobility: i32 = FORWARD[c]
                .iter()
                .map(|&d| count(shift(men, d) & empty))
                .sum();
            add(&mut out, Feature::ManMobility, sign * man_mobility);
        }
        out
    }

    /// Positions from pseudo-random games (men and kings, both sides to move, down to the
    /// endings), quiet or not.
    fn random_positions(games: u64) -> Vec<Position> {
        let mut out = Vec::new();
        for game in 0..games {
            let mut rng = SplitMix64::new(game);
            let mut position = Position::start();
            for _ in 0..200 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(position);
                position = position.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
            }
        }
        out
    }

    #[test]
    fn features_match_the_per_side_reference() {
        let positions = random_positions(200);
        let kings = positions
            .iter()
            .filter(|p| p.kings(Color::White).0 | p.kings(Color::Black).0 != 0)
            .count();
        let black = positions
            .iter()
            .filter(|p| p.side_to_move() == Color::Black)
            .count();
        let endings = positions.iter().filter(|p| p.piece_count() <= 8).count();
        assert!(
            positions.len() > 9000 && kings > 2000 && black > 4000 && endings > 600,
            "{} positions, {kings} with kings, {black} Black to move, {endings} endings",
            positions.len()
        );
        // Every weight non-zero (the search's full path), and some zero (the skipping path).
        let every_weight = EvalParams {
            weights: std::array::from_fn(|i| 3 + 2 * i as i32),
            drawish_divisor: 1,
            patterns: Patterns::Off,
            network: NetworkSetting::Off,
        };
        let mut some_zero = every_weight.clone();
        for f in [
            Feature::Runaway,
            Feature::KingMobility,
            Feature::Backed,
            Feature::Balance,
        ] {
            some_zero.weights[f as usize] = 0;
        }
        let with_patterns = EvalParams {
            patterns: Patterns::Builtin,
            ..EvalParams::DEFAULT
        };
        // Weights on the reduced features only (their own path), with and without tables.
        let mut reduced = every_weight.clone();
        for f in Feature::ALL {
            if !REDUCED_FEATURES.contains(&f) {
                reduced.weights[f as usize] = 0;
            }
        }
        let reduced_with_patterns = EvalParams {
            patterns: Patterns::Builtin,
            ..reduced.clone()
        };
        // Weights on the reduced features and the local structure terms: the
        // skipping path.
        let structure_features = REDUCED
            | 1 << Feature::BackRank as u32
            | 1 << Feature::KeyGuard as u32
            | 1 << Feature::Backed as u32
            | 1 << Feature::ManMobility as u32;
        let mut structure = every_weight.clone();
        for f in Feature::ALL {
            if structure_features & 1 << f as u32 == 0 {
                structure.weights[f as usize] = 0;
            }
        }
        let paths =
            [&every_weight, &some_zero, &reduced, &structure].map(|p| Evaluator::new(p).path);
        assert_eq!(
            paths,
            [
                LinearPath::Full,
                LinearPath::Skipping,
                LinearPath::Reduced,
                LinearPath::Skipping
            ]
        );
        let tables = PatternTables::builtin();
        for position in &positions {
            let reference = reference_features(position);
            assert_eq!(features(position), reference, "{position}");
            for params in [
                &every_weight,
                &some_zero,
                &EvalParams::LINEAR,
                &with_patterns,
                &reduced,
                &reduced_with_patterns,
                &structure,
            ] {
                let patterns = if params.patterns == Patterns::Off {
                    0
                } else {
                    tables.score(position)
                };
                let expected = scale(params, position, dot(params, &reference) + patterns);
                assert_eq!(
                    Evaluator::new(params).evaluate(position),
                    expected * position.side_to_move().sign() + network_term(params, position),
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn start_position_is_balanced_but_for_the_turn() {
        let f = features(&Position::start());
        for feature in Feature::ALL {
            if feature != Feature::Turn {
                assert_eq!(f[feature as usize], 0, "{feature:?}");
            }
        }
        let start = Position::start();
        let without_network = EvalParams {
            network: NetworkSetting::Off,
            ..EvalParams::DEFAULT
        };
        let turn = EvalParams::DEFAULT.weight(Feature::Turn);
        assert_eq!(evaluate(&start, &without_network), turn);
        assert_eq!(
            evaluate(&start, &EvalParams::DEFAULT),
            turn + Network::builtin().score(&start)
        );
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let positions = [
            "W:W21,22,23,25,K30:B1,2,K7,9,12",
            "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
            "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
            "W:Wc1,e1,d2,a3,h4,g3:Bg5,b8,d8,f8,c7",
        ];
        // Every feature weighted (the defaults leave some at 0).
        let all = EvalParams {
            weights: std::array::from_fn(|i| 3 + 2 * i as i32),
            drawish_divisor: 1,
            patterns: Patterns::Off,
            network: NetworkSetting::Off,
        };
        // Pattern tables of both shapes on top: the built-in ones, and noisy ones.
        let noisy = |phases: usize| {
            let values = (0..pattern::WINDOWS * phases * pattern::STATES)
                .map(|i| ((i * 7919 + phases * 31) % 4001) as i16 - 2000)
                .collect();
            Patterns::Loaded(Arc::new(PatternTables::new(phases, values).unwrap()))
        };
        let with_patterns = [Patterns::Builtin, noisy(1), noisy(2)].map(|patterns| EvalParams {
            patterns,
            ..all.clone()
        });
        for params in [&EvalParams::DEFAULT, &all]
            .into_iter()
            .chain(with_patterns.iter())
        {
            for fen in positions {
                let position: Position = fen.parse().unwrap();
                assert_eq!(
                    evaluate(&position, params),
                    evaluate(&position.flipped(), params),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn features_count_what_they_say() {
        // White: men a3 (edge), c3, d6; Black: a king on b8 and a man on g7.
        let position: Position = "W:Wa3,c3,d6:BKb8,g7".parse().unwrap();
        let f = features(&position);
        assert_eq!(f[Feature::Man as usize], 3 - 1);
        assert_eq!(f[Feature::King as usize], -1);
        assert_eq!(f[Feature::FirstKing as usize], -1);
        assert_eq!(f[Feature::Edge as usize], 1);
        // Black has a king, so d6 is no runaway; g7 is too far back to count.
        assert_eq!(f[Feature::Runaway as usize], 0);
        // White advancement 2 + 2 + 5 = 9, Black's g7 is on its own rank 2 → 1.
        assert_eq!(f[Feature::Advancement as usize], 9 - 1);
        // Without the king, d6 has a free path (g7 is outside its cone).
        let position: Position = "W:Wd6:Bg7".parse().unwrap();
        assert_eq!(features(&position)[Feature::Runaway as usize], 1);
    }

    #[test]
    fn structure_features_count_what_they_say() {
        // White: c1, e1 (key guards), d2 (backed by c1 and e1), a3, h4 (threatened by g5);
        // Black: g5, b8.
        let position: Position = "B:Wc1,e1,d2,a3,h4:Bg5,b8".parse().unwrap();
        let f = features(&position);
        // White c1, e1; Black's key squares f8/d8 are empty.
        assert_eq!(f[Feature::KeyGuard as usize], 2);
        // d2 (c1 and e1 behind it); a3's rear b2 is empty, so it is not backed; Black: none.
        assert_eq!(f[Feature::Backed as usize], 1);
        // g5 cannot take h4 (the square behind it is off the board), but h4 can take g5 to f6.
        assert_eq!(f[Feature::Threatened as usize], -1);
        // Wings: White a–d: c1, d2, a3 = 3, e–h: e1, h4 = 2 → 1; Black: g5 vs b8 → 0.
        assert_eq!(f[Feature::Balance as usize], 1);
        // White forward moves: c1→b2 (d2 taken), e1→f2 (d2 taken), d2→c3,e3, a3→b4, h4→ g5
        // taken → 5; Black: g5→f4 (h4 taken), b8→a7,c7 → 3.
        assert_eq!(f[Feature::ManMobility as usize], 5 - 3);
        // 5 against 2 pieces, 7 on the board: (5 − 2) × 17 / 8 = 6 (each side rounded down).
        assert_eq!(f[Feature::LateMaterial as usize], 5 * 17 / 8 - 2 * 17 / 8);
    }

    #[test]
    fn evaluation_is_the_dot_product_of_features_and_weights() {
        // The search sums weighted terms directly; the tuner reads the feature vector: both must
        // mean the same number.
        // Every weight non-zero, and the defaults (some zero: the search skips those features).
        let every_weight = EvalParams {
            weights: [
                3, 7, -5, 11, 2, -13, 17, 19, -23, 29, 31, -37, 41, 43, -47, 53, 59, -61, 67,
            ],
            drawish_divisor: 1,
            patterns: Patterns::Off,
            network: NetworkSetting::Off,
        };
        let values = (0..pattern::WINDOWS * pattern::STATES)
            .map(|i| ((i * 104_729) % 3001) as i16 - 1500)
            .collect();
        let with_patterns = EvalParams {
            patterns: Patterns::Loaded(Arc::new(PatternTables::new(1, values).unwrap())),
            ..every_weight.clone()
        };
        for params in [every_weight, EvalParams::default(), with_patterns] {
            let tables = params.patterns.tables();
            let mut position = Position::start();
            for ply in 0..80 {
                let moves = position.legal_moves();
                let Some(mv) = moves.get(ply * 7 % moves.len().max(1)) else {
                    break;
                };
                let patterns = tables.as_ref().map_or(0, |t| t.score(&position));
                let expected = scale(
                    &params,
                    &position,
                    dot(&params, &features(&position)) + patterns,
                ) * position.side_to_move().sign()
                    + network_term(&params, &position);
                assert_eq!(evaluate(&position, &params), expected, "{position}");
                position = position.play_unchecked(mv);
            }
        }
    }

    #[test]
    fn square_values_sum_to_the_square_features() {
        // Every feature of SQUARE_FEATURES is, for White's men, the sum of its square values
        // interpolated by the piece count; Black's is the same on the flipped board.
        for position in random_positions(20) {
            let n = position.piece_count().min(24) as i32;
            let white_only = |p: &Position| {
                let mut sum = [0i32; 4];
                for sq in p.men(Color::White) {
                    let (rank, file) = (usize::from(sq.rank()), usize::from(sq.file()));
                    for (i, f) in SQUARE_FEATURES.into_iter().enumerate() {
                        let [o, e] = square_value(f, rank, file).unwrap();
                        sum[i] += o * n + e * (24 - n);
                    }
                }
                sum
            };
            let (white, black) = (white_only(&position), white_only(&position.flipped()));
            let f = features(&position);
            for (i, feature) in SQUARE_FEATURES.into_iter().enumerate() {
                let folded = (white[i] - black[i]) as f64 / 24.0;
                let exact = f64::from(f[feature as usize]);
                // The late advancement's features round each side down.
                let slack = if feature == Feature::LateAdvancement {
                    1.0
                } else {
                    0.0
                };
                assert!(
                    (folded - exact).abs() <= slack,
                    "{feature:?} {position}: {folded} {exact}"
                );
            }
        }
        assert_eq!(square_value(Feature::Man, 0, 0), None);
        assert_eq!(square_value(Feature::Edge, 0, 1), None, "a light square");
        assert_eq!(square_value(Feature::Edge, 2, 0), Some([1, 1]));
        assert_eq!(square_value(Feature::LateAdvancement, 5, 1), Some([0, 15]));
    }

    #[test]
    fn endings_against_a_king_keep_what_theory_gives_them() {
        let kept = |fen: &str, ahead: Color| {
            let position: Position = fen.parse().unwrap();
            ending_scale(&position, ahead, 8)
        };
        // Three kings against two, and two kings and a man against a king and a man: drawn.
        assert_eq!(kept("W:WK1,K2,K3:BK30,K31", Color::White), 6);
        assert_eq!(kept("B:WK1,K2,22:BK30,9", Color::White), 6);
        // Four pieces against two: a lead of two pieces, still often held.
        assert_eq!(kept("W:WK1,K2,K3,K5:BK30,K31", Color::White), 11);
        // Three kings against a lone king on the main road (7.2.7) and against one off it, with
        // a king on the road (Petrov's triangle) or without; with both on it the kings win.
        assert_eq!(kept("W:WK1,K2,K3:BK22", Color::White), 2);
        assert_eq!(kept("W:WK1,K2,K15:BK21", Color::White), 16);
        assert_eq!(kept("W:WK1,K2,K15:BK22", Color::White), 16);
        assert_eq!(kept("B:WK1,K2,K3:BK21", Color::White), 8);
        // Off the road, the kings to move take it first.
        assert_eq!(kept("W:WK1,K2,K3:BK21", Color::White), 16);
        assert_eq!(kept("W:WK1,K2,7:BK21", Color::White), 8);
        // Two kings against one (7.2.8), and no scaling against men the kings can stop.
        assert_eq!(kept("W:WK1,K2:BK21", Color::White), 2);
        assert_eq!(kept("W:WK1,K2:B9,10", Color::White), 16);
        // The side the score favours decides: Black's lone king is not behind against men.
        assert_eq!(kept("W:W21,22,23:BK1", Color::Black), 16);
        assert_eq!(kept("W:W21,22,23:BK1", Color::White), 8);
        let drawn: Position = "W:WK1,K2,K3:BK30,K31".parse().unwrap();
        let unscaled =
            dot(&EvalParams::DEFAULT, &features(&drawn)) + PatternTables::builtin().score(&drawn);
        assert!(unscaled > 300);
        assert_eq!(evaluate(&drawn, &EvalParams::DEFAULT), unscaled * 6 / 16);
        assert!(is_drawish(&drawn));
        assert!(!is_drawish(&Position::start()));
        // A side far behind is not scaled for: the side ahead has no king against it.
        let won: Position = "W:WK1:B5,6,7,8,9,10,11,12".parse().unwrap();
        assert!(!is_drawish(&won));
    }

    #[test]
    fn a_man_no_king_can_stop_counts_as_a_king() {
        let kept = |fen: &str| {
            let position: Position = fen.parse().unwrap();
            ending_scale(&position, Color::White, 8)
        };
        // Black's man on g3 has f2, h2, e1 and g1 before it; the king on b8 reaches none of
        // them: it promotes, and a king against a king is drawn (7.2.8).
        assert_eq!(kept("B:WK1:B24"), 2);
        // A king on h2 stands in its way.
        assert_eq!(kept("B:WK28:B24"), 16);
        // A king on c5 reaches f2 and g1 on the way.
        assert_eq!(kept("B:WK14:B24"), 16);
        // Three pieces against the man win all the same (the tablebases: 85 % and more).
        assert_eq!(kept("B:WK1,K2,K3:B24"), 16);
        // A king and a man against a free man and another: no lead in pieces.
        assert_eq!(kept("B:WK1,22:B24,9"), 6);
        // A man still far from its promotion rank is not judged free.
        assert_eq!(kept("B:WK1:B9"), 16);
    }

    #[test]
    fn lone_king_endings_are_scaled_down() {
        let position: Position = "B:WK30,K31,K32:BK4".parse().unwrap();
        assert!(is_drawish(&position));
        let unscaled = dot(&EvalParams::DEFAULT, &features(&position));
        assert!(evaluate(&position, &EvalParams::DEFAULT) < unscaled);
    }
}
