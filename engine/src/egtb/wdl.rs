//! Win/draw/loss tables: the result of every position without its distance, small enough to
//! ship ([`WdlTables`]), derived from the full tables ([`derive_wdl`]).
//!
//! Two bits a slot (loss, draw, win for the side to move, White to move as in the full tables),
//! four slots a byte, [`WDL_BLOCK_SLOTS`] slots a block, each block one zstd frame. What the
//! field does to make them small: **positions with a capture are not stored** (captures are
//! compulsory, so a probe plays them out into smaller positions, [`WdlTables::probe`]), and
//! neither are the slots that are not positions; both are "don't care" and take the value
//! before them, so they lengthen runs instead of breaking them. The order is the full tables'
//! index (White's men, Black's men, then the kings), so the men, which move least, vary slowest.
//!
//! ## File layout (`<material>.shwdl`, little-endian)
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic `SHSKWDL1` |
//! | 8 | 4 | format version ([`WDL_FORMAT_VERSION`]) |
//! | 12 | 4 | material: White men, White kings, Black men, Black kings |
//! | 16 | 1 | piece count |
//! | 17 | 1 | bits per slot (2) |
//! | 18 | 1 | codec: 1 zstd |
//! | 19 | 1 | reserved, zero |
//! | 20 | 4 | slots per block |
//! | 24 | 8 | slot count (= the material's index size) |
//! | 32 | 4 | block count |
//! | 36 | 4 | reserved, zero |
//! | 40 | 8 | payload length (everything after the header) |
//! | 48 | 8 | checksum of the block index |
//! | 56 | 8 | checksum of the full table's file it was derived from |
//! | 64 | 8 | header checksum, of the 64 bytes before it |
//!
//! The payload is the block index (per block: offset from the payload's start 8 bytes, stored
//! length 4, zero 4, checksum of the stored bytes 8) and the blocks, as in the full tables; a
//! file is checked like them (header, length, index checksum at open; each block's checksum
//! before it is decoded), so a damaged file gives no value, never a wrong one. Files are
//! memory-mapped like the full tables (`source.rs`), or handed over as bytes by a program without
//! a file system ([`WdlTables::from_bytes`]); on the web ruzstd codes the blocks.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ahash::AHashMap;

use crate::parallel::*;

use super::entry::Wdl;
use super::error::TbError;
use super::material::{Indexer, Material};
use super::source::TableBytes;
use super::table::{BlockCache, Table, checksum, zstd_decode};
use crate::rules::{Color, Position};

/// The first eight bytes of every WDL file.
pub const WDL_MAGIC: [u8; 8] = *b"SHSKWDL1";
/// The version of the WDL layout written by this code.
pub const WDL_FORMAT_VERSION: u32 = 1;
/// Slots per block (16 KiB of packed slots decoded).
pub const WDL_BLOCK_SLOTS: u32 = 1 << 16;
/// The file name extension.
pub const WDL_EXTENSION: &str = "shwdl";
/// zstd's level: derived once, read many times, so a high one.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
const ZSTD_LEVEL: i32 = 19;
const HEADER_LEN: usize = 72;
const INDEX_RECORD_LEN: usize = 24;

/// The 2-bit code of a result.
fn code(wdl: Wdl) -> u8 {
    match wdl {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    }
}

fn from_code(code: u8) -> Option<Wdl> {
    match code {
        0 => Some(Wdl::Loss),
        1 => Some(Wdl::Draw),
        2 => Some(Wdl::Win),
        _ => None,
    }
}

/// The WDL file name of `material`.
#[must_use]
pub fn wdl_file_name(material: Material) -> String {
    let full = material.file_name();
    let stem = full.strip_suffix(".shtb").unwrap_or(&full);
    format!("{stem}.{WDL_EXTENSION}")
}

