//! The game's one door to what it keeps between runs (the settings, the player's own games):
//! files on the desktop, the page's `localStorage` in a browser.
//!
//! Callers name what they keep by a path: on the desktop it is the file's path; in a browser,
//! which has no files a page may write, the same path (as written) is the key of a
//! `localStorage` entry under the prefix [`BROWSER_KEY_PREFIX`], so the settings and "my games"
//! survive a reload. [`read`], [`write()`] and [`rename`] give `std::io` errors in both places (a
//! missing entry is [`std::io::ErrorKind::NotFound`], as a missing file), so the callers' error
//! handling is the same.

use std::io;
use std::path::Path;

/// What a `localStorage` key starts with in a browser (the rest is the path as written).
pub const BROWSER_KEY_PREFIX: &str = "shashki:";

/// The text kept at `path` (its bytes).
///
/// # Errors
/// The I/O error; [`io::ErrorKind::NotFound`] when nothing is kept there.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    imp::read(path)
}

/// Keeps `bytes` at `path`, replacing what was there: on the desktop atomically (a temporary
/// file renamed into place), creating the directory.
///
/// # Errors
/// The I/O error (in a browser: storage full or turned off).
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    imp::write(path, bytes)
}

/// Moves what is kept at `from` to `to`.
///
/// # Errors
/// The I/O error; [`io::ErrorKind::NotFound`] when nothing is kept at `from`.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    imp::rename(from, to)
}

/// Whether something is kept at `path`.
#[must_use]
pub fn exists(path: &Path) -> bool {
    imp::exists(path)
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::io;
    use std::path::Path;

    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }

    pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        shashki::write_atomically(path, bytes)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub fn exists(path: &Path) -> bool {
        path.is_file()
    }
}

/// `localStorage`, reached through `js_sys` (as the engine's Worker is: no `web-sys` features
/// and the rebuild of Bevy's web crates they would cause).
#[cfg(target_arch = "wasm32")]
mod imp {
    use std::io;
    use std::path::Path;

    use js_sys::{Function, Reflect};
    use wasm_bindgen::JsValue;

    use super::BROWSER_KEY_PREFIX;

    fn key(path: &Path) -> String {
        format!("{BROWSER_KEY_PREFIX}{}", path.display())
    }

    fn failed(what: &str, why: &JsValue) -> io::Error {
        let why = Reflect::get(why, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| format!("{why:?}"));
        io::Error::other(format!("browser storage: {what}: {why}"))
    }

    /// Calls `localStorage[method](arguments…)`.
    fn call(method: &str, arguments: &[JsValue]) -> io::Result<JsValue> {
        let storage = Reflect::get(&js_sys::global(), &"localStorage".into())
            .map_err(|e| failed("no localStorage", &e))?;
        if storage.is_null() || storage.is_undefined() {
            return Err(io::Error::other("browser storage: no localStorage"));
        }
        let function: Function = Reflect::get(&storage, &method.into())
            .map_err(|e| failed(method, &e))?
            .into();
        let arguments: js_sys::Array = arguments.iter().collect();
        function
            .apply(&storage, &arguments)
            .map_err(|e| failed(method, &e))
    }

    fn get(path: &Path) -> io::Result<Option<String>> {
        Ok(call("getItem", &[key(path).into()])?.as_string())
    }

    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        match get(path)? {
            Some(text) => Ok(text.into_bytes()),
            None => Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("nothing kept as {}", key(path)),
            )),
        }
    }

    pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
        // localStorage keeps text: what the game keeps is UTF-8 (JSON, PDN).
        let text = std::str::from_utf8(bytes).map_err(|_| io::Error::other("not UTF-8"))?;
        call("setItem", &[key(path).into(), text.into()]).map(|_| ())
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let bytes = read(from)?;
        write(to, &bytes)?;
        call("removeItem", &[key(from).into()]).map(|_| ())
    }

    pub fn exists(path: &Path) -> bool {
        matches!(get(path), Ok(Some(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_text_reads_back_and_moves_and_missing_is_not_found() {
        let dir = std::env::temp_dir().join(format!("shashki-storage-{}", std::process::id()));
        let path = dir.join("sub").join("kept.json");
        assert_eq!(read(&path).unwrap_err().kind(), io::ErrorKind::NotFound);
        assert!(!exists(&path));
        write(&path, "{\"язык\": 1}".as_bytes()).unwrap();
        assert!(exists(&path));
        assert_eq!(read(&path).unwrap(), "{\"язык\": 1}".as_bytes());
        let aside = dir.join("kept.bad");
        rename(&path, &aside).unwrap();
        assert!(!exists(&path) && exists(&aside));
        std::fs::remove_dir_all(dir).ok();
    }
}
