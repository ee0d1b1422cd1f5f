//! Pattern terms of the evaluation (in the spirit of Scan's): the board is covered by nine
//! overlapping 4×4 windows, each holding 8 dark squares, and the men on a window (every square
//! empty, White man or Black man: 3⁸ = 6 561 configurations) index a learned table of values.
//! Kings are left to the linear terms ([`super::Feature`]): a king's square reads as empty here.
//!
//! **Windows.** Window `w` (0–8) covers ranks `2·(w / 3)` to `2·(w / 3) + 3` and files
//! `2·(w % 3)` to `2·(w % 3) + 3` (0-based, from White's side). Its squares, in the order of the
//! base-3 digits of the configuration ("trits", lowest first), are the relative (row, column)
//! pairs (0,0) (0,2) (1,1) (1,3) (2,0) (2,2) (3,1) (3,3). A trit is 0 for an empty square (or a
//! king), 1 for a White man, 2 for a Black man.
//!
//! **Symmetry.** The tables are learned once, for "the side that moves up": table `w` gives the
//! value of a window configuration for White on window `w`. Black's men see the board turned
//! 180° with the colours swapped: window `w` becomes window `8 − w` ([`mirror_window`]) and the
//! configuration reverses its trits and swaps 1 ↔ 2 ([`mirror_state`]). The pattern score for
//! White is White's sum minus Black's sum, which regroups window by window into one lookup per
//! window of a prepared table `U_w[c] = T_w[c] − T_{8−w}[mirror(c)]`, so a position and its
//! colour-flipped twin get opposite scores by construction.
//!
//! **Phases.** A table set has one phase, or two (opening and ending) interpolated by the number
//! of pieces `n` on the board: `(opening · min(n, 24) + ending · (24 − min(n, 24))) / 24`.
//!
//! **Speed.** The indices of all nine windows come from the two men bitboards without `PEXT`
//! (not in x86-64-v2): the 36-bit board is four 9-bit blocks of two ranks each; a 512-entry
//! table turns a block's bits into the base-3 values of its three half-windows (4 squares each,
//! 16-bit lanes of a `u64`), White's plus twice Black's, and one multiply-add of two adjacent
//! blocks' lanes gives the three windows of a row of windows. The whole [`PatternTables::score`]
//! is straight-line code of about 95 instructions with one phase and 110 with two, measured on
//! the disassembly ([engine/SEARCH.md](crate::docs::search)); the two phases are interpolated as
//! `24 · ending + phase · (opening − ending)` (one multiply). In `shashki bench`, inlined into
//! the search's evaluation, cachegrind put 89 instructions per evaluation on this module's lines.
//! Both phases of an entry sit side by side as `[i16; 2]` (4 bytes): packing them in one `i64`
//! saves a few instructions but doubles the tables past a 512 KB second-level cache, and the
//! small entries ran faster ([engine/SEARCH.md](crate::docs::search)). Indices by `PEXT` (BMI2: two per window and a
//! 256-entry binary → base-3 table) measured 13 instructions more per evaluation, and the
//! intrinsic would need `unsafe`, so the portable method serves every CPU.
//!
//! **File format** (`.shpt`, little-endian; the built-in tables are `patterns.shpt` next to this
//! module, compiled into the library):
//!
//! | bytes | field |
//! |---|---|
//! | 0–3 | magic `SHPT` |
//! | 4–5 | version, `1` |
//! | 6 | windows, `9` |
//! | 7 | phases, `1` or `2` |
//! | 8–9 | configurations per window, `6561` |
//! | 10–11 | scale: table units per centi-man, `16` |
//! | 12– | `i16` values, window-major, then phase (opening first), then configuration |
//!
//! Every value lies in ±[`MAX_VALUE`]; the file is exactly as long as the header says.

// Parts of this module serve only `shashki tune` (feature `tuning`).
#![cfg_attr(not(feature = "tuning"), allow(dead_code))]

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::Learned;
use super::learned::{self, LearnedFile};
use crate::rules::{Bitboard, Color, Position, Square};