/// The bytes of the WDL file of `table` (a full table, loaded or mapped), or the error of the
/// first slot the full table cannot give (a damaged block).
///
/// # Errors
/// [`TbError::Damaged`] if a slot of a position without a capture has no value in `table`.
pub(crate) fn derive_wdl(table: &Table) -> Result<Vec<u8>, TbError> {
    let material = table.material();
    let indexer = table.indexer();
    let slots = indexer.size();
    let blocks = slots.div_ceil(u64::from(WDL_BLOCK_SLOTS));
    let stored: Vec<Result<Vec<u8>, u64>> = (0..blocks)
        .collect::<Vec<u64>>()
        .par_iter()
        .map(|&block| {
            let first = block * u64::from(WDL_BLOCK_SLOTS);
            let last = (first + u64::from(WDL_BLOCK_SLOTS)).min(slots);
            let mut codes: Vec<Option<u8>> = Vec::with_capacity((last - first) as usize);
            for index in first..last {
                let stored = match indexer.position(index) {
                    Some(position) if !position.has_capture() => {
                        Some(code(table.get(index).ok_or(index)?.wdl))
                    }
                    _ => None,
                };
                codes.push(stored);
            }
            // Don't-care slots take the value before them (the first known one at the start).
            let mut fill = codes.iter().flatten().next().copied().unwrap_or(1);
            let mut packed = vec![0u8; codes.len().div_ceil(4)];
            for (i, c) in codes.iter().enumerate() {
                fill = c.unwrap_or(fill);
                packed[i / 4] |= fill << (2 * (i % 4));
            }
            Ok(compress(packed))
        })
        .collect();
    let mut blocks_out = Vec::with_capacity(stored.len());
    for block in stored {
        blocks_out.push(block.map_err(|index| TbError::Damaged {
            path: PathBuf::from(material.file_name()),
            what: format!("slot {index} has no value (a damaged block)"),
        })?);
    }
    let mut index = Vec::with_capacity(blocks_out.len() * INDEX_RECORD_LEN);
    let mut offset = (blocks_out.len() * INDEX_RECORD_LEN) as u64;
    for block in &blocks_out {
        index.extend_from_slice(&offset.to_le_bytes());
        index.extend_from_slice(&(block.len() as u32).to_le_bytes());
        index.extend_from_slice(&[0; 4]);
        index.extend_from_slice(&checksum(block).to_le_bytes());
        offset += block.len() as u64;
    }
    let m = material;
    let mut out = Vec::with_capacity(HEADER_LEN + offset as usize);
    out.extend_from_slice(&WDL_MAGIC);
    out.extend_from_slice(&WDL_FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&[m.men[0], m.kings[0], m.men[1], m.kings[1]]);
    out.extend_from_slice(&[m.pieces() as u8, 2, 1, 0]);
    out.extend_from_slice(&WDL_BLOCK_SLOTS.to_le_bytes());
    out.extend_from_slice(&slots.to_le_bytes());
    out.extend_from_slice(&(blocks_out.len() as u32).to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&offset.to_le_bytes());
    out.extend_from_slice(&checksum(&index).to_le_bytes());
    out.extend_from_slice(&table.checksum().unwrap_or(0).to_le_bytes());
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(&index);
    for block in &blocks_out {
        out.extend_from_slice(block);
    }
    Ok(out)
}

/// The zstd frame of a block of packed slots. Compressing memory into a fresh buffer does not
/// fail; if it ever did, the block would be stored as it is, fail to decode and be reported as
/// damaged: never misread.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
fn compress(packed: Vec<u8>) -> Vec<u8> {
    zstd::bulk::compress(&packed, ZSTD_LEVEL).unwrap_or(packed)
}

/// The zstd frame of a block of packed slots, by ruzstd on the web (its fastest level: the
/// higher ones are not written yet).
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
fn compress(packed: Vec<u8>) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(&packed[..], ruzstd::encoding::CompressionLevel::Fastest)
}

/// One WDL table: its file's bytes, checked, with its blocks decoded on demand.
#[derive(Debug)]
struct WdlTable {
    name: PathBuf,
    indexer: Indexer,
    bytes: TableBytes,
    blocks: u32,
    id: u32,
}

