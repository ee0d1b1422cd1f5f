//! The CLI's outputs are written atomically through the library's
//! [`shashki::write_atomically`] (temporary file, sync, rename); this adapts its error to the
//! program's [`CliError`], naming the file.

use std::path::Path;

use crate::CliError;

/// Writes `text` to `path` atomically; on failure `path` is left as it was.
///
/// # Errors
/// The temporary file cannot be created, written or renamed (the message names `path`).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    write_bytes_atomically(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically (see [`write_atomically`]).
///
/// # Errors
/// The temporary file cannot be created, written or renamed (the message names `path`).
pub fn write_bytes_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    shashki::write_atomically(path, bytes)
        .map_err(|e| CliError::failure(format!("writing {}: {e}", path.display())))
}
