//! The engine's floor: the searches on a background task ([`engine_task`]) and the endgame
//! tables built in the background for it ([`tablebases`]).
//!
//! Floor: imports [`crate::ground`], [`crate::text`] and [`crate::core`]; the view reads its
//! resources (what the engine thinks, the evaluation), nothing below imports from here. It reads
//! the record, and changes it only through [`GameCommand`](crate::core::command::GameCommand)s.

pub mod engine_task;
pub mod tablebases;