impl WdlTable {
    /// Checks the header, the length and the block index of `bytes`; `name` names the file in
    /// errors.
    fn new(name: PathBuf, file: TableBytes, id: u32) -> Result<WdlTable, TbError> {
        let bytes = file.as_slice();
        let damaged = |what: String| TbError::Damaged {
            path: name.clone(),
            what,
        };
        if bytes.len() < HEADER_LEN {
            return Err(damaged(format!(
                "{} bytes, shorter than a header (partial file?)",
                bytes.len()
            )));
        }
        if bytes[0..8] != WDL_MAGIC {
            return Err(TbError::Foreign {
                path: name,
                what: "not a shashki WDL table (bad magic)".into(),
            });
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        if u32_at(8) != WDL_FORMAT_VERSION {
            return Err(TbError::Foreign {
                path: name,
                what: format!(
                    "WDL format version {}, this program reads version {WDL_FORMAT_VERSION}",
                    u32_at(8)
                ),
            });
        }
        if checksum(&bytes[..HEADER_LEN - 8]) != u64_at(HEADER_LEN - 8) {
            return Err(damaged("header checksum mismatch".into()));
        }
        let material = Material {
            men: [bytes[12], bytes[14]],
            kings: [bytes[13], bytes[15]],
        };
        let sane = material.men.iter().all(|&m| m <= 12)
            && (1..=super::material::MAX_TABLE_PIECES).contains(&material.pieces())
            && material.pieces_of(Color::White) > 0
            && material.pieces_of(Color::Black) > 0;
        if !sane || u32::from(bytes[16]) != material.pieces() {
            return Err(damaged(format!("impossible material {material:?}")));
        }
        if bytes[17] != 2 || bytes[18] != 1 || u32_at(20) != WDL_BLOCK_SLOTS {
            return Err(damaged("unknown slot width, codec or block size".into()));
        }
        let indexer = Indexer::new(material);
        let blocks = u32_at(32);
        if u64_at(24) != indexer.size()
            || u64::from(blocks) != indexer.size().div_ceil(u64::from(WDL_BLOCK_SLOTS))
        {
            return Err(damaged(format!(
                "{} slots in {blocks} blocks, material {material} has {}",
                u64_at(24),
                indexer.size()
            )));
        }
        if bytes.len() as u64 != HEADER_LEN as u64 + u64_at(40) {
            return Err(damaged(format!(
                "{} bytes, the header promises {} (partial file?)",
                bytes.len(),
                HEADER_LEN as u64 + u64_at(40)
            )));
        }
        let index = bytes
            .get(HEADER_LEN..HEADER_LEN + blocks as usize * INDEX_RECORD_LEN)
            .ok_or_else(|| damaged("block index cut short".into()))?;
        if checksum(index) != u64_at(48) {
            return Err(damaged("block index checksum mismatch".into()));
        }
        Ok(WdlTable {
            name,
            indexer,
            bytes: file.clone(),
            blocks,
            id,
        })
    }

    fn material(&self) -> Material {
        self.indexer.material()
    }

    /// The stored bytes of `block` if they match their checksum.
    fn stored(&self, block: u32) -> Option<&[u8]> {
        let at = HEADER_LEN + INDEX_RECORD_LEN * block as usize;
        let bytes = self.bytes.as_slice();
        let r = bytes.get(at..at + INDEX_RECORD_LEN)?;
        let offset = usize::try_from(u64::from_le_bytes(r[0..8].try_into().ok()?)).ok()?;
        let len = u32::from_le_bytes(r[8..12].try_into().ok()?) as usize;
        let sum = u64::from_le_bytes(r[16..24].try_into().ok()?);
        let start = HEADER_LEN.checked_add(offset)?;
        let stored = bytes.get(start..start.checked_add(len)?)?;
        (checksum(stored) == sum).then_some(stored)
    }

    /// Packed bytes of `block`.
    fn block_len(&self, block: u32) -> usize {
        let first = u64::from(block) * u64::from(WDL_BLOCK_SLOTS);
        let slots = (self.indexer.size() - first).min(u64::from(WDL_BLOCK_SLOTS));
        slots.div_ceil(4) as usize
    }

    fn decode(&self, block: u32, out: &mut Vec<u8>) -> Option<()> {
        let len = self.block_len(block);
        out.clear();
        out.resize(len, 0);
        let written = zstd_decode(self.stored(block)?, &mut out[..])?;
        (written == len).then_some(())
    }

    /// The stored code of slot `index` (meaningless for a position with a capture).
    fn code(&self, index: u64, cache: &BlockCache) -> Option<u8> {
        let block = (index / u64::from(WDL_BLOCK_SLOTS)) as u32;
        if block >= self.blocks {
            return None;
        }
        let within = (index % u64::from(WDL_BLOCK_SLOTS)) as usize;
        let key = (u64::from(self.id) << 32) | u64::from(block);
        cache.with_block(
            key,
            |out| self.decode(block, out),
            |bytes| bytes.get(within / 4).map(|b| (b >> (2 * (within % 4))) & 3),
        )?
    }

    /// Checks every block.
    fn verify(&self) -> Result<(), TbError> {
        let mut out = Vec::new();
        for block in 0..self.blocks {
            if self.decode(block, &mut out).is_none() {
                return Err(TbError::Damaged {
                    path: self.name.clone(),
                    what: format!("block {block} fails its checksum or does not decode"),
                });
            }
        }
        Ok(())
    }
}

/// A set of WDL tables: the result of every position of their materials for the side to move.
#[derive(Debug, Default)]
pub struct WdlTables {
    tables: AHashMap<Material, WdlTable>,
    problems: Vec<TbError>,
    cache: BlockCache,
}

impl WdlTables {
    /// Reads every WDL file (`*.shwdl`) of `dir`. Files that fail their checks (header, length,
    /// block index) are reported in [`WdlTables::problems`] and not used; a missing directory is
    /// a problem too.
    #[must_use]
    pub fn open(dir: &Path) -> WdlTables {
        let mut set = WdlTables::default();
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(source) => {
                set.problems.push(TbError::Io {
                    path: dir.to_path_buf(),
                    source,
                });
                return set;
            }
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == WDL_EXTENSION))
            .collect();
        paths.sort();
        for path in paths {
            match TableBytes::open_file(&path) {
                Ok(bytes) => set.add(path, bytes),
                Err(source) => set.problems.push(TbError::Io { path, source }),
            }
        }
        set
    }

    /// The set made of files handed over as bytes, each with its file name (for programs
    /// without a file system, e.g. in a browser). Bad files are reported as by [`WdlTables::open`].
    #[must_use]
    pub fn from_bytes(files: impl IntoIterator<Item = (String, TableBytes)>) -> WdlTables {
        let mut set = WdlTables::default();
        for (name, bytes) in files {
            set.add(PathBuf::from(name), bytes);
        }
        set
    }

    fn add(&mut self, name: PathBuf, bytes: TableBytes) {
        let id = self.tables.len() as u32;
        match WdlTable::new(name.clone(), bytes, id) {
            Ok(table)
                if name.file_name().and_then(|n| n.to_str())
                    == Some(wdl_file_name(table.material()).as_str()) =>
            {
                self.tables.insert(table.material(), table);
            }
            Ok(table) => self.problems.push(TbError::Foreign {
                path: name,
                what: format!(
                    "holds material {}, which does not match its name",
                    table.material()
                ),
            }),
            Err(error) => self.problems.push(error),
        }
    }

    /// The files that could not be used.
    #[must_use]
    pub fn problems(&self) -> &[TbError] {
        &self.problems
    }

    /// Takes the problems out (to report them as values; [`WdlTables::problems`] is then empty).
    pub fn take_problems(&mut self) -> Vec<TbError> {
        std::mem::take(&mut self.problems)
    }

    /// The materials present, sorted.
    #[must_use]
    pub fn materials(&self) -> Vec<Material> {
        let mut all: Vec<Material> = self.tables.keys().copied().collect();
        all.sort();
        all
    }

    /// The largest N such that every material with up to N pieces is present (0 if none).
    #[must_use]
    pub fn max_pieces(&self) -> u32 {
        (2..=super::material::MAX_TABLE_PIECES)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .filter(|m| m.pieces() == n)
                    .all(|m| self.tables.contains_key(m))
            })
            .last()
            .unwrap_or(0)
    }

    /// Bytes of the files held.
    #[must_use]
    pub fn stored_bytes(&self) -> u64 {
        self.tables.values().map(|t| t.bytes.len() as u64).sum()
    }

    /// Checks every block of every table.
    ///
    /// # Errors
    /// The first damaged block, naming its file.
    pub fn verify(&self) -> Result<(), TbError> {
        self.tables.values().try_for_each(WdlTable::verify)
    }

    /// The result of `position` for its side to move, if every table it needs is present and
    /// sound. A position with a capture is not stored: its captures (compulsory) are played out
    /// into smaller materials and the best of them taken. A side to move without pieces has
    /// lost; a position whose opponent has no pieces gives `None`.
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Wdl> {
        let white = if position.side_to_move() == Color::White {
            *position
        } else {
            position.flipped()
        };
        self.probe_white(&white)
    }

    fn probe_white(&self, position: &Position) -> Option<Wdl> {
        if position.pieces(Color::White).is_empty() {
            return Some(Wdl::Loss);
        }
        if position.pieces(Color::Black).is_empty() {
            return None;
        }
        if position.has_capture() {
            let mut best = Wdl::Loss;
            for mv in &position.legal_moves() {
                let child = position.play_unchecked(mv);
                let theirs = if child.pieces(Color::Black).is_empty() {
                    Wdl::Loss
                } else {
                    self.probe_white(&child.flipped())?
                };
                let ours = match theirs {
                    Wdl::Loss => Wdl::Win,
                    Wdl::Draw => Wdl::Draw,
                    Wdl::Win => Wdl::Loss,
                };
                best = best.max(ours);
                if best == Wdl::Win {
                    break;
                }
            }
            return Some(best);
        }
        let table = self.tables.get(&Material::of(position))?;
        from_code(table.code(table.indexer.index(position), &self.cache)?)
    }
}