/// Number of windows covering the board.
pub const WINDOWS: usize = 9;
/// Dark squares per window.
pub const WINDOW_SQUARES: usize = 8;
/// Configurations of one window: 3⁸.
pub const STATES: usize = 6561;
/// Table units per centi-man: table values are sixteenths of a centi-man.
pub const SCALE: i32 = 16;
/// Largest magnitude of a stored value (so prepared differences fit an `i16`).
pub const MAX_VALUE: i16 = 16383;
/// Pieces on the board at (and above) which the opening table alone counts.
pub const FULL_PHASE: i32 = 24;

const MAGIC: &[u8; 4] = b"SHPT";
const VERSION: u16 = 1;
const HEADER_LEN: usize = 12;
/// Prepared tables are padded to a power of two so a masked index needs no bounds check.
const PADDED: usize = 8192;
const INDEX_MASK: u64 = PADDED as u64 - 1;

/// Rank and file (0-based, White's side) of the lower-left corner of window `window`.
#[must_use]
pub const fn window_origin(window: usize) -> (usize, usize) {
    (2 * (window / 3), 2 * (window % 3))
}

/// Rank and file of the `k`-th square (trit `k`) of window `window`.
#[must_use]
pub const fn window_square(window: usize, k: usize) -> (usize, usize) {
    let (rank, file) = window_origin(window);
    let row = k / 2;
    let column = (k % 2) * 2 + row % 2;
    (rank + row, file + column)
}

/// The window that window `window` becomes when the board is turned 180°.
#[must_use]
pub const fn mirror_window(window: usize) -> usize {
    WINDOWS - 1 - window
}

/// The configuration `state` seen by the other side: trits reversed (the board turned 180°)
/// and White ↔ Black swapped.
#[must_use]
pub const fn mirror_state(state: usize) -> usize {
    let trits = state_trits(state);
    let mut mirrored = 0;
    let mut k = 0;
    while k < WINDOW_SQUARES {
        let swapped = [0, 2, 1][trits[k]];
        mirrored = mirrored * 3 + swapped;
        k += 1;
    }
    mirrored
}

/// The trits of configuration `state`, the window's square `k` at index `k` (0 empty, 1 a White
/// man, 2 a Black man).
#[must_use]
pub const fn state_trits(state: usize) -> [usize; WINDOW_SQUARES] {
    let mut trits = [0; WINDOW_SQUARES];
    let mut rest = state;
    let mut k = 0;
    while k < WINDOW_SQUARES {
        trits[k] = rest % 3;
        rest /= 3;
        k += 1;
    }
    trits
}

const fn bit(bits: usize, i: usize) -> u64 {
    ((bits >> i) & 1) as u64
}

/// For the 9 bits of a two-rank block: the base-3 values (powers 1, 3, 9, 27) of its three
/// half-windows, bits `{a, a+1, a+5, a+6}` for `a` = 0, 1, 2, in 16-bit lanes.
const HALF: [u64; 512] = {
    let mut table = [0u64; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut a = 0;
        while a < 3 {
            let value =
                bit(bits, a) + 3 * bit(bits, a + 1) + 9 * bit(bits, a + 5) + 27 * bit(bits, a + 6);
            table[bits] |= value << (16 * a);
            a += 1;
        }
        bits += 1;
    }
    table
};

/// Per row of windows `j` (ranks 2j to 2j + 3): the configurations of its three windows in
/// 16-bit lanes.
#[inline(always)]
fn rows(white: u64, black: u64) -> [u64; 3] {
    let half = |k: u32| {
        HALF[((white >> (9 * k)) & 0x1FF) as usize]
            + 2 * HALF[((black >> (9 * k)) & 0x1FF) as usize]
    };
    let (h0, h1, h2, h3) = (half(0), half(1), half(2), half(3));
    // Lanes stay below 81 · 81 = 6 561: no carry between lanes.
    [h0 + 81 * h1, h1 + 81 * h2, h2 + 81 * h3]
}

