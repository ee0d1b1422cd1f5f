//! Writing an output file so that a reader (or a crash) never sees half of it: the text goes to a
//! temporary file next to the target, is flushed to disk, and replaces the target by a rename.
//! `analyse-game` and `tune` write their results through it.

use std::io::Write;
use std::path::Path;

use crate::CliError;

/// Writes `text` to `path` atomically: a temporary file in the same directory, synced, then
/// renamed over `path`. On failure the temporary file is removed and `path` is left as it was.
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
    let directory = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = directory.join(format!(".{name}.{}.tmp", std::process::id()));
    let fail = |e: std::io::Error| {
        // A full disk leaves no half-written temporary file behind.
        let _ = std::fs::remove_file(&temporary);
        CliError::failure(format!("writing {}: {e}", path.display()))
    };
    let mut file = std::fs::File::create(&temporary).map_err(fail)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}
