//! The evaluation's vocabulary and its numbers: the [`Feature`]s it counts and the weights
//! ([`EvalParams`]) that turn their counts, with the pattern tables, into a score. The features
//! are computed in the module above, the weights fitted by `shashki tune` and stored in weights
//! files (`super::weights`).

use super::{NetworkSetting, Patterns};

/// One term of the evaluation. Values are White's count minus Black's, each seen from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Feature {
    /// Men on the board.
    Man,
    /// Kings on the board.
    King,
    /// 1 when the side has at least one king (the first king is worth more than the next ones).
    FirstKing,
    /// Sum of the men's ranks counted from the own back rank (0–6).
    Advancement,
    /// Advancement weighted by how far the game has simplified: `advancement × (24 − pieces) / 8`.
    LateAdvancement,
    /// Men on the 16 central squares (files c–f, ranks 3–6 from the own side).
    Centre,
    /// Men still on the own back rank while the opponent has men that could promote.
    BackRank,
    /// Men on the a and h files.
    Edge,
    /// Men that cannot move forward (both forward squares occupied or off the board).
    Blocked,
    /// Men with no enemy piece in the cone in front of them, while the enemy has no king.
    Runaway,
    /// Kings on the main road a1–h8.
    MainRoad,
    /// Squares the kings reach (flying moves over empty squares).
    KingMobility,
    /// +1 for the side to move (White's view: +1 if White moves, −1 if Black).
    Turn,
    /// Pieces (men and kings) weighted by how far the game has simplified:
    /// `pieces × (24 − all pieces) / 8`, so an advantage grows as pieces come off (trade down
    /// when ahead).
    LateMaterial,
    /// Imbalance between the wings: |men on files a–d − men on files e–h|.
    Balance,
    /// Men an enemy man could capture at once (enemy man adjacent on a diagonal, the square
    /// behind empty): in a quiet position these are threats against the side to move.
    Threatened,
    /// Men off the back rank with both rear diagonal squares held by own pieces (or the board's
    /// edge): they cannot be captured from the front.
    Backed,
    /// Men on the two key guard squares c1 and e1 (own view) while the opponent has men.
    KeyGuard,
    /// Forward moves the men have (empty squares diagonally in front of them).
    ManMobility,
}

impl Feature {
    /// Every feature, in the order of `features` and [`EvalParams::weights`].
    pub const ALL: [Feature; FEATURE_COUNT] = [
        Feature::Man,
        Feature::King,
        Feature::FirstKing,
        Feature::Advancement,
        Feature::LateAdvancement,
        Feature::Centre,
        Feature::BackRank,
        Feature::Edge,
        Feature::Blocked,
        Feature::Runaway,
        Feature::MainRoad,
        Feature::KingMobility,
        Feature::Turn,
        Feature::LateMaterial,
        Feature::Balance,
        Feature::Threatened,
        Feature::Backed,
        Feature::KeyGuard,
        Feature::ManMobility,
    ];

    /// The feature's name as used in weight files (`snake_case`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Man => "man",
            Feature::King => "king",
            Feature::FirstKing => "first_king",
            Feature::Advancement => "advancement",
            Feature::LateAdvancement => "late_advancement",
            Feature::Centre => "centre",
            Feature::BackRank => "back_rank",
            Feature::Edge => "edge",
            Feature::Blocked => "blocked",
            Feature::Runaway => "runaway",
            Feature::MainRoad => "main_road",
            Feature::KingMobility => "king_mobility",
            Feature::Turn => "turn",
            Feature::LateMaterial => "late_material",
            Feature::Balance => "balance",
            Feature::Threatened => "threatened",
            Feature::Backed => "backed",
            Feature::KeyGuard => "key_guard",
            Feature::ManMobility => "man_mobility",
        }
    }

    /// The feature called `name` (see [`Feature::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Number of evaluation features.
pub const FEATURE_COUNT: usize = 19;

/// The feature vector of a position (White minus Black), indexed like [`Feature::ALL`].
pub type Features = [i32; FEATURE_COUNT];