/// The configuration of every window (White's view), from the men bitboards.
#[must_use]
pub fn indices(position: &Position) -> [u16; WINDOWS] {
    let rows = rows(position.men(Color::White).0, position.men(Color::Black).0);
    std::array::from_fn(|w| ((rows[w / 3] >> (16 * (w % 3))) & 0xFFFF) as u16)
}

/// [`indices`] the obvious way, square by square (the reference for tests).
#[must_use]
pub fn reference_indices(position: &Position) -> [u16; WINDOWS] {
    std::array::from_fn(|w| {
        let mut state = 0;
        for k in (0..WINDOW_SQUARES).rev() {
            let (rank, file) = window_square(w, k);
            let square = Square::from_coords(file as u8, rank as u8);
            let trit = match square.and_then(|s| position.piece_at(s)) {
                Some(piece)
                    if piece == crate::rules::Piece::new(Color::White, crate::rules::Role::Man) =>
                {
                    1
                }
                Some(piece)
                    if piece == crate::rules::Piece::new(Color::Black, crate::rules::Role::Man) =>
                {
                    2
                }
                _ => 0,
            };
            state = state * 3 + trit;
        }
        state
    })
}

/// What can be wrong with a pattern file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PatternError {
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// Shorter than the header.
    #[error("{len} bytes: shorter than the {HEADER_LEN}-byte header")]
    Truncated {
        /// The file's length.
        len: usize,
    },
    /// The first bytes are not `SHPT`.
    #[error("bytes 0–3: not a pattern file (magic {found:?}, expected \"SHPT\")")]
    Magic {
        /// The first four bytes.
        found: [u8; 4],
    },
    /// A header field has a value this version cannot read.
    #[error("header field {field} (byte {offset}): {found}, expected {expected}")]
    Header {
        /// The field's name.
        field: &'static str,
        /// Its byte offset.
        offset: usize,
        /// The value found.
        found: u32,
        /// What is accepted.
        expected: &'static str,
    },
    /// The file's length does not match its header.
    #[error("{found} bytes, expected {expected} for {phases} phase(s)")]
    Length {
        /// The length the header implies.
        expected: usize,
        /// The actual length.
        found: usize,
        /// The header's phase count.
        phases: usize,
    },
    /// A value is out of range.
    #[error(
        "window {window}, phase {phase}, configuration {state} (byte {offset}): value {value} outside ±{MAX_VALUE}"
    )]
    Range {
        /// Its window.
        window: usize,
        /// Its phase.
        phase: usize,
        /// Its configuration.
        state: usize,
        /// Its byte offset in the file.
        offset: usize,
        /// The value.
        value: i32,
    },
    /// An error in a named file.
    #[error("{}: {error}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        error: Box<PatternError>,
    },
}

/// The prepared per-window tables `U` (see the module documentation), padded to [`PADDED`].
enum Prepared {
    One(Box<[[i16; PADDED]; WINDOWS]>),
    Two(Box<[[[i16; 2]; PADDED]; WINDOWS]>),
}

/// A set of learned pattern tables and their prepared form for evaluating.
pub struct PatternTables {
    phases: usize,
    /// The learned tables `T`, window-major, then phase, then configuration (as in the file).
    values: Vec<i16>,
    prepared: Prepared,
}

impl PartialEq for PatternTables {
    fn eq(&self, other: &PatternTables) -> bool {
        self.phases == other.phases && self.values == other.values
    }
}

impl Eq for PatternTables {}

impl std::fmt::Debug for PatternTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternTables")
            .field("phases", &self.phases)
            .field("nonzero", &self.values.iter().filter(|&&v| v != 0).count())
            .finish_non_exhaustive()
    }
}

