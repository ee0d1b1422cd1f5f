//! One table in memory and its binary file.
//!
//! A table stores one entry per index slot of its material ([`Indexer`]): a distance in plies whose
//! parity says who wins (a win is an odd number of plies away, a loss an even number), a draw, or an
//! invalid slot. Entries are one byte when every distance fits, else two bytes (little-endian).
//!
//! File layout (little-endian), 40-byte header then the entries:
//!
//! | offset | size | field |
//! |---:|---:|---|
//! | 0 | 8 | magic `SHSKEGTB` |
//! | 8 | 4 | format version ([`FORMAT_VERSION`]) |
//! | 12 | 4 | material: White men, White kings, Black men, Black kings |
//! | 16 | 1 | entry width in bytes (1 or 2) |
//! | 17 | 7 | reserved, zero |
//! | 24 | 8 | entry count (must equal the material's index size) |
//! | 32 | 8 | FNV-1a 64 checksum of the entry bytes |
//!
//! Files are written to a temporary name and renamed, so a crash never leaves a half-written table
//! under its real name; a file that fails any check is reported by [`Table::read`] and never used.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::material::{Indexer, Material};
use super::{TbEntry, TbError, Wdl};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"SHSKEGTB";
/// The version of the file layout written by this code; other versions are refused.
pub const FORMAT_VERSION: u32 = 1;
/// The file-name extension of table files.
pub const EXTENSION: &str = "shtb";
/// Size of the header in bytes.
const HEADER_LEN: usize = 40;

/// Stored value of a draw.
const DRAW_CODE: u16 = 0;
/// Largest distance a one-byte entry can hold (codes 1..=254 are distance + 1; 255 is invalid).
const MAX_NARROW_DISTANCE: u16 = 253;

/// A decoded slot: a position's value, or nothing for a slot that is not a position.
pub(crate) type Slot = Option<TbEntry>;

/// The values of every position of one material, White to move.
#[derive(Clone, Debug)]
pub struct Table {
    indexer: Indexer,
    width: u8,
    data: Vec<u8>,
}

