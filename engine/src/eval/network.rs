//! A small neural network that corrects the evaluation in positions without kings, where the
//! middle game is decided. The linear terms and the pattern tables value men one window at a
//! time; the network sees the whole board at once and learns what they miss: how the windows'
//! configurations go together (tempo against structure, one wing against the other). It is
//! fitted on top of the rest of the evaluation (`shashki tune --network`: the same
//! depth-12 labels, the evaluation without the network as a fixed start), so it only has to
//! learn the remainder, and it stays out of positions with kings, whose endings the draw-rule
//! scaling of `super::ending_scale` judges.
//!
//! **Model.** 128 inputs, one per square (numeric order) and kind of piece, seen from the side
//! to move: its men, the opponent's men, its kings, the opponent's kings (the kings' inputs
//! exist for later fits; the evaluation never calls the network with kings on the board). For
//! Black to move the board is turned 180° ([`Bitboard::flip`]), so one network serves both
//! colours and a position and its colour-flipped twin get the same correction for their side
//! to move. One hidden layer of [`HIDDEN`] units, each clipped to [0, 1] and squared, one output
//! in centi-men for the side to move. The square (a "squared clipped ReLU") lets a unit grow
//! gently near 0 and steeply near 1, which a plain clip cannot: with the same labels and units it
//! lowers the held-out error further (figures in [engine/SEARCH.md](crate::docs::search)).
//!
//! **Speed.** Every piece adds one row of the first layer, [`HIDDEN`] `i16` values that fill eight
//! 512-bit or sixteen 256-bit registers, so a position of 20 men costs about 160 vector additions
//! from scratch ([`Network::score`]), then a clip, a square and a dot product of 256 values. The
//! search does not start from scratch: `NetworkSums` keeps each ply's last sums, and a position
//! starts from the nearest of them (its sibling's or its grandparent's, a few pieces apart), so
//! an evaluation costs a few row updates. The rows are kept by bit of the padded layout (64 per
//! kind, so the index needs no bounds check). Figures in [engine/SEARCH.md](crate::docs::search).
//!
//! **Fixed point.** The first layer's weights and biases are stored as `i16` in units of
//! 1/[`ONE`] (an activation of 1 is `ONE`), the output weights in 1/([`ONE`] ·
//! [`OUT_SCALE`]) centi-men. A unit's sum `a` becomes the activation ⌊min(max(a, 0), `ONE`)² /
//! `ONE`⌋, again in units of 1/`ONE`; the correction is the dot product of the activations
//! with the output weights divided by `ONE · OUT_SCALE`, truncated towards 0.
//!
//! **File format** (`.shnn`, little-endian; the built-in network is `network.shnn` next to
//! this module, compiled into the library):
//!
//! | bytes | field |
//! |---|---|
//! | 0–3 | magic `SHNN` |
//! | 4–5 | version, `2` (version 1 had no square: its weights mean something else) |
//! | 6–7 | inputs, `128` |
//! | 8–9 | hidden units, `256` |
//! | 10–11 | first-layer scale [`ONE`], `512` |
//! | 12–13 | output scale [`OUT_SCALE`], `64` |
//! | 14– | first layer: 128 × 256 `i16`, input-major (inputs: own men, opponent's men, own kings, opponent's kings, 32 squares each in numeric order) |
//! | | biases: 256 `i16` |
//! | | output weights: 256 `i32` |
//!
//! The file is exactly as long as this; a first-layer weight or bias lies in ±[`MAX_WEIGHT`],
//! an output weight in ±[`MAX_OUTPUT_WEIGHT`] (the engine keeps them as `i16`).

// Parts of this module serve only `shashki tune` (feature `tuning`).
#![cfg_attr(not(feature = "tuning"), allow(dead_code))]

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::Learned;
use super::learned::{self, LearnedFile};
use crate::rules::{Bitboard, Color, Position, Role, Square};

