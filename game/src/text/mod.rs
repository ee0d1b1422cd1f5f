//! Every word the window shows, in Russian and English: one typed catalogue per language.
//!
//! Why a typed table and not `fluent` or `rust-i18n`: the game has about a hundred strings and
//! two languages. A [`Catalogue`] is a struct whose fields are the keys, so a key missing from one
//! language is a compile error (not a runtime fallback to the key's name), texts with values are
//! plain `fn` fields checked by the compiler (no string-keyed arguments), and nothing is read from
//! files at run time. Russian plural forms, the one thing Fluent would add, are handled by one
//! helper ([`plural_ru`]). The test `every_text_is_present_and_translated` fails when a text is
//! empty in a language or the Russian one is left in English.
//!
//! Data flow: the core keeps typed values ([`Say`] for notices, the record for the status); the
//! view asks [`Lang::text`] for the current [`Language`]'s catalogue when it draws, so switching
//! the language rewrites every text at once. Moves stay in the notation Russian players write
//! (`c3-d4`, `c3:e5`) in both languages.

use bevy::prelude::*;
use shashki::{Color, DrawRule, DrawRules};

use crate::ground::TimeControl;

/// A language of the interface.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Russian.
    #[default]
    Ru,
    /// English.
    En,
}

impl Lang {
    /// Both languages, in the order the panel offers them.
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    /// The catalogue of this language.
    #[must_use]
    pub fn text(self) -> &'static Catalogue {
        match self {
            Lang::Ru => &RU,
            Lang::En => &EN,
        }
    }

    /// The language a `LANG`/`LC_ALL`/`LC_MESSAGES` value asks for: Russian for `ru…`,
    /// English for anything else that is set, `None` when unset or `C`/`POSIX`.
    #[must_use]
    pub fn from_locale(value: &str) -> Option<Lang> {
        let value = value.trim();
        if value.is_empty() || value == "C" || value == "POSIX" || value.starts_with("C.") {
            return None;
        }
        Some(if value.to_ascii_lowercase().starts_with("ru") {
            Lang::Ru
        } else {
            Lang::En
        })
    }

    /// The language of the environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), or `default`.
    #[must_use]
    pub fn from_env(default: Lang) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find_map(|v| Lang::from_locale(&v))
            .unwrap_or(default)
    }

    /// The language's code, as its button shows it.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "RU",
            Lang::En => "EN",
        }
    }

    /// The language's own name.
    #[must_use]
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::Ru => "Русский",
            Lang::En => "English",
        }
    }
}

/// The interface language in use.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Language(pub Lang);

/// A request to show the interface in another language (the panel's language buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchLanguage(pub Lang);

/// Registers the language and its switch.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Language>()
        .add_message::<SwitchLanguage>()
        .add_systems(
            Update,
            switch_language.in_set(crate::ground::GameSet::Rules),
        );
}

fn switch_language(mut requests: MessageReader<SwitchLanguage>, mut language: ResMut<Language>) {
    if let Some(&SwitchLanguage(lang)) = requests.read().last()
        && language.0 != lang
    {
        language.0 = lang;
    }
}