/// The weight of every [`Feature`], in centi-men per unit of the feature, the pattern tables and
/// the network on top.
///
/// The man is 100, the unit, so scores read as centi-men. The other weights are fitted by
/// `shashki tune --label-depth` (distillation): quiet positions from self-play, each labelled by
/// a search of the engine itself. [`EvalParams::LINEAR`] is the linear evaluation alone;
/// [`EvalParams::DEFAULT`] adds the built-in two-phase pattern tables, fitted together with the
/// linear weights, and keeps weights on 8 features only, the tables taking over the rest: about
/// half as costly to compute and stronger in games; it also adds the built-in network's
/// correction in positions without kings, fitted on top of the rest. How each was fitted and the
/// games that chose them are in [engine/SEARCH.md](crate::docs::search) ("Evaluation round", "Pattern evaluation",
/// "Issue 24: a network on top of the evaluation").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// One weight per feature, indexed like [`Feature::ALL`].
    pub weights: Features,
    /// Divisor applied to the score in endings the draw rules make (nearly) impossible to win:
    /// a lone king against at most two pieces, or against three while it holds the main road
    /// (see `ending_scale`).
    pub drawish_divisor: i32,
    /// Pattern tables added to the linear terms (`pattern`).
    pub patterns: Patterns,
    /// The network that corrects the score in positions without kings
    /// (`network`).
    pub network: NetworkSetting,
}

impl EvalParams {
    /// The default weights: linear weights fitted with the built-in pattern tables (in brackets
    /// an earlier fit with all 19 features). Only the terms the tables cannot
    /// express ([`REDUCED_FEATURES`](super::REDUCED_FEATURES): men, kings, runaways, turn, late material) have weights;
    /// the per-square terms (advancement, late advancement, centre, edge) and the local ones
    /// (back rank, key guards, backed men, forward moves) were fitted as features and then
    /// folded into the tables (`shashki tune --fold --fold-approx`), and the others (blocked
    /// men, wing balance, threatened men) left to the tables, so the search computes 8 features
    /// instead of 19 ([engine/SEARCH.md](crate::docs::search), "Evaluation round").
    pub const DEFAULT: EvalParams = EvalParams {
        weights: [
            100, // man (the unit)
            340, // king (316)
            76,  // first_king (85)
            0,   // advancement (6; folded into the tables)
            0,   // late_advancement (5; folded into the tables)
            0,   // centre (-14; folded into the tables)
            0,   // back_rank (40; folded into the tables)
            0,   // edge (4; folded into the tables)
            0,   // blocked (-2)
            12,  // runaway (13)
            6,   // main_road (6)
            4,   // king_mobility (4)
            10,  // turn (10)
            -17, // late_material (-13)
            0,   // balance (-5)
            0,   // threatened (-29)
            0,   // backed (16; folded into the tables)
            0,   // key_guard (18; folded into the tables)
            0,   // man_mobility (32; folded into the tables)
        ],
        drawish_divisor: 8,
        patterns: Patterns::Builtin,
        network: NetworkSetting::Builtin,
    };

    /// The linear evaluation (the second round of distillation, no pattern tables): the default
    /// before the pattern tables.
    pub const LINEAR: EvalParams = EvalParams {
        weights: [
            100, // man (the unit)
            276, // king (round 2; round 1 261, hand-set 250)
            33,  // first_king (round 2; round 1 40, hand-set 60)
            -4,  // advancement (round 2; round 1 -2, hand-set 2)
            6,   // late_advancement (round 2; round 1 5, hand-set 0)
            -1,  // centre (round 2; round 1 1, hand-set 4)
            17,  // back_rank (round 2; round 1 16, hand-set 5)
            -6,  // edge (round 2; round 1 -5, hand-set -4)
            4,   // blocked (round 2; round 1 1, hand-set -6)
            62,  // runaway (round 2; round 1 61, hand-set 40)
            4,   // main_road (round 2; round 1 9, hand-set 8)
            3,   // king_mobility (round 2; round 1 2, hand-set 1)
            11,  // turn (round 2; round 1 10, hand-set 2)
            -1,  // late_material (round 2; round 1 -5, hand-set 0)
            -7,  // balance (round 2; round 1 -5, hand-set 0)
            -27, // threatened (round 2; round 1 -25, hand-set 0)
            -4,  // backed (round 2; round 1 -3, hand-set 0)
            2,   // key_guard (round 2; round 1 2, hand-set 0)
            8,   // man_mobility (round 2; round 1 6, hand-set 0)
        ],
        drawish_divisor: 8,
        patterns: Patterns::Off,
        network: NetworkSetting::Off,
    };

    /// The weight of `feature`.
    #[must_use]
    pub const fn weight(&self, feature: Feature) -> i32 {
        self.weights[feature as usize]
    }

    /// Sets the weight of the feature called `name`; `false` if no feature has that name.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match Feature::from_name(name) {
            Some(feature) => {
                self.weights[feature as usize] = value;
                true
            }
            None if name == "drawish_divisor" => {
                self.drawish_divisor = value.max(1);
                true
            }
            None => false,
        }
    }
}

impl Default for EvalParams {
    fn default() -> EvalParams {
        EvalParams::DEFAULT
    }
}
