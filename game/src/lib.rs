//! # shashki-game — play Russian draughts against the shashki engine
//!
//! A Bevy 2D game built from one plugin per concern, aggregated by [`GamePlugin`]:
//! - [`record`]: the game record resource (the single source of truth) and the rules step;
//! - [`clock`]: optional time controls, both sides' clocks and the loss on time;
//! - [`clipboard`]: the FEN and the game's PDN copied to the system clipboard;
//! - [`collection`]: the games of a PDN file of several, filtered by player, and [`game_list`]
//!   their list on the screen;
//! - [`settings`]: the language, level, clock, board, window size and last file kept between
//!   runs;
//! - [`input`]: pointer → squares → moves, through the click [`selection`];
//! - [`engine_task`]: the engine's searches on a background task;
//! - [`board_view`]: the board, pieces and highlights as sprites, re-synced from the record;
//! - [`panel`]: status, thinking, buttons, text field and move list;
//! - [`puzzles`] and [`puzzle_panel`]: the puzzle mode (задачи) and its side panel;
//! - [`shortcuts`]: keys for the panel's most used buttons;
//! - [`i18n`]: every visible word, in Russian and English, and the language in use;
//! - [`redraw`]: the window redraws only when something changes (continuous while the engine
//!   thinks or the board animates);
//! - [`tablebases`]: endgame tables from the per-user directory, built in the background.
//!
//! Every frame runs in the order input → rules → view ([`GameSet`]). The game contains no rules:
//! legal moves, validation and results come from the `shashki` crate. [`CorePlugin`] is the part
//! that needs no window (record, input interpretation, engine), so it runs under `MinimalPlugins`
//! in the headless tests.

pub mod atomic_write;
pub mod board_view;
pub mod clipboard;
pub mod clock;
pub mod collection;
pub mod engine_task;
pub mod fps;
pub mod game_list;
pub mod geometry;
pub mod i18n;
pub mod input;
pub mod options;
pub mod panel;
pub mod pdn_file;
pub mod puzzle_panel;
pub mod puzzles;
pub mod record;
pub mod redraw;
pub mod selection;
pub mod settings;
pub mod shortcuts;
pub mod tablebases;
pub mod textures;

use bevy::prelude::*;

pub use options::{Options, Setup};

/// The stages of every frame, in order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Pointer, buttons and finished engine searches become commands.
    Input,
    /// Commands change the game record.
    Rules,
    /// Entities are re-synced from the record.
    View,
}

/// The record, input interpretation and engine task: everything but the window.
pub struct CorePlugin {
    /// What the game starts with.
    pub setup: Setup,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        let mut notice = record::Notice::default();
        notice.info(self.setup.opened.clone().unwrap_or(i18n::Say::Keys));
        for problem in &self.setup.problems {
            notice.add_error(problem.clone());
        }
        app.configure_sets(
            Update,
            (GameSet::Input, GameSet::Rules, GameSet::View).chain(),
        )
        .insert_resource(self.setup.record.clone())
        .insert_resource(clock::Clocks::new(
            self.setup.clock,
            self.setup.record.game.moves().len(),
        ))
        .insert_resource(engine_task::EngineSetup(shashki::EngineSetup {
            book: self.setup.book.clone(),
            tablebases: self.setup.tablebases.clone(),
        }))
        .add_plugins((
            record::plugin,
            clock::plugin,
            clipboard::plugin,
            input::plugin,
            shortcuts::plugin,
            engine_task::plugin,
            i18n::plugin,
            collection::plugin,
            settings::plugin,
            puzzles::plugin,
        ))
        .insert_resource(i18n::Language(self.setup.lang))
        .insert_resource(record::Orientation {
            flipped: (self.setup.record.human_side() == Some(shashki::Color::Black))
                != self.setup.settings.board_turned,
        })
        .insert_resource(self.setup.collection.clone())
        .insert_resource(self.setup.own_games.clone())
        .insert_resource(settings::SettingsFile {
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

/// The interface font (DejaVu Sans: Latin and Cyrillic; licence in `assets/fonts`), embedded.
pub const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

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
            board_view::plugin,
            panel::plugin,
            game_list::plugin,
            puzzle_panel::plugin,
            redraw::plugin,
            tablebases::plugin,
        ));
    }
}
