//! The Hub engine protocol, version 2 (Scan 3.1's protocol), for 8×8 Russian draughts.
//!
//! Hub is line based: each line is a command followed by `name=value` pairs (or bare names); a
//! value holding blanks is written in double quotes. This module is the pure part of the
//! protocol — reading lines into [`Line`]s, writing the engine's lines (`id`, `param`,
//! [`info_line`], [`done_line`], [`error_line`]), the Hub position string ([`read_position`],
//! [`write_position`]) — and a [`Session`] state machine that turns each GUI line into
//! [`Action`]s (lines to send, a search to start, a search to stop…). The `shashki hub` command
//! feeds stdin lines to a [`Session`] and carries out the actions with the engine, the search
//! running on its own thread so that `stop` is read while it searches.
//!
//! Protocol rules followed (from Scan 3.1's protocol text): unknown commands and unknown
//! arguments are ignored, so that GUIs and engines of different versions get along; a malformed
//! line (an unclosed quote, a bad number, an illegal move) is answered with an
//! `error message="…"` line and never ends the session. While a search runs, only `stop`,
//! `ponder-hit`, `ping`, `hub` and `quit` are obeyed; commands that would change what is searched
//! get an `error` line. Positions are `W`/`B` for the side to move followed by
//! one character per square 1…32 (square 1 = b8): `w` `b` men, `W` `B` kings, `e` empty. Moves
//! are in standard numeric notation (`32-28`, captures `from x to x captured x captured…`, the
//! captured squares in any order), written back by [`Notation::Hub`](crate::Notation::Hub).
//!
//! Scores are sent in men (a man = 1.00, two decimals) from the side to move's view; a won or lost
//! game in *n* plies is sent as ±(100 − *n*/100), Scan's convention for "the end of the game is
//! near". Times are in seconds.
//!
//! One file per concept, in the order a line flows through them: `line.rs` reads a GUI's line
//! into a [`Line`] and quotes values back (the wire syntax); `position.rs` reads and writes the
//! position string and the moves; `level.rs` is the `level` command, read and written
//! ([`Level`]); `params.rs` is the engine's setup, the parameters announced after `hub`
//! ([`Param`], [`engine_params`]); `messages.rs` writes the engine's own lines (`id`, `param`,
//! `info`, `done`, `error`) and `search_lines.rs` those of a search's reports; `session.rs` is the state machine ([`Session`]) that turns each GUI
//! line into [`Action`]s with all of them. `error.rs` holds [`HubError`], what any of them
//! refuses a line with. Outside users name everything through this module (`shashki::hub::…`).

mod error;
mod level;
mod line;
mod messages;
mod params;
mod position;
mod search_lines;
mod session;

pub use error::HubError;
pub use level::Level;
pub use line::Line;
pub use messages::{InfoReport, done_line, error_line, hub_score, info_line};
pub use params::{
    CONTEMPT_AHEAD_PARAM, CONTEMPT_PARAM, DRAW_RULES_PARAM, Param, ParamKind, contempt,
    engine_params,
};
pub use position::{read_position, write_line, write_position};
pub use search_lines::{search_done_line, search_info_line, search_stopped_line};
pub use session::{Action, GoMode, SearchRequest, Session};