/// Something the game tells the player, kept typed until it is drawn in the current language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Say {
    /// The keyboard shortcuts.
    Keys,
    /// A click ended the review.
    BackToGame,
    /// Several captures end on the clicked square.
    ChooseRoute,
    /// A new game started.
    NewGame,
    /// Undo with nothing to take back.
    NothingToTakeBack,
    /// Redo with nothing to replay.
    NothingToReplay,
    /// The game is over: what to do next.
    GameOver,
    /// Set FEN with an empty field.
    TypeFenFirst,
    /// Load PDN with an empty field.
    TypePdnFirst,
    /// A hint asked for on the engine's turn.
    HintsForYou,
    /// Resign or draw offer without an engine opponent or after the end.
    OnlyAgainstEngine,
    /// The engine considers a draw offer.
    DrawConsidered,
    /// The engine accepted the draw.
    DrawAccepted,
    /// The engine declined the draw.
    DrawDeclined,
    /// The level chosen (number from 1).
    LevelSet(usize),
    /// A position set up; the player plays this side.
    PositionSet(Color),
    /// A PDN file opened: its name, the players and result it gives, and the player's side
    /// while the game goes on (`None`: the game is finished).
    Opened {
        /// The file's name.
        file: String,
        /// "White — Black, result", as far as the file says.
        about: Option<String>,
        /// The player's colour, while the game goes on.
        human: Option<Color>,
    },
    /// The sides swapped; the player plays this side now.
    SidesSwitched(Color),
    /// The game added to this file, which now holds this many games.
    Saved(String, usize),
    /// A file of several games opened: its name, the games read and the games that could not
    /// be read.
    GameList {
        /// The file's name.
        file: String,
        /// The games read.
        games: usize,
        /// The games that could not be read.
        failed: usize,
    },
    /// A game of a collection opened at its start, in review.
    ReviewingOpened {
        /// The file's name and the game's number in it (`club.pdn #3`).
        file: String,
        /// "White — Black, result", as far as the file says.
        about: Option<String>,
    },
    /// A typed move that was not played (the text, why).
    TypedMove(String, TypedRefusal),
    /// "Games of file" with no file of several games opened.
    NoGameList,
    /// The settings file could not be read and was ignored (file, detail).
    SettingsIgnored(String, String),
    /// The settings could not be saved (file, detail).
    SettingsNotSaved(String, String),
    /// A bad FEN, with the parser's detail.
    BadFen(String),
    /// A PDN file that cannot be read (file, detail).
    CannotRead(String, String),
    /// A PDN file that does not parse (file, detail).
    BadPdn(String, String),
    /// A PDN file without a game.
    NoGameIn(String),
    /// A PDN file that cannot be written (file, detail).
    CannotWrite(String, String),
    /// The book cannot be used (detail).
    BookNotUsed(String),
    /// A tablebase problem (detail).
    Tablebases(String),
    /// A bad `--fen` option (detail).
    BadFenOption(String),
    /// The hint, a move.
    Hint(String),
    /// A move that could not be played (move, detail).
    CannotPlay(String, String),
    /// Play goes on from the position that was under review.
    PlayingFromHere,
    /// The time control chosen (`None`: no clocks).
    ClockSet(Option<TimeControl>),
    /// The draw rules were chosen.
    DrawRulesSet(DrawRules),
    /// The FEN was copied to the clipboard.
    FenCopied,
    /// The game's PDN was copied to the clipboard.
    PdnCopied,
    /// The clipboard refused the text (detail).
    CopyFailed(String),
}

impl Say {
    /// The text in the language of `t`.
    #[must_use]
    pub fn render(&self, t: &Catalogue) -> String {
        match self {
            Say::Keys => t.keys_help.into(),
            Say::BackToGame => t.back_to_game.into(),
            Say::ChooseRoute => t.choose_route.into(),
            Say::NewGame => t.new_game_started.into(),
            Say::NothingToTakeBack => t.nothing_to_take_back.into(),
            Say::NothingToReplay => t.nothing_to_replay.into(),
            Say::GameOver => t.game_over_next.into(),
            Say::TypeFenFirst => t.type_fen_first.into(),
            Say::TypePdnFirst => t.type_pdn_first.into(),
            Say::HintsForYou => t.hints_for_you.into(),
            Say::OnlyAgainstEngine => t.only_against_engine.into(),
            Say::DrawConsidered => t.draw_considered.into(),
            Say::DrawAccepted => t.draw_accepted.into(),
            Say::DrawDeclined => t.draw_declined.into(),
            Say::LevelSet(n) => {
                let name = n
                    .checked_sub(1)
                    .and_then(|i| t.level_names.get(i))
                    .copied()
                    .unwrap_or_default();
                (t.level_set)(*n, name)
            }
            Say::PositionSet(c) => (t.position_set)(*c),
            Say::Opened { file, about, human } => (t.opened)(file, about.as_deref(), *human),
            Say::SidesSwitched(c) => (t.sides_switched)(*c),
            Say::Saved(file, games) => (t.saved)(file, *games),
            Say::GameList {
                file,
                games,
                failed,
            } => (t.game_list_opened)(file, *games, *failed),
            Say::ReviewingOpened { file, about } => (t.reviewing_opened)(file, about.as_deref()),
            Say::TypedMove(text, why) => (t.typed_move_refused)(text, &why.explain(t)),
            Say::NoGameList => t.no_game_list.into(),
            Say::SettingsIgnored(file, why) => (t.settings_ignored)(file, why),
            Say::SettingsNotSaved(file, why) => (t.settings_not_saved)(file, why),
            Say::BadFen(why) => (t.bad_fen)(why),
            Say::CannotRead(file, why) => (t.cannot_read)(file, why),
            Say::BadPdn(file, why) => (t.bad_pdn)(file, why),
            Say::NoGameIn(file) => (t.no_game_in)(file),
            Say::CannotWrite(file, why) => (t.cannot_write)(file, why),
            Say::BookNotUsed(why) => (t.book_not_used)(why),
            Say::Tablebases(why) => (t.tablebase_problem)(why),
            Say::BadFenOption(why) => (t.bad_fen_option)(why),
            Say::Hint(mv) => (t.hint_is)(mv),
            Say::CannotPlay(mv, why) => (t.cannot_play)(mv, why),
            Say::PlayingFromHere => t.playing_from_here.into(),
            Say::ClockSet(control) => (t.clock_set)(*control),
            Say::DrawRulesSet(rules) => (t.draw_rules_set)(*rules),
            Say::FenCopied => t.fen_copied.into(),
            Say::PdnCopied => t.pdn_copied.into(),
            Say::CopyFailed(why) => (t.copy_failed)(why),
        }
    }
}

