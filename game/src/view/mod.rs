//! The top floor: everything the window shows and the pointer and keys that act on it.
//!
//! The board ([`board_view`], its [`textures`]), the click interpretation ([`input`],
//! [`selection`]), the keys ([`shortcuts`]), the side panel ([`panel`]), the puzzle panel
//! ([`puzzle_panel`]), the list of a file's games ([`game_list`]), the redraw policy
//! ([`redraw`]), the window's fit to the screen ([`window_fit`]) and the frame counter
//! ([`fps`]).
//!
//! Floor: may import every floor below ([`crate::ground`], [`crate::text`], [`crate::core`],
//! [`crate::engine`]); nothing imports from here. Input here becomes the message of the concern
//! it is for ([`intent`]: the record's, the files', the list's, the setup's, the engine's, the
//! puzzle mode's); entities are re-synced from the record.

pub mod board_view;
pub mod fps;
pub mod game_list;
pub mod input;
pub mod intent;
pub mod panel;
pub mod puzzle_panel;
pub mod redraw;
pub mod selection;
pub mod shortcuts;
pub mod textures;
pub mod window_fit;
