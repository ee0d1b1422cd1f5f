//! The CLI's outputs are written atomically: a temporary file beside the target (`tempfile`),
//! written, synced, then renamed over it, so a failed write leaves what the user had. Errors
//! become the program's [`CliError`], naming the file.

use std::io::Write;
use std::path::Path;

use crate::cli_error::CliError;

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
    let fail = |e: std::io::Error| CliError::failure(format!("writing {}: {e}", path.display()));
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.as_file().sync_all().map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}
