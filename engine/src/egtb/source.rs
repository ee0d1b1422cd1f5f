//! The bytes of one table file, wherever they come from: a memory-mapped file, or bytes already
//! in memory (downloaded by a web page, embedded with `include_bytes!`, read whole).
//!
//! A table reads its header, block index and blocks through [`TableBytes`] only, so every check
//! of `table.rs` applies the same way to each source. Mapping is what a directory of files gets
//! where there is an operating system (opening is instant, the system pages the blocks in);
//! on the web (`wasm32-unknown-unknown`) there is no memory map and no file system, so the page
//! hands the bytes over ([`Tablebases::from_bytes`](super::Tablebases::from_bytes)). Cloning is
//! cheap: the bytes are shared, never copied.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// The bytes of one table file, shared and read-only.
#[derive(Clone)]
pub struct TableBytes {
    bytes: Arc<dyn AsRef<[u8]> + Send + Sync>,
    /// What the bytes are, for `Debug`.
    origin: Origin,
}

/// Where the bytes of a [`TableBytes`] live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    /// A memory-mapped file.
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    Mapped,
    /// Bytes owned in memory.
    Memory,
    /// Bytes that live as long as the program (`include_bytes!`).
    Static,
}

impl TableBytes {
    /// The bytes.
    #[must_use]
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        (*self.bytes).as_ref()
    }

    /// The number of bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether there are no bytes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of the file at `path`: memory-mapped where there is an operating system, read
    /// whole where there is no memory map (the web, where reading a file fails with the
    /// system's error).
    ///
    /// # Errors
    /// The file cannot be opened, mapped or read.
    pub(crate) fn open_file(path: &Path) -> std::io::Result<TableBytes> {
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        {
            let file = std::fs::File::open(path)?;
            // SAFETY: the map is only read, through bounds-checked slices. Its contents could
            // change under us only if another program wrote into this very file: shashki never
            // does (new files are written under a temporary name and renamed over the old one,
            // which leaves this mapping on the old file), and whatever the bytes are, every
            // block is checked against its checksum before it is decoded. A file cut short by
            // another program while mapped would fault on access: the documented cost of
            // mapping (memmap2).
            #[allow(unsafe_code)]
            let map = unsafe { memmap2::Mmap::map(&file) }?;
            Ok(TableBytes {
                bytes: Arc::new(map),
                origin: Origin::Mapped,
            })
        }
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        {
            std::fs::read(path).map(TableBytes::from)
        }
    }
}

impl From<Vec<u8>> for TableBytes {
    fn from(bytes: Vec<u8>) -> TableBytes {
        TableBytes {
            bytes: Arc::new(bytes),
            origin: Origin::Memory,
        }
    }
}

impl From<Arc<[u8]>> for TableBytes {
    fn from(bytes: Arc<[u8]>) -> TableBytes {
        TableBytes {
            bytes: Arc::new(bytes),
            origin: Origin::Memory,
        }
    }
}

impl From<&'static [u8]> for TableBytes {
    fn from(bytes: &'static [u8]) -> TableBytes {
        TableBytes {
            bytes: Arc::new(bytes),
            origin: Origin::Static,
        }
    }
}

impl fmt::Debug for TableBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TableBytes")
            .field("origin", &self.origin)
            .field("len", &self.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_gives_its_bytes_and_clones_share_them() {
        let owned = TableBytes::from(vec![1u8, 2, 3]);
        let shared = TableBytes::from(Arc::<[u8]>::from(&[1u8, 2, 3][..]));
        let fixed = TableBytes::from(&b"\x01\x02\x03"[..]);
        for bytes in [&owned, &shared, &fixed] {
            assert_eq!(bytes.as_slice(), &[1, 2, 3]);
            assert_eq!(bytes.len(), 3);
            assert!(!bytes.is_empty());
        }
        let clone = owned.clone();
        assert!(std::ptr::eq(clone.as_slice(), owned.as_slice()));
        assert_eq!(
            format!("{fixed:?}"),
            "TableBytes { origin: Static, len: 3 }"
        );
    }

    #[test]
    fn a_missing_file_is_the_systems_error() {
        let error = TableBytes::open_file(Path::new("/nonexistent/KK-K.shtb")).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
    }
}