impl PatternTables {
    /// Tables from their values (`WINDOWS · phases · STATES` of them, ordered as in the file,
    /// in units of 1/`SCALE` centi-man).
    ///
    /// # Errors
    /// `phases` is not 1 or 2, the length does not match, or a value is outside ±`MAX_VALUE`.
    pub fn new(phases: usize, values: Vec<i16>) -> Result<PatternTables, PatternError> {
        if !(1..=2).contains(&phases) {
            return Err(PatternError::Header {
                field: "phases",
                offset: 7,
                found: phases as u32,
                expected: "1 or 2",
            });
        }
        let expected = WINDOWS * phases * STATES;
        if values.len() != expected {
            return Err(PatternError::Length {
                expected: HEADER_LEN + 2 * expected,
                found: HEADER_LEN + 2 * values.len(),
                phases,
            });
        }
        if let Some(i) = values
            .iter()
            .position(|v| v.unsigned_abs() > MAX_VALUE as u16)
        {
            return Err(PatternError::Range {
                window: i / (phases * STATES),
                phase: i / STATES % phases,
                state: i % STATES,
                offset: HEADER_LEN + 2 * i,
                value: i32::from(values[i]),
            });
        }
        let value = |w: usize, p: usize, s: usize| values[(w * phases + p) * STATES + s];
        // Each configuration's mirror once, not once per window and phase (mirror_state takes
        // eight divisions: recomputing it made up 2 % of `shashki bench`'s instructions).
        let mirrored: Vec<usize> = (0..STATES).map(mirror_state).collect();
        // U_w[c] = T_w[c] − T_{8−w}[mirror(c)]: fits an i16 as |T| ≤ MAX_VALUE.
        let prepared_value =
            |w: usize, p: usize, s: usize| value(w, p, s) - value(mirror_window(w), p, mirrored[s]);
        let prepared = if phases == 1 {
            let mut table: Box<[[i16; PADDED]; WINDOWS]> = vec![[0i16; PADDED]; WINDOWS]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("WINDOWS rows"));
            for (w, row) in table.iter_mut().enumerate() {
                for (s, entry) in row.iter_mut().enumerate().take(STATES) {
                    *entry = prepared_value(w, 0, s);
                }
            }
            Prepared::One(table)
        } else {
            let mut table: Box<[[[i16; 2]; PADDED]; WINDOWS]> = vec![[[0i16; 2]; PADDED]; WINDOWS]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("WINDOWS rows"));
            for (w, row) in table.iter_mut().enumerate() {
                for (s, entry) in row.iter_mut().enumerate().take(STATES) {
                    *entry = [prepared_value(w, 0, s), prepared_value(w, 1, s)];
                }
            }
            Prepared::Two(table)
        };
        Ok(PatternTables {
            phases,
            values,
            prepared,
        })
    }

    /// All-zero tables with `phases` phases (1 or 2; other values give 1).
    #[must_use]
    pub fn zero(phases: usize) -> PatternTables {
        let phases = phases.clamp(1, 2);
        PatternTables::new(phases, vec![0; WINDOWS * phases * STATES])
            .unwrap_or_else(|_| unreachable!("zero tables are valid"))
    }

    /// The built-in tables (`patterns.shpt`, compiled in), decoded on first use.
    #[must_use]
    pub fn builtin() -> Arc<PatternTables> {
        static BUILTIN: OnceLock<Arc<PatternTables>> = OnceLock::new();
        learned::builtin(&BUILTIN, include_bytes!("patterns.shpt"))
    }

    /// Decodes a pattern file's bytes (format in the module documentation).
    ///
    /// # Errors
    /// Truncated, wrong magic/version/shape, wrong length or a value out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternTables, PatternError> {
        if bytes.len() < HEADER_LEN {
            return Err(PatternError::Truncated { len: bytes.len() });
        }
        let found: [u8; 4] = [bytes[0], bytes[1], bytes[2], bytes[3]];
        if &found != MAGIC {
            return Err(PatternError::Magic { found });
        }
        let u16_at = |offset: usize| u16::from_le_bytes([bytes[offset], bytes[offset + 1]]);
        let check = |field, offset, found: u32, ok: bool, expected| {
            if ok {
                Ok(())
            } else {
                Err(PatternError::Header {
                    field,
                    offset,
                    found,
                    expected,
                })
            }
        };
        let version = u16_at(4);
        check("version", 4, version.into(), version == VERSION, "1")?;
        check(
            "windows",
            6,
            bytes[6].into(),
            usize::from(bytes[6]) == WINDOWS,
            "9",
        )?;
        let phases = usize::from(bytes[7]);
        check(
            "phases",
            7,
            bytes[7].into(),
            (1..=2).contains(&phases),
            "1 or 2",
        )?;
        let states = u16_at(8);
        check(
            "states",
            8,
            states.into(),
            usize::from(states) == STATES,
            "6561",
        )?;
        let scale = u16_at(10);
        check("scale", 10, scale.into(), i32::from(scale) == SCALE, "16")?;
        let expected = HEADER_LEN + 2 * WINDOWS * phases * STATES;
        if bytes.len() != expected {
            return Err(PatternError::Length {
                expected,
                found: bytes.len(),
                phases,
            });
        }
        let values = bytes[HEADER_LEN..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect();
        PatternTables::new(phases, values)
    }

    /// Reads a pattern file.
    ///
    /// # Errors
    /// [`PatternError::File`] naming `path`, around what is wrong.
    pub fn load(path: &Path) -> Result<PatternTables, PatternError> {
        learned::load(path)
    }

    /// The file's bytes (format in the module documentation).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_LEN + 2 * self.values.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(WINDOWS as u8);
        bytes.push(self.phases as u8);
        bytes.extend_from_slice(&(STATES as u16).to_le_bytes());
        bytes.extend_from_slice(&(SCALE as u16).to_le_bytes());
        for v in &self.values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes
    }

    /// Number of phases (1 or 2).
    #[must_use]
    pub fn phases(&self) -> usize {
        self.phases
    }

    /// The learned value of configuration `state` of window `window` in phase `phase`, in units
    /// of 1/`SCALE` centi-man.
    #[must_use]
    pub fn value(&self, window: usize, phase: usize, state: usize) -> i16 {
        self.values[(window * self.phases + phase) * STATES + state]
    }

    /// The pattern score of `position` for White, in centi-men (truncated towards 0, so the
    /// colour-flipped position scores exactly the opposite).
    #[must_use]
    #[inline]
    pub fn score(&self, position: &Position) -> i32 {
        self.score_men(
            position.men(Color::White).0,
            position.men(Color::Black).0,
            position.piece_count(),
        )
    }

    /// [`PatternTables::score`] from the men of each side (bitboards) and the number of pieces
    /// on the board (the evaluation has them at hand).
    #[must_use]
    #[inline]
    pub fn score_men(&self, white_men: u64, black_men: u64, pieces: u32) -> i32 {
        let rows = rows(white_men, black_men);
        let index = |w: usize| ((rows[w / 3] >> (16 * (w % 3))) & INDEX_MASK) as usize;
        match &self.prepared {
            Prepared::One(table) => {
                let mut sum = 0i32;
                for (w, row) in table.iter().enumerate() {
                    sum += i32::from(row[index(w)]);
                }
                sum / SCALE
            }
            Prepared::Two(table) => {
                let (mut opening, mut ending) = (0i32, 0i32);
                for (w, row) in table.iter().enumerate() {
                    let [o, e] = row[index(w)];
                    opening += i32::from(o);
                    ending += i32::from(e);
                }
                let phase = (pieces as i32).min(FULL_PHASE);
                // opening · phase + ending · (FULL_PHASE − phase), with one multiply.
                (ending * FULL_PHASE + (opening - ending) * phase) / (FULL_PHASE * SCALE)
            }
        }
    }
}

