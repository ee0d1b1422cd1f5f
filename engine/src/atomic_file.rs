//! Writing a file so that a reader, a crash or a killed process never sees half of it: the bytes
//! go to a temporary file next to the target, are flushed to disk, and replace the target by a
//! rename (atomic on one file system). A file that was there keeps its permissions (a player's
//! collection made read-only for the group stays so). Books, tablebases and puzzle sets, and
//! through the public [`write_atomically`] the CLI's outputs, the game's saved games and settings
//! and the Python package's PDN files, are all written here: one way to write a file for the
//! whole project. What the user had stays intact when a write fails.
//!
//! The temporary file is named after the target and the process (`.NAME.PID.tmp`), so that a
//! later writer can tell a dead process's leftover from a live one's. Two threads of one process
//! writing the same target at the same moment would share it: callers write a given file from
//! one place (the game's main thread, one command).
//! A process killed mid-write cannot remove its temporary file (`.NAME.PID.tmp`, never read as
//! the target); [`remove_stale_temporaries`] lets the next writer of that directory (a tablebase
//! build) take the space back.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, synced, given the
/// permissions of the file it replaces (a new file gets the process's defaults), then renamed
/// over `path`. On failure the temporary file is removed and `path` is left as it was.
///
/// ```
/// # fn main() -> std::io::Result<()> {
/// let path = std::env::temp_dir().join(format!("shashki-doc-{}.pdn", std::process::id()));
/// shashki::write_atomically(&path, b"1. c3-d4 *\n")?;
/// assert_eq!(std::fs::read(&path)?, b"1. c3-d4 *\n");
/// # std::fs::remove_file(&path)
/// # }
/// ```
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
    let temporary = directory.join(temporary_name(&name, std::process::id()));
    let kept_permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        if let Some(permissions) = kept_permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    if renamed.is_err() {
        // A full disk or a missing directory leaves no temporary file behind.
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

/// The name of the temporary file of `name` written by process `pid`.
fn temporary_name(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.tmp")
}

/// Removes from `dir` the temporary files of [`write_atomically`] left by processes that no
/// longer run (killed mid-write), keeping those of running processes (another writer may be about
/// to rename its file). Returns how many were removed. Where running processes cannot be told
/// (no `/proc`), nothing is removed.
#[cfg(feature = "tablebases")]
pub(crate) fn remove_stale_temporaries(dir: &Path) -> usize {
    let processes = Path::new("/proc");
    if !processes.join("self").exists() {
        return 0;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix('.'))
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.rsplit_once('.'))
            .and_then(|(_, pid)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if is_file
            && !processes.join(pid.to_string()).exists()
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
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

    #[cfg(unix)]
    #[test]
    fn a_rewrite_keeps_the_permissions_of_the_file_it_replaces() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("shashki-mode-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("collection.pdn");
        write_atomically(&path, b"first").unwrap();
        for mode in [0o640, 0o604, 0o755] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
            write_atomically(&path, b"again").unwrap();
            let kept = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(kept, mode, "mode {mode:o} after a rewrite");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(feature = "tablebases")]
    #[test]
    fn stale_temporaries_of_dead_processes_are_removed_and_live_ones_kept() {
        let dir = std::env::temp_dir().join(format!("shashki-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A process id above Linux's largest (2^22) never runs.
        let dead = dir.join(temporary_name("K-K.shtb", 4_999_999));
        let live = dir.join(temporary_name("K-M.shtb", std::process::id()));
        let other = dir.join("K-K.shtb");
        for path in [&dead, &live, &other] {
            std::fs::write(path, b"partial").unwrap();
        }
        let expected = usize::from(Path::new("/proc/self").exists());
        assert_eq!(remove_stale_temporaries(&dir), expected);
        assert_eq!(dead.exists(), expected == 0);
        assert!(live.exists() && other.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
