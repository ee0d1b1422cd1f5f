//! The game's files: a game is opened from the first game of a PDN file and saved as PDN. This is
//! the game crate's only file input and output, kept apart from the record (which only keeps
//! the game and answers questions about it); the texts of its errors are [`Say`]s, drawn in the
//! player's language.

use std::path::Path;

use shashki::{Game, PdnGame, pdn};

use crate::i18n::Say;
use crate::record::{Controller, GameRecord};

/// Reads the first game of a PDN file, in whatever encoding it is written.
///
/// # Errors
/// A [`Say`] naming the file when it cannot be read or parsed or holds no game.
pub fn load_pdn(path: &Path) -> Result<Game, Say> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Say::CannotRead(name.clone(), e.to_string()))?;
    // Any encoding the library detects (UTF-8, UTF-16, cp1251): old Russian files open too.
    match pdn::read_bytes(&bytes).games.into_iter().next() {
        Some(Ok(game)) => Ok(game.game),
        Some(Err(e)) => Err(Say::BadPdn(name, e.to_string())),
        None => Err(Say::NoGameIn(name)),
    }
}

/// Writes the game as PDN to `path` atomically (a temporary file renamed into place), with the
/// result of a resignation or an agreed draw.
///
/// # Errors
/// A [`Say`] naming the file when it cannot be written.
pub fn save_pdn(record: &GameRecord, path: &Path) -> Result<(), Say> {
    let name = |c: Controller| match c {
        Controller::Human => "Human",
        Controller::Engine => "shashki",
    };
    let mut game = PdnGame::new(record.game.clone());
    game.set_tag("Event", "shashki game");
    game.set_tag("White", name(record.players.white));
    game.set_tag("Black", name(record.players.black));
    game.set_tag("GameType", "25");
    game.result = record.outcome().result();
    let text = pdn::write_game(&game);
    shashki::write_atomically(path, text.as_bytes())
        .map_err(|e| Say::CannotWrite(path.display().to_string(), e.to_string()))
}