impl Table {
    /// Encodes `slots` (one per index slot of `material`) compactly.
    pub(crate) fn from_slots(material: Material, slots: &[Slot]) -> Table {
        let indexer = Indexer::new(material);
        debug_assert_eq!(slots.len() as u64, indexer.size());
        let max_distance = slots
            .iter()
            .filter_map(|s| s.map(|e| e.distance))
            .max()
            .unwrap_or(0);
        let width = if max_distance <= MAX_NARROW_DISTANCE {
            1
        } else {
            2
        };
        let invalid = if width == 1 { 0xFF } else { 0xFFFF };
        let mut data = Vec::with_capacity(slots.len() * usize::from(width));
        for slot in slots {
            let code: u16 = match slot {
                None => invalid,
                Some(TbEntry { wdl: Wdl::Draw, .. }) => DRAW_CODE,
                Some(entry) => entry.distance + 1,
            };
            if width == 1 {
                data.push(code as u8);
            } else {
                data.extend_from_slice(&code.to_le_bytes());
            }
        }
        Table {
            indexer,
            width,
            data,
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
        (self.data.len() / usize::from(self.width)) as u64
    }

    /// Whether the table has no slots (never for a real material).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Size of the entries in bytes.
    #[must_use]
    pub fn byte_size(&self) -> usize {
        self.data.len()
    }

    /// The entry at `index`: `None` for an invalid slot or an index out of range.
    #[must_use]
    #[inline]
    pub fn get(&self, index: u64) -> Slot {
        let i = usize::try_from(index).ok()?;
        let code = if self.width == 1 {
            let code = u16::from(*self.data.get(i)?);
            if code == 0xFF {
                return None;
            }
            code
        } else {
            let bytes = self.data.get(2 * i..2 * i + 2)?;
            let code = u16::from_le_bytes([bytes[0], bytes[1]]);
            if code == 0xFFFF {
                return None;
            }
            code
        };
        Some(if code == DRAW_CODE {
            TbEntry {
                wdl: Wdl::Draw,
                distance: 0,
            }
        } else {
            TbEntry::decided(code - 1)
        })
    }

    /// The file name of `material`'s table.
    #[must_use]
    pub fn file_name(material: Material) -> String {
        format!("{material}.{EXTENSION}")
    }

    /// Writes the table into `dir` atomically (temporary file, then rename).
    ///
    /// # Errors
    /// [`TbError::Io`] if the directory cannot be written.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, TbError> {
        let path = dir.join(Self::file_name(self.material()));
        let temp = dir.join(format!("{}.tmp", Self::file_name(self.material())));
        let io = |source| TbError::Io {
            path: temp.clone(),
            source,
        };
        let material = self.material();
        let mut header = Vec::with_capacity(HEADER_LEN);
        header.extend_from_slice(&MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&[
            material.men[0],
            material.kings[0],
            material.men[1],
            material.kings[1],
        ]);
        header.push(self.width);
        header.extend_from_slice(&[0; 7]);
        header.extend_from_slice(&self.len().to_le_bytes());
        header.extend_from_slice(&checksum(&self.data).to_le_bytes());
        debug_assert_eq!(header.len(), HEADER_LEN);
        let mut file = fs::File::create(&temp).map_err(io)?;
        file.write_all(&header).map_err(io)?;
        file.write_all(&self.data).map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        fs::rename(&temp, &path).map_err(|source| TbError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }

    /// Reads and checks a table file: magic, version, material, entry width, length and checksum.
    ///
    /// # Errors
    /// A [`TbError`] naming the file and the check that failed.
    pub fn read(path: &Path) -> Result<Table, TbError> {
        let bytes = fs::read(path).map_err(|source| TbError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let damaged = |what: String| TbError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        if bytes.len() < HEADER_LEN {
            return Err(damaged(format!(
                "{} bytes, shorter than the {HEADER_LEN}-byte header",
                bytes.len()
            )));
        }
        if bytes[0..8] != MAGIC {
            return Err(damaged("not a shashki tablebase file (bad magic)".into()));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(damaged(format!(
                "format version {version}, this program reads version {FORMAT_VERSION}"
            )));
        }
        let material = Material {
            men: [bytes[12], bytes[14]],
            kings: [bytes[13], bytes[15]],
        };
        if material.pieces_of(crate::rules::Color::White) == 0
            || material.pieces_of(crate::rules::Color::Black) == 0
            || material.pieces() > super::material::MAX_TABLE_PIECES
            || material.men.iter().any(|&m| m > 12)
        {
            return Err(damaged(format!("impossible material {material:?}")));
        }
        let width = bytes[16];
        if width != 1 && width != 2 {
            return Err(damaged(format!("entry width {width}, expected 1 or 2")));
        }
        let indexer = Indexer::new(material);
        let count = u64_at(24);
        if count != indexer.size() {
            return Err(damaged(format!(
                "{count} entries, material {material} needs {}",
                indexer.size()
            )));
        }
        let data = &bytes[HEADER_LEN..];
        if data.len() as u64 != count * u64::from(width) {
            return Err(damaged(format!(
                "{} entry bytes, header promises {}",
                data.len(),
                count * u64::from(width)
            )));
        }
        if checksum(data) != u64_at(32) {
            return Err(damaged("checksum mismatch".into()));
        }
        if path.file_name().and_then(|n| n.to_str()) != Some(Self::file_name(material).as_str()) {
            return Err(damaged(format!(
                "holds material {material}, which does not match its name"
            )));
        }
        Ok(Table {
            indexer,
            width,
            data: data.to_vec(),
        })
    }
}

/// FNV-1a, 64 bits: a cheap checksum that catches truncation and bit flips.
#[must_use]
pub fn checksum(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(PRIME)
    })
}
