//! The CLI's outputs are written atomically, by the library's [`shashki::write_atomically`] (a
//! temporary file beside the target, synced, given the old file's permissions, renamed over it),
//! so a failed write leaves what the user had. Here its errors become the program's
//! [`CliError`], naming the file. A command that works long before it
//! writes checks first that the write can succeed ([`check_writable`]).

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
    shashki::write_atomically(path, bytes)
        .map_err(|e| CliError::failure(format!("writing {}: {e}", path.display())))
}

/// Checks, before long work, that `path` can be written: it is not a directory and a file can
/// be created next to it (where [`write_atomically`] makes its temporary file).
///
/// # Errors
/// Bad input (exit code 2) saying why the output cannot be written.
pub fn check_writable(path: &Path) -> Result<(), CliError> {
    let cannot = |reason: String| {
        CliError::input(format!(
            "cannot write the output {}: {reason}",
            path.display()
        ))
    };
    if path.is_dir() {
        return Err(cannot("it is a directory".into()));
    }
    let probe = directory_of(path).join(format!(".shashki-probe.{}.tmp", std::process::id()));
    std::fs::File::create(&probe).map_err(|e| cannot(e.to_string()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// The directory `path` is written in (`.` for a bare file name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
