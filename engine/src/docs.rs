//! The project's reference documents, built into the documentation so that the links to them
//! work wherever it is read (docs.rs included) and not only in a clone of the repository.
//!
//! Each is an empty module whose documentation is the Markdown file itself:
//! `docs/RULES.md` (the rules as this library implements them, cited by section all through the
//! rules code), `engine/SEARCH.md` (the search and evaluation, and the games and measurements
//! that settled each choice) and `docs/TABLEBASES.md` (the tablebases: index, file format,
//! measurements). The package carries the two files of `docs/` through links in `engine/docs/`.

/// The rules of Russian draughts as shashki implements them (`docs/RULES.md`).
#[doc = include_str!("../docs/RULES.md")]
pub mod rules {}

/// The engine's search and evaluation, and how each choice was settled (`engine/SEARCH.md`).
#[doc = include_str!("../SEARCH.md")]
pub mod search {}

/// Endgame tablebases: what they hold, the index, the file format, the measurements
/// (`docs/TABLEBASES.md`).
#[doc = include_str!("../docs/TABLEBASES.md")]
pub mod tablebases {}
