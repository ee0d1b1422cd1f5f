//! Settings that stay between runs: the language, the engine's level, the clock, whether the
//! board is turned, the window's size, the file opened last, the puzzles' progress (the place
//! in the shipped set, the counts, the difficulty and theme chosen) and the tablebase service's
//! URL ([`TablebaseUrl`]).
//!
//! They live in one human-readable JSON file, `settings.json` in the per-user configuration
//! directory ([`default_path`]: `~/.config/shashki` on Linux, found by the `directories` crate);
//! in a browser, the page's storage keeps the same text ([`crate::ground::storage`]).
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
use crate::core::puzzles::{PuzzleChoice, Puzzles};
use crate::core::record::{GameRecord, Orientation};
use crate::ground::{TimeControl, storage};
use crate::text::{Lang, Language, Say, SettingsFault};
use shashki::puzzles::Theme;

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
    /// Where the player is in the shipped puzzles, the counts and the choice.
    pub puzzles: Option<KeptPuzzles>,
    /// The tablebase service the engine asks (`shashki egtb serve`), e.g.
    /// `http://tables.local:9090`.
    pub tablebase_url: Option<String>,
}

/// The tablebase service's URL in force (`--tablebase-url`, else the saved setting; `None`: no
/// service). The engine's back end asks it (`engine::service`); the settings keep it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct TablebaseUrl(pub Option<String>);

/// The puzzle mode's progress in the shipped set, kept between runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeptPuzzles {
    /// The current puzzle's place in the shipped set.
    pub index: usize,
    /// Puzzles solved without a wrong move.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// Only this difficulty (1–5).
    pub difficulty: Option<u8>,
    /// Only this theme, by its id (`shot`, `breakthrough`, `trap`, `combination`).
    pub theme: Option<String>,
}

impl KeptPuzzles {
    /// The puzzle mode's state these were kept from (an unknown theme id: any theme).
    #[must_use]
    pub fn restore(&self) -> Puzzles {
        let choice = PuzzleChoice {
            difficulty: self.difficulty.filter(|d| (1..=5).contains(d)),
            theme: self.theme.as_deref().and_then(Theme::from_id),
        };
        Puzzles::kept(self.index, self.solved, self.failed, choice)
    }

    /// What to keep of `puzzles`: its place only in the shipped set (a set opened from a file
    /// keeps the place kept before).
    #[must_use]
    pub fn of(puzzles: &Puzzles, before: Option<&KeptPuzzles>) -> KeptPuzzles {
        let index = if puzzles.file.is_none() {
            puzzles.index
        } else {
            before.map_or(0, |b| b.index)
        };
        KeptPuzzles {
            index,
            solved: puzzles.solved,
            failed: puzzles.failed,
            difficulty: puzzles.choice.difficulty,
            theme: puzzles.choice.theme.map(|t| t.id().to_string()),
        }
    }
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

/// `settings.json` in the per-user configuration directory, when the platform has one; in a
/// browser, the name of the page's storage entry.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return Some(PathBuf::from("settings.json"));
    }
    directories::ProjectDirs::from("", "", "shashki").map(|d| d.config_dir().join("settings.json"))
}

/// Reads the settings at `path`: the defaults when there is no file; the defaults and a notice
/// when it cannot be read or is not a settings file. A file that does not read as settings is
/// moved aside to `settings.json.bad` (the notice names it), so the next save does not destroy
/// what the player wrote in it.
#[must_use]
pub fn load(path: &Path) -> (Settings, Option<Say>) {
    let ignored = |why: SettingsFault, file: &Path| {
        (
            Settings::default(),
            Some(Say::SettingsIgnored(file.display().to_string(), why)),
        )
    };
    match storage::read(path) {
        Ok(bytes) => match serde_json::from_slice(&bytes) {
            Ok(settings) => (settings, None),
            Err(e) => {
                let mut aside = path.as_os_str().to_owned();
                aside.push(".bad");
                let aside = PathBuf::from(aside);
                let why = SettingsFault::Syntax {
                    line: e.line(),
                    column: e.column(),
                };
                match storage::rename(path, &aside) {
                    Ok(()) => ignored(why, &aside),
                    Err(_) => ignored(why, path),
                }
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
        Err(e) => ignored(SettingsFault::Unreadable(e.to_string()), path),
    }
}

/// Writes the settings to `path` atomically, creating its directory (in a browser: the page's
/// storage entry).
///
/// # Errors
/// The I/O error when the directory or the file cannot be written.
pub fn save(path: &Path, settings: &Settings) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(settings).map_err(std::io::Error::other)?;
    text.push('\n');
    storage::write(path, text.as_bytes())
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
    /// The puzzle mode (its place, counts and choice).
    puzzles: Res<'w, Puzzles>,
    /// The tablebase service's URL, when the app has the resource.
    tablebase_url: Option<Res<'w, TablebaseUrl>>,
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
        puzzles,
        tablebase_url,
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
        puzzles: Some(KeptPuzzles::of(&puzzles, file.saved.puzzles.as_ref()))
            .filter(|kept| *kept != KeptPuzzles::default())
            .or(file.saved.puzzles.clone()),
        tablebase_url: tablebase_url.map_or(file.saved.tablebase_url.clone(), |url| url.0.clone()),
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
    fn a_broken_file_is_reported_in_the_players_language_only() {
        let dir = tempfile_dir("broken");
        let path = dir.join("settings.json");
        std::fs::write(&path, "{\n  \"level\": 3,\n  oops\n}").unwrap();
        let (settings, problem) = load(&path);
        assert_eq!(settings, Settings::default());
        let problem = problem.expect("a notice");
        let ru = problem.render(&crate::text::RU);
        assert!(ru.contains("ошибка в строке 3, позиция 3"), "{ru}");
        // Before, serde's "key must be a string at line 3 column 3" stood in the sentence.
        assert!(
            !ru.contains("must") && !ru.contains(" at line"),
            "English inside the Russian notice: {ru}"
        );
        let en = problem.render(&crate::text::EN);
        assert!(en.contains("error at line 3, column 3"), "{en}");
        std::fs::remove_dir_all(dir).ok();
    }

    fn tempfile_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("shashki-settings-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

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