/// Inputs: 4 kinds of piece × 32 squares.
pub const INPUTS: usize = 128;
/// Hidden units.
pub const HIDDEN: usize = 256;
/// An activation of 1.0 in the first layer's fixed point.
pub const ONE: i32 = 512;
/// Output weights' units per centi-man, on top of [`ONE`].
pub const OUT_SCALE: i32 = 64;
/// Largest first-layer weight or bias (in units of 1/[`ONE`]): with at most 24 pieces and a
/// bias the sum stays inside an `i16`.
pub const MAX_WEIGHT: i32 = 1300;
/// Largest output weight: it fits the engine's `i16`, and [`HIDDEN`] products of an activation
/// (at most [`ONE`]) with such a weight stay inside the `i32` of `Network::output`'s dot product
/// (16 383 for 256 units).
pub const MAX_OUTPUT_WEIGHT: i32 = {
    let no_overflow = i32::MAX / (HIDDEN as i32 * ONE);
    if no_overflow < i16::MAX as i32 {
        no_overflow
    } else {
        i16::MAX as i32
    }
};

const MAGIC: &[u8; 4] = b"SHNN";
const VERSION: u16 = 2;
// `Network::output` divides by `ONE` with a shift.
const _: () = assert!(ONE > 0 && (ONE as u32).is_power_of_two());
const HEADER_LEN: usize = 14;
const FILE_LEN: usize = HEADER_LEN + 2 * INPUTS * HIDDEN + 2 * HIDDEN + 4 * HIDDEN;

/// A network's weights in the engine's fixed point, the first layer's rows indexed by kind of
/// piece (own men, opponent's men, own kings, opponent's kings) and bit of the padded layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    rows: Box<[[[i16; HIDDEN]; 64]; 4]>,
    bias: [i16; HIDDEN],
    /// Output weights, read from the file's `i32`s: `i16` lets the dot product multiply and
    /// add pairs of lanes in one instruction.
    out: [i16; HIDDEN],
}

/// Which network corrects the evaluation: off, the built-in one, or this one.
pub type NetworkSetting = Learned<Network>;

impl NetworkSetting {
    /// The network to evaluate with, if any.
    #[must_use]
    pub fn network(&self) -> Option<Arc<Network>> {
        self.resolve(Network::builtin)
    }

    /// The network named by `name`, as a weights file's `"network"` or a `network=` setting
    /// gives it: `off`, `builtin`, or a network file's path relative to `base_dir`.
    ///
    /// # Errors
    /// [`NetworkError::File`] naming the file: it cannot be read or is not valid.
    pub fn from_name(name: &str, base_dir: &Path) -> Result<NetworkSetting, NetworkError> {
        learned::named(name, base_dir)
    }
}

/// What can be wrong with a network file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The first bytes are not `SHNN`.
    #[error("bytes 0–3: not a network file (magic {found:?}, expected \"SHNN\")")]
    Magic {
        /// The first four bytes (fewer if the file is shorter).
        found: Vec<u8>,
    },
    /// A header field has a value this version cannot read.
    #[error("header field {field} (byte {offset}): {found}, expected {expected}")]
    Header {
        /// The field's name.
        field: &'static str,
        /// Its byte offset.
        offset: usize,
        /// The value found.
        found: u16,
        /// What is accepted.
        expected: u16,
    },
    /// An output weight is out of range.
    #[error("byte {offset}: output weight {value} outside ±{MAX_OUTPUT_WEIGHT}")]
    OutputRange {
        /// Its byte offset in the file.
        offset: usize,
        /// The value.
        value: i32,
    },
    /// The file's length is not the format's.
    #[error("{found} bytes, expected {FILE_LEN}")]
    Length {
        /// The actual length.
        found: usize,
    },
    /// A first-layer weight or bias is out of range.
    #[error("byte {offset}: weight {value} outside ±{MAX_WEIGHT}")]
    Range {
        /// Its byte offset in the file.
        offset: usize,
        /// The value.
        value: i16,
    },
    /// An error in a named file.
    #[error("{}: {error}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        error: Box<NetworkError>,
    },
}

