//! One table (the positions of one material, White to move) and its file, a *slice* file.
//!
//! A table stores one entry per index slot of its material ([`Indexer`]): a distance in plies whose
//! parity says who wins (a win is an odd number of plies away, a loss an even number), a draw, or an
//! invalid slot. Entries are one byte when every distance fits, else two bytes (little-endian).
//!
//! In memory a table is either *loaded* (every entry decoded into one array: what the builder
//! uses for the tables its captures lead into) or *mapped* (the file's blocks, read on demand
//! through the [`BlockCache`]: what probing uses, so opening is instant and memory bounded). A
//! mapped table reads its file's bytes through [`TableBytes`] (`source.rs`): a memory-mapped
//! file, or the same bytes held in memory (the web); every check below applies to both.
//!
//! The blocks are zstd frames, coded by zstd's C library where there is an operating system and
//! by `ruzstd` (pure Rust, no C compiler) on the web: the same frames either way (the tests
//! decode every block of a built set with both).
//!
//! ## File layout (little-endian)
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic `SHSKEGTB` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`]) |
//! | 12 | 4 | material: White men, White kings, Black men, Black kings |
//! | 16 | 1 | piece count (must agree with the material) |
//! | 17 | 1 | entry width in bytes (1 or 2) |
//! | 18 | 1 | codec of the blocks: 0 stored, 1 zstd |
//! | 19 | 1 | reserved, zero |
//! | 20 | 4 | entries per block |
//! | 24 | 8 | entry count (must equal the material's index size) |
//! | 32 | 4 | block count |
//! | 36 | 4 | dependency count `d` |
//! | 40 | 8 | payload length in bytes (everything after the header) |
//! | 48 | 8 | payload checksum: of the block index, which holds every block's checksum |
//! | 56 | 16·`d` | dependencies: material (4 bytes), 4 zero bytes, that slice file's payload checksum |
//! | 56 + 16·`d` | 8 | header checksum, of every header byte before it |
//!
//! The payload is the block index, `blocks` records of (offset from the payload's start: 8
//! bytes, stored length: 4 bytes, 4 zero bytes, checksum of the stored bytes: 8 bytes), then the
//! blocks. Checksums are [`checksum`] (64-bit words, multiply and rotate).
//!
//! ## What is trusted
//! Opening a file checks the header (magic, version, header checksum, material, sizes), that the
//! file has exactly the promised length (a partial file never has) and the index's checksum; every
//! block is checked against its own checksum before it is decoded, so a damaged block gives no
//! entry (it is never read as a value). [`Table::verify`] checks every block at once (what
//! `egtb status` and `egtb build` do). The dependencies name the exact files a slice was built
//! from, so a slice whose inputs changed is *stale* and rebuilt. Files are written to a temporary
//! name, synced and renamed, so a killed build never leaves a half-written file under a real name.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::parallel::*;

use super::entry::{TbEntry, Wdl};
use super::error::TbError;
use super::material::{Indexer, MAX_TABLE_PIECES, Material};
use super::source::TableBytes;

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"SHSKEGTB";
/// The version of the file layout written by this code; other versions are refused.
pub const FORMAT_VERSION: u32 = 2;
/// Entries per block (a block of one-byte entries decodes to 16 KiB; measured against 4, 8 and
/// 32 Ki entries in [docs/TABLEBASES.md](crate::docs::tablebases)).
pub const BLOCK_ENTRIES: u32 = 1 << 14;
/// The codec new files are written with.
pub const CODEC: Codec = Codec::Zstd;
/// zstd's compression level for new files (measured in [docs/TABLEBASES.md](crate::docs::tablebases)).
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
const ZSTD_LEVEL: i32 = 3;
/// Size of the fixed part of the header in bytes.
const FIXED_HEADER_LEN: usize = 56;
/// Size of one dependency record.
const DEPENDENCY_LEN: usize = 16;
/// Size of one block-index record.
const INDEX_RECORD_LEN: usize = 24;

/// Stored value of a draw.
const DRAW_CODE: u16 = 0;
/// Largest distance a one-byte entry can hold (codes 1..=254 are distance + 1; 255 is invalid).
const MAX_NARROW_DISTANCE: u16 = 253;

/// A decoded slot: a position's value, or nothing for a slot that is not a position.
pub(crate) type Slot = Option<TbEntry>;

/// How the blocks of a file are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Codec {
    /// The entry bytes as they are.
    Stored,
    /// The entry bytes compressed with zstd, one frame per block.
    Zstd,
}

impl Codec {
    fn code(self) -> u8 {
        match self {
            Codec::Stored => 0,
            Codec::Zstd => 1,
        }
    }

    fn from_code(code: u8) -> Option<Codec> {
        match code {
            0 => Some(Codec::Stored),
            1 => Some(Codec::Zstd),
            _ => None,
        }
    }

    /// The stored form of a block of entry bytes.
    fn encode(self, raw: &[u8]) -> Vec<u8> {
        match self {
            Codec::Stored => raw.to_vec(),
            // Compressing a slice of memory into a fresh buffer does not fail; if zstd ever
            // refused, the block would be stored as it is, fail to decode and be reported as
            // damaged: never misread.
            #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
            Codec::Zstd => zstd::bulk::compress(raw, ZSTD_LEVEL).unwrap_or_else(|_| raw.to_vec()),
            // ruzstd's fastest level (zstd's level 1): its level 3 is not written yet.
            #[cfg(all(target_family = "wasm", target_os = "unknown"))]
            Codec::Zstd => {
                ruzstd::encoding::compress_to_vec(raw, ruzstd::encoding::CompressionLevel::Fastest)
            }
        }
    }

    /// The entry bytes of a stored block, `len` of them, or `None` if they do not decode to that.
    fn decode(self, stored: &[u8], len: usize, out: &mut Vec<u8>) -> Option<()> {
        out.clear();
        match self {
            Codec::Stored => out.extend_from_slice(stored),
            Codec::Zstd => {
                out.resize(len, 0);
                let written = zstd_decode(stored, &mut out[..])?;
                out.truncate(written);
            }
        }
        (out.len() == len).then_some(())
    }
}

/// Decodes the zstd frame `stored` into `out`; the number of bytes written, `None` if the frame
/// is bad or does not fit.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) fn zstd_decode(stored: &[u8], out: &mut [u8]) -> Option<usize> {
    zstd::bulk::decompress_to_buffer(stored, out).ok()
}

/// Decodes the zstd frame `stored` into `out` with ruzstd (pure Rust); the number of bytes
/// written, `None` if the frame is bad or does not fit.
#[cfg(any(all(target_family = "wasm", target_os = "unknown"), test))]
pub(crate) fn ruzstd_decode(stored: &[u8], out: &mut [u8]) -> Option<usize> {
    ruzstd::decoding::FrameDecoder::new()
        .decode_all(stored, out)
        .ok()
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use ruzstd_decode as zstd_decode;

/// The header of a slice file: what it holds and what it was built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceHeader {
    /// The material of the table.
    pub material: Material,
    /// Entry width in bytes (1 or 2).
    pub width: u8,
    /// How the blocks are stored.
    pub codec: Codec,
    /// Entries per block.
    pub block_entries: u32,
    /// Entries in the table.
    pub entries: u64,
    /// Blocks in the payload.
    pub blocks: u32,
    /// Bytes after the header.
    pub payload_len: u64,
    /// Checksum of the block index (which holds every block's checksum): the slice's identity.
    pub checksum: u64,
    /// The tables this one was built from, with the checksums of their files.
    pub dependencies: Vec<(Material, u64)>,
}

impl SliceHeader {
    /// Length of the encoded header.
    fn len(&self) -> usize {
        FIXED_HEADER_LEN + DEPENDENCY_LEN * self.dependencies.len() + 8
    }

    fn encode(&self) -> Vec<u8> {
        let m = self.material;
        let mut out = Vec::with_capacity(self.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&[m.men[0], m.kings[0], m.men[1], m.kings[1]]);
        out.extend_from_slice(&[m.pieces() as u8, self.width, self.codec.code(), 0]);
        out.extend_from_slice(&self.block_entries.to_le_bytes());
        out.extend_from_slice(&self.entries.to_le_bytes());
        out.extend_from_slice(&self.blocks.to_le_bytes());
        out.extend_from_slice(&(self.dependencies.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.payload_len.to_le_bytes());
        out.extend_from_slice(&self.checksum.to_le_bytes());
        for (d, sum) in &self.dependencies {
            out.extend_from_slice(&[d.men[0], d.kings[0], d.men[1], d.kings[1], 0, 0, 0, 0]);
            out.extend_from_slice(&sum.to_le_bytes());
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        debug_assert_eq!(out.len(), self.len());
        out
    }

    /// Reads and checks the header at the start of `bytes` (the file, or at least its header).
    /// `path` names the file in errors.
    ///
    /// # Errors
    /// [`TbError::Damaged`] for a short, foreign or inconsistent header,
    /// [`TbError::Foreign`] for another format version.
    pub fn decode(bytes: &[u8], path: &Path) -> Result<SliceHeader, TbError> {
        let damaged = |what: String| TbError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        if bytes.len() < FIXED_HEADER_LEN + 8 {
            return Err(damaged(format!(
                "{} bytes, shorter than a header (partial file?)",
                bytes.len()
            )));
        }
        if bytes[0..8] != MAGIC {
            return Err(TbError::Foreign {
                path: path.to_path_buf(),
                what: "not a shashki tablebase file (bad magic)".into(),
            });
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(TbError::Foreign {
                path: path.to_path_buf(),
                what: format!(
                    "format version {version}, this program reads version {FORMAT_VERSION}"
                ),
            });
        }
        let dependency_count = u32_at(36) as usize;
        if dependency_count > 256 {
            return Err(damaged(format!("{dependency_count} dependencies")));
        }
        let len = FIXED_HEADER_LEN + DEPENDENCY_LEN * dependency_count + 8;
        if bytes.len() < len {
            return Err(damaged(format!(
                "{} bytes, shorter than its {len}-byte header (partial file?)",
                bytes.len()
            )));
        }
        if checksum(&bytes[..len - 8]) != u64_at(len - 8) {
            return Err(damaged("header checksum mismatch".into()));
        }
        let material_at = |at: usize| Material {
            men: [bytes[at], bytes[at + 2]],
            kings: [bytes[at + 1], bytes[at + 3]],
        };
        let material = material_at(12);
        if !plausible(material) || u32::from(bytes[16]) != material.pieces() {
            return Err(damaged(format!("impossible material {material:?}")));
        }
        let width = bytes[17];
        if width != 1 && width != 2 {
            return Err(damaged(format!("entry width {width}, expected 1 or 2")));
        }
        let codec = Codec::from_code(bytes[18])
            .ok_or_else(|| damaged(format!("unknown block codec {}", bytes[18])))?;
        let block_entries = u32_at(20);
        let entries = u64_at(24);
        let blocks = u32_at(32);
        let expected_entries = Indexer::new(material).size();
        if entries != expected_entries {
            return Err(damaged(format!(
                "{entries} entries, material {material} needs {expected_entries}"
            )));
        }
        if block_entries == 0 || u64::from(blocks) != entries.div_ceil(u64::from(block_entries)) {
            return Err(damaged(format!(
                "{blocks} blocks of {block_entries} entries cannot hold {entries} entries"
            )));
        }
        let dependencies = (0..dependency_count)
            .map(|i| {
                let at = FIXED_HEADER_LEN + DEPENDENCY_LEN * i;
                (material_at(at), u64_at(at + 8))
            })
            .collect();
        Ok(SliceHeader {
            material,
            width,
            codec,
            block_entries,
            entries,
            blocks,
            payload_len: u64_at(40),
            checksum: u64_at(48),
            dependencies,
        })
    }
}

/// Whether a material read from a file can be a table's.
fn plausible(material: Material) -> bool {
    material.pieces_of(crate::rules::Color::White) > 0
        && material.pieces_of(crate::rules::Color::Black) > 0
        && material.pieces() <= MAX_TABLE_PIECES
        && material.men.iter().all(|&m| m <= 12)
}

/// A bounded cache of decoded blocks shared by the tables of one set: 4-way set
/// associative, the set chosen by a hash of (table, block), the least recently used block of the
/// set replaced on a miss. A lookup locks one set only, so search threads rarely wait for each
/// other; memory stays at `slots × block size`.
#[derive(Debug)]
pub struct BlockCache {
    sets: Box<[Mutex<CacheSet>]>,
}

/// Blocks per set of the [`BlockCache`].
const WAYS: usize = 4;

#[derive(Debug, Default)]
struct CacheSet {
    /// Uses so far, to tell the least recently used way.
    clock: u64,
    ways: [CachedBlock; WAYS],
}

#[derive(Debug, Default)]
struct CachedBlock {
    /// `table id << 32 | block`, or `u64::MAX` when empty.
    key: u64,
    /// The set's clock at the last use.
    used: u64,
    bytes: Vec<u8>,
}

impl BlockCache {
    /// Default number of blocks: with 16 KiB blocks, at most 32 MiB of decoded entries.
    pub const DEFAULT_SLOTS: usize = 2048;

    /// A cache of about `slots` blocks (at least one set).
    #[must_use]
    pub fn new(slots: usize) -> BlockCache {
        BlockCache {
            sets: (0..slots.div_ceil(WAYS).max(1))
                .map(|_| {
                    Mutex::new(CacheSet {
                        clock: 0,
                        ways: std::array::from_fn(|_| CachedBlock {
                            key: u64::MAX,
                            used: 0,
                            bytes: Vec::new(),
                        }),
                    })
                })
                .collect(),
        }
    }

    /// Calls `read` with the decoded block `key`, decoding it with `fill` on a miss. `None` if the
    /// block cannot be decoded (damaged).
    pub(crate) fn with_block<R>(
        &self,
        key: u64,
        fill: impl FnOnce(&mut Vec<u8>) -> Option<()>,
        read: impl FnOnce(&[u8]) -> R,
    ) -> Option<R> {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
        let set = &self.sets[(hash as usize) % self.sets.len()];
        let mut set = set.lock().unwrap_or_else(PoisonError::into_inner);
        set.clock += 1;
        let clock = set.clock;
        let way = match set.ways.iter().position(|w| w.key == key) {
            Some(way) => way,
            None => {
                let way = (0..WAYS).min_by_key(|&w| set.ways[w].used).unwrap_or(0);
                let cached = &mut set.ways[way];
                cached.key = u64::MAX;
                fill(&mut cached.bytes)?;
                cached.key = key;
                way
            }
        };
        let cached = &mut set.ways[way];
        cached.used = clock;
        Some(read(&cached.bytes))
    }
}

impl Default for BlockCache {
    fn default() -> BlockCache {
        BlockCache::new(BlockCache::DEFAULT_SLOTS)
    }
}

/// Where a table's entries are.
#[derive(Clone, Debug)]
enum Store {
    /// Every entry, decoded.
    Loaded(Vec<u8>),
    /// The file's blocks, decoded on demand.
    Mapped(Mapped),
}

/// A slice file's bytes and what is needed to decode its blocks.
#[derive(Clone, Debug)]
struct Mapped {
    path: PathBuf,
    bytes: TableBytes,
    /// Offset of the payload in `bytes`.
    payload: usize,
    codec: Codec,
    block_entries: u32,
    cache: Arc<BlockCache>,
    /// This table's number in the cache's keys.
    id: u32,
}

/// One record of the block index.
#[derive(Clone, Copy, Debug)]
struct BlockRecord {
    offset: u64,
    len: u32,
    checksum: u64,
}

impl Mapped {
    fn record(&self, block: u32) -> BlockRecord {
        let at = self.payload + INDEX_RECORD_LEN * block as usize;
        let r = &self.bytes.as_slice()[at..at + INDEX_RECORD_LEN];
        BlockRecord {
            offset: u64::from_le_bytes(r[0..8].try_into().unwrap_or([0; 8])),
            len: u32::from_le_bytes(r[8..12].try_into().unwrap_or([0; 4])),
            checksum: u64::from_le_bytes(r[16..24].try_into().unwrap_or([0; 8])),
        }
    }

    /// The stored bytes of `block` if they match their checksum.
    fn stored(&self, block: u32) -> Option<&[u8]> {
        let record = self.record(block);
        let start = self
            .payload
            .checked_add(usize::try_from(record.offset).ok()?)?;
        let bytes = self
            .bytes
            .as_slice()
            .get(start..start.checked_add(record.len as usize)?)?;
        (checksum(bytes) == record.checksum).then_some(bytes)
    }

    /// Decodes `block` (of `len` entry bytes) into `out`.
    fn decode(&self, block: u32, len: usize, out: &mut Vec<u8>) -> Option<()> {
        self.codec.decode(self.stored(block)?, len, out)
    }
}

/// The values of every position of one material, White to move.
#[derive(Clone, Debug)]
pub struct Table {
    indexer: Indexer,
    width: u8,
    store: Store,
    /// The checksum of the file this table was read from or written to.
    checksum: Option<u64>,
}

impl Table {
    /// Encodes `slots` (one per index slot of `material`, read twice: for the widest distance,
    /// then to encode) compactly.
    pub(crate) fn from_slots(
        material: Material,
        slots: impl Iterator<Item = Slot> + Clone,
    ) -> Table {
        let indexer = Indexer::new(material);
        let max_distance = slots
            .clone()
            .filter_map(|s| s.map(|e| e.distance))
            .max()
            .unwrap_or(0);
        let width = if max_distance <= MAX_NARROW_DISTANCE {
            1
        } else {
            2
        };
        let mut data = Vec::with_capacity(indexer.size() as usize * usize::from(width));
        for slot in slots {
            let code = encode_slot(slot, width);
            if width == 1 {
                data.push(code as u8);
            } else {
                data.extend_from_slice(&code.to_le_bytes());
            }
        }
        debug_assert_eq!(data.len() as u64, indexer.size() * u64::from(width));
        Table {
            indexer,
            width,
            store: Store::Loaded(data),
            checksum: None,
        }
    }

    /// The material of this table.
    #[must_use]
    pub fn material(&self) -> Material {
        self.indexer.material()
    }

    /// The indexer of this table.
    #[must_use]
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// Number of slots.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.indexer.size()
    }

    /// Size of the decoded entries in bytes.
    #[must_use]
    pub fn byte_size(&self) -> u64 {
        self.len() * u64::from(self.width)
    }

    /// Bytes this table occupies: the decoded entries, or the file it is mapped from.
    #[must_use]
    pub fn stored_size(&self) -> u64 {
        match &self.store {
            Store::Loaded(data) => data.len() as u64,
            Store::Mapped(mapped) => mapped.bytes.len() as u64,
        }
    }

    /// The checksum of this table's file (its identity in the dependencies of other slices), if
    /// it was read from or written to a file.
    #[must_use]
    pub fn checksum(&self) -> Option<u64> {
        self.checksum
    }

    /// The entry at `index`: `None` for an invalid slot, an index out of range, or a block of the
    /// file that is damaged.
    #[must_use]
    #[inline]
    pub fn get(&self, index: u64) -> Slot {
        if index >= self.len() {
            return None;
        }
        let code = match &self.store {
            Store::Loaded(data) => read_code(data, index as usize, self.width)?,
            Store::Mapped(mapped) => {
                let block = (index / u64::from(mapped.block_entries)) as u32;
                let within = (index % u64::from(mapped.block_entries)) as usize;
                let len = self.block_len(block, mapped.block_entries);
                let key = (u64::from(mapped.id) << 32) | u64::from(block);
                mapped.cache.with_block(
                    key,
                    |out| mapped.decode(block, len, out),
                    |bytes| read_code(bytes, within, self.width),
                )??
            }
        };
        decode_code(code, self.width)
    }

    /// Decoded bytes of `block`.
    fn block_len(&self, block: u32, block_entries: u32) -> usize {
        let first = u64::from(block) * u64::from(block_entries);
        (self.len() - first).min(u64::from(block_entries)) as usize * usize::from(self.width)
    }

    /// Writes the table into `dir` atomically ([`crate::atomic_file::write_atomically`]), recording the
    /// `dependencies` it was built from (materials and their files' checksums). Returns the
    /// file's checksum, which this table then carries too.
    ///
    /// # Errors
    /// [`TbError::Io`] if the directory cannot be written; [`TbError::NotLoaded`] for a table
    /// that is mapped from a file rather than loaded.
    pub fn write(&mut self, dir: &Path, dependencies: &[(Material, u64)]) -> Result<u64, TbError> {
        let material = self.material();
        let path = dir.join(material.file_name());
        let Store::Loaded(data) = &self.store else {
            return Err(TbError::NotLoaded(material));
        };
        let bytes = encode_file(material, self.width, data, CODEC, dependencies);
        let sum = SliceHeader::decode(&bytes, &path)?.checksum;
        crate::atomic_file::write_atomically(&path, &bytes).map_err(|source| TbError::Io {
            path: path.clone(),
            source,
        })?;
        self.checksum = Some(sum);
        Ok(sum)
    }

    /// Opens a slice file for probing (mapped, or read whole where there is no memory map):
    /// [`Table::from_bytes`] with the file's bytes.
    ///
    /// # Errors
    /// A [`TbError`] naming the file and the check that failed.
    pub fn open(
        path: &Path,
        cache: Arc<BlockCache>,
        id: u32,
    ) -> Result<(Table, SliceHeader), TbError> {
        let bytes = TableBytes::open_file(path).map_err(|source| TbError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Table::from_bytes(bytes, path, cache, id)
    }

    /// A table for probing from the bytes of a slice file: checks its header, its length and
    /// its block index (not yet every block: each is checked when first decoded, and
    /// [`Table::verify`] checks all). `path` is the file's name (`KKM-K.shtb`, which must
    /// match the material inside) and names it in errors. `cache` holds its decoded blocks;
    /// `id` tells its blocks from other tables' in the cache.
    ///
    /// # Errors
    /// A [`TbError`] naming the file and the check that failed.
    pub fn from_bytes(
        bytes: TableBytes,
        path: &Path,
        cache: Arc<BlockCache>,
        id: u32,
    ) -> Result<(Table, SliceHeader), TbError> {
        let header = check_file(bytes.as_slice(), path)?;
        let table = Table {
            indexer: Indexer::new(header.material),
            width: header.width,
            store: Store::Mapped(Mapped {
                path: path.to_path_buf(),
                payload: header.len(),
                codec: header.codec,
                block_entries: header.block_entries,
                bytes,
                cache,
                id,
            }),
            checksum: Some(header.checksum),
        };
        Ok((table, header))
    }

    /// Checks every block of a mapped table against its checksum and that it decodes to the
    /// right length (a loaded table has nothing to check).
    ///
    /// # Errors
    /// [`TbError::Damaged`] naming the file and the first bad block.
    pub fn verify(&self) -> Result<(), TbError> {
        let Store::Mapped(mapped) = &self.store else {
            return Ok(());
        };
        let mut out = Vec::new();
        for block in 0..self.len().div_ceil(u64::from(mapped.block_entries)) as u32 {
            let len = self.block_len(block, mapped.block_entries);
            if mapped.decode(block, len, &mut out).is_none() {
                return Err(TbError::Damaged {
                    path: mapped.path.clone(),
                    what: format!("block {block} fails its checksum or does not decode"),
                });
            }
        }
        Ok(())
    }

    /// The same table with every entry decoded into memory (what the builder needs of the tables
    /// its captures lead into). Checks every block on the way.
    ///
    /// # Errors
    /// [`TbError::Damaged`] if a block is damaged.
    pub fn loaded(self) -> Result<Table, TbError> {
        let Store::Mapped(mapped) = &self.store else {
            return Ok(self);
        };
        let blocks = self.len().div_ceil(u64::from(mapped.block_entries)) as u32;
        let mut data = Vec::with_capacity(self.byte_size() as usize);
        let mut out = Vec::new();
        for block in 0..blocks {
            let len = self.block_len(block, mapped.block_entries);
            mapped
                .decode(block, len, &mut out)
                .ok_or_else(|| TbError::Damaged {
                    path: mapped.path.clone(),
                    what: format!("block {block} fails its checksum or does not decode"),
                })?;
            data.extend_from_slice(&out);
        }
        Ok(Table {
            indexer: self.indexer,
            width: self.width,
            store: Store::Loaded(data),
            checksum: self.checksum,
        })
    }
}

/// The stored code of a slot for entries `width` bytes wide.
fn encode_slot(slot: Slot, width: u8) -> u16 {
    match slot {
        None if width == 1 => 0xFF,
        None => 0xFFFF,
        Some(TbEntry { wdl: Wdl::Draw, .. }) => DRAW_CODE,
        Some(entry) => entry.distance + 1,
    }
}

/// The code of entry `i` of `data`, `None` if out of range.
#[inline]
fn read_code(data: &[u8], i: usize, width: u8) -> Option<u16> {
    if width == 1 {
        data.get(i).map(|&b| u16::from(b))
    } else {
        let bytes = data.get(2 * i..2 * i + 2)?;
        Some(u16::from_le_bytes([bytes[0], bytes[1]]))
    }
}

/// The slot a stored code means.
#[inline]
fn decode_code(code: u16, width: u8) -> Slot {
    let invalid = if width == 1 { 0xFF } else { 0xFFFF };
    if code == invalid {
        None
    } else if code == DRAW_CODE {
        Some(TbEntry {
            wdl: Wdl::Draw,
            distance: 0,
        })
    } else {
        Some(TbEntry::decided(code - 1))
    }
}

/// The bytes of a slice file holding `data` (decoded entries, `width` bytes each).
fn encode_file(
    material: Material,
    width: u8,
    data: &[u8],
    codec: Codec,
    dependencies: &[(Material, u64)],
) -> Vec<u8> {
    let block_bytes = BLOCK_ENTRIES as usize * usize::from(width);
    let stored: Vec<Vec<u8>> = data
        .par_chunks(block_bytes)
        .map(|b| codec.encode(b))
        .collect();
    let mut index = Vec::with_capacity(stored.len() * INDEX_RECORD_LEN);
    let mut offset = (stored.len() * INDEX_RECORD_LEN) as u64;
    for block in &stored {
        index.extend_from_slice(&offset.to_le_bytes());
        index.extend_from_slice(&(block.len() as u32).to_le_bytes());
        index.extend_from_slice(&[0; 4]);
        index.extend_from_slice(&checksum(block).to_le_bytes());
        offset += block.len() as u64;
    }
    let header = SliceHeader {
        material,
        width,
        codec,
        block_entries: BLOCK_ENTRIES,
        entries: Indexer::new(material).size(),
        blocks: stored.len() as u32,
        payload_len: offset,
        checksum: checksum(&index),
        dependencies: dependencies.to_vec(),
    };
    let mut out = header.encode();
    out.reserve(offset as usize);
    out.extend_from_slice(&index);
    for block in &stored {
        out.extend_from_slice(block);
    }
    out
}

/// Checks a whole file's header, length and block index (not the blocks); returns the header.
fn check_file(bytes: &[u8], path: &Path) -> Result<SliceHeader, TbError> {
    let header = SliceHeader::decode(bytes, path)?;
    let damaged = |what: String| TbError::Damaged {
        path: path.to_path_buf(),
        what,
    };
    let expected = header.len() as u64 + header.payload_len;
    if bytes.len() as u64 != expected {
        return Err(damaged(format!(
            "{} bytes, the header promises {expected} (partial file?)",
            bytes.len()
        )));
    }
    let index_len = header.blocks as usize * INDEX_RECORD_LEN;
    let index = bytes
        .get(header.len()..header.len() + index_len)
        .ok_or_else(|| damaged("block index cut short".into()))?;
    if checksum(index) != header.checksum {
        return Err(damaged("block index checksum mismatch".into()));
    }
    let name = header.material.file_name();
    if path.file_name().and_then(|n| n.to_str()) != Some(name.as_str()) {
        return Err(TbError::Foreign {
            path: path.to_path_buf(),
            what: format!(
                "holds material {}, which does not match its name",
                header.material
            ),
        });
    }
    Ok(header)
}

/// A 64-bit checksum of `bytes`: each little-endian 64-bit word (the tail zero-padded, then the
/// length) is mixed in by xor, a multiplication by an odd constant and a rotation, so a change
/// anywhere reaches every bit. Catches truncation and bit flips at memory speed; not
/// cryptographic.
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    const SEED: u64 = 0xcbf2_9ce4_8422_2325;
    const FACTOR: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |hash: u64, word: u64| (hash ^ word).wrapping_mul(FACTOR).rotate_left(29);
    let mut chunks = bytes.chunks_exact(8);
    let mut hash = SEED;
    for chunk in &mut chunks {
        hash = mix(hash, u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = mix(hash, u64::from_le_bytes(tail));
    mix(hash, bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_recent_blocks_and_replaces_the_least_recently_used() {
        let cache = BlockCache::new(WAYS); // one set
        let fills = std::cell::Cell::new(0);
        let get = |key: u64| {
            cache.with_block(
                key,
                |out| {
                    fills.set(fills.get() + 1);
                    out.clear();
                    out.push(key as u8);
                    Some(())
                },
                |bytes| bytes[0],
            )
        };
        for key in 0..WAYS as u64 {
            assert_eq!(get(key), Some(key as u8));
        }
        assert_eq!(fills.get(), WAYS);
        assert_eq!(get(0), Some(0)); // a hit, and now the most recent
        assert_eq!(fills.get(), WAYS);
        assert_eq!(get(99), Some(99)); // replaces key 1, the least recent
        assert_eq!(get(0), Some(0));
        assert_eq!(fills.get(), WAYS + 1);
        assert_eq!(get(1), Some(1));
        assert_eq!(fills.get(), WAYS + 2);
        // A block that does not decode is not cached and gives nothing.
        assert_eq!(cache.with_block(7, |_| None, |b| b.len()), None);
        assert_eq!(get(7), Some(7));
    }

    /// The web's decoder (ruzstd) reads every block zstd's C library writes, byte for byte.
    #[test]
    fn ruzstd_decodes_every_block_as_written() {
        let tables = crate::egtb::tests::tables();
        let mut blocks = 0;
        for material in tables.materials() {
            let Store::Loaded(data) = &tables.table(material).unwrap().store else {
                panic!("{material} is built, so loaded");
            };
            let width = tables.table(material).unwrap().width;
            let bytes = encode_file(material, width, data, Codec::Zstd, &[]);
            let path = PathBuf::from(material.file_name());
            let (table, _) =
                Table::from_bytes(bytes.into(), &path, Arc::new(BlockCache::new(WAYS)), 0)
                    .expect("a table just written");
            let Store::Mapped(mapped) = &table.store else {
                panic!("{material} is read from bytes, so mapped");
            };
            let block_bytes = BLOCK_ENTRIES as usize * usize::from(width);
            for (block, raw) in data.chunks(block_bytes).enumerate() {
                let stored = mapped.stored(block as u32).expect("checksum");
                let mut out = vec![0; raw.len()];
                assert_eq!(ruzstd_decode(stored, &mut out), Some(raw.len()));
                assert_eq!(out, raw, "{material} block {block}");
                blocks += 1;
            }
            // A damaged frame gives nothing, never a panic.
            let mut out = vec![0; block_bytes];
            assert_eq!(
                ruzstd_decode(&[0x28, 0xB5, 0x2F, 0xFD, 1, 2, 3], &mut out),
                None
            );
        }
        assert!(blocks > 10, "{blocks} blocks");
    }

    #[test]
    fn checksums_see_every_bit_and_the_length() {
        let base = vec![0u8; 64];
        let sum = checksum(&base);
        for bit in 0..64 * 8 {
            let mut changed = base.clone();
            changed[bit / 8] ^= 1 << (bit % 8);
            assert_ne!(checksum(&changed), sum, "bit {bit}");
        }
        assert_ne!(checksum(&base[..63]), sum);
        // Two flips of the top bit of two words do not cancel.
        let mut twice = base.clone();
        twice[7] ^= 0x80;
        twice[15] ^= 0x80;
        assert_ne!(checksum(&twice), sum);
    }
}
