//! The headless core: the game record, the rules step that changes it and what keeps in step
//! with it (clocks, the list of a file's games, settings, PDN files, the puzzle mode, the
//! clipboard). It needs no window, so the headless tests run it under `MinimalPlugins`.
//!
//! Floor: imports [`crate::ground`] and [`crate::text`], never the engine task or the view above.
//! Data flows one way through it: the input stage writes [`command::GameCommand`]s, the rules
//! step ([`rules::apply_commands`]) changes the [`record::GameRecord`] (a new revision each
//! time), and the floors above re-sync from the record.

pub mod clipboard;
pub mod clock;
pub mod collection;
pub mod command;
pub mod notice;
pub mod options;
pub mod pdn_file;
pub mod puzzles;
pub mod record;
pub mod record_text;
pub mod rules;
pub mod settings;
pub mod sync;
