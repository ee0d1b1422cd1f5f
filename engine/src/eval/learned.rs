//! The setting of a learned part of the evaluation: off, the built-in one, or one loaded from a
//! file. The pattern tables ([`Patterns`](super::Patterns)) and the network
//! ([`NetworkSetting`](super::NetworkSetting)) are both this enum, each with its own names for
//! the two things a setting does: give the part to evaluate with (`tables()`, `network()`), and
//! read a setting's name as a weights file or a `patterns=` / `network=` option writes it
//! (`from_name`: `off`, `builtin`, or a file's path).

use std::path::Path;
use std::sync::Arc;

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

    /// The setting named by `name`: `off`, `builtin`, or a file's path relative to `base_dir`
    /// (an absolute path stays as it is), read by `load`.
    pub(super) fn from_name_with<E>(
        name: &str,
        base_dir: &Path,
        load: fn(&Path) -> Result<T, E>,
    ) -> Result<Learned<T>, E> {
        Ok(match name {
            "off" => Learned::Off,
            "builtin" => Learned::Builtin,
            file => Learned::Loaded(Arc::new(load(&base_dir.join(file))?)),
        })
    }
}
