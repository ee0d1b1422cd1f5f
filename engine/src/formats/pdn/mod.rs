//! PDN: the game-file format of draughts (Portable Draughts Notation, a PGN dialect).
//!
//! Reading goes bytes → text → tokens → games. [`decode`] turns a file's bytes into text (UTF-8
//! with or without BOM and with a few bad bytes replaced, UTF-16 with BOM, Windows-1251 and CP866 detected;
//! the encoding is reported, see [`TextEncoding`]). The lexer turns the text into tag pairs (`[White "Ivanov"]`, and as real
//! files have them `[Round 17]`, `[Game # 612]`, `[Round "11.1]`), comments (`{…}`, `;…`), move
//! numbers (`12.`, `12...`), moves, placeholders (`- -`), NAGs (`$3`) and results (`2-0`, `0-2`,
//! `1-1`, `1-0`, `0-1`, `1/2-1/2`, `1:0`, `0:1`, `1/2:1/2`, `0-0`, `*`), each with its line number;
//! variations `(…)` (nested, possibly holding comments) are skipped as a whole; a malformed piece
//! of text becomes an error token of the game it stands in, and lexing goes on after it. Captures
//! written with spaces (`18 x 11`) are joined into one word.
//!
//! The reader ([`read_all`]) then groups tokens into games — a game ends at its result, or where
//! a tag section follows its move text; consecutive tag sections are separate games; comments
//! before the first tags are the file's — sets up the start position from the `FEN` tag (numeric
//! or algebraic, lidraughts `H` and `F` fields honoured), checks `GameType` (`25` or its long form
//! `25,W,8,8,A0,0`), and replays each move with [`Position::parse_move`], so numeric and algebraic
//! moves with `-`, `x` or `:`, without separator (`c3d4`), shortened multi-captures (`a1:h8` for
//! `a1:e5:h8`), the short notation `gf4` and captures split into segments (`29x15 15x24`) are all
//! read. A move that is ambiguous in the short notation (`hg7`: h6-g7 or h8-g7) is read as the only
//! candidate after which the game's next moves (up to eight) can be played, with a [`PdnWarning`]
//! saying so; when the next moves fit several or none, it stays an error that names the candidates.
//! A game that cannot be read becomes a [`PdnError`] naming the game (its index and tags), the
//! line, and the move (its number and text); the next game is read as usual. Games that look like
//! another variant's (a `GameType` other than 25, moves illegal from the first one, a first move
//! no Russian position allows, a quiet move where Russian rules make a capture compulsory,
//! squares 33 to 50 of a 10×10 board in a move or the `FEN` tag) get errors that say "not
//! Russian draughts?". [`read_games`] is the strict form: the games, or the first error.
//!
//! Writing ([`write_game`], [`write_game_with`]) produces the tag section (`GameType` and a `FEN`
//! tag added when needed), then the move text wrapped at 80 columns (or on one line) with move
//! numbers, move-strength suffixes, comments and variations from the [`Annotation`]s, and the
//! result. [`WriteOptions`] choose the squares (numeric or algebraic), the capture separator, full
//! or shortened captures, the `GameType` form, the `FEN` tag, the annotations, the tag order and
//! the line width; [`PdnStyle`] names the sets other programs read or write: PDN 3.0 (the default:
//! each game's own notation, the `FEN` tag in the matching squares), lidraughts (what
//! lidraughts.org exports for Russian games: algebraic, `x`, shortened captures, algebraic FEN,
//! its tag order, one line of moves), lidraughts-numeric (the same with numeric squares) and
//! pydraughts (algebraic, `x`, algebraic FEN — the form pydraughts reads correctly,
//! [docs/RULES.md §3](crate::docs::rules)).
//!
//! Files met in the wild are read with two repairs, each reported once as a [`PdnWarning`]: UTF-8
//! with a few bad bytes (see [`decode`]; each line with bad bytes is named with its game and
//! tag), and line ends a broken exporter wrote as the two characters `\r` (a backslash and an
//! `r`), read as line ends. [`PdnReading::failure_counts`] counts how the games failed, and
//! [`FailureCounts::other_variant_file`] says when a file looks like another variant's.
//!
//! ```
//! use shashki::pdn::{self, GameResult};
//!
//! let text = r#"[White "Ivanov"]
//! [Black "Petrov"]
//! [GameType "25"]
//!
//! 1. c3-d4 f6-e5 2. d4:f6 {forced} g7:e5 1-1
//! "#;
//! let games = pdn::read_games(text)?;
//! let record = &games[0];
//! assert_eq!(record.tag("White"), Some("Ivanov"));
//! assert_eq!(record.game.moves().len(), 4);
//! assert_eq!(record.result, GameResult::Draw);
//!
//! // Errors say which game and which move.
//! let error = pdn::read_games("1. c3-d4 c3-d4 *").unwrap_err();
//! assert!(error.to_string().contains("move 1... `c3-d4`"));
//!
//! // A file with a bad game: the others are still read.
//! let reading = pdn::read_all("1. c3-d4 c3-d4 *\n\n[Event \"next\"]\n1. cd4 *\n");
//! assert_eq!((reading.games.len(), reading.read_count()), (2, 1));
//!
//! // Writing gives back an equivalent file.
//! let again = pdn::read_games(&pdn::write_game(record))?;
//! assert_eq!(again[0].game.moves(), record.game.moves());
//! # Ok::<(), shashki::pdn::PdnError>(())
//! ```

//!
//! The module is four rooms: `encoding` (bytes → text: [`decode`], and the repair of escaped
//! line ends), `lexer` (text → tokens with their lines), `reader` (tokens → games, replayed
//! move by move; [`read_all`], [`read_bytes`]) and `writer` (games → text; [`write_game_with`]
//! and its [`WriteOptions`]), with the two rooms they share below them: `record` (the game record:
//! [`PdnGame`], [`GameResult`], [`Annotation`]) and `reading` (what reading reports:
//! [`PdnReading`], [`PdnError`], [`PdnWarning`]). This file only declares and re-exports.

mod encoding;
mod lexer;
mod reader;
mod reading;
mod record;
#[cfg(test)]
mod tests;
mod writer;

pub use encoding::{TextEncoding, decode};
pub use reader::{read_all, read_bytes, read_game, read_games};
pub use reading::{FailureCounts, PdnError, PdnErrorKind, PdnReading, PdnWarning};
pub use record::{Annotation, GameResult, PdnGame};
pub use writer::{
    FenTag, PdnStyle, TagOrder, WriteOptions, write_game, write_game_with, write_games,
    write_games_with,
};

#[cfg(doc)]
use crate::rules::{Game, Position};
