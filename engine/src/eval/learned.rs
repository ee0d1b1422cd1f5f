//! The setting of a learned part of the evaluation: off, the built-in one, or one loaded from a
//! file. The pattern tables ([`Patterns`](super::Patterns)) and the network
//! ([`NetworkSetting`](super::NetworkSetting)) are both this enum, each with its own names for
//! the two things a setting does: give the part to evaluate with (`tables()`, `network()`), and
//! read a setting's name as a weights file or a `patterns=` / `network=` option writes it
//! (`from_name`: `off`, `builtin`, or a file's path). Both parts are binary files with a typed
//! error ([`LearnedFile`]): [`load`] reads one and names the file in its error, [`builtin`]
//! decodes the embedded one once per process.

use std::fmt::Display;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Which learned part (pattern tables, network) the evaluation adds: none, the built-in one, or
/// one loaded from a file. Used as [`Patterns`](super::Patterns) and
/// [`NetworkSetting`](super::NetworkSetting).
#[derive(Debug, PartialEq, Eq, Default)]
pub enum Learned<T> {
    /// None.
    #[default]
    Off,
    /// The built-in one, embedded in the crate.
    Builtin,
    /// This one (loaded from a file, or fitted by the tuner).
    Loaded(Arc<T>),
}

// By hand: cloning shares the loaded part (an `Arc`), so `T` need not be `Clone`.
impl<T> Clone for Learned<T> {
    fn clone(&self) -> Learned<T> {
        match self {
            Learned::Off => Learned::Off,
            Learned::Builtin => Learned::Builtin,
            Learned::Loaded(part) => Learned::Loaded(Arc::clone(part)),
        }
    }
}

impl<T> Learned<T> {
    /// The part to evaluate with, if any; `builtin` gives the built-in one.
    pub(super) fn resolve(&self, builtin: fn() -> Arc<T>) -> Option<Arc<T>> {
        match self {
            Learned::Off => None,
            Learned::Builtin => Some(builtin()),
            Learned::Loaded(part) => Some(Arc::clone(part)),
        }
    }
}

/// The setting named by `name`: `off`, `builtin`, or a file's path relative to `base_dir` (an
/// absolute path stays as it is), read by [`load`].
pub(super) fn named<T: LearnedFile>(name: &str, base_dir: &Path) -> Result<Learned<T>, T::Error> {
    Ok(match name {
        "off" => Learned::Off,
        "builtin" => Learned::Builtin,
        file => Learned::Loaded(Arc::new(load::<T>(&base_dir.join(file))?)),
    })
}

/// A learned part stored as a binary file.
pub(super) trait LearnedFile: Sized {
    /// What can be wrong with such a file.
    type Error: From<std::io::Error> + Display;
    /// Decodes a file's bytes.
    fn from_bytes(bytes: &[u8]) -> Result<Self, Self::Error>;
    /// `error` wrapped to name the file at `path`.
    fn in_file(path: &Path, error: Self::Error) -> Self::Error;
}

/// Reads the file at `path`; an error names it ([`LearnedFile::in_file`]).
pub(super) fn load<T: LearnedFile>(path: &Path) -> Result<T, T::Error> {
    let bytes = std::fs::read(path).map_err(|e| T::in_file(path, T::Error::from(e)))?;
    T::from_bytes(&bytes).map_err(|e| T::in_file(path, e))
}

/// The built-in part: `bytes` (embedded in the crate, valid: a test loads them) decoded once per
/// process into `cell`. The bytes are constant, so this is a constant table built lazily, not
/// mutable state.
pub(super) fn builtin<T: LearnedFile>(cell: &'static OnceLock<Arc<T>>, bytes: &[u8]) -> Arc<T> {
    Arc::clone(cell.get_or_init(|| {
        Arc::new(T::from_bytes(bytes).unwrap_or_else(|e| {
            unreachable!(
                "the built-in {} file is valid: {e}",
                std::any::type_name::<T>()
            )
        }))
    }))
}