/// Which pattern tables the evaluation adds to its linear terms: none (the evaluation is
/// linear), the built-in ones, or these.
pub type Patterns = Learned<PatternTables>;

impl Patterns {
    /// The tables to evaluate with, if any.
    #[must_use]
    pub fn tables(&self) -> Option<Arc<PatternTables>> {
        self.resolve(PatternTables::builtin)
    }

    /// The tables named by `name`, as a weights file's `"patterns"` (`super::weights`) or a
    /// `patterns=` setting gives them: `off`, `builtin`, or a pattern file's path, relative to
    /// `base_dir` (an absolute path stays as it is; `Path::new("")` leaves a relative one
    /// relative to the working directory).
    ///
    /// # Errors
    /// [`PatternError::File`] naming the pattern file: it cannot be read or is not valid.
    pub fn from_name(name: &str, base_dir: &Path) -> Result<Patterns, PatternError> {
        learned::named(name, base_dir)
    }
}

/// Squares of the board no window covers (none: the windows overlap to cover all 32).
#[must_use]
pub fn uncovered() -> Bitboard {
    let mut covered = Bitboard::EMPTY;
    for w in 0..WINDOWS {
        for k in 0..WINDOW_SQUARES {
            let (rank, file) = window_square(w, k);
            if let Some(square) = Square::from_coords(file as u8, rank as u8) {
                covered |= Bitboard::from_square(square);
            }
        }
    }
    Bitboard::ALL & !covered
}

