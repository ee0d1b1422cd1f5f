//! The arguments of `shashki tune` (clap's derive), in a room of their own: the flow in
//! [`super::run`] and the data step ([`super::data`]) both read them, and neither should import
//! the other for them.

use std::path::PathBuf;

use crate::inputs::openings::Openings;

/// Arguments of `shashki tune`.
#[derive(clap::Args)]
pub struct Args {
    /// Self-play games per depth (ignored with --data; at most one per opening); with --nodes,
    /// the games in all (the openings cycled).
    #[arg(long, default_value_t = 200)]
    pub(super) games: usize,
    /// Search depth per self-play move; several (`4,5,6`) play every opening once per depth.
    #[arg(long, value_delimiter = ',', default_value = "4")]
    pub(super) depth: Vec<u32>,
    /// Self-play at this many nodes per move instead of `--depth`: `--games` games (game i
    /// from opening i modulo their count), each position written to `--save-data` as it comes
    /// with White's result and the mover's score (`FEN;result;score`), and nothing fitted.
    #[arg(long, requires = "save_data", conflicts_with_all = ["data", "label_depth", "network"])]
    pub(super) nodes: Option<u64>,
    /// Random legal moves played from each opening before the engine takes over (different in
    /// every game: drawn from `--seed` and the game's number).
    #[arg(long, default_value_t = 0)]
    pub(super) random_plies: u32,
    /// Seed of the self-play games' random moves.
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// For data lines with a result and a score (`FEN;result;score`, from `--nodes`): the
    /// label is λ · σ(K · score / 400) + (1 − λ) · result, the score's share λ.
    #[arg(long, default_value_t = 0.5)]
    pub(super) lambda: f64,
    /// Openings for the self-play games.
    /// (`built-in`: the 745 three-move ballots; or a JSON file of name → FEN.)
    #[arg(long, default_value = "built-in")]
    pub(super) openings: Openings,
    /// Read labelled positions (`FEN;label` lines, label in [0, 1] for White) instead of playing
    /// games; several files (comma-separated) are joined, their labels brought to the first
    /// file's scale K.
    #[arg(long, value_delimiter = ',')]
    pub(super) data: Vec<PathBuf>,
    /// Label every distinct position by a search of this depth instead of the game's result.
    #[arg(long)]
    pub(super) label_depth: Option<u32>,
    /// Transposition table (MB) of each labelling search.
    #[arg(long, default_value_t = 4)]
    pub(super) label_hash: usize,
    /// Keep positions the labelling search finds won or lost by force (label 1 or 0) instead of
    /// dropping them.
    #[arg(long)]
    pub(super) keep_decisive: bool,
    /// Endgame tablebases for the self-play and labelling searches; positions inside them are
    /// not labelled (the search never evaluates them).
    #[arg(long)]
    pub(super) tablebases: Option<PathBuf>,
    /// The scale K of σ(K · eval / 400) (default: the data file's `# k=`, else fitted on the
    /// game results with the starting weights; for `FEN;result;score` lines, else fitted on
    /// their games' results from their scores).
    #[arg(long)]
    pub(super) k: Option<f64>,
    /// Write the labelled positions to this file.
    #[arg(long)]
    pub(super) save_data: Option<PathBuf>,
    /// Start from the weights in this file instead of the defaults.
    #[arg(long)]
    pub(super) start: Option<PathBuf>,
    /// Gradient steps.
    #[arg(long, default_value_t = 400)]
    pub(super) iterations: usize,
    /// Adam learning rate (weight units per step).
    #[arg(long, default_value_t = 1.0)]
    pub(super) learning_rate: f64,
    /// Features whose weights stay at their start values (comma-separated names, e.g.
    /// `king,first_king`); the man is always fixed (it is the unit).
    #[arg(long, value_delimiter = ',')]
    pub(super) fix: Vec<String>,
    /// Leave out positions where the side to move is threatened by a capture (not quiet enough
    /// for a static evaluation to predict the result).
    #[arg(long)]
    pub(super) skip_threats: bool,
    /// Write the tuned weights (JSON) here.
    #[arg(long)]
    pub(super) out: Option<PathBuf>,
    /// Also fit pattern tables (written next to `--out`, extension `.shpt`); without it the
    /// fitted evaluation is linear (no tables).
    #[arg(long)]
    pub(super) patterns: bool,
    /// Phases of the fitted pattern tables: 1, or 2 (opening and ending, by piece count; the
    /// built-in tables have 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(super) phases: u8,
    /// Adam learning rate of the pattern values (centi-men per step).
    #[arg(long, default_value_t = 1.0)]
    pub(super) pattern_rate: f64,
    /// L2 penalty on the pattern values: `l2 · Σ T²` (T in centi-men) added to the mean error
    /// (0: the held-out error was lowest without it on 350 000–530 000 positions).
    #[arg(long, default_value_t = 0.0)]
    pub(super) l2: f64,
    /// Share of the positions held out of the fit to measure its error (0 to use all; chosen
    /// by a hash of the Zobrist key: 0.1 holds out 100/1 024 of them).
    #[arg(long, default_value_t = 0.1)]
    pub(super) validation: f64,
    /// After the fit, move the weights of the per-square features (advancement,
    /// late_advancement (two phases only), centre, edge) into the pattern tables and write them
    /// as 0: the same evaluation (within a centi-man of rounding), which the engine then computes
    /// without those terms. Needs `--patterns`.
    #[arg(long, requires = "patterns")]
    pub(super) fold: bool,
    /// With `--fold`, also fold back_rank, key_guard, backed and man_mobility, which the tables
    /// hold only approximately (a king reads as an empty square there, and the back rank and
    /// key guards count even when the opponent has no men left); the error printed after the
    /// fold shows what it costs.
    #[arg(long, requires = "fold")]
    pub(super) fold_approx: bool,
    /// Fit the evaluation's network correction (positions without kings only) on top of the
    /// start weights, which stay as they are, instead of fitting the weights; the network goes
    /// next to `--out` (extension `.shnn`), named in the JSON's `"network"`.
    #[arg(long, conflicts_with_all = ["patterns", "fold"])]
    pub(super) network: bool,
    /// Start the network fit from the start evaluation's network (the built-in one unless
    /// `--start` names another) instead of from small random weights.
    #[arg(long, requires = "network")]
    pub(super) warm_start: bool,
    /// Adam's step size of the network fit in the first half of the passes (default 0.001; a
    /// smaller one keeps a `--warm-start` fit nearer its start).
    #[arg(long, requires = "network", value_parser = positive_rate)]
    pub(super) network_rate: Option<f32>,
    /// Passes over the data of the network fit (the step size drops to a third halfway).
    #[arg(long, default_value_t = 20, requires = "network")]
    pub(super) epochs: usize,
}

/// A step size: a finite number above 0.
fn positive_rate(text: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|r| r.is_finite() && *r > 0.0)
        .ok_or_else(|| format!("{text:?} is not a step size above 0"))
}