impl Network {
    /// A network from its weights in floating point (as a fit leaves them): `first[i]` the
    /// first layer's row of input `i` (order in the module documentation), `bias`, `out` the
    /// output weights in centi-men. Values are rounded to the fixed point and clamped to its
    /// range.
    #[must_use]
    pub fn from_weights(
        first: &[[f32; HIDDEN]; INPUTS],
        bias: &[f32; HIDDEN],
        out: &[f32; HIDDEN],
    ) -> Network {
        // `w` in units of 1/`scale`, rounded and clamped to ±`max`.
        let rounded = |w: f32, scale: i32, max: i32| {
            (w * scale as f32).round().clamp(-max as f32, max as f32) as i16
        };
        let fixed = |w: f32| rounded(w, ONE, MAX_WEIGHT);
        let mut network = Network {
            rows: Box::new([[[0; HIDDEN]; 64]; 4]),
            bias: bias.map(fixed),
            out: out.map(|w| rounded(w, OUT_SCALE, MAX_OUTPUT_WEIGHT)),
        };
        for (input, row) in first.iter().enumerate() {
            *network.row_mut(input) = row.map(fixed);
        }
        network
    }

    /// The weights in floating point, as [`Network::from_weights`] takes them (first-layer rows
    /// by input, biases, output weights in centi-men): the start of a fit that goes on from this
    /// network (`shashki tune --network --warm-start`).
    #[must_use]
    pub fn to_weights(&self) -> (Box<[[f32; HIDDEN]; INPUTS]>, [f32; HIDDEN], [f32; HIDDEN]) {
        let mut first = Box::new([[0.0; HIDDEN]; INPUTS]);
        for (input, row) in first.iter_mut().enumerate() {
            *row = self.row(input).map(|w| f32::from(w) / ONE as f32);
        }
        (
            first,
            self.bias.map(|w| f32::from(w) / ONE as f32),
            self.out.map(|w| f32::from(w) / OUT_SCALE as f32),
        )
    }

    /// Where input `input`'s row is kept: its kind and its square's bit.
    fn slot(input: usize) -> (usize, usize) {
        (input / 32, Square::ALL[input % 32].bit() as usize)
    }

    fn row_mut(&mut self, input: usize) -> &mut [i16; HIDDEN] {
        let (kind, bit) = Network::slot(input);
        &mut self.rows[kind][bit]
    }

    fn row(&self, input: usize) -> &[i16; HIDDEN] {
        let (kind, bit) = Network::slot(input);
        &self.rows[kind][bit]
    }

    /// The built-in network (`network.shnn`, compiled in), decoded on first use.
    #[must_use]
    pub fn builtin() -> Arc<Network> {
        static BUILTIN: OnceLock<Arc<Network>> = OnceLock::new();
        learned::builtin(&BUILTIN, include_bytes!("network.shnn"))
    }

