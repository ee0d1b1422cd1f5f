//! Settings that stay between runs: the language, the engine's level, the clock, whether the
//! board is turned, the window's size and the file opened last.
//!
//! They live in one human-readable JSON file, `settings.json` in the per-user configuration
//! directory ([`default_path`]: `~/.config/shashki` on Linux, found by the `directories` crate).
//! At start-up `main` reads it ([`load`]; a missing file is the defaults, a broken one is
//! moved aside and ignored with a notice, never a crash) and `Setup` (in `core::options`) takes
//! each setting the command line does not give. While the game runs, `keep_settings` (in `Last`,
//! after the frame's changes) compares what is in force with what was saved and rewrites the file
//! atomically when it differs. The path is a resource ([`SettingsFile`]) handed in by `main`, so
//! tests save to a temporary directory and never touch the real configuration; without one nothing
//! is saved.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use serde::{Deserialize, Serialize};

use crate::core::clock::Clocks;
use crate::core::collection::Collection;
use crate::core::notice::Notice;
use crate::core::record::{GameRecord, Orientation};
use crate::ground::TimeControl;
use crate::text::{Lang, Language, Say};

/// What is kept between runs. Every field is optional: a file written by an older or newer
/// version, or edited by hand with some lines left out, still reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The interface language.
    pub language: Option<Lang>,
    /// The engine's level (1–8).
    pub level: Option<usize>,
    /// The clock: `5+3` (minutes + seconds a move), or `none`.
    pub clock: Option<String>,
    /// The board is turned from the way it faces the player (Black at the bottom while the
    /// player has White, White at the bottom while the player has Black).
    pub board_turned: bool,
    /// The window's size in logical pixels, `[width, height]`.
    pub window: Option<[u32; 2]>,
    /// The PDN file opened last.
    pub last_file: Option<PathBuf>,
}

impl Settings {
    /// The saved clock: `Some(None)` for no clocks, `None` when none was saved (or it does not
    /// read).
    #[must_use]
    pub fn time_control(&self) -> Option<Option<TimeControl>> {
        match self.clock.as_deref().map(str::trim) {
            None => None,
            Some("none") => Some(None),
            Some(text) => text.parse().ok().map(Some),
        }
    }
}

/// The settings file in use (`None`: settings are not saved, as in the tests by default).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsFile {
    /// Where the settings are written.
    pub path: Option<PathBuf>,
    /// What the file holds now (nothing is written while it is unchanged).
    pub saved: Settings,
    /// Saving failed once: the notice said so; no more attempts this run.
    pub failed: bool,
}

/// `settings.json` in the per-user configuration directory, when the platform has one.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "shashki").map(|d| d.config_dir().join("settings.json"))
}

/// Reads the settings at `path`: the defaults when there is no file; the defaults and a notice
/// when it cannot be read or is not a settings file. A file that does not read as settings is
/// moved aside to `settings.json.bad` (the notice names it), so the next save does not destroy
/// what the player wrote in it.
#[must_use]
pub fn load(path: &Path) -> (Settings, Option<Say>) {
    let ignored = |why: String, file: &Path| {
        (
            Settings::default(),
            Some(Say::SettingsIgnored(file.display().to_string(), why)),
        )
    };
    match std::fs::read_to_string(path) {
        Ok(text) => match serde_json::from_str(&text) {
            Ok(settings) => (settings, None),
            Err(e) => {
                let mut aside = path.as_os_str().to_owned();
                aside.push(".bad");
                let aside = PathBuf::from(aside);
                match std::fs::rename(path, &aside) {
                    Ok(()) => ignored(e.to_string(), &aside),
                    Err(_) => ignored(e.to_string(), path),
                }
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
        Err(e) => ignored(e.to_string(), path),
    }
}

/// Writes the settings to `path` atomically, creating its directory.
///
/// # Errors
/// The I/O error when the directory or the file cannot be written.
pub fn save(path: &Path, settings: &Settings) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut text = serde_json::to_string_pretty(settings).map_err(std::io::Error::other)?;
    text.push('\n');
    shashki::write_atomically(path, text.as_bytes())
}

/// Registers the saving of the settings.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SettingsFile>()
        .add_systems(Last, keep_settings);
}

/// What the settings in force are read from.
#[derive(bevy::ecs::system::SystemParam)]
pub struct InForce<'w, 's> {
    /// The interface language.
    language: Res<'w, Language>,
    /// The record (the level, the player's side).
    record: Res<'w, GameRecord>,
    /// The clocks (their control).
    clocks: Res<'w, Clocks>,
    /// Which way the board faces.
    orientation: Res<'w, Orientation>,
    /// The file opened last.
    collection: Res<'w, Collection>,
    /// The window (its size), when there is one.
    window: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
}

/// The settings in force: the language, the level, the clock, the board's turn, the window's
/// size (the one saved, without a window) and the file opened last.
fn keep_settings(mut file: ResMut<SettingsFile>, now: InForce, mut notice: ResMut<Notice>) {
    let InForce {
        language,
        record,
        clocks,
        orientation,
        collection,
        window,
    } = now;
    let Some(path) = file.path.clone() else {
        return;
    };
    if file.failed {
        return;
    }
    let facing = record.faces_black();
    let now = Settings {
        language: Some(language.0),
        level: record.level().or(file.saved.level),
        clock: Some(
            clocks
                .control
                .map_or_else(|| "none".into(), |c| c.to_string()),
        ),
        board_turned: orientation.flipped != facing,
        window: window.single().ok().map_or(file.saved.window, |w| {
            Some([w.width().round() as u32, w.height().round() as u32])
        }),
        last_file: collection.path.clone().or(file.saved.last_file.clone()),
    };
    if now == file.saved {
        return;
    }
    match save(&path, &now) {
        Ok(()) => file.saved = now,
        Err(e) => {
            file.failed = true;
            notice.add_error(Say::SettingsNotSaved(
                path.display().to_string(),
                e.to_string(),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_reads_back_and_missing_fields_are_defaults() {
        let settings: Settings = serde_json::from_str(r#"{"clock": "5+3", "extra": 1}"#).unwrap();
        assert_eq!(settings.time_control(), Some(Some(TimeControl::new(5, 3))));
        assert_eq!(settings.language, None);
        let none = Settings {
            clock: Some("none".into()),
            ..Settings::default()
        };
        assert_eq!(none.time_control(), Some(None));
        assert_eq!(Settings::default().time_control(), None);
    }
}
