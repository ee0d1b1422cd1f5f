//! The message for the player under the board's panel: notices and errors, kept as typed
//! [`Say`]s and worded in the language chosen when they are drawn.
//!
//! The rules step, the engine task, the settings and the file readers write it; the panel shows
//! it. An error also goes to stderr in English, where nothing is shortened.

use bevy::prelude::*;

use crate::text::{Catalogue, Lang, Say};

/// A message for the player shown in the panel (errors in red), kept as typed [`Say`]s so that
/// it is shown in the language chosen when it is drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The lines to say.
    pub lines: Vec<Say>,
    /// Whether it reports an error.
    pub error: bool,
}

impl Notice {
    /// Shows an informational message.
    pub fn info(&mut self, say: Say) {
        self.lines = vec![say];
        self.error = false;
    }

    /// Shows an error (the full text also goes to stderr, where nothing is shortened).
    pub fn error(&mut self, say: Say) {
        eprintln!("shashki-game: {}", say.render(Lang::En.text()));
        self.lines = vec![say];
        self.error = true;
    }

    /// Adds an error line below what is shown.
    pub fn add_error(&mut self, say: Say) {
        eprintln!("shashki-game: {}", say.render(Lang::En.text()));
        if !self.error {
            self.lines.clear();
        }
        self.lines.push(say);
        self.error = true;
    }

    /// Clears the message.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.error = false;
    }

    /// The message in the language of `text`, one line per [`Say`].
    #[must_use]
    pub fn text(&self, text: &Catalogue) -> String {
        self.lines
            .iter()
            .map(|s| s.render(text))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
