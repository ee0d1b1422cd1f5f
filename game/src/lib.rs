//! # shashki-game — play Russian draughts against the shashki engine
//!
//! A Bevy 2D game built from one plugin per concern, aggregated by [`GamePlugin`]. The modules
//! stand in floors, each importing only from the floors below it (never from this file):
//! 1. [`ground`]: the frame's stages ([`GameSet`]), the board's colours, the time control, the
//!    board ↔ screen geometry, the font — nothing of the game;
//! 2. [`text`]: every visible word, in Russian and English, the language in use and the typed
//!    notices ([`crate::text::Say`]);
//! 3. [`core`]: the game record (the single source of truth) and the steps that change it, one
//!    per concern (the record, files, the list of games, the setup, the puzzle mode), the
//!    clocks, the settings, the clipboard;
//! 4. [`engine`]: the engine behind a port (what to search and when; the back end that searches,
//!    a background task here) and the endgame tables;
//! 5. [`view`]: the board, the click interpretation, the keys, the side panel, the puzzle panel,
//!    the list of games, the redraw policy.
//!
//! Every frame runs in the order input → rules → follow → view ([`GameSet`]). The game contains no rules:
//! legal moves, validation and results come from the `shashki` crate. [`CorePlugin`] is the part
//! that needs no window (record, input interpretation, engine), so it runs under `MinimalPlugins`
//! in the headless tests. This file only declares the floors and wires their plugins.

pub mod core;
pub mod engine;
pub mod ground;
pub mod text;
pub mod view;

use bevy::prelude::*;

pub use crate::core::options::{Options, Setup};
pub use crate::ground::{FONT, GameSet};

/// The record, input interpretation and engine task: everything but the window.
pub struct CorePlugin {
    /// What the game starts with.
    pub setup: Setup,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        let mut notice = crate::core::notice::Notice::default();
        notice.info(self.setup.opened.clone().unwrap_or(crate::text::Say::Keys));
        for problem in &self.setup.problems {
            notice.add_error(problem.clone());
        }
        app.configure_sets(
            Update,
            (
                GameSet::Input,
                GameSet::Rules,
                GameSet::Follow,
                GameSet::View,
            )
                .chain(),
        )
        .insert_resource(self.setup.record.clone())
        .insert_resource(crate::core::clock::Clocks::new(
            self.setup.clock,
            self.setup.record.game().moves().len(),
        ))
        .insert_resource(crate::core::settings::TablebaseUrl(
            self.setup.tablebase_url.clone(),
        ))
        .insert_resource(crate::engine::port::EngineSetup(shashki::EngineSetup {
            book: self.setup.book.clone(),
            tablebases: self.setup.tablebases.clone(),
        }))
        .add_plugins(crate::ground::window_waker::plugin)
        .add_plugins((
            crate::core::record::plugin,
            crate::core::rules::plugin,
            crate::core::files::plugin,
            crate::core::setup::plugin,
            crate::core::sync::plugin,
            crate::core::clock::plugin,
            crate::view::input::plugin,
            crate::view::shortcuts::plugin,
            crate::engine::port::plugin,
            crate::engine::engine_task::plugin,
            backend_plugin,
            crate::text::plugin,
            crate::core::collection::plugin,
            crate::core::settings::plugin,
            crate::core::puzzles::plugin,
        ))
        .insert_resource(crate::text::Language(self.setup.lang))
        .insert_resource(crate::core::record::Orientation {
            flipped: self.setup.record.faces_black() != self.setup.settings.board_turned,
        })
        .insert_resource(
            self.setup
                .settings
                .puzzles
                .as_ref()
                .map(crate::core::settings::KeptPuzzles::restore)
                .unwrap_or_default(),
        )
        .insert_resource(self.setup.collection.clone())
        .insert_resource(self.setup.own_games.clone())
        .insert_resource(crate::core::settings::SettingsFile {
            path: self.setup.settings_path.clone(),
            saved: self.setup.settings.clone(),
            failed: false,
        })
        .insert_resource(notice);
    }
}

/// The whole game: [`CorePlugin`] plus the board view and the side panel (needs a window).
pub struct GamePlugin {
    /// What the game starts with.
    pub setup: Setup,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        // Every text uses the default font handle: put the Cyrillic font there (Bevy's own
        // default font has no Cyrillic letters).
        if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>()
            && let Err(error) = fonts.insert(AssetId::default(), Font::from_bytes(FONT.to_vec()))
        {
            eprintln!("shashki-game: the interface font was not installed: {error}");
        }
        app.add_plugins((
            CorePlugin {
                setup: self.setup.clone(),
            },
            crate::view::board_view::plugin,
            crate::view::panel::plugin,
            crate::view::game_list::plugin,
            crate::view::puzzle_panel::plugin,
            crate::view::redraw::plugin,
            crate::engine::tablebases::plugin,
        ));
        // A page's canvas follows the page (web/site/index.html): no window to fit to a screen.
        if cfg!(not(target_arch = "wasm32")) {
            app.add_plugins(crate::view::window_fit::plugin);
        }
    }
}

/// The engine's back end: the searches on Bevy's task pool, or in a page in the engine
/// package's Web Worker (`engine/web_backend.rs`).
fn backend_plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    crate::engine::native_backend::plugin(app);
    #[cfg(target_arch = "wasm32")]
    crate::engine::web_backend::plugin(app);
}
