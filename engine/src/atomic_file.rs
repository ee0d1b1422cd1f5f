//! Writing a file so that a reader, a crash or a killed process never sees half of it: the bytes
//! go to a temporary file next to the target, are flushed to disk, and replace the target by a
//! rename (atomic on one file system). Books, the CLI's outputs and the game's saved games are
//! written through [`write_atomically`]; what the user had stays intact when a write fails.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, synced, then
/// renamed over `path`. On failure the temporary file is removed and `path` is left as it was.
///
/// # Errors
/// The temporary file cannot be created, written, synced or renamed; a directory stands at
/// `path` (an error of kind [`std::io::ErrorKind::IsADirectory`] that says how to fix it).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "a directory stands where the file goes: remove or rename it",
        ));
    }
    let directory = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = directory.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    if renamed.is_err() {
        // A full disk or a missing directory leaves no temporary file behind.
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_whole_and_a_failed_one_keeps_it() {
        let dir = std::env::temp_dir().join(format!("shashki-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        // A directory in the way of the rename: the error is returned, the old file stays and
        // no temporary file is left.
        let error = write_atomically(&dir, b"x").unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::IsADirectory);
        assert!(error.to_string().contains("remove or rename it"), "{error}");
        assert!(write_atomically(&dir.join("missing/out.txt"), b"x").is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["out.txt"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
