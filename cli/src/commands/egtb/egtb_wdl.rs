//! `shashki egtb wdl` and `shashki egtb check-wdl`: the win/draw/loss tables derived from the
//! full tables of a directory, and their agreement with them checked position by position.
//!
//! `wdl` calls [`shashki::egtb::derive_wdl_dir`] and prints the size per piece count with the
//! positions per byte; `check-wdl` opens both sets and compares the result of every position
//! (up to `--pieces`, or of that count alone with `--only`; every slot of every material) or of
//! `--random N` positions drawn uniformly from the slots of each piece count (in batches checked
//! in slot order, so that a compressed block is decoded once for the many positions drawn in
//! it), in parallel, and fails on the first disagreement it reports.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use shashki::egtb::{self, Material, Tablebases, WdlTables};

use crate::cli_error::CliError;

/// `egtb wdl`: derives the WDL tables of `dir` into `out`.
///
/// # Errors
/// No full tables in `dir`, or `out` cannot be written.
pub fn derive(dir: &Path, out: &Path) -> Result<(), CliError> {
    let started = Instant::now();
    let full = Tablebases::open(dir);
    if full.max_pieces() == 0 {
        return Err(super::no_tables(dir, &full));
    }
    let written = egtb::derive_wdl_dir(dir, out, &|material, bytes| {
        errln!("{material:>10}: {bytes} bytes");
    })
    .map_err(CliError::failure)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} WDL tables in {} in {:.1} s",
        written.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        text,
        "pieces  tables  positions  full MB  WDL MB  positions/byte (WDL)  full/WDL"
    );
    let mut totals = (0u64, 0u64, 0u64);
    let top = written.iter().map(|(m, _)| m.pieces()).max().unwrap_or(2);
    for pieces in 2..=top {
        let of_n: Vec<&(Material, u64)> = written
            .iter()
            .filter(|(m, _)| m.pieces() == pieces)
            .collect();
        let slots: u64 = of_n.iter().map(|(m, _)| m.index_size()).sum();
        let wdl: u64 = of_n.iter().map(|(_, b)| b).sum();
        let full_bytes: u64 = of_n
            .iter()
            .filter_map(|(m, _)| std::fs::metadata(dir.join(m.file_name())).ok())
            .map(|m| m.len())
            .sum();
        totals = (totals.0 + slots, totals.1 + full_bytes, totals.2 + wdl);
        let _ = writeln!(
            text,
            "{pieces:>6}  {:>6}  {slots:>9}  {:>7.2}  {:>6.2}  {:>20.1}  {:>8.1}",
            of_n.len(),
            full_bytes as f64 / 1e6,
            wdl as f64 / 1e6,
            slots as f64 / wdl.max(1) as f64,
            full_bytes as f64 / wdl.max(1) as f64
        );
    }
    let _ = writeln!(
        text,
        "   all  {:>6}  {:>9}  {:>7.2}  {:>6.2}  {:>20.1}  {:>8.1}",
        written.len(),
        totals.0,
        totals.1 as f64 / 1e6,
        totals.2 as f64 / 1e6,
        totals.0 as f64 / totals.2.max(1) as f64,
        totals.1 as f64 / totals.2.max(1) as f64
    );
    crate::output::write_stdout(&text)
}

/// What `egtb check-wdl` checks.
#[derive(Clone, Copy, Debug)]
pub struct Checked {
    /// The largest piece count (default: the largest the full tables hold).
    pub pieces: Option<u32>,
    /// Only that piece count, not every smaller one too.
    pub only: bool,
    /// This many random slots per piece count instead of every slot.
    pub random: Option<u64>,
    /// The seed of the random slots.
    pub seed: u64,
}

