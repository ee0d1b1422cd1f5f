//! What can go wrong with tablebase files and builds ([`TbError`]): every error about a file
//! names it. The tables (`table.rs`), their scan (`slices.rs`), the builder and the set of
//! tables all report through it; it knows only the materials (`material.rs`) it names.

use std::path::PathBuf;

use super::material::{self, Material};

/// What can go wrong with tablebase files and builds. Every error about a file names it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TbError {
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A file failed a check (header, length, checksum) and is not used: damaged or partial.
    #[error("{path}: damaged tablebase file, not used: {what}")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Which check failed.
        what: String,
    },
    /// A file that is not a slice of this format for its name: another program's file, another
    /// format version, or another material than its name says. Not used.
    #[error("{path}: not a tablebase file of this format, not used: {what}")]
    Foreign {
        /// The file.
        path: PathBuf,
        /// What gives it away.
        what: String,
    },
    /// A file built from other inputs than the files now beside it (one of them was rebuilt or
    /// replaced): it cannot be trusted to agree with them and is rebuilt.
    #[error("{path}: built from another {dependency} than the one present, not used")]
    Stale {
        /// The file.
        path: PathBuf,
        /// The input that changed or is missing.
        dependency: Material,
    },
    /// More pieces than the index supports.
    #[error("tablebases with {0} pieces are not supported (at most {max})", max = material::MAX_TABLE_PIECES)]
    TooManyPieces(u32),
    /// A build needed a smaller table that is not there.
    #[error("table {0} is needed but missing")]
    MissingTable(Material),
    /// A slice was asked for whose inputs are not finished.
    #[error(
        "slice {slice} needs {dependency}, which is not finished in {dir} ({cause}): build it first (`shashki egtb plan` gives the order)"
    )]
    MissingDependency {
        /// The slice asked for.
        slice: Material,
        /// The input that is missing or damaged.
        dependency: Material,
        /// The directory.
        dir: PathBuf,
        /// Why the input cannot be used.
        cause: Box<TbError>,
    },
    /// A table mapped from a file was asked to be written (only built tables are written).
    #[error("table {0} is mapped from a file, not built in memory: nothing to write")]
    NotLoaded(Material),
}