/// Why a typed move was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedRefusal {
    /// The text is not a move (`c3d4`, `c3-d4`, `22-18`, `c3:e5`).
    NotAMove,
    /// No legal move matches.
    Illegal,
    /// No legal move matches, and a capture is compulsory.
    MustCapture,
    /// Several legal moves match (listed).
    Ambiguous(String),
    /// It is the engine's turn.
    EngineTurn,
    /// The game is over.
    GameOver,
    /// An earlier position is on the board.
    Reviewing,
}

impl TypedRefusal {
    /// The reason in the language of `t`.
    #[must_use]
    pub fn explain(&self, t: &Catalogue) -> String {
        match self {
            TypedRefusal::NotAMove => t.typed_not_a_move.into(),
            TypedRefusal::Illegal => t.typed_illegal.into(),
            TypedRefusal::MustCapture => t.typed_must_capture.into(),
            TypedRefusal::Ambiguous(candidates) => (t.typed_ambiguous)(candidates),
            TypedRefusal::EngineTurn => t.wait_for_engine.into(),
            TypedRefusal::GameOver => t.game_is_over.into(),
            TypedRefusal::Reviewing => t.typed_while_reviewing.into(),
        }
    }
}

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
        /// Button: the puzzle mode (`crate::core::puzzles`, whose own texts are in its catalogue).
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
        /// or not.
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

