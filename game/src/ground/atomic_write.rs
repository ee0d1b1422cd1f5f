//! Writing a file so that a failure leaves what the player had: a temporary file beside the
//! target (`tempfile`), written, synced, then renamed over it. The saved games and the settings
//! go through here.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically; on failure `path` is as it was and the temporary file is
/// removed.
///
/// # Errors
/// The temporary file cannot be created, written, synced or renamed.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}
