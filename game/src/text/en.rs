//! The English words of the interface: one [`Catalogue`] value, checked key by key by the
//! compiler and against the Russian one by the test `every_text_is_present_and_translated`.

use shashki::{Color, DrawRule, DrawRules};

use crate::text::catalogue::Catalogue;

/// English.
pub static EN: Catalogue = Catalogue {
    title: "Shashki — Russian draughts",
    play_white: "Play White",
    play_black: "Play Black",
    two_players: "Two players",
    engine_vs_engine: "Engine vs engine",
    undo: "Undo",
    redo: "Redo",
    hint: "Hint",
    flip: "Flip",
    switch_sides: "Switch sides",
    resign: "Resign",
    offer_draw: "Offer draw",
    field_label: "Move (c3-d4), FEN or PDN file; Enter applies",
    set_fen: "Set FEN",
    load_pdn: "Load PDN",
    save_pdn: "Save PDN",
    engine: "engine",
    you_won: "You won",
    you_lost: "You lost",
    draw: "Draw",
    draw_agreed: "by agreement",
    your_move: "your move",
    engine_moves: "the engine is to move",
    keys_help: "Keys: Enter types a move (c3-d4), Left/Right undo/redo, Up/Down review the \
                game, H hint, F flip, 1-8 level, Esc deselect",
    back_to_game: "Back to the game",
    game_is_over: "the game is over — start a new game or take back a move",
    wait_for_engine: "it is the engine's turn",
    choose_route: "Several captures end there: click the landing squares (orange) in turn",
    choose_next: "Several captures go on from there: click the next landing square (orange)",
    illegal: "Illegal",
    not_your_piece: "select one of your own pieces",
    must_capture: "a capture is mandatory — move one of the marked pieces",
    blocked: "that piece has no legal move",
    not_a_destination: "the selected piece cannot go there",
    new_game_started: "A new game has begun",

    nothing_to_take_back: "Nothing to take back",
    nothing_to_replay: "Nothing to replay",
    game_over_next: "Game over: start a new game, or take back moves with Undo",
    type_fen_first: "Type or paste a FEN into the field first",
    type_pdn_first: "Type the PDN file name into the field first",
    hints_for_you: "Hints are for your turn",
    only_against_engine: "That is for a game against the engine, while it goes on",
    draw_considered: "The engine considers your draw offer…",
    draw_accepted: "The engine accepts the draw",
    draw_declined: "The engine declines the draw: play on",
    draw_too_early: "Too early for a draw: the engine plays on (offer again after move 10)",
    confirm_resign: "Resign this game? Press Resign again to confirm",
    confirm_draw_offer: "Offer the engine a draw? Press Offer draw again to confirm",
    thinking: "Engine thinking",
    looking_for_hint: "Looking for a hint",
    book_mark: "(book)",
    tablebase_mark: "(tb)",
    end_returns: "End returns",
    clock_label: "Clock",
    no_clock: "none",
    draw_rules_label: "Draws",
    play_from_here: "Play on",
    playing_from_here: "Playing on from here; Redo replays the moves taken back",
    analyse: "Analyse",
    analysing: "Analysis",
    copy_fen: "Copy FEN",
    copy_pdn: "Copy PDN",
    puzzles: "Puzzles",
    fen_copied: "The FEN of the position shown is on the clipboard",
    pdn_copied: "The game is on the clipboard (PDN)",
    no_evaluation: "No evaluation yet",
    tablebase_draw: "Tablebase: a draw",
    game_list: "Games of file",
    close_list: "Close",
    filter_label: "Player (filter):",
    no_game_matches: "No game with such a player",
    typed_not_a_move: "not a move (type c3d4, c3-d4, 22-18 or c3:e5)",
    typed_illegal: "no such move in this position",
    typed_must_capture: "a capture is compulsory — no such capture",
    typed_while_reviewing: "an earlier position is on the board — End returns to the game",
    no_game_list: "No list of games: open a PDN file of several games",
    side: |c| match c {
        Color::White => "White",
        Color::Black => "Black",
    },
    you_play: |c| match c {
        Color::White => "You play White",
        Color::Black => "You play Black",
    },
    to_move: |c| match c {
        Color::White => "White to move",
        Color::Black => "Black to move",
    },
    side_won: |c| match c {
        Color::White => "White won",
        Color::Black => "Black won",
    },
    no_legal_move: |c| match c {
        Color::White => "White has no legal move",
        Color::Black => "Black has no legal move",
    },
    resigned: |c| match c {
        Color::White => "White resigned",
        Color::Black => "Black resigned",
    },
    draw_rule: |r| match r {
        DrawRule::Repetition => "threefold repetition of the position",
        DrawRule::ThreeKingsVsOne => "three kings against one did not win in 15 moves",
        DrawRule::KingsOnly15 => "15 moves with kings only, no man move or capture",
        DrawRule::BalancedKings => "kings on both sides, the balance unchanged too long",
        DrawRule::MainRoad => "a lone king on the main road not caught in 5 moves",
        DrawRule::SmallKings => "a lone king not caught by one or two pieces in 5 moves",
        _ => "by the rules",
    },
    reviewing_start: |total| format!("Reviewing the start position (of {total} plies)"),
    reviewing_after: |mv, ply, total| format!("Reviewing after {mv} (ply {ply} of {total})"),
    level_set: |n, name| format!("Level {n}: {name}"),
    level_line: |n, name| format!("Level: {n} — {name}"),
    engine_time_line: |time| format!("Strength: full, {time} a move (no level)"),
    seconds: |n| format!("{n} s"),
    position_set: |c| {
        format!(
            "Position set up. You play {} against the engine; Switch sides to play the other colour",
            match c {
                Color::White => "White",
                Color::Black => "Black",
            }
        )
    },
    opened: |file, about, human| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        match human {
            Some(c) => format!(
                "Opened {file}{about}. You play {} against the engine; Switch sides to play the other colour",
                match c {
                    Color::White => "White",
                    Color::Black => "Black",
                }
            ),
            None => format!(
                "Opened {file}{about}. The game is over: ↑/↓ to review it, Undo to play on from earlier"
            ),
        }
    },
    recorded_result: |result| format!("Game over: the recorded result is {result}"),
    sides_switched: |c| {
        format!(
            "You play {} now",
            match c {
                Color::White => "White",
                Color::Black => "Black",
            }
        )
    },
    saved: |file, games| {
        let plural = if games == 1 { "game" } else { "games" };
        format!("Game added to {file} ({games} {plural} in it)")
    },
    game_list_opened: |file, games, failed| {
        let plural = if games == 1 { "game" } else { "games" };
        let not_read = if failed == 0 {
            String::new()
        } else {
            format!(", {failed} not read")
        };
        format!("Opened {file}: {games} {plural}{not_read}. Choose a game in the list")
    },
    reviewing_opened: |file, about| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        format!(
            "Opened {file}{about}. Down or ▶ for the next move; Play on continues from the position shown"
        )
    },
    game_list_heading: |file, games, shown| {
        let plural = if games == 1 { "game" } else { "games" };
        if shown == games {
            format!("{file}: {games} {plural}")
        } else {
            format!("{file}: {games} {plural}, {shown} shown")
        }
    },
    games_not_read: |count, game, line, why| {
        let plural = if count == 1 { "game" } else { "games" };
        format!("{count} {plural} could not be read: #{game} (line {line}): {why}")
    },
    illegal_move_in_file: |number, dots, text| {
        format!("move {number}{dots} {text} is not legal in its position")
    },
    full_moves: |n| format!("{n} {}", if n == 1 { "move" } else { "moves" }),
    more_games: |n| {
        let plural = if n == 1 { "game" } else { "games" };
        format!("… {n} more {plural}: Up/Down, Page Up/Down or the player filter")
    },
    typed_move_refused: |text, why| format!("Move \"{text}\" not played: {why}"),
    typed_ambiguous: |candidates| format!("several moves match, say which: {candidates}"),
    settings_ignored: |file, why| format!("Settings not read, defaults used ({why}): {file}"),
    settings_not_saved: |file, why| format!("Settings not saved ({why}): {file}"),
    settings_syntax: |line, column| format!("error at line {line}, column {column}"),
    bad_fen: |why| format!("Bad FEN: {why}"),
    cannot_read: |file, why| format!("Cannot read PDN ({why}): {file}"),
    bad_pdn: |file, why| format!("Bad PDN ({why}): {file}"),
    no_game_in: |file| format!("No game in PDN {file}"),
    cannot_write: |file, why| format!("Cannot write PDN {file}: {why}"),
    book_not_used: |why| format!("Book not used: {why}"),
    tablebase_problem: |why| format!("Tablebases: {why}"),
    no_tablebases: |dir| {
        format!("No tablebases in {dir}: build them with `shashki egtb build --tablebases {dir}`")
    },
    tablebase_service: |url, why| {
        format!("Tablebase service {url}: {why}; the engine plays on without it")
    },
    service_bad_url: |why| format!("not a service address ({why}); write http://HOST:PORT"),
    service_unreachable: |why| format!("cannot connect ({why})"),
    service_timeout: |seconds| format!("no answer within {seconds} s"),
    service_status: |status, why| format!("request refused ({status}: {why})"),
    service_bad_answer: |why| format!("its answer does not read ({why})"),
    bad_fen_option: |why| format!("Bad --fen: {why}"),
    hint_is: |mv| format!("Hint: {mv}"),
    depth_score: |depth, score| format!("depth {depth}, score {score}"),
    cannot_play: |mv, why| format!("Cannot play {mv}: {why}"),
    time_ran_out: |c| match c {
        Color::White => "White ran out of time",
        Color::Black => "Black ran out of time",
    },
    clock: |c, time| match c {
        Color::White => format!("White {time}"),
        Color::Black => format!("Black {time}"),
    },
    clock_set: |control| match control {
        Some(c) => format!(
            "Clocks {c}: minutes for the game + seconds a move, both sides from this position"
        ),
        None => "No clocks".into(),
    },
    draw_rules_name: |rules| match rules {
        DrawRules::Basic => "basic",
        DrawRules::Repetition => "repetition",
        _ => "all rules",
    },
    draw_rules_set: |rules| match rules {
        DrawRules::Basic => "Draws: threefold repetition, three kings against one and 15 moves \
                             with kings only (as py-draughts and many programs)"
            .into(),
        DrawRules::Repetition => "Draws by threefold repetition only".into(),
        _ => "Draws by every rule, 7.2.3–7.2.8 (as lidraughts)".into(),
    },
    copy_failed: |why| format!("Could not copy: {why}"),
    eval_score: |score| format!("Score for White: {score}"),
    eval_win: |c, moves, tablebase| {
        let source = if tablebase { "Tablebase" } else { "Evaluation" };
        let who = match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        if moves == 0 {
            return format!("{source}: {who} has won");
        }
        let plural = if moves == 1 { "move" } else { "moves" };
        format!("{source}: {who} wins in {moves} {plural}")
    },
    tb_building: |pieces, percent, slice| {
        let slice = if slice.is_empty() {
            String::new()
        } else {
            format!(" ({slice})")
        };
        format!("building endgame tablebases up to {pieces} pieces: {percent}%{slice}")
    },
    tb_ready: |pieces| {
        format!("Endgame tablebases up to {pieces} pieces ready: the engine uses them")
    },
    tb_failed: |why| format!("Endgame tablebases not built: {why}"),
    win_in: |n| format!("win in {n}"),
    loss_in: |n| format!("loss in {n}"),
    level_names: [
        "beginner",
        "novice",
        "amateur",
        "third category",
        "second category",
        "first category",
        "candidate master",
        "master",
    ],
};