impl LearnedFile for PatternTables {
    type Error = PatternError;

    fn from_bytes(bytes: &[u8]) -> Result<PatternTables, PatternError> {
        PatternTables::from_bytes(bytes)
    }

    fn in_file(path: &Path, error: PatternError) -> PatternError {
        PatternError::File {
            path: path.to_path_buf(),
            error: Box::new(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic pseudo-random values for tables.
    fn noise(seed: u64, count: usize, span: i16) -> Vec<i16> {
        let mut x = seed;
        (0..count)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % (2 * span as u64 + 1)) as i16 - span
            })
            .collect()
    }

    fn positions() -> Vec<Position> {
        let mut out = Vec::new();
        let mut position = Position::start();
        for ply in 0..120 {
            out.push(position);
            let moves = position.legal_moves();
            let Some(mv) = moves.get(ply * 5 % moves.len().max(1)) else {
                break;
            };
            position = position.play_unchecked(mv);
        }
        for fen in [
            "W:W21,22,23,25,K30:B1,2,K7,9,12",
            "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8,f8,h8,a7,c7,e7,g7",
        ] {
            out.push(fen.parse().unwrap());
        }
        out
    }

    #[test]
    fn windows_cover_the_board_with_eight_dark_squares_each() {
        assert_eq!(uncovered(), Bitboard::EMPTY);
        for w in 0..WINDOWS {
            for k in 0..WINDOW_SQUARES {
                let (rank, file) = window_square(w, k);
                assert!(
                    Square::from_coords(file as u8, rank as u8).is_some(),
                    "{w} {k}"
                );
                // Turning the board maps trit k of window w to trit 7 − k of the mirror window.
                assert_eq!(
                    window_square(mirror_window(w), WINDOW_SQUARES - 1 - k),
                    (7 - rank, 7 - file)
                );
            }
        }
    }

    #[test]
    fn fast_indices_match_the_square_by_square_reference() {
        for position in positions() {
            assert_eq!(
                indices(&position),
                reference_indices(&position),
                "{position}"
            );
            // And the flipped twin's windows are the mirrored configurations.
            let flipped = indices(&position.flipped());
            let own = indices(&position);
            for w in 0..WINDOWS {
                assert_eq!(
                    usize::from(flipped[mirror_window(w)]),
                    mirror_state(usize::from(own[w])),
                    "{position} window {w}"
                );
            }
        }
        // Every square of a window, alone, gives its own power of 3.
        let start = indices(&Position::start());
        assert!(start.iter().all(|&s| usize::from(s) < STATES));
    }

