//! The side panel: status, both clocks, the evaluation bar, engine thinking, messages, the buttons,
//! a FEN / PDN-file text field and the clickable move list — Bevy UI nodes that show the
//! [`GameRecord`](crate::core::record::GameRecord) and write
//! messages of the concerns they are for ([`crate::view::intent`]).
//!
//! Every word comes from the current [`Language`](crate::text::Language)'s catalogue: fixed labels
//! carry a [`Words`] component (the catalogue field to show) and are rewritten when the language
//! changes. The panel is laid out for a 1200×780 window and scaled with `UiScale` from
//! [`ui_scale`](crate::ground::geometry::ui_scale) (its width, fonts and buttons grow and shrink
//! together); status, thinking line and notice each have a box of their own with a fixed number of
//! lines, clipped, so they never overlap, and a notice longer than its box is shortened (errors are
//! printed whole to stderr). Everything fits the smallest window, 640×480, with clocks and while
//! reviewing: the languages sit beside the title, "Play on" in the review row, and the move
//! list takes the height that remains (at least three rows).
//!
//! Buttons carry a [`PanelButton`] action; `press_buttons` (in the input stage) turns a press into
//! a command, reading the text field for "Set FEN", "Load PDN" and "Save PDN" (Enter in the field
//! plays the move typed, loads the file when it names a `.pdn`, else sets up the FEN:
//! [`field_command`]; Enter on the board puts the keyboard in the field, to type a move).
//! `refresh_texts` (in the view stage) rewrites the texts from the record, the engine's
//! [`Thinking`](crate::engine::engine_task::Thinking) and the
//! [`Notice`](crate::core::notice::Notice); `refresh_move_list` rebuilds the move list when the
//! record changes (one button per move: a click shows the position after it) and scrolls it to the
//! newest move, or to the move under review. `refresh_clocks` shows the
//! [`Clocks`](crate::core::clock::Clocks) (the running one highlighted) and `refresh_evaluation`
//! the engine's [`Evaluation`](crate::engine::engine_task::Evaluation) of the position on the board
//! (none for a position it has not scored) as a bar from White's side with its score in words (a
//! tablebase result says so).
//!
//! Reviewing: the |◀ ◀ ▶ ▶| buttons (and the keys) step through the game, a click on a move shows
//! the position after it. The position shown is then marked in the move list (blue), the board's
//! frame turns blue and the status line says which position it is; the live game's last move keeps
//! a grey mark. A click on the board goes back to the game (it plays nothing: a stray click must
//! not rewrite the game); "Play on" plays on from the position shown, taking the later moves
//! back (Redo replays them until a new move is played).
//!
//! The parts, one file each: [`layout`] (the panel's column and its scale), [`widgets`] (labels,
//! text boxes, buttons), [`buttons`] (the action buttons), [`text_field`], [`status`] (status,
//! thinking and notice lines, the level line, the clocks), [`evaluation`] (the bar) and
//! [`move_list`].

pub mod buttons;
pub mod evaluation;
pub mod layout;
pub mod move_list;
pub mod status;
pub mod text_field;
pub mod widgets;

use bevy::prelude::*;

use crate::ground::GameSet;

pub use buttons::PanelButton;
pub use evaluation::{evaluation_text, white_share};
pub use layout::PanelRoot;
pub use move_list::{MoveEntry, list_scroll};
pub use status::{NOTICE_CHARS, score_words, shorten, unbreakable_moves};
pub use text_field::{InputField, field_command};
pub use widgets::Words;

/// Registers the panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, layout::spawn_panel)
        .add_systems(
            Update,
            (
                buttons::press_buttons,
                move_list::press_moves,
                text_field::submit_field,
                text_field::blur_field_on_outside_press,
            )
                .in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            (
                layout::scale_to_window,
                layout::place_panels,
                widgets::translate_labels,
                status::refresh_texts,
                status::refresh_clocks,
                evaluation::refresh_evaluation,
                move_list::refresh_move_list,
                buttons::color_buttons,
                text_field::color_field,
                move_list::color_moves,
            )
                .in_set(GameSet::View),
        );
}
