//! The CLI's outputs are written atomically: a temporary file beside the target (`tempfile`),
//! written, synced, then renamed over it, so a failed write leaves what the user had. Errors
//! become the program's [`CliError`], naming the file. A command that works long before it
//! writes checks first that the write can succeed ([`check_writable`]).

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
    let dir = directory_of(path);
    // Created as `File::create` would (0666 less the umask on Unix), not tempfile's private
    // 0600: an output is the user's file, to be served, shared or read by other programs.
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.as_file().sync_all().map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_written_file_has_the_permissions_file_create_gives() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let written = dir.path().join("out.svg");
        write_atomically(&written, "<svg/>").unwrap();
        let created = dir.path().join("created");
        std::fs::File::create(&created).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&written), mode(&created));
        assert_eq!(std::fs::read_to_string(&written).unwrap(), "<svg/>");
    }
}