    #[test]
    fn mirror_state_is_an_involution_and_swaps_colours() {
        for s in 0..STATES {
            assert_eq!(mirror_state(mirror_state(s)), s);
        }
        // A White man on trit 0 becomes a Black man on trit 7.
        assert_eq!(mirror_state(1), 2 * 3usize.pow(7));
    }

    #[test]
    fn scores_are_opposite_for_the_flipped_twin_and_match_the_tables() {
        for phases in [1, 2] {
            let tables = PatternTables::new(
                phases,
                noise(7 + phases as u64, WINDOWS * phases * STATES, 3000),
            )
            .unwrap();
            for position in positions() {
                assert_eq!(
                    tables.score(&position),
                    -tables.score(&position.flipped()),
                    "{position}"
                );
                // The slow way: White's windows minus Black's mirrored ones, per phase.
                let own = reference_indices(&position);
                let sums: Vec<i32> = (0..phases)
                    .map(|p| {
                        (0..WINDOWS)
                            .map(|w| {
                                let s = usize::from(own[w]);
                                i32::from(tables.value(w, p, s))
                                    - i32::from(tables.value(mirror_window(w), p, mirror_state(s)))
                            })
                            .sum()
                    })
                    .collect();
                let expected = if phases == 1 {
                    sums[0] / SCALE
                } else {
                    let n = (position.piece_count() as i32).min(FULL_PHASE);
                    (sums[0] * n + sums[1] * (FULL_PHASE - n)) / (FULL_PHASE * SCALE)
                };
                assert_eq!(tables.score(&position), expected, "{position}");
            }
        }
    }

    #[test]
    fn files_round_trip() {
        for phases in [1, 2] {
            let tables =
                PatternTables::new(phases, noise(3, WINDOWS * phases * STATES, MAX_VALUE)).unwrap();
            let bytes = tables.to_bytes();
            assert_eq!(bytes.len(), 12 + 2 * WINDOWS * phases * STATES);
            let back = PatternTables::from_bytes(&bytes).unwrap();
            assert_eq!(back, tables);
            assert_eq!(
                back.score(&Position::start()),
                tables.score(&Position::start())
            );
        }
        assert_eq!(
            PatternTables::builtin().to_bytes(),
            include_bytes!("patterns.shpt")
        );
    }

    #[test]
    fn bad_files_say_what_is_wrong_and_where() {
        let good = PatternTables::zero(1).to_bytes();
        let with = |offset: usize, byte: u8| {
            let mut bytes = good.clone();
            bytes[offset] = byte;
            bytes
        };
        let mut out_of_range = good.clone();
        let at = 12 + 2 * (STATES + 5);
        out_of_range[at..at + 2].copy_from_slice(&(-20000i16).to_le_bytes());
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (
                good[..5].to_vec(),
                "5 bytes: shorter than the 12-byte header",
            ),
            (with(0, b'X'), "bytes 0–3: not a pattern file"),
            (with(4, 2), "header field version (byte 4): 2, expected 1"),
            (with(6, 8), "header field windows (byte 6): 8, expected 9"),
            (
                with(7, 3),
                "header field phases (byte 7): 3, expected 1 or 2",
            ),
            (with(10, 8), "header field scale (byte 10): 8, expected 16"),
            (
                good[..good.len() - 1].to_vec(),
                "118109 bytes, expected 118110 for 1 phase(s)",
            ),
            (with(7, 2), "118110 bytes, expected 236208 for 2 phase(s)"),
            (
                out_of_range,
                "window 1, phase 0, configuration 5 (byte 13144): value -20000 outside ±16383",
            ),
        ];
        for (bytes, expected) in cases {
            let error = PatternTables::from_bytes(&bytes).unwrap_err().to_string();
            assert!(error.starts_with(expected), "{error}");
        }
        let missing = PatternTables::load(Path::new("/nonexistent/p.shpt"))
            .unwrap_err()
            .to_string();
        assert!(
            missing.starts_with("/nonexistent/p.shpt: cannot read"),
            "{missing}"
        );
    }
}
