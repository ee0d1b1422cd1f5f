//! Where the tablebases live when nobody says: a per-user cache directory.
//!
//! Tables are derived data (they can always be rebuilt), so they belong in the platform's cache
//! directory: `$XDG_CACHE_HOME/shashki/tablebases`, else `~/.cache/shashki/tablebases` on Linux
//! and other Unix systems, `~/Library/Caches/shashki/tablebases` on macOS,
//! `%LOCALAPPDATA%\shashki\tablebases` on Windows. `SHASHKI_TABLEBASES` overrides it (and a
//! program's `--tablebases DIR` overrides both). The environment is read through a function
//! argument so that tests need not change the process's environment; [`default_dir`] reads the
//! real one.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable that names the tablebase directory.
pub const ENV_VAR: &str = "SHASHKI_TABLEBASES";

/// The default tablebase directory for this user, from the process's environment; `None` when
/// the environment names no home or cache directory.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    default_dir_from(|name| std::env::var_os(name))
}

/// [`default_dir`] with the environment given by `var` (a variable's value, if set).
#[must_use]
pub fn default_dir_from(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = set(ENV_VAR) {
        return Some(dir);
    }
    let cache = if cfg!(windows) {
        set("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        set("HOME").map(|home| home.join("Library").join("Caches"))
    } else {
        set("XDG_CACHE_HOME")
            .filter(|dir| dir.is_absolute())
            .or_else(|| set("HOME").map(|home| home.join(".cache")))
    }?;
    Some(cache.join("shashki").join("tablebases"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        }
    }

    #[test]
    fn the_variable_wins_then_the_cache_directory() {
        let all = [
            (ENV_VAR, "/data/tb"),
            ("XDG_CACHE_HOME", "/c"),
            ("HOME", "/h"),
            ("LOCALAPPDATA", "/l"),
        ];
        assert_eq!(default_dir_from(env(&all)), Some(PathBuf::from("/data/tb")));
        assert_eq!(default_dir_from(env(&[])), None);
        if cfg!(all(unix, not(target_os = "macos"))) {
            assert_eq!(
                default_dir_from(env(&all[1..])),
                Some(PathBuf::from("/c/shashki/tablebases"))
            );
            // A relative or empty XDG_CACHE_HOME is ignored, as the specification says.
            assert_eq!(
                default_dir_from(env(&[("XDG_CACHE_HOME", "rel"), ("HOME", "/h")])),
                Some(PathBuf::from("/h/.cache/shashki/tablebases"))
            );
            assert_eq!(
                default_dir_from(env(&[(ENV_VAR, ""), ("HOME", "/h")])),
                Some(PathBuf::from("/h/.cache/shashki/tablebases"))
            );
        }
    }
}
