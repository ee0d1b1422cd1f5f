//! What the game tells the player, kept typed ([`Say`], [`TypedRefusal`]) until it is drawn:
//! the core writes these values, and the panel renders them in the language in use when it
//! draws ([`Say::render`]), so a switch of language rewrites every notice at once.

use shashki::{Color, DrawRules};

use crate::ground::TimeControl;
use crate::text::catalogue::Catalogue;

/// Something the game tells the player, kept typed until it is drawn in the current language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Say {
    /// The keyboard shortcuts.
    Keys,
    /// A click ended the review.
    BackToGame,
    /// Several captures end on the clicked square.
    ChooseRoute,
    /// Several captures pass the clicked landing square and go on differently.
    ChooseNext,
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
    /// A draw offered in the opening: declined without thinking.
    DrawTooEarly,
    /// Resign pressed once: again to confirm.
    ConfirmResign,
    /// Offer draw pressed once: again to confirm.
    ConfirmDrawOffer,
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
    /// The settings file could not be read and was ignored (file, why).
    SettingsIgnored(String, SettingsFault),
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
    /// A tablebase directory without tables (the directory).
    NoTablebases(String),
    /// The tablebase service cannot be used (`--tablebase-url`): the engine plays on without it.
    TablebaseService {
        /// The service's URL.
        url: String,
        /// What went wrong.
        fault: ServiceFault,
    },
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
            Say::ChooseNext => t.choose_next.into(),
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
            Say::DrawTooEarly => t.draw_too_early.into(),
            Say::ConfirmResign => t.confirm_resign.into(),
            Say::ConfirmDrawOffer => t.confirm_draw_offer.into(),
            Say::LevelSet(n) => (t.level_set)(*n, t.level_name(*n)),
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
            Say::SettingsIgnored(file, why) => (t.settings_ignored)(file, &why.explain(t)),
            Say::SettingsNotSaved(file, why) => (t.settings_not_saved)(file, why),
            Say::BadFen(why) => (t.bad_fen)(why),
            Say::CannotRead(file, why) => (t.cannot_read)(file, why),
            Say::BadPdn(file, why) => (t.bad_pdn)(file, why),
            Say::NoGameIn(file) => (t.no_game_in)(file),
            Say::CannotWrite(file, why) => (t.cannot_write)(file, why),
            Say::BookNotUsed(why) => (t.book_not_used)(why),
            Say::Tablebases(why) => (t.tablebase_problem)(why),
            Say::NoTablebases(dir) => (t.no_tablebases)(dir),
            Say::TablebaseService { url, fault } => (t.tablebase_service)(url, &fault.explain(t)),
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

/// Why the settings file was not read, in words of the player's language (never the JSON
/// parser's English inside a Russian sentence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsFault {
    /// The file is not the settings' JSON: the place of the first error.
    Syntax {
        /// Its line, from 1.
        line: usize,
        /// Its column, from 1.
        column: usize,
    },
    /// The file cannot be read (no permission, not UTF-8 text, …): the system's words.
    Unreadable(String),
}

/// What went wrong with the tablebase service, in words of the player's language (the system's
/// or the service's own words only in brackets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServiceFault {
    /// The setting is not a service's address (the client's reason).
    BadUrl(String),
    /// No connection (the system's reason).
    Unreachable(String),
    /// No answer within this many seconds.
    Timeout(u64),
    /// The service refused the request (status, its reason).
    Status(u16, String),
    /// The answer does not read as the service's (detail).
    BadAnswer(String),
}

impl ServiceFault {
    /// The reason in the language of `t`.
    #[must_use]
    pub fn explain(&self, t: &Catalogue) -> String {
        match self {
            ServiceFault::BadUrl(why) => (t.service_bad_url)(why),
            ServiceFault::Unreachable(why) => (t.service_unreachable)(why),
            ServiceFault::Timeout(seconds) => (t.service_timeout)(*seconds),
            ServiceFault::Status(status, why) => (t.service_status)(*status, why),
            ServiceFault::BadAnswer(why) => (t.service_bad_answer)(why),
        }
    }
}

impl SettingsFault {
    /// The reason in the language of `t`.
    #[must_use]
    pub fn explain(&self, t: &Catalogue) -> String {
        match self {
            SettingsFault::Syntax { line, column } => (t.settings_syntax)(*line, *column),
            SettingsFault::Unreadable(why) => why.clone(),
        }
    }
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
