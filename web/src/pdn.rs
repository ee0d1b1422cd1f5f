//! PDN files for JavaScript: every game of a file read (text or bytes: a file picked in the
//! page), the games that failed with the library's reasons, each game written back.
//!
//! [`read_pdn`] never throws for a bad game: like the library's `pdn::read_all`, it reads the
//! others and lists what failed ([`PdnReading::errors`]), so a page can open a real collection
//! with a few broken games in it.

use shashki::pdn::{self, PdnGame};
use wasm_bindgen::prelude::*;

use crate::game::{Game, style_named};

/// What a PDN file held.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug)]
pub struct PdnReading {
    /// The games that were read, in file order.
    pub games: Vec<PdnRecord>,
    /// One message per game that could not be read (game number, line, move and why).
    pub errors: Vec<String>,
    /// Repairs made while reading (bad bytes, escaped line ends), one message each.
    pub warnings: Vec<String>,
    /// The text encoding found, as the library names it.
    pub encoding: String,
}

/// One game of a PDN file: its tags, its moves, its result.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct PdnRecord {
    inner: PdnGame,
}

#[wasm_bindgen]
impl PdnRecord {
    /// The value of tag `name` (case-sensitive), or `undefined`.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.inner.tag(name).map(str::to_string)
    }

    /// The tag names in file order.
    #[wasm_bindgen(js_name = tagNames)]
    pub fn tag_names(&self) -> Vec<String> {
        self.inner
            .tags
            .iter()
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The result: `"2-0"`, `"0-2"`, `"1-1"` or `"*"`.
    #[wasm_bindgen(getter)]
    pub fn result(&self) -> String {
        self.inner.result.to_pdn().to_string()
    }

    /// The game (start position, moves, draw rules `full`), to replay or to continue.
    pub fn game(&self) -> Game {
        Game {
            inner: self.inner.game.clone(),
        }
    }

    /// The game written back as PDN in `style` (see `Game.toPdn`), tags and comments kept.
    ///
    /// # Errors
    /// An unknown style.
    #[wasm_bindgen(js_name = toPdn)]
    pub fn to_pdn(&self, style: Option<String>) -> Result<String, JsError> {
        let style = style_named(style.as_deref())?;
        Ok(pdn::write_game_with(&self.inner, &style.options()))
    }
}

/// Reads every game of a PDN file given as text (a `string`) or as its bytes (a `Uint8Array`:
/// UTF-8, UTF-16 with a byte-order mark, Windows-1251 are recognised).
///
/// # Errors
/// Only when `file` is neither a string nor a `Uint8Array`.
#[wasm_bindgen(js_name = readPdn)]
pub fn read_pdn(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] file: JsValue,
) -> Result<PdnReading, JsError> {
    let reading = if let Some(text) = file.as_string() {
        pdn::read_all(&text)
    } else if let Some(bytes) = file.dyn_ref::<js_sys::Uint8Array>() {
        pdn::read_bytes(&bytes.to_vec())
    } else {
        return Err(JsError::new(
            "readPdn: give the file as a string or a Uint8Array",
        ));
    };
    let encoding = reading.encoding.to_string();
    let warnings = reading.warnings.iter().map(ToString::to_string).collect();
    let (games, errors) = reading.into_parts();
    Ok(PdnReading {
        games: games.into_iter().map(|inner| PdnRecord { inner }).collect(),
        errors: errors.iter().map(ToString::to_string).collect(),
        warnings,
        encoding,
    })
}