/// Russian.
pub static RU: Catalogue = Catalogue {
    title: "Шашки — русские шашки",
    play_white: "Играть белыми",
    play_black: "Играть чёрными",
    two_players: "Вдвоём",
    engine_vs_engine: "Компьютер сам с собой",
    undo: "Назад",
    redo: "Вперёд",
    hint: "Подсказка",
    flip: "Перевернуть",
    switch_sides: "Сменить цвет",
    resign: "Сдаться",
    offer_draw: "Предложить ничью",
    field_label: "Ход (c3-d4), FEN или файл PDN; Enter — применить",
    set_fen: "Позиция FEN",
    load_pdn: "Открыть PDN",
    save_pdn: "Сохранить PDN",
    engine: "компьютер",
    you_won: "Вы выиграли",
    you_lost: "Вы проиграли",
    draw: "Ничья",
    draw_agreed: "по соглашению",
    your_move: "ваш ход",
    engine_moves: "ходит компьютер",
    keys_help: "Клавиши: Enter — ввести ход (c3-d4), ←/→ назад/вперёд, ↑/↓ просмотр партии, \
                H подсказка, F перевернуть, 1–8 уровень, Esc снять выбор",
    back_to_game: "Снова к партии",
    game_is_over: "партия окончена — начните новую или возьмите ход назад",
    wait_for_engine: "сейчас ходит компьютер",
    choose_route: "Туда ведут несколько взятий: щёлкайте поля приземления (оранжевые) по порядку",
    illegal: "Нельзя",
    not_your_piece: "выберите свою шашку",
    must_capture: "бить обязательно — ходите одной из отмеченных шашек",
    blocked: "этой шашке некуда ходить",
    not_a_destination: "выбранная шашка туда не ходит",
    new_game_started: "Начата новая партия",

    nothing_to_take_back: "Нечего брать назад",
    nothing_to_replay: "Нечего повторять",
    game_over_next: "Партия окончена: начните новую игру или возьмите ходы назад",
    type_fen_first: "Сначала введите или вставьте FEN в поле",
    type_pdn_first: "Сначала введите имя файла PDN в поле",
    hints_for_you: "Подсказка — только в ваш ход",
    only_against_engine: "Это для партии против компьютера, когда она идёт",
    draw_considered: "Компьютер обдумывает предложение ничьей…",
    draw_accepted: "Компьютер согласился на ничью",
    draw_declined: "Компьютер отклонил ничью: играем дальше",
    thinking: "Компьютер думает",
    looking_for_hint: "Ищу подсказку",
    book_mark: "(дебют)",
    tablebase_mark: "(база)",
    end_returns: "End — к партии",
    clock_label: "Часы",
    no_clock: "нет",
    draw_rules_label: "Ничья",
    play_from_here: "Играть отсюда",
    playing_from_here: "Играем с этой позиции; «Вперёд» вернёт снятые ходы",
    analyse: "Анализ",
    analysing: "Анализ",
    copy_fen: "Копировать FEN",
    copy_pdn: "Копировать PDN",
    puzzles: "Задачи",
    fen_copied: "FEN показанной позиции скопирован в буфер обмена",
    pdn_copied: "Партия скопирована в буфер обмена (PDN)",
    no_evaluation: "Оценки ещё нет",
    tablebase_draw: "База: ничья",
    game_list: "Партии файла",
    close_list: "Закрыть",
    filter_label: "Игрок (фильтр):",
    no_game_matches: "Нет партий с таким игроком",
    typed_not_a_move: "это не ход (пишите c3d4, c3-d4, 22-18 или c3:e5)",
    typed_illegal: "такого хода нет в этой позиции",
    typed_must_capture: "бить обязательно — такого взятия нет",
    typed_while_reviewing: "на доске более ранняя позиция — End вернёт к партии",
    no_game_list: "Списка партий нет: откройте файл PDN с несколькими партиями",
    side: |c| match c {
        Color::White => "белые",
        Color::Black => "чёрные",
    },
    you_play: |c| match c {
        Color::White => "Вы играете белыми",
        Color::Black => "Вы играете чёрными",
    },
    to_move: |c| match c {
        Color::White => "Ход белых",
        Color::Black => "Ход чёрных",
    },
    side_won: |c| match c {
        Color::White => "Белые выиграли",
        Color::Black => "Чёрные выиграли",
    },
    no_legal_move: |c| match c {
        Color::White => "у белых нет ходов",
        Color::Black => "у чёрных нет ходов",
    },
    resigned: |c| match c {
        Color::White => "белые сдались",
        Color::Black => "чёрные сдались",
    },
    draw_rule: |r| match r {
        DrawRule::Repetition => "троекратное повторение позиции",
        DrawRule::ThreeKingsVsOne => "три дамки против одной не выиграли за 15 ходов",
        DrawRule::KingsOnly15 => "15 ходов одними дамками без ходов простыми и взятий",
        DrawRule::BalancedKings => "дамки у обеих сторон, соотношение сил долго не менялось",
        DrawRule::MainRoad => "одинокую дамку на большой дороге не поймали за 5 ходов",
        DrawRule::SmallKings => "одинокую дамку не поймали одной-двумя шашками за 5 ходов",
        _ => "по правилам",
    },
    reviewing_start: |total| {
        format!(
            "Просмотр: начальная позиция (в партии {total} {})",
            plural_ru(total as u64, "полуход", "полухода", "полуходов")
        )
    },
    reviewing_after: |mv, ply, total| format!("Просмотр: после {mv} (полуход {ply} из {total})"),
    level_set: |n, name| format!("Уровень {n}: {name}"),
    level_line: |n, name| format!("Уровень: {n} — {name}"),
    engine_time_line: |time| format!("Сила: полная, {time} на ход (без уровня)"),
    seconds: |n| format!("{} с", n.replace('.', ",")),
    position_set: |c| {
        format!(
            "Позиция установлена. Вы играете {} против компьютера; «Сменить цвет» — играть другим цветом",
            match c {
                Color::White => "белыми",
                Color::Black => "чёрными",
            }
        )
    },
    opened: |file, about, human| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        match human {
            Some(c) => format!(
                "Открыт {file}{about}. Вы играете {} против компьютера; «Сменить цвет» — играть другим цветом",
                match c {
                    Color::White => "белыми",
                    Color::Black => "чёрными",
                }
            ),
            None => format!(
                "Открыт {file}{about}. Партия окончена: ↑/↓ — просмотр, «Назад» — играть с более ранней позиции"
            ),
        }
    },
    recorded_result: |result| format!("Партия окончена: результат по записи {result}"),
    sides_switched: |c| {
        format!(
            "Теперь вы играете {}",
            match c {
                Color::White => "белыми",
                Color::Black => "чёрными",
            }
        )
    },
    saved: |file, games| {
        format!(
            "Партия добавлена в {file} (в файле {games} {})",
            plural_ru(games as u64, "партия", "партии", "партий")
        )
    },
    game_list_opened: |file, games, failed| {
        let not_read = if failed == 0 {
            String::new()
        } else {
            format!(", {failed} не прочитано")
        };
        format!(
            "Открыт {file}: {games} {}{not_read}. Выберите партию в списке",
            plural_ru(games as u64, "партия", "партии", "партий")
        )
    },
    reviewing_opened: |file, about| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        format!("Открыт {file}{about}. ↓ или ▶ — следующий ход; «Играть отсюда» — играть с позиции")
    },
    game_list_heading: |file, games, shown| {
        let word = plural_ru(games as u64, "партия", "партии", "партий");
        if shown == games {
            format!("{file}: {games} {word}")
        } else {
            format!("{file}: {games} {word}, показано {shown}")
        }
    },
    games_not_read: |count, game, line, why| {
        format!(
            "{count} {} не {}: №{game} (строка {line}): {why}",
            plural_ru(count as u64, "партия", "партии", "партий"),
            plural_ru(count as u64, "прочитана", "прочитаны", "прочитано")
        )
    },
    illegal_move_in_file: |number, dots, text| {
        format!("ход {number}{dots} {text} невозможен в этой позиции")
    },
    full_moves: |n| format!("{n} {}", plural_ru(n as u64, "ход", "хода", "ходов")),
    more_games: |n| {
        format!(
            "… ещё {n} {}: ↑/↓, PgUp/PgDn или фильтр по игроку",
            plural_ru(n as u64, "партия", "партии", "партий")
        )
    },
    typed_move_refused: |text, why| format!("Ход «{text}» не сыгран: {why}"),
    typed_ambiguous: |candidates| format!("подходят несколько ходов, уточните: {candidates}"),
    settings_ignored: |file, why| format!("Настройки не прочитаны, взяты обычные ({why}): {file}"),
    settings_not_saved: |file, why| format!("Настройки не сохранены ({why}): {file}"),
    bad_fen: |why| format!("Неверный FEN: {why}"),
    cannot_read: |file, why| format!("Не удаётся прочитать PDN ({why}): {file}"),
    bad_pdn: |file, why| format!("Ошибка в PDN ({why}): {file}"),
    no_game_in: |file| format!("В PDN {file} нет партии"),
    cannot_write: |file, why| format!("Не удаётся записать PDN {file}: {why}"),
    book_not_used: |why| format!("Дебютная книга не используется: {why}"),
    tablebase_problem: |why| format!("Базы окончаний: {why}"),
    bad_fen_option: |why| format!("Неверный --fen: {why}"),
    hint_is: |mv| format!("Подсказка: {mv}"),
    depth_score: |depth, score| format!("глубина {depth}, оценка {score}"),
    cannot_play: |mv, why| format!("Ход {mv} невозможен: {why}"),
    time_ran_out: |c| match c {
        Color::White => "у белых истекло время",
        Color::Black => "у чёрных истекло время",
    },
    clock: |c, time| match c {
        Color::White => format!("Белые {time}"),
        Color::Black => format!("Чёрные {time}"),
    },
    clock_set: |control| match control {
        Some(c) => {
            format!("Часы {c}: минуты на партию + секунды за ход, у обеих сторон с этой позиции")
        }
        None => "Игра без часов".into(),
    },
    draw_rules_name: |rules| match rules {
        DrawRules::Basic => "основные",
        DrawRules::Repetition => "повтор",
        _ => "все правила",
    },
    draw_rules_set: |rules| match rules {
        DrawRules::Basic => "Ничья: троекратное повторение, три дамки против одной и 15 ходов \
                             одними дамками (как в py-draughts и многих программах)"
            .into(),
        DrawRules::Repetition => "Ничья только при троекратном повторении позиции".into(),
        _ => "Ничья по всем правилам 7.2.3–7.2.8 (как на lidraughts)".into(),
    },
    copy_failed: |why| format!("Не удалось скопировать: {why}"),
    eval_score: |score| format!("Оценка за белых: {score}"),
    eval_win: |c, moves, tablebase| {
        let who = match c {
            Color::White => "белые выигрывают",
            Color::Black => "чёрные выигрывают",
        };
        let moves = format!(
            "{moves} {}",
            plural_ru(u64::from(moves), "ход", "хода", "ходов")
        );
        if tablebase {
            format!("База: {who} за {moves}")
        } else {
            format!("Оценка: {who} за {moves}")
        }
    },
    tb_building: |pieces, percent, slice| {
        let slice = if slice.is_empty() {
            String::new()
        } else {
            format!(" ({slice})")
        };
        format!("строятся базы окончаний до {pieces} фигур: {percent}%{slice}")
    },
    tb_ready: |pieces| format!("Базы окончаний до {pieces} фигур готовы: компьютер их использует"),
    tb_failed: |why| format!("Базы окончаний не построены: {why}"),
    win_in: |n| {
        format!(
            "выигрыш за {n} {}",
            plural_ru(u64::from(n), "ход", "хода", "ходов")
        )
    },
    loss_in: |n| {
        format!(
            "проигрыш за {n} {}",
            plural_ru(u64::from(n), "ход", "хода", "ходов")
        )
    },
    level_names: [
        "новичок",
        "начинающий",
        "любитель",
        "третий разряд",
        "второй разряд",
        "первый разряд",
        "кандидат в мастера",
        "мастер",
    ],
};

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
    thinking: "Engine thinking",
    looking_for_hint: "Looking for a hint",
    book_mark: "(book)",
    tablebase_mark: "(tb)",
    end_returns: "End returns",
    clock_label: "Clock",
    no_clock: "none",
    draw_rules_label: "Draws",
    play_from_here: "Play from here",
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
        format!("Opened {file}{about}. Down or ▶ for the next move; Play from here to play on")
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
    bad_fen: |why| format!("Bad FEN: {why}"),
    cannot_read: |file, why| format!("Cannot read PDN ({why}): {file}"),
    bad_pdn: |file, why| format!("Bad PDN ({why}): {file}"),
    no_game_in: |file| format!("No game in PDN {file}"),
    cannot_write: |file, why| format!("Cannot write PDN {file}: {why}"),
    book_not_used: |why| format!("Book not used: {why}"),
    tablebase_problem: |why| format!("Tablebases: {why}"),
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
        let who = match c {
            Color::White => "White wins",
            Color::Black => "Black wins",
        };
        let plural = if moves == 1 { "move" } else { "moves" };
        if tablebase {
            format!("Tablebase: {who} in {moves} {plural}")
        } else {
            format!("Evaluation: {who} in {moves} {plural}")
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts that are the same word in both languages.
    const SAME_IN_BOTH: &[&str] = &[];

    #[test]
    fn every_text_is_present_and_translated() {
        let (ru, en) = (RU.texts(), EN.texts());
        assert_eq!(ru.len(), en.len());
        for ((key, r), (_, e)) in ru.iter().zip(&en) {
            assert!(!r.trim().is_empty(), "{key} is empty in Russian");
            assert!(!e.trim().is_empty(), "{key} is empty in English");
            if !SAME_IN_BOTH.contains(key) {
                assert_ne!(r, e, "{key} is not translated into Russian");
                assert!(
                    r.chars()
                        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
                    "{key}: the Russian text {r:?} has no Russian letter"
                );
            }
        }
    }

    #[test]
    fn every_text_with_values_is_present_in_both_languages() {
        for lang in Lang::ALL {
            let t = lang.text();
            for color in Color::ALL {
                for text in [
                    (t.side)(color),
                    (t.you_play)(color),
                    (t.to_move)(color),
                    (t.side_won)(color),
                    (t.no_legal_move)(color),
                    (t.resigned)(color),
                    (t.time_ran_out)(color),
                ] {
                    assert!(!text.is_empty(), "{lang:?}");
                }
                for text in [
                    (t.position_set)(color),
                    (t.opened)("a.pdn", Some("A — B"), Some(color)),
                    (t.sides_switched)(color),
                ] {
                    assert!(text.len() > 8, "{lang:?}: {text}");
                }
            }
            for rule in [
                DrawRule::Repetition,
                DrawRule::ThreeKingsVsOne,
                DrawRule::KingsOnly15,
                DrawRule::BalancedKings,
                DrawRule::MainRoad,
                DrawRule::SmallKings,
            ] {
                assert!((t.draw_rule)(rule).len() > 10, "{lang:?} {rule:?}");
            }
            for rules in DrawRules::ALL {
                assert!((t.draw_rules_name)(rules).len() > 3, "{lang:?} {rules:?}");
            }
            for text in [
                (t.reviewing_start)(3),
                (t.reviewing_after)("2. c3-d4", 3, 5),
                (t.level_set)(1, "x"),
                (t.level_line)(1, "x"),
                (t.opened)("a.pdn", None, None),
                (t.engine_time_line)("3 s"),
                (t.seconds)("1.5"),
                (t.recorded_result)("2-0"),
                (t.saved)("f", 2),
                (t.game_list_opened)("f", 3, 1),
                (t.game_list_heading)("f", 3, 1),
                (t.reviewing_opened)("f #2", Some("A — B, 2-0")),
                (t.games_not_read)(2, 3, 40, "w"),
                (t.illegal_move_in_file)(3, "...", "c3-d4"),
                (t.full_moves)(21),
                (t.more_games)(400),
                (t.typed_move_refused)("c3d4", "w"),
                (t.typed_ambiguous)("a, b"),
                (t.settings_ignored)("f", "w"),
                (t.settings_not_saved)("f", "w"),
                (t.bad_fen)("w"),
                (t.cannot_read)("f", "w"),
                (t.bad_pdn)("f", "w"),
                (t.no_game_in)("f"),
                (t.cannot_write)("f", "w"),
                (t.book_not_used)("w"),
                (t.tablebase_problem)("w"),
                (t.bad_fen_option)("w"),
                (t.hint_is)("c3-d4"),
                (t.depth_score)(3, "+0.10"),
                (t.cannot_play)("c3-d4", "w"),
                (t.clock)(Color::White, "5:00"),
                (t.clock_set)(Some(TimeControl::new(5, 3))),
                (t.clock_set)(None),
                (t.draw_rules_set)(DrawRules::Full),
                (t.draw_rules_set)(DrawRules::Basic),
                (t.draw_rules_set)(DrawRules::Repetition),
                (t.copy_failed)("w"),
                (t.eval_score)("+0.35"),
                (t.eval_win)(Color::Black, 7, true),
                (t.eval_win)(Color::White, 1, false),
                (t.tb_building)(5, 40, "2x1"),
                (t.tb_ready)(5),
                (t.tb_failed)("w"),
                (t.win_in)(3),
                (t.loss_in)(1),
            ] {
                assert!(text.len() > 3, "{lang:?}: {text}");
            }
        }
        assert_ne!((RU.to_move)(Color::White), (EN.to_move)(Color::White));
        assert_eq!(
            (RU.draw_rule)(DrawRule::Repetition),
            "троекратное повторение позиции"
        );
    }

    #[test]
    fn refusals_read_as_one_sentence_after_their_heading() {
        // The panel writes "Нельзя: <reason>": a reason with a colon of its own reads badly.
        for t in [&RU, &EN] {
            for reason in [
                t.game_is_over,
                t.wait_for_engine,
                t.not_your_piece,
                t.must_capture,
                t.blocked,
                t.not_a_destination,
            ] {
                assert!(!reason.contains(':'), "{reason}");
            }
        }
    }

    #[test]
    fn russian_plurals() {
        let p = |n| plural_ru(n, "полуход", "полухода", "полуходов");
        assert_eq!(
            [p(1), p(2), p(5), p(11), p(21), p(22), p(112)],
            [
                "полуход",
                "полухода",
                "полуходов",
                "полуходов",
                "полуход",
                "полухода",
                "полуходов"
            ]
        );
    }

    #[test]
    fn the_locale_picks_the_language() {
        assert_eq!(Lang::from_locale("ru_RU.UTF-8"), Some(Lang::Ru));
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE"), Some(Lang::En));
        assert_eq!(Lang::from_locale("C.UTF-8"), None);
        assert_eq!(Lang::from_locale(""), None);
    }
}
