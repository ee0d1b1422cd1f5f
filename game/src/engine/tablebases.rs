//! Endgame tablebases out of the box: without `--tablebases DIR`, the engine uses the per-user
//! tablebase directory ([`shashki::egtb::default_dir`]), and when that lacks the tables up to
//! [`PIECES`] pieces they are built there in the background while the game goes on.
//!
//! At start-up (before the engine is made) `start` opens the directory: complete tables go
//! straight to the engine's [`EngineSetup`]; otherwise a [`BackgroundBuild`] starts on its own
//! thread (one worker, so the engine's search keeps a core) and a small line in the window's
//! top-left corner (above the board, clear of its coordinates) shows its progress. Each frame
//! `poll` updates that line; once the build has ended the engine is rebuilt with the tables (a
//! search already running finishes with the old one) and the line says so for a few seconds. The
//! line is kept as a typed [`BuildLine`] and drawn in the current [`Language`] (Russian or
//! English). Everything lives in this one plugin.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use shashki::egtb::{BackgroundBuild, BuildProgress, open_or_build};

use crate::engine::native_backend::build_engine;
use crate::engine::port::EngineSetup;
use crate::ground::wall_clock::Instant;
use crate::text::{Catalogue, Language};

/// The tables built when the directory lacks them: up to 5 pieces (about 2 to 4 minutes on two
/// cores, 38 MB).
pub const PIECES: u32 = 5;
/// How long the "ready" line stays.
const READY_SHOWN: Duration = Duration::from_secs(8);

/// Where the plugin looks and how far it builds: the per-user directory and [`PIECES`], unless
/// the app inserts its own before adding the plugin (the tests use a scratch directory and 3).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct TablebaseDefaults {
    /// The directory (`None`: the environment names none, so no tables).
    pub dir: Option<PathBuf>,
    /// Build the tables up to this many pieces when the directory lacks them (0: never).
    pub pieces: u32,
}

/// The line showing the build's progress in the window's corner.
#[derive(Component, Debug)]
pub struct ProgressText {
    remove_at: Option<Instant>,
    line: BuildLine,
}

/// What the line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildLine {
    /// The build goes on.
    Building(BuildProgress),
    /// The tables up to this many pieces are built and used.
    Ready(u32),
    /// The build failed (detail).
    Failed(String),
}

impl BuildLine {
    /// The line in the language of `t`.
    #[must_use]
    pub fn render(&self, t: &Catalogue) -> String {
        match self {
            BuildLine::Building(progress) => {
                let percent = (100.0 * progress.fraction()).round() as u32;
                let slice = progress.current.map(|m| m.to_string()).unwrap_or_default();
                (t.tb_building)(progress.max_pieces, percent, &slice)
            }
            BuildLine::Ready(pieces) => (t.tb_ready)(*pieces),
            BuildLine::Failed(why) => (t.tb_failed)(why),
        }
    }
}

/// The build in progress.
#[derive(Resource)]
struct Build(BackgroundBuild);

/// Registers the background build and its progress line.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<TablebaseDefaults>() {
        app.insert_resource(TablebaseDefaults {
            dir: shashki::egtb::default_dir(),
            pieces: PIECES,
        });
    }
    app.add_systems(Startup, start.before(build_engine))
        .add_systems(Update, poll.in_set(crate::ground::GameSet::View));
}

/// Chooses the tables for the engine, or starts building them.
fn start(mut commands: Commands, mut setup: ResMut<EngineSetup>, defaults: Res<TablebaseDefaults>) {
    if setup.0.tablebases.is_some() {
        return; // `--tablebases DIR`: the player's choice, used as given.
    }
    let Some(dir) = defaults.dir.clone() else {
        return;
    };
    match open_or_build(&dir, defaults.pieces, 1, |_| {}) {
        Ok((tables, build)) => {
            if tables.max_pieces() > 0 {
                setup.0.tablebases = Some(dir); // complete, or usable meanwhile
            }
            if let Some(build) = build {
                commands.spawn((
                    Text::new(""),
                    TextFont {
                        font_size: FontSize::Px(13.0),
                        ..default()
                    },
                    TextColor(Color::srgb(0.7, 0.7, 0.7)),
                    Node {
                        position_type: PositionType::Absolute,
                        left: Val::Px(8.0),
                        top: Val::Px(4.0),
                        ..default()
                    },
                    ProgressText {
                        remove_at: None,
                        line: BuildLine::Building(build.progress()),
                    },
                ));
                commands.insert_resource(Build(build));
            }
        }
        Err(error) => warn!("endgame tablebases not built: {error}"),
    }
}

/// Shows the progress; hands the finished tables to the engine.
fn poll(
    mut commands: Commands,
    build: Option<ResMut<Build>>,
    mut setup: ResMut<EngineSetup>,
    language: Option<Res<Language>>,
    mut texts: Query<(Entity, &mut Text, &mut ProgressText)>,
) {
    let now = Instant::now();
    for (entity, _, line) in &texts {
        if line.remove_at.is_some_and(|at| now >= at) {
            commands.entity(entity).despawn();
        }
    }
    if let Some(mut build) = build {
        let progress = build.0.progress();
        let latest = match build.0.take_result() {
            None => BuildLine::Building(progress),
            Some(result) => {
                commands.remove_resource::<Build>();
                for (_, _, mut line) in &mut texts {
                    line.remove_at = Some(now + READY_SHOWN);
                }
                match result {
                    Ok(tables) => {
                        setup.0.tablebases = Some(build.0.dir().to_path_buf());
                        commands.run_system_cached(build_engine);
                        BuildLine::Ready(tables.max_pieces())
                    }
                    Err(error) => BuildLine::Failed(error.to_string()),
                }
            }
        };
        for (_, _, mut line) in &mut texts {
            if line.line != latest {
                line.line = latest.clone();
            }
        }
    }
    let t = language.map_or(Language::default().0, |l| l.0).text();
    for (_, mut text, line) in &mut texts {
        let message = line.line.render(t);
        if text.0 != message {
            text.0 = message;
        }
    }
}