/// `egtb check-wdl`: compares the WDL tables of `wdl_dir` with the full tables of `dir`.
///
/// # Errors
/// A set cannot be opened, or a position's results disagree (exit code 1).
pub fn check(dir: &Path, wdl_dir: &Path, checked_what: Checked) -> Result<(), CliError> {
    let Checked {
        pieces,
        only,
        random,
        seed,
    } = checked_what;
    let full = Tablebases::open(dir);
    if full.max_pieces() == 0 {
        return Err(super::no_tables(dir, &full));
    }
    let wdl = WdlTables::open(wdl_dir);
    if let Some(problem) = wdl.problems().first() {
        return Err(CliError::input(format!(
            "--wdl {}: {problem}",
            wdl_dir.display()
        )));
    }
    // Piece counts whose every table is there, and the tables of a partial one above them.
    let largest = full
        .materials()
        .iter()
        .map(|m| m.pieces())
        .max()
        .unwrap_or(0);
    let top = pieces.unwrap_or(largest);
    if top > largest {
        return Err(CliError::input(format!(
            "--pieces {top}: the full tables of {} hold up to {largest} pieces",
            dir.display()
        )));
    }
    let in_wdl = wdl.materials();
    let lowest = if only { top } else { 2 };
    for n in lowest..=top {
        let started = Instant::now();
        let materials: Vec<Material> = Material::all_up_to(n)
            .into_iter()
            .filter(|m| m.pieces() == n && full.has(*m))
            .collect();
        if let Some(missing) = materials.iter().find(|m| !in_wdl.contains(m)) {
            return Err(CliError::failure(format!(
                "{missing}: a full table without its WDL table in {}",
                wdl_dir.display()
            )));
        }
        let checked = AtomicU64::new(0);
        let compare = |material: Material, index: u64| -> Result<(), CliError> {
            let Some(position) = egtb::slot_position(material, index) else {
                return Ok(());
            };
            checked.fetch_add(1, Ordering::Relaxed);
            let expected = full.probe(&position).map(|e| e.wdl);
            let got = wdl.probe(&position);
            if expected.is_none() || expected != got {
                return Err(CliError::failure(format!(
                    "{}: the full tables say {expected:?}, the WDL tables {got:?}",
                    position.to_fen()
                )));
            }
            Ok(())
        };
        let what = match random {
            None => {
                for &material in &materials {
                    let slots = egtb::slot_count(material);
                    (0..slots.div_ceil(4096))
                        .into_par_iter()
                        .try_for_each(|chunk| {
                            (chunk * 4096..((chunk + 1) * 4096).min(slots))
                                .try_for_each(|i| compare(material, i))
                        })?;
                }
                "every position".to_string()
            }
            Some(count) => {
                // Where each material's slots start in one numbering of the piece count's slots.
                let starts: Vec<u64> = materials
                    .iter()
                    .scan(0, |next, &m| {
                        let start = *next;
                        *next += egtb::slot_count(m);
                        Some(start)
                    })
                    .collect();
                let total: u64 = materials.iter().map(|&m| egtb::slot_count(m)).sum();
                // Drawn in batches and checked in slot order: the same uniform sample, but the
                // slots that share a compressed block are checked together, so a block is
                // decoded once for many positions rather than once for each.
                for batch in 0..count.div_ceil(RANDOM_BATCH) {
                    let size = RANDOM_BATCH.min(count - batch * RANDOM_BATCH);
                    let mut slots: Vec<u64> = (0..size.div_ceil(4096))
                        .into_par_iter()
                        .flat_map_iter(|chunk| {
                            let mut state = seed
                                ^ (u64::from(n) << 56)
                                ^ (batch << 40)
                                ^ chunk.wrapping_mul(0x9E37_79B9);
                            (0..4096.min(size - chunk * 4096))
                                .map(move |_| splitmix(&mut state) % total)
                        })
                        .collect();
                    slots.par_sort_unstable();
                    slots.par_chunks(4096).try_for_each(|chunk| {
                        chunk.iter().try_for_each(|&slot| {
                            let at = starts.partition_point(|&start| start <= slot) - 1;
                            compare(materials[at], slot - starts[at])
                        })
                    })?;
                }
                format!("{count} random slots")
            }
        };
        let of = if n > full.max_pieces() {
            format!(" of the {} tables there", materials.len())
        } else {
            String::new()
        };
        let agreed = checked.load(Ordering::Relaxed);
        let seconds = started.elapsed().as_secs_f64();
        let rate = agreed as f64 / seconds.max(1e-9);
        outln!(
            "{n} pieces{of}, {what}: {agreed} positions agree ({seconds:.1} s, {rate:.0} a second)"
        );
    }
    Ok(())
}

/// Random slots drawn, sorted and checked at a time (128 MB of slot numbers).
const RANDOM_BATCH: u64 = 1 << 24;

/// SplitMix64: a tiny, good generator for sampling slots reproducibly from a seed.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
