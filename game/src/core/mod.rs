//! The headless core: the game record and the steps that change it, one per concern, and what
//! keeps in step with it (clocks, the list of a file's games, settings, PDN files, the puzzle
//! mode, the clipboard). It needs no window, so the headless tests run it under `MinimalPlugins`.
//!
//! Floor: imports [`crate::ground`] and [`crate::text`], never the engine task or the view above.
//! Data flows one way through it: the input stage writes one message type per concern —
//! [`record::RecordCommand`] (the game record), [`files::FileCommand`] (files and the clipboard),
//! [`collection::ListCommand`] (the list of games), [`setup::SetupCommand`] (level, sides, board,
//! clock, draw rules), [`puzzles::PuzzleCommand`] (the puzzle mode) — each read by the one
//! system of its room, in the rules stage. They change the [`record::GameRecord`] through its
//! methods (a new revision each time); at the start of the follow stage the record's changes go
//! out as [`record::RecordChanged`] messages, which the clocks, the puzzle mode and, a floor up,
//! the engine task follow; the view re-syncs from the record.

pub mod clipboard;
pub mod clock;
pub mod collection;
pub mod files;
pub mod notice;
pub mod options;
pub mod pdn_file;
pub mod puzzles;
pub mod record;
pub mod record_text;
pub mod rules;
pub mod settings;
pub mod setup;
pub mod sync;