/// Derives the WDL table of every trusted full table of `dir` (those `egtb status` calls
/// ready) into `out` (files written
/// atomically; a WDL file already there is replaced). Returns the materials written and the
/// bytes of their files.
///
/// # Errors
/// [`TbError::Io`] if `out` cannot be written; [`TbError::Damaged`] if a full table turns out
/// damaged while read.
pub fn derive_wdl_dir(
    dir: &Path,
    out: &Path,
    progress: &(dyn Fn(Material, u64) + Sync),
) -> Result<Vec<(Material, u64)>, TbError> {
    std::fs::create_dir_all(out).map_err(|source| TbError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let report = super::slices::status(dir, super::slices::largest_pieces(dir));
    let cache = Arc::new(BlockCache::new(4));
    let mut written = Vec::new();
    for status in &report.tables {
        if !matches!(status.state, super::slices::SliceState::Ready) {
            continue;
        }
        let material = status.material;
        let path = dir.join(material.file_name());
        let (table, _) = Table::open(&path, Arc::clone(&cache), 0)?;
        let table = table.loaded()?;
        let bytes = derive_wdl(&table)?;
        let target = out.join(wdl_file_name(material));
        crate::atomic_file::write_atomically(&target, &bytes).map_err(|source| TbError::Io {
            path: target.clone(),
            source,
        })?;
        progress(material, bytes.len() as u64);
        written.push((material, bytes.len() as u64));
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::tests::tables;

    /// The WDL tables derived in memory from the tables the tests build (up to 4 pieces).
    fn derived() -> WdlTables {
        let full = tables();
        WdlTables::from_bytes(full.materials().into_iter().map(|m| {
            let table = full.table(m).expect("table");
            (wdl_file_name(m), derive_wdl(table).expect("derives").into())
        }))
    }

    #[test]
    fn every_position_up_to_four_pieces_has_the_full_tables_result() {
        let full = tables();
        let wdl = derived();
        assert!(wdl.problems().is_empty(), "{:?}", wdl.problems());
        wdl.verify().expect("every block sound");
        let mut checked = 0u64;
        for material in full.materials() {
            let indexer = Indexer::new(material);
            for index in 0..indexer.size() {
                let Some(position) = indexer.position(index) else {
                    continue;
                };
                let expected = full.probe(&position).map(|e| e.wdl);
                assert_eq!(wdl.probe(&position), expected, "{}", position.to_fen());
                // And with Black to move (the flipped twin).
                let black = position.flipped();
                assert_eq!(wdl.probe(&black), expected, "{}", black.to_fen());
                checked += 1;
            }
        }
        assert!(checked > 1_000_000, "{checked}");
    }

    #[test]
    fn a_set_of_full_tables_answers_from_wdl_tables_where_it_has_no_full_table() {
        let full = tables();
        let only_wdl = crate::egtb::Tablebases::empty().with_wdl(derived());
        assert_eq!(only_wdl.wdl().map(WdlTables::max_pieces), Some(4));
        for fen in ["W:WK1,K2:B20", "B:W22,K30:B5,6", "W:W21,22:BK4"] {
            let position: Position = fen.parse().expect("fen");
            assert_eq!(only_wdl.probe(&position), None);
            assert_eq!(
                only_wdl.probe_wdl(&position),
                full.probe(&position).map(|e| e.wdl),
                "{fen}"
            );
        }
    }

    #[test]
    fn damaged_foreign_and_misnamed_wdl_files_are_never_used() {
        let full = tables();
        let material: Material = "KK-K".parse().expect("material");
        let good = derive_wdl(full.table(material).expect("KK-K")).expect("derives");
        let name = wdl_file_name(material);
        let mut flipped_block = good.clone();
        let last = flipped_block.len() - 2;
        flipped_block[last] ^= 0x40;
        let mut bad_magic = good.clone();
        bad_magic[0] = b'X';
        let set = WdlTables::from_bytes([
            (name.clone(), good[..good.len() - 1].to_vec().into()),
            (name.clone(), bad_magic.into()),
            ("K-KK.shwdl".to_string(), good.clone().into()),
        ]);
        assert_eq!(set.materials(), Vec::<Material>::new());
        let problems: Vec<String> = set.problems().iter().map(ToString::to_string).collect();
        assert!(problems[0].contains("partial"), "{problems:?}");
        assert!(problems[1].contains("magic"), "{problems:?}");
        assert!(
            problems[2].contains("does not match its name"),
            "{problems:?}"
        );
        // A damaged block is found by verify and gives no value, never a wrong one.
        let set = WdlTables::from_bytes([(name, flipped_block.into())]);
        assert!(set.verify().is_err());
        let indexer = Indexer::new(material);
        let last_position = (0..indexer.size())
            .rev()
            .find_map(|i| indexer.position(i).filter(|p| !p.has_capture()))
            .expect("a quiet position");
        assert_eq!(set.probe(&last_position), None);
    }
}