    /// Decodes a network file's bytes (format in the module documentation).
    ///
    /// # Errors
    /// Wrong magic, header or length, or a weight out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.get(..4) != Some(MAGIC.as_slice()) {
            return Err(NetworkError::Magic {
                found: bytes.iter().take(4).copied().collect(),
            });
        }
        if bytes.len() < HEADER_LEN {
            return Err(NetworkError::Length { found: bytes.len() });
        }
        let u16_at = |offset: usize| u16::from_le_bytes([bytes[offset], bytes[offset + 1]]);
        for (field, offset, expected) in [
            ("version", 4, VERSION),
            ("inputs", 6, INPUTS as u16),
            ("hidden", 8, HIDDEN as u16),
            ("one", 10, ONE as u16),
            ("out_scale", 12, OUT_SCALE as u16),
        ] {
            let found = u16_at(offset);
            if found != expected {
                return Err(NetworkError::Header {
                    field,
                    offset,
                    found,
                    expected,
                });
            }
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::Length { found: bytes.len() });
        }
        let weight_at = |offset: usize| {
            let value = u16_at(offset) as i16;
            if i32::from(value).abs() > MAX_WEIGHT {
                Err(NetworkError::Range { offset, value })
            } else {
                Ok(value)
            }
        };
        let mut network = Network {
            rows: Box::new([[[0; HIDDEN]; 64]; 4]),
            bias: [0; HIDDEN],
            out: [0; HIDDEN],
        };
        let mut offset = HEADER_LEN;
        for input in 0..INPUTS {
            for h in 0..HIDDEN {
                network.row_mut(input)[h] = weight_at(offset)?;
                offset += 2;
            }
        }
        for b in &mut network.bias {
            *b = weight_at(offset)?;
            offset += 2;
        }
        for o in &mut network.out {
            let value = i32::from_le_bytes([0, 1, 2, 3].map(|i| bytes[offset + i]));
            if !(-MAX_OUTPUT_WEIGHT..=MAX_OUTPUT_WEIGHT).contains(&value) {
                return Err(NetworkError::OutputRange { offset, value });
            }
            *o = value as i16; // inside the bound, which an `i16` holds
            offset += 4;
        }
        Ok(network)
    }

    /// The network file's bytes (format in the module documentation).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_LEN);
        bytes.extend_from_slice(MAGIC);
        for field in [
            VERSION,
            INPUTS as u16,
            HIDDEN as u16,
            ONE as u16,
            OUT_SCALE as u16,
        ] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        for input in 0..INPUTS {
            for w in self.row(input) {
                bytes.extend_from_slice(&w.to_le_bytes());
            }
        }
        for b in self.bias {
            bytes.extend_from_slice(&b.to_le_bytes());
        }
        for o in self.out {
            bytes.extend_from_slice(&i32::from(o).to_le_bytes());
        }
        bytes
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetworkError::File`] naming `path`, around what is wrong.
    pub fn load(path: &Path) -> Result<Network, NetworkError> {
        learned::load(path)
    }

    /// The network's correction for the side to move, in centi-men, computed from scratch.
    #[must_use]
    #[inline]
    pub fn score(&self, position: &Position) -> i32 {
        let mut acc = self.bias;
        for (rows, set) in self.rows.iter().zip(PiecesSeen::of(position).sets) {
            add_rows(&mut acc, rows, set);
        }
        self.output(&acc)
    }

    /// The output for the first layer's sums `acc`: the dot product of the clipped, squared
    /// sums with the output weights, in centi-men. No overflow: each product is at most `ONE` ·
    /// [`MAX_OUTPUT_WEIGHT`], and [`HIDDEN`] of them stay below 2³¹. The square is never
    /// negative, so its division by `ONE`, a power of two, is a shift (the same value; written as
    /// `/` the search ran 1.3 % slower, [engine/SEARCH.md](crate::docs::search)).
    #[inline(always)]
    fn output(&self, acc: &[i16; HIDDEN]) -> i32 {
        let mut sum = 0;
        for (a, w) in acc.iter().zip(&self.out) {
            let a = i32::from((*a).clamp(0, ONE as i16));
            sum += ((a * a) >> ONE.trailing_zeros()) * i32::from(*w);
        }
        sum / (ONE * OUT_SCALE)
    }
}

/// A position's pieces as the network sees them: the side to move, and its pieces by kind (own
/// men, opponent's men, own kings, opponent's kings) on the padded layout's bits, the board
/// turned for Black.
#[derive(Clone, Copy)]
struct PiecesSeen {
    side: Color,
    sets: [u64; 4],
}

impl PiecesSeen {
    #[inline(always)]
    fn of(position: &Position) -> PiecesSeen {
        let us = position.side_to_move();
        let them = us.opposite();
        let view = |set: Bitboard| {
            if us == Color::White {
                set.0
            } else {
                set.flip().0
            }
        };
        PiecesSeen {
            side: us,
            sets: [
                view(position.men(us)),
                view(position.men(them)),
                view(position.kings(us)),
                view(position.kings(them)),
            ],
        }
    }
}

/// The first layer's sums of one position, and that position's pieces as the network sees them.
#[derive(Clone, Copy)]
struct Sums {
    /// `None`: nothing computed yet (the sums are not valid).
    seen: Option<PiecesSeen>,
    acc: [i16; HIDDEN],
}

/// The network's first-layer sums along a search, so that most evaluations cost a few row
/// updates instead of one row per piece. Per ply it keeps the sums of the last position
/// evaluated there; a position at ply `p` starts from whichever of ply `p`'s entry (usually a
/// sibling: one move each from the same parent) or ply `p − 2`'s (usually its grandparent, the
/// same side to move) differs by fewer pieces, or from the biases if both differ by more than
/// the position has pieces, then adds the rows of the pieces that appeared and subtracts those
/// of the pieces that left. Any entry is a true pair of position and sums, so a stale one only
/// costs more updates, never a wrong score: the correction is exactly [`Network::score`]'s
/// (the additions wrap, so their order does not matter, and the finished sums are in range).
///
/// The sums belong to one network: keep one per search thread beside its evaluator.
#[derive(Clone)]
pub(crate) struct NetworkSums {
    plies: Vec<Sums>,
}

impl NetworkSums {
    /// Room for `plies` plies, all empty.
    pub(crate) fn new(plies: usize) -> NetworkSums {
        NetworkSums {
            plies: vec![
                Sums {
                    seen: None,
                    acc: [0; HIDDEN],
                };
                plies
            ],
        }
    }

    /// `network`'s correction of `position`, evaluated at `ply` of the search (below the
    /// room given to [`NetworkSums::new`]): [`Network::score`]'s value.
    #[inline]
    pub(crate) fn score(&mut self, network: &Network, position: &Position, ply: usize) -> i32 {
        let seen = PiecesSeen::of(position);
        let changes = |sums: &Sums| match sums.seen {
            Some(old) if old.side == seen.side => old
                .sets
                .iter()
                .zip(seen.sets)
                .map(|(a, b)| (a ^ b).count_ones())
                .sum(),
            _ => u32::MAX,
        };
        let here = changes(&self.plies[ply]);
        let above = ply
            .checked_sub(2)
            .map_or(u32::MAX, |p| changes(&self.plies[p]));
        let pieces = seen.sets.iter().map(|s| s.count_ones()).sum::<u32>();
        // The base is copied into this ply's entry and updated there, in memory: updating a
        // local copy chosen from two places made the compiler split the sums into scalars.
        if here <= above && here <= pieces {
            // This ply's own entry.
        } else if above <= pieces {
            self.plies[ply] = self.plies[ply - 2];
        } else {
            self.plies[ply] = Sums {
                seen: None,
                acc: network.bias,
            };
        }
        let sums = &mut self.plies[ply];
        let old_sets = sums.seen.map_or([0; 4], |s| s.sets);
        for ((rows, old), new) in network.rows.iter().zip(old_sets).zip(seen.sets) {
            add_rows(&mut sums.acc, rows, new & !old);
            sub_rows(&mut sums.acc, rows, old & !new);
        }
        sums.seen = Some(seen);
        network.output(&sums.acc)
    }
}

/// The network's active inputs in `position` (order in the module documentation: each piece's
/// kind from the side to move's view, times 32, plus its square's index on the board as that
/// side sees it), in the order of the squares. The evaluation reaches the same rows by bit;
/// this is the inputs' definition, for fits and tests.
pub fn inputs(position: &Position) -> impl Iterator<Item = usize> + '_ {
    let us = position.side_to_move();
    Square::ALL.into_iter().filter_map(move |square| {
        let piece = position.piece_at(square)?;
        let kind = match (piece.role, piece.color == us) {
            (Role::Man, true) => 0,
            (Role::Man, false) => 1,
            (Role::King, true) => 2,
            (Role::King, false) => 3,
        };
        let seen = if us == Color::White {
            square
        } else {
            square.flip()
        };
        Some(kind * 32 + seen.index())
    })
}

/// Adds to `acc` the row of every bit of `bits`.
#[inline(always)]
fn add_rows(acc: &mut [i16; HIDDEN], rows: &[[i16; HIDDEN]; 64], bits: u64) {
    update_rows(acc, rows, bits, i16::wrapping_add);
}

/// Subtracts from `acc` the row of every bit of `bits`.
#[inline(always)]
fn sub_rows(acc: &mut [i16; HIDDEN], rows: &[[i16; HIDDEN]; 64], bits: u64) {
    update_rows(acc, rows, bits, i16::wrapping_sub);
}

/// Combines `acc` lane by lane with the row of every bit of `bits` by `op` (a wrapping
/// addition or subtraction: the loop stays one or two vector instructions per row).
#[inline(always)]
fn update_rows(
    acc: &mut [i16; HIDDEN],
    rows: &[[i16; HIDDEN]; 64],
    mut bits: u64,
    op: impl Fn(i16, i16) -> i16,
) {
    while bits != 0 {
        let row = &rows[bits.trailing_zeros() as usize & 63];
        bits &= bits - 1;
        for (a, w) in acc.iter_mut().zip(row) {
            *a = op(*a, *w);
        }
    }
}

impl LearnedFile for Network {
    type Error = NetworkError;

    fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        Network::from_bytes(bytes)
    }

    fn in_file(path: &Path, error: NetworkError) -> NetworkError {
        NetworkError::File {
            path: path.to_path_buf(),
            error: Box::new(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splitmix::SplitMix64;

    /// A network of deterministic pseudo-random weights.
    fn noisy(seed: u64) -> Network {
        let mut rng = SplitMix64::new(seed);
        let mut value = |scale: f32| (rng.below(2001) as f32 / 1000.0 - 1.0) * scale;
        let first = std::array::from_fn(|_| std::array::from_fn(|_| value(0.5)));
        let bias = std::array::from_fn(|_| value(0.3));
        let out = std::array::from_fn(|_| value(60.0));
        Network::from_weights(&first, &bias, &out)
    }

    /// The correction computed the slow way, input by input in floating point.
    fn reference(network: &Network, position: &Position) -> f64 {
        let mut acc: Vec<f64> = network.bias.iter().map(|&b| f64::from(b)).collect();
        for input in inputs(position) {
            for (a, w) in acc.iter_mut().zip(network.row(input)) {
                *a += f64::from(*w);
            }
        }
        acc.iter()
            .zip(network.out)
            .map(|(a, w)| {
                let a = a.clamp(0.0, f64::from(ONE));
                (a * a / f64::from(ONE)).floor() * f64::from(w)
            })
            .sum::<f64>()
            / f64::from(ONE * OUT_SCALE)
    }

    #[test]
    fn a_network_read_back_from_its_float_weights_is_the_same() {
        for network in [noisy(3), (*Network::builtin()).clone()] {
            let (first, bias, out) = network.to_weights();
            assert_eq!(Network::from_weights(&first, &bias, &out), network);
        }
    }

    #[test]
    fn the_correction_is_the_slow_sum_over_the_pieces() {
        let network = noisy(7);
        let fens = [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "B:W17,20,21,22,25,26,27,28,29,31,32:B1,2,3,4,5,6,7,8,11,13,19",
            "W:W20,22,25,27,28,30:B5,9,11,12,15,16",
            "B:WK29,22,25:BK4,6,9",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            let fast = network.score(&position);
            let slow = reference(&network, &position);
            assert!(
                (f64::from(fast) - slow).abs() < 1.0,
                "{fen}: {fast} against {slow}"
            );
        }
    }

    #[test]
    fn sums_kept_along_a_walk_through_the_tree_give_the_scores_from_scratch() {
        let network = noisy(13);
        let mut rng = SplitMix64::new(17);
        let mut sums = NetworkSums::new(40);
        let starts = [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "B:W18,19,21,22,23,24,26,K30:B5,6,8,9,10,11,K12,15",
            "W:WK29,22,25:BK4,6,9",
        ];
        let mut deepest = 0;
        for fen in starts {
            // A depth-first walk: down a random move or back up, as a search goes, evaluating
            // every position reached at its ply.
            let mut path = vec![Position::from_fen(fen).unwrap()];
            for _ in 0..3000 {
                let position = *path.last().unwrap();
                let ply = path.len() - 1;
                assert_eq!(
                    sums.score(&network, &position, ply),
                    network.score(&position),
                    "{fen}, ply {ply}: {position:?}"
                );
                deepest = deepest.max(ply);
                let moves = position.legal_moves();
                let up = moves.is_empty() || path.len() == 40 || rng.next_u64().is_multiple_of(3);
                if up {
                    if path.len() > 1 {
                        path.pop();
                    }
                } else {
                    let mv = &moves[rng.below(moves.len() as u64) as usize];
                    path.push(position.play_unchecked(mv));
                }
            }
        }
        // Deep enough that most entries are stale when their ply is reached again.
        assert!(deepest >= 20, "the walk went down to ply {deepest} only");
    }

    /// Every weight at the edge of its range: the fullest position (24 pieces and the bias, each
    /// adding `first` to every sum) must neither wrap the first layer's `i16` sums nor overflow
    /// the output's `i32` dot product (the engine's tests run with overflow checks), along the
    /// kept sums as from scratch.
    #[test]
    fn weights_at_their_bounds_overflow_nothing_in_the_fullest_position() {
        let start = Position::start();
        assert_eq!(start.piece_count(), 24);
        let full = |first: i32, out: i32| {
            let weight = first as f32 / ONE as f32;
            Network::from_weights(
                &[[weight; HIDDEN]; INPUTS],
                &[weight; HIDDEN],
                &[out as f32 / OUT_SCALE as f32; HIDDEN],
            )
        };
        // Each unit's sum is 25 · MAX_WEIGHT, so every activation is clipped to ONE.
        let saturated = HIDDEN as i32 * MAX_OUTPUT_WEIGHT / OUT_SCALE;
        for (first, out, expected) in [
            (MAX_WEIGHT, MAX_OUTPUT_WEIGHT, saturated),
            (MAX_WEIGHT, -MAX_OUTPUT_WEIGHT, -saturated),
            (-MAX_WEIGHT, MAX_OUTPUT_WEIGHT, 0),
        ] {
            let network = full(first, out);
            assert_eq!(network.out[0], out as i16, "the bound is not clamped");
            for position in [start, start.flipped()] {
                assert_eq!(network.score(&position), expected, "{first}, {out}");
                let mut sums = NetworkSums::new(1);
                assert_eq!(sums.score(&network, &position, 0), expected);
            }
        }
    }

    #[test]
    fn a_position_and_its_colour_flipped_twin_get_the_same_correction() {
        let network = noisy(3);
        let position =
            Position::from_fen("W:W17,20,21,22,25,26,27,28,29,31:B1,2,4,6,7,9,10,11,13,15")
                .unwrap();
        let twin = position.flipped();
        assert_ne!(position.side_to_move(), twin.side_to_move());
        assert_eq!(network.score(&position), network.score(&twin));
        assert_ne!(
            network.score(&position),
            0,
            "the test needs a non-zero correction"
        );
    }

    #[test]
    fn written_networks_read_back_the_same() {
        let network = noisy(11);
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), network);
        Network::from_bytes(include_bytes!("network.shnn")).unwrap();
    }

    #[test]
    fn every_error_names_its_place() {
        let bytes = noisy(5).to_bytes();
        let error = |bytes: &[u8]| Network::from_bytes(bytes).unwrap_err().to_string();
        assert!(
            error(b"SHPT").contains("not a network file"),
            "{}",
            error(b"SHPT")
        );
        let mut wrong = bytes.clone();
        wrong[4] = 1;
        assert_eq!(
            error(&wrong),
            format!("header field version (byte 4): 1, expected {VERSION}")
        );
        let mut wrong = bytes.clone();
        wrong[8] ^= 1;
        assert_eq!(
            error(&wrong),
            format!(
                "header field hidden (byte 8): {}, expected {HIDDEN}",
                HIDDEN ^ 1
            )
        );
        assert_eq!(
            error(&bytes[..100]),
            format!("100 bytes, expected {FILE_LEN}")
        );
        let mut wrong = bytes.clone();
        wrong[HEADER_LEN..HEADER_LEN + 2].copy_from_slice(&2000i16.to_le_bytes());
        assert_eq!(
            error(&wrong),
            format!("byte {HEADER_LEN}: weight 2000 outside ±{MAX_WEIGHT}")
        );
        let mut wrong = bytes.clone();
        let last = FILE_LEN - 4;
        // Just past the bound (inside an `i16`), where the output's sum could overflow.
        let too_large = MAX_OUTPUT_WEIGHT + 1;
        wrong[last..].copy_from_slice(&too_large.to_le_bytes());
        assert_eq!(
            error(&wrong),
            format!("byte {last}: output weight {too_large} outside ±{MAX_OUTPUT_WEIGHT}")
        );
        let missing = Path::new("/nonexistent/net.shnn");
        let text = Network::load(missing).unwrap_err().to_string();
        assert!(
            text.starts_with("/nonexistent/net.shnn: cannot read"),
            "{text}"
        );
    }
}
