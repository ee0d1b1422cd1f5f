//! The keys of the interface's words: [`Catalogue`], one field per text, so a language without
//! a key does not compile, and texts with values are plain `fn` fields. The words themselves are
//! in `ru.rs` and `en.rs`; Russian plural forms come from [`plural_ru`].

use shashki::{Color, DrawRule, DrawRules};

use crate::ground::TimeControl;

/// The form of a Russian noun after `n`: `one` (1, 21), `few` (2–4, 22–24) or `many` (5–20, 25…).
#[must_use]
pub fn plural_ru(n: u64, one: &'static str, few: &'static str, many: &'static str) -> &'static str {
    match (n % 10, n % 100) {
        (1, h) if h != 11 => one,
        (2..=4, h) if !(12..=14).contains(&h) => few,
        _ => many,
    }
}

/// Defines [`Catalogue`] from a list of plain texts and a list of texts with values, and
/// `texts()` listing the plain ones with their keys for the completeness test.
macro_rules! catalogue {
    (
        texts { $( $(#[$tm:meta])* $t:ident, )* }
        formats { $( $(#[$fm:meta])* $f:ident : $ty:ty, )* }
    ) => {
        /// The words of one language. Every field is a key: a language without it does not
        /// compile.
        #[derive(Debug)]
        pub struct Catalogue {
            $( $(#[$tm])* pub $t: &'static str, )*
            $( $(#[$fm])* pub $f: $ty, )*
            /// The level names, weakest first (one per `shashki::LEVELS`).
            pub level_names: [&'static str; shashki::LEVELS.len()],
        }

        impl Catalogue {
            /// The plain texts with their keys (level names included).
            #[must_use]
            pub fn texts(&self) -> Vec<(&'static str, &'static str)> {
                let mut texts = vec![$( (stringify!($t), self.$t), )*];
                texts.extend(self.level_names.iter().map(|n| ("level_names", *n)));
                texts
            }
        }
    };
}

catalogue! {
    texts {
        /// The panel's title and the window's.
        title,
        /// Button: a new game with the player on White.
        play_white,
        /// Button: a new game with the player on Black.
        play_black,
        /// Button: a new game for two people.
        two_players,
        /// Button: a new game of the engine against itself.
        engine_vs_engine,
        /// Button: take back.
        undo,
        /// Button: replay.
        redo,
        /// Button: a hint.
        hint,
        /// Button: turn the board.
        flip,
        /// Button: swap who plays White and Black in the position on the board.
        switch_sides,
        /// Button: resign.
        resign,
        /// Button: offer a draw.
        offer_draw,
        /// Heading of the text field.
        field_label,
        /// Button: set up the FEN of the field.
        set_fen,
        /// Button: load the PDN file of the field.
        load_pdn,
        /// Button: save the game as PDN.
        save_pdn,
        /// The engine's name as a player.
        engine,
        /// Result: the player won.
        you_won,
        /// Result: the player lost.
        you_lost,
        /// Result: a draw.
        draw,
        /// Draw reason: both sides agreed.
        draw_agreed,
        /// The player's move.
        your_move,
        /// The engine's move.
        engine_moves,
        /// Notice: the keyboard shortcuts.
        keys_help,
        /// Notice: a click ended the review.
        back_to_game,
        /// Click refused: the game is over.
        game_is_over,
        /// Click refused: the engine is to move.
        wait_for_engine,
        /// Notice: several captures end on the clicked square.
        choose_route,
        /// Notice: several captures pass the landing square clicked.
        choose_next,
        /// Prefix of a refused click's reason.
        illegal,
        /// Click refused: not the player's piece.
        not_your_piece,
        /// Click refused: a capture is mandatory.
        must_capture,
        /// Click refused: the piece cannot move.
        blocked,
        /// Click refused: the selected piece cannot go there.
        not_a_destination,
        /// Notice: a new game started.
        new_game_started,
        /// Notice: undo with nothing to take back.
        nothing_to_take_back,
        /// Notice: redo with nothing to replay.
        nothing_to_replay,
        /// Notice: the game is over; what to do next.
        game_over_next,
        /// Error: Set FEN with an empty field.
        type_fen_first,
        /// Error: Load PDN with an empty field.
        type_pdn_first,
        /// Notice: a hint asked for on the engine's turn.
        hints_for_you,
        /// Notice: resigning or offering a draw when there is no engine opponent to answer.
        only_against_engine,
        /// Notice: the engine considers the draw offer.
        draw_considered,
        /// Notice: the engine accepted the draw.
        draw_accepted,
        /// Notice: the engine declined the draw.
        draw_declined,
        /// Notice: a draw offered in the opening, declined without thinking.
        draw_too_early,
        /// Notice: Resign pressed once; pressing it again resigns.
        confirm_resign,
        /// Notice: Offer draw pressed once; pressing it again offers the draw.
        confirm_draw_offer,
        /// The engine thinking about its move.
        thinking,
        /// The engine looking for a hint.
        looking_for_hint,
        /// Move-list mark of a book move.
        book_mark,
        /// Move-list mark of a tablebase move.
        tablebase_mark,
        /// "Reviewing" status hint: how to get back.
        end_returns,
        /// Heading of the time-control buttons.
        clock_label,
        /// Button: no time control.
        no_clock,
        /// Heading of the draw-rule buttons.
        draw_rules_label,
        /// Button: play on from the position under review.
        play_from_here,
        /// Notice: play goes on from the reviewed position.
        playing_from_here,
        /// Button: start or stop the analysis.
        analyse,
        /// The engine analysing (thinking line).
        analysing,
        /// Button: copy the FEN of the position shown.
        copy_fen,
        /// Button: copy the game as PDN.
        copy_pdn,
        /// Button: the puzzle mode (`core::puzzles`, whose own texts are in its catalogue).
        puzzles,
        /// Notice: the FEN is on the clipboard.
        fen_copied,
        /// Notice: the PDN is on the clipboard.
        pdn_copied,
        /// The evaluation bar's label before any search.
        no_evaluation,
        /// The evaluation bar's label for a tablebase draw.
        tablebase_draw,
        /// Button: show the list of the games of the file opened last.
        game_list,
        /// Button: close the list of games.
        close_list,
        /// Label of the list's filter field.
        filter_label,
        /// The list when the filter lets no game through.
        no_game_matches,
        /// Typed move refused: not a move.
        typed_not_a_move,
        /// Typed move refused: no legal move matches.
        typed_illegal,
        /// Typed move refused: a capture is compulsory.
        typed_must_capture,
        /// Typed move refused: an earlier position is on the board.
        typed_while_reviewing,
        /// Notice: the list of games has nothing to show (no file of several games opened).
        no_game_list,
    }
    formats {
        /// "White" / "Black" as a noun for the side to move.
        side: fn(Color) -> &'static str,
        /// "You play White".
        you_play: fn(Color) -> &'static str,
        /// "White to move" (two players, engine against engine).
        to_move: fn(Color) -> &'static str,
        /// "White won".
        side_won: fn(Color) -> &'static str,
        /// Win reason: the loser has no legal move.
        no_legal_move: fn(Color) -> &'static str,
        /// Win reason: the loser resigned.
        resigned: fn(Color) -> &'static str,
        /// Draw reason by rule, in words.
        draw_rule: fn(DrawRule) -> &'static str,
        /// Status while reviewing the start position, given the game's plies.
        reviewing_start: fn(usize) -> String,
        /// Status while reviewing: the move shown, the ply and the game's plies.
        reviewing_after: fn(&str, usize, usize) -> String,
        /// Notice: the level chosen (number, name).
        level_set: fn(usize, &str) -> String,
        /// Heading of the level buttons (number, name).
        level_line: fn(usize, &str) -> String,
        /// Heading of the level buttons when the engine plays at its best for a time per move
        /// (`--engine-time`; no level button is chosen), given the time.
        engine_time_line: fn(&str) -> String,
        /// A number of seconds written with a point (`1.5`), in the language's way (`1,5 с`).
        seconds: fn(&str) -> String,
        /// Notice: a position set up, the player on the given side.
        position_set: fn(Color) -> String,
        /// Notice: a game opened from a file (its name, its players and result, the player's
        /// side while it goes on; `None`: finished).
        opened: fn(&str, Option<&str>, Option<Color>) -> String,
        /// Status of a game ended by the result its file records.
        recorded_result: fn(&str) -> String,
        /// Notice: the sides swapped; the player now plays the given side.
        sides_switched: fn(Color) -> String,
        /// Notice: the game added to a file (file, games in it now).
        saved: fn(&str, usize) -> String,
        /// Notice: a file of several games opened (file, games read, games not read).
        game_list_opened: fn(&str, usize, usize) -> String,
        /// Notice: a game of a collection opened at its start (file and number, its players and
        /// result).
        reviewing_opened: fn(&str, Option<&str>) -> String,
        /// The list's heading (file, games read, games shown).
        game_list_heading: fn(&str, usize, usize) -> String,
        /// The list's line about the games that could not be read (count, the first one's number
        /// in the file, its line, why).
        games_not_read: fn(usize, usize, usize, &str) -> String,
        /// Why a game of a file could not be read: a move that is not legal (its number, `.` or
        /// `...`, the move).
        illegal_move_in_file: fn(u32, &str, &str) -> String,
        /// The list's line for the games above or below its rows (how many).
        more_games: fn(usize) -> String,
        /// A number of full moves in the list ("42 moves").
        full_moves: fn(usize) -> String,
        /// Typed move refused (the text, why).
        typed_move_refused: fn(&str, &str) -> String,
        /// Typed move refused: several legal moves match (them).
        typed_ambiguous: fn(&str) -> String,
        /// Notice: the settings file was ignored (file, detail).
        settings_ignored: fn(&str, &str) -> String,
        /// The place of an error in the settings file (line, column).
        settings_syntax: fn(usize, usize) -> String,
        /// Error: the settings could not be saved (file, detail).
        settings_not_saved: fn(&str, &str) -> String,
        /// Error: a bad FEN (the parser's detail).
        bad_fen: fn(&str) -> String,
        /// Error: a PDN file that cannot be read (file, detail; the detail first, so that a long
        /// path is what the notice box cuts).
        cannot_read: fn(&str, &str) -> String,
        /// Error: a PDN file that does not parse (file, detail; the detail first).
        bad_pdn: fn(&str, &str) -> String,
        /// Error: a PDN file without a game.
        no_game_in: fn(&str) -> String,
        /// Error: a PDN file that cannot be written (file, detail).
        cannot_write: fn(&str, &str) -> String,
        /// Error: the book cannot be used (detail).
        book_not_used: fn(&str) -> String,
        /// Error: a tablebase problem (detail).
        tablebase_problem: fn(&str) -> String,
        /// Error: a tablebase directory without tables (the directory).
        no_tablebases: fn(&str) -> String,
        /// Error: the tablebase service cannot be used (its URL, why: one of the `service_`
        /// reasons below); play goes on without it.
        tablebase_service: fn(&str, &str) -> String,
        /// Why: the setting is not a service's address (the client's reason).
        service_bad_url: fn(&str) -> String,
        /// Why: no connection (the system's reason).
        service_unreachable: fn(&str) -> String,
        /// Why: no answer within this many seconds.
        service_timeout: fn(u64) -> String,
        /// Why: the service refused the request (status, its reason).
        service_status: fn(u16, &str) -> String,
        /// Why: the answer does not read (detail).
        service_bad_answer: fn(&str) -> String,
        /// Error: a bad `--fen` option (detail).
        bad_fen_option: fn(&str) -> String,
        /// Notice: the hint (a move).
        hint_is: fn(&str) -> String,
        /// Thinking line: depth and score.
        depth_score: fn(u32, &str) -> String,
        /// Error: the engine played an illegal move (move, detail).
        cannot_play: fn(&str, &str) -> String,
        /// Loss reason: the loser's clock ran out.
        time_ran_out: fn(Color) -> &'static str,
        /// A clock next to its side's name ("White 4:05").
        clock: fn(Color, &str) -> String,
        /// Notice: the time control chosen (`None`: no clocks).
        clock_set: fn(Option<TimeControl>) -> String,
        /// A draw-rule set's button.
        draw_rules_name: fn(DrawRules) -> &'static str,
        /// Notice: the draw rules chosen, what they mean.
        draw_rules_set: fn(DrawRules) -> String,
        /// Error: the clipboard refused the text (detail).
        copy_failed: fn(&str) -> String,
        /// The evaluation bar's label: a score for White (`+0.35`).
        eval_score: fn(&str) -> String,
        /// The evaluation bar's label: a forced win for a side in N moves, from the tablebases
        /// or not; 0 moves when the game is already won (the side to move has no move).
        eval_win: fn(Color, u32, bool) -> String,
        /// The tablebase build's progress (pieces, percent done, slice being built).
        tb_building: fn(u32, u32, &str) -> String,
        /// The tablebases are built and used (pieces).
        tb_ready: fn(u32) -> String,
        /// The tablebases could not be built (detail).
        tb_failed: fn(&str) -> String,
        /// A search score: a forced win in N moves for the side to move.
        win_in: fn(u32) -> String,
        /// A search score: a forced loss in N moves for the side to move.
        loss_in: fn(u32) -> String,
    }
}

impl Catalogue {
    /// The name of playing level `n` (numbered from 1), empty for a number without a level.
    #[must_use]
    pub fn level_name(&self, n: usize) -> &'static str {
        n.checked_sub(1)
            .and_then(|i| self.level_names.get(i))
            .copied()
            .unwrap_or_default()
    }
}
