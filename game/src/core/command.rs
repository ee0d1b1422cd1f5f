//! What the players and the engine ask of the game: [`GameCommand`], a message read by the rules
//! step ([`apply_commands`](crate::core::rules::apply_commands)).
//!
//! The input stage (pointer, keys, panel buttons, finished searches) writes commands; the rules
//! step applies them to the record in the order written. Commands that carry a revision are
//! dropped when the record changed since they were made.

use std::path::PathBuf;

use bevy::prelude::*;
use shashki::{Color, DrawRules, Move};

use crate::core::record::{Mode, MoveLabel};
use crate::ground::TimeControl;

/// What the players ask for; applied by [`apply_commands`](crate::core::rules::apply_commands).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Play a move (from a click or from the engine).
    Play {
        /// The move.
        mv: Move,
        /// Its label in the move list.
        label: Option<MoveLabel>,
        /// The [`GameRecord::revision`](crate::core::record::GameRecord::revision) it was chosen
        /// in; ignored if the record changed since (a new game or undo in the same frame).
        revision: u64,
    },
    /// Start a new game from the start position.
    NewGame(Mode),
    /// Take back a move (and the engine's reply).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Ask the engine for a hint (handled by the engine task).
    Hint,
    /// Turn the board around.
    Flip,
    /// Choose a playing level (its number, from 1).
    SetLevel(usize),
    /// Swap who plays White and who plays Black, in the position on the board.
    SwitchSides,
    /// The human player resigns (the side to move, when two people play).
    Resign,
    /// The human player offers the engine a draw (answered by the engine task).
    OfferDraw,
    /// The engine accepted a draw offer made in this revision.
    DrawAgreed {
        /// The [`GameRecord::revision`](crate::core::record::GameRecord::revision) of the offer;
        /// ignored if the game changed since.
        revision: u64,
    },
    /// Set up a position from FEN.
    SetFen(String),
    /// Open a PDN file: its game, or the list of its games when it holds several.
    LoadPdn(PathBuf),
    /// Add the game to a PDN file (`None`: the player's own games,
    /// [`crate::core::pdn_file::OwnGames`]).
    SavePdn(Option<PathBuf>),
    /// Open game `.0` of the [`Collection`](crate::core::collection::Collection)'s list, at its
    /// start, in review.
    OpenGame(usize),
    /// Show only the games of the list with a player whose name contains this text.
    FilterGames(String),
    /// Show or hide the list of games (handled by [`crate::core::collection`]).
    ShowGameList(bool),
    /// Move the list's highlighted game this many lines down (up when negative), within the
    /// games the filter shows (handled by [`crate::core::collection`]).
    MoveListCursor(isize),
    /// Play a move typed by the player (`c3d4`, `c3-d4`, `22-18`, `c3:e5`).
    PlayText(String),
    /// Show the position one ply earlier than the one shown (starts a review).
    ReviewBack,
    /// Show the position one ply later (back at the live position, the review ends).
    ReviewForward,
    /// Show the start position of the game.
    ReviewStart,
    /// Show the live position again.
    ReviewEnd,
    /// Show the position after ply `n` of the game (0: the start; the last ply: the game).
    ReviewAt(usize),
    /// Play on from the position under review: the moves after it are taken back (redo replays
    /// them).
    PlayFromHere,
    /// Choose the time control (`None`: no clocks); both clocks start full from the position
    /// on the board.
    SetTimeControl(Option<TimeControl>),
    /// Choose the draw rules (docs/RULES.md §2) of this game and the next ones: at once, so a
    /// game a counter rule ended goes on under a set without that rule.
    SetDrawRules(DrawRules),
    /// `side`'s clock ran out (from the clocks, in this revision): it loses on time.
    TimeUp {
        /// The side whose time is out.
        side: Color,
        /// The [`GameRecord::revision`](crate::core::record::GameRecord::revision) it ran out in;
        /// ignored if the game changed since.
        revision: u64,
    },
    /// Start or stop the engine's analysis of the position shown (handled by the engine task).
    ToggleAnalysis,
    /// Copy the FEN of the position shown to the clipboard (handled by [`crate::core::clipboard`]).
    CopyFen,
    /// Copy the game as PDN to the clipboard (handled by [`crate::core::clipboard`]).
    CopyPdn,
}
