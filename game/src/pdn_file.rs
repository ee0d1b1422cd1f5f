//! The game's files: a game is opened from the first game of a PDN file and saved as PDN (the
//! same text [`pdn_text`] that "Copy PDN" puts on the clipboard). This is the game crate's only
//! file input and output, kept apart from the record (which only keeps
//! the game and answers questions about it); the texts of its errors are [`Say`]s, drawn in the
//! player's language.

use std::path::Path;

use shashki::pdn::PdnGame;
use shashki::{Color, pdn};

use crate::i18n::Say;
use crate::record::{Controller, GameRecord};

/// Reads the first game of a PDN file (its tags and result too), in whatever encoding it is
/// written.
///
/// # Errors
/// A [`Say`] naming the file when it cannot be read or parsed or holds no game.
pub fn load_pdn(path: &Path) -> Result<PdnGame, Say> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Say::CannotRead(name.clone(), e.to_string()))?;
    // Any encoding the library detects (UTF-8, UTF-16, cp1251): old Russian files open too.
    match pdn::read_bytes(&bytes).games.into_iter().next() {
        Some(Ok(game)) => Ok(game),
        Some(Err(e)) => Err(Say::BadPdn(name, e.to_string())),
        None => Err(Say::NoGameIn(name)),
    }
}

/// What the notice says about an opened game: the file's name (not its whole path, which would
/// not fit), the players and the result the file gives, and the person's colour while the game
/// goes on (`None`: it is finished).
#[must_use]
pub fn opened_notice(path: &Path, opened: &PdnGame, human: Option<Color>) -> Say {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let name = |tag: &str| {
        opened
            .tag(tag)
            .map(str::trim)
            .filter(|n| !n.is_empty() && *n != "?")
            .map(str::to_string)
    };
    let mut about = Vec::new();
    match (name("White"), name("Black")) {
        (None, None) => {}
        (white, black) => about.push(format!(
            "{} — {}",
            white.as_deref().unwrap_or("?"),
            black.as_deref().unwrap_or("?")
        )),
    }
    if opened.result != pdn::GameResult::Unknown {
        about.push(opened.result.to_string());
    }
    Say::Opened {
        file,
        about: (!about.is_empty()).then(|| about.join(", ")),
        human,
    }
}

/// Writes the game as PDN ([`pdn_text`]) to `path` atomically (a temporary file renamed into
/// place).
///
/// # Errors
/// A [`Say`] naming the file when it cannot be written.
pub fn save_pdn(record: &GameRecord, path: &Path) -> Result<(), Say> {
    write_atomically(path, pdn_text(record).as_bytes())
        .map_err(|e| Say::CannotWrite(path.display().to_string(), e.to_string()))
}

/// Writes `bytes` to `path` through a temporary file beside it (`tempfile`), synced and renamed
/// over it: a failed write leaves the file as it was.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The game as PDN text (what "Save PDN" writes and "Copy PDN" copies), with the players and
/// the result of a resignation, an agreed draw or a loss on time.
#[must_use]
pub fn pdn_text(record: &GameRecord) -> String {
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
    pdn::write_game(&game)
}
