//! The game record — the one source of truth — and the rules step that changes it.
//!
//! [`GameRecord`] holds the `shashki` [`Game`] (start position, moves, positions, result), the
//! redo stack, who plays each side and the engine's time per move; the rules step also keeps the
//! [`Clocks`] in step with it (increments, times restored on undo, a loss on time). Everything the player or the
//! engine wants to do arrives as a [`GameCommand`] message from the input stage; the
//! [`apply_commands`] system (in [`GameSet::Rules`](crate::GameSet)) validates it against
//! `shashki` and changes the record, bumping [`GameRecord::revision`] so the engine task and the
//! views know to re-sync. Errors (a bad FEN, an unreadable PDN) become a [`Notice`] shown in the
//! window; the game goes on.

use std::path::PathBuf;
use std::time::Duration;

use crate::clock::{Clocks, TimeControl};
use crate::collection::Collection;
use crate::i18n::{Catalogue, Lang, Say, TypedRefusal};
use crate::pdn_file::OwnGames;
use bevy::prelude::*;
use shashki::{Color, DrawRules, Game, GameStatus, Move, Notation, Position, pdn};

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Controller {
    /// A person at the board.
    #[default]
    Human,
    /// The engine.
    Engine,
}

/// Who plays White and Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    /// White's controller.
    pub white: Controller,
    /// Black's controller.
    pub black: Controller,
}

impl Players {
    /// The controller of `color`.
    #[must_use]
    pub fn of(self, color: Color) -> Controller {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The players of a new-game mode.
    #[must_use]
    pub fn for_mode(mode: Mode) -> Players {
        use Controller::{Engine, Human};
        let (white, black) = match mode {
            Mode::PlayWhite => (Human, Engine),
            Mode::PlayBlack => (Engine, Human),
            Mode::TwoPlayers => (Human, Human),
            Mode::EngineVsEngine => (Engine, Engine),
        };
        Players { white, black }
    }
}

/// The kinds of new game the panel offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Human White against the engine.
    PlayWhite,
    /// Human Black against the engine.
    PlayBlack,
    /// Two people at one board.
    TwoPlayers,
    /// The engine against itself.
    EngineVsEngine,
}

/// How strong the engine plays: a named level, or its full search for a fixed time per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A playing level of `shashki::LEVELS`, numbered from 1.
    Level(usize),
    /// The engine at its best for this long per move (`--engine-time`, and the tests).
    MoveTime(Duration),
}

/// The level used when none is given (amateur).
pub const DEFAULT_LEVEL: usize = 3;

impl Default for Strength {
    fn default() -> Strength {
        Strength::Level(DEFAULT_LEVEL)
    }
}

/// How a game ended that the rules did not end: a player resigned or both agreed a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side resigned.
    Resigned(Color),
    /// A draw by agreement.
    DrawAgreed,
    /// This side's clock ran out.
    TimeForfeit(Color),
    /// The result a loaded file records for a game its moves do not end (a resignation, an
    /// agreement, a loss on time the file does not say more about).
    Recorded(pdn::GameResult),
}

/// Where the game stands, in the terms the view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still being played.
    Ongoing,
    /// The loser had no legal move.
    NoLegalMove {
        /// The winner.
        winner: Color,
    },
    /// The loser resigned.
    Resigned {
        /// The winner.
        winner: Color,
    },
    /// Drawn by a rule of RULES.md §2.
    DrawnByRule(shashki::DrawRule),
    /// Drawn by agreement.
    DrawAgreed,
    /// The loser's clock ran out.
    TimeForfeit {
        /// The winner.
        winner: Color,
    },
    /// Ended with the result its file records.
    Recorded(pdn::GameResult),
}

impl Outcome {
    /// The result as a PDN result and in the move list: `2-0`, `0-2`, `1-1`, or `*` while playing.
    #[must_use]
    pub fn result(self) -> pdn::GameResult {
        match self {
            Outcome::Ongoing => pdn::GameResult::Unknown,
            Outcome::NoLegalMove { winner }
            | Outcome::Resigned { winner }
            | Outcome::TimeForfeit { winner } => match winner {
                Color::White => pdn::GameResult::WhiteWins,
                Color::Black => pdn::GameResult::BlackWins,
            },
            Outcome::DrawnByRule(_) | Outcome::DrawAgreed => pdn::GameResult::Draw,
            Outcome::Recorded(result) => result,
        }
    }
}

/// Where an engine move came from, when it is worth a label in the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLabel {
    /// From the opening book.
    Book,
    /// From the endgame tablebases.
    Tablebase,
}

impl MoveLabel {
    /// The mark written after the move.
    #[must_use]
    pub fn mark(self, text: &Catalogue) -> &'static str {
        match self {
            MoveLabel::Book => text.book_mark,
            MoveLabel::Tablebase => text.tablebase_mark,
        }
    }
}

/// The game record: the single source of truth that every view re-syncs from.
#[derive(Resource, Clone, Debug)]
pub struct GameRecord {
    /// The game itself (rules, positions, result come from `shashki`).
    pub game: Game,
    /// Labels of the moves played, aligned with `game.moves()`.
    pub labels: Vec<Option<MoveLabel>>,
    /// Moves taken back, most recent last, for redo.
    pub redo: Vec<(Move, Option<MoveLabel>)>,
    /// Who plays each side.
    pub players: Players,
    /// How strong the engine plays.
    pub strength: Strength,
    /// A resignation or an agreed draw, which ends the game whatever the rules say.
    pub ending: Option<Ending>,
    /// Bumped on every change of `game`: jobs and views made for an older revision are stale.
    pub revision: u64,
    /// The earlier position being reviewed, as a ply of `game` (`None`: the live position).
    /// Reviewing only shows, and the engine does not start a search meanwhile; taking back,
    /// replaying or replacing the game ends it, a move played does not.
    pub review: Option<usize>,
    /// The tags of the file the game was opened from, while it is shown as it was read (a move
    /// played, taken back or replayed makes it the player's own game again, without them).
    pub tags: Vec<(String, String)>,
}

impl GameRecord {
    /// A record of `game` with the given players and engine strength.
    #[must_use]
    pub fn new(game: Game, players: Players, strength: Strength) -> GameRecord {
        GameRecord {
            labels: vec![None; game.moves().len()],
            game,
            redo: Vec::new(),
            players,
            strength,
            ending: None,
            revision: 0,
            review: None,
            tags: Vec::new(),
        }
    }

    /// The selected level's number, when the engine plays at a level.
    #[must_use]
    pub fn level(&self) -> Option<usize> {
        match self.strength {
            Strength::Level(n) => Some(n),
            Strength::MoveTime(_) => None,
        }
    }

    /// Where the game stands: the rules' status, unless a player resigned or a draw was agreed.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match (self.ending, self.game.status()) {
            (Some(Ending::Resigned(loser)), _) => Outcome::Resigned {
                winner: loser.opposite(),
            },
            (Some(Ending::DrawAgreed), _) => Outcome::DrawAgreed,
            (Some(Ending::TimeForfeit(loser)), _) => Outcome::TimeForfeit {
                winner: loser.opposite(),
            },
            (Some(Ending::Recorded(result)), _) => Outcome::Recorded(result),
            (None, GameStatus::Ongoing) => Outcome::Ongoing,
            // Every win the rules know is the loser's lack of moves (WinReason::NoLegalMove).
            (None, GameStatus::Won { winner, .. }) => Outcome::NoLegalMove { winner },
            (None, GameStatus::Drawn(rule)) => Outcome::DrawnByRule(rule),
            (None, _) => Outcome::Ongoing,
        }
    }

    /// The one human player's colour, when exactly one side is played by a person.
    #[must_use]
    pub fn human_side(&self) -> Option<Color> {
        match (self.players.white, self.players.black) {
            (Controller::Human, Controller::Engine) => Some(Color::White),
            (Controller::Engine, Controller::Human) => Some(Color::Black),
            _ => None,
        }
    }

    /// The controller of the side to move.
    #[must_use]
    pub fn to_move(&self) -> Controller {
        self.players.of(self.game.position().side_to_move())
    }

    /// Whether the game is still being played.
    #[must_use]
    pub fn ongoing(&self) -> bool {
        self.outcome() == Outcome::Ongoing
    }

    /// Marks a change of the game: a new revision, the live position shown again, and a
    /// resignation or agreed draw taken back.
    fn changed(&mut self) {
        self.tags.clear();
        self.revision += 1;
        self.review = None;
        self.ending = None;
    }

    /// Starts `game` (set up or loaded) against the engine: the person plays the side to move,
    /// whoever played what before (Switch sides swaps). Returns the person's colour.
    pub fn start_against_engine(&mut self, game: Game) -> Color {
        let human = game.position().side_to_move();
        self.players = match human {
            Color::White => Players::for_mode(Mode::PlayWhite),
            Color::Black => Players::for_mode(Mode::PlayBlack),
        };
        self.replace_game(game);
        human
    }

    /// Opens a game read from a file, the same way from the command line and the panel: the
    /// person plays the side to move at its end against the engine. A game its moves end, or
    /// whose file records a result, is finished: it is shown, not played on (taking moves back
    /// plays on from an earlier position). Returns the person's colour while it goes on.
    pub fn open(&mut self, opened: &shashki::pdn::PdnGame) -> Option<Color> {
        let human = self.start_against_engine(opened.game.clone());
        if self.ongoing() && opened.result != pdn::GameResult::Unknown {
            self.ending = Some(Ending::Recorded(opened.result));
        }
        self.tags.clone_from(&opened.tags);
        self.ongoing().then_some(human)
    }

    /// Opens a game of a collection at its start, in review: the player steps through it (or
    /// plays on from a position with "Play from here"), rather than meeting it at its end.
    pub fn open_at_start(&mut self, opened: &shashki::pdn::PdnGame) {
        self.open(opened);
        self.review_at(0);
    }

    /// Plays a move typed by the player (`c3d4`, `c3-d4`, `22-18`, `c3:e5`), resolved by
    /// `shashki` against the live position.
    ///
    /// # Errors
    /// Why not, as the notice says it: the board shows an earlier position, the game is over, it
    /// is the engine's turn, or the text names no legal move or several.
    pub fn play_typed(&mut self, text: &str) -> Result<(), Say> {
        let text = text.trim();
        let refuse = |why| Err(Say::TypedMove(text.into(), why));
        if self.review.is_some() {
            return refuse(TypedRefusal::Reviewing);
        }
        if !self.ongoing() {
            return refuse(TypedRefusal::GameOver);
        }
        if self.to_move() == Controller::Engine {
            return refuse(TypedRefusal::EngineTurn);
        }
        match self.game.position().parse_move(text) {
            Ok(mv) => self.play(mv, None),
            Err(shashki::MoveError::Ambiguous { candidates, .. }) => {
                refuse(TypedRefusal::Ambiguous(candidates.join(", ")))
            }
            Err(shashki::MoveError::Illegal { .. })
                if self
                    .game
                    .position()
                    .legal_moves()
                    .iter()
                    .any(|m| m.is_capture()) =>
            {
                refuse(TypedRefusal::MustCapture)
            }
            Err(shashki::MoveError::Illegal { .. }) => refuse(TypedRefusal::Illegal),
            Err(_) => refuse(TypedRefusal::NotAMove),
        }
    }

    /// Replaces the game; the new one keeps the draw rules chosen (a setting, not a part of the
    /// position).
    fn replace_game(&mut self, game: Game) {
        self.labels = vec![None; game.moves().len()];
        self.game = game.with_draw_rules(self.game.draw_rules());
        self.redo.clear();
        self.changed();
    }

    /// Applies the draw rules `rules` to the game from now on (and to the games after it): a new
    /// revision, since the game's status and the engine's search may change.
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        if self.game.draw_rules() != rules {
            self.game.set_draw_rules(rules);
            self.revision += 1;
        }
    }

    fn play(&mut self, mv: Move, label: Option<MoveLabel>) -> Result<(), Say> {
        let text = self.game.position().write_move(&mv, Notation::Algebraic);
        if self.ending.is_some() {
            return Err(Say::CannotPlay(text, "the game is over".into()));
        }
        self.game
            .play(mv)
            .map_err(|e| Say::CannotPlay(text, e.to_string()))?;
        self.tags.clear();
        self.labels.push(label);
        self.redo.clear();
        // A move only adds to the game, so a review goes on (the engine's move that was under
        // way when it began lands behind it).
        self.revision += 1;
        Ok(())
    }

    fn undo_ply(&mut self) -> bool {
        if self.ending.take().is_some() {
            // Taking back a resignation or an agreed draw is the first step back.
            self.revision += 1;
            self.review = None;
            return true;
        }
        let Some(mv) = self.game.undo() else {
            return false;
        };
        let label = self.labels.pop().flatten();
        self.redo.push((mv, label));
        self.changed();
        true
    }

    fn redo_ply(&mut self) -> bool {
        let Some((mv, label)) = self.redo.pop() else {
            return false;
        };
        if self.game.play(mv).is_err() {
            self.redo.clear();
            return false;
        }
        self.labels.push(label);
        self.changed();
        true
    }

    /// Takes back the last move, and the engine's moves before it, so a human is to move again.
    pub fn undo(&mut self) -> bool {
        if !self.undo_ply() {
            return false;
        }
        while self.has_human() && self.to_move() == Controller::Engine && self.undo_ply() {}
        true
    }

    /// Replays the last move taken back, and the engine's replies after it.
    pub fn redo(&mut self) -> bool {
        if !self.redo_ply() {
            return false;
        }
        while self.has_human() && self.to_move() == Controller::Engine && self.redo_ply() {}
        true
    }

    /// Takes moves back until the game is at `ply` (they can be replayed with redo): playing on
    /// from a position under review.
    pub fn take_back_to(&mut self, ply: usize) {
        while self.game.moves().len() > ply && self.undo_ply() {}
    }

    fn has_human(&self) -> bool {
        self.players.white == Controller::Human || self.players.black == Controller::Human
    }

    /// The ply the board shows: the reviewed one, or the live position's.
    #[must_use]
    pub fn shown_ply(&self) -> usize {
        let live = self.game.moves().len();
        self.review.map_or(live, |ply| ply.min(live))
    }

    /// The position the board shows: the reviewed one, or the live one.
    #[must_use]
    pub fn shown_position(&self) -> &Position {
        &self.game.positions()[self.shown_ply()]
    }

    /// Moves the review to `ply` (clamped to the game); reaching the last ply ends the review.
    fn review_at(&mut self, ply: usize) {
        let ply = ply.min(self.game.moves().len());
        self.review = (ply < self.game.moves().len()).then_some(ply);
    }

    /// The status line while reviewing: which position is shown and how to get back.
    #[must_use]
    pub fn review_line(&self, text: &Catalogue) -> Option<String> {
        let ply = self.review?;
        let total = self.game.moves().len();
        Some(if ply == 0 {
            format!("{}; {}", (text.reviewing_start)(total), text.end_returns)
        } else {
            let before = &self.game.positions()[ply - 1];
            let mv = before.write_move(&self.game.moves()[ply - 1], Notation::Algebraic);
            let dots = if before.side_to_move() == Color::Black {
                "..."
            } else {
                "."
            };
            let shown = format!("{}{dots} {mv}", self.game.move_number(ply - 1));
            format!(
                "{}; {}",
                (text.reviewing_after)(&shown, ply, total),
                text.end_returns
            )
        })
    }

    /// The status line in words: who plays what and whose move it is ("You play White — your
    /// move"), or how the game ended ("You won: Black has no legal move").
    #[must_use]
    pub fn status_line(&self, text: &Catalogue) -> String {
        let side = self.game.position().side_to_move();
        let headline = |winner: Option<Color>| match (winner, self.human_side()) {
            (None, _) => text.draw.to_string(),
            (Some(w), Some(human)) if w == human => text.you_won.to_string(),
            (Some(_), Some(_)) => text.you_lost.to_string(),
            (Some(w), None) => (text.side_won)(w).to_string(),
        };
        match self.outcome() {
            Outcome::Ongoing => match self.human_side() {
                Some(human) => {
                    let turn = if human == side {
                        text.your_move
                    } else {
                        text.engine_moves
                    };
                    format!("{} — {turn}", (text.you_play)(human))
                }
                None => (text.to_move)(side).to_string(),
            },
            Outcome::NoLegalMove { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.no_legal_move)(winner.opposite())
            ),
            Outcome::Resigned { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.resigned)(winner.opposite())
            ),
            Outcome::TimeForfeit { winner } => format!(
                "{}: {}",
                headline(Some(winner)),
                (text.time_ran_out)(winner.opposite())
            ),
            Outcome::DrawnByRule(rule) => format!("{}: {}", headline(None), (text.draw_rule)(rule)),
            Outcome::DrawAgreed => format!("{}: {}", headline(None), text.draw_agreed),
            Outcome::Recorded(result) => (text.recorded_result)(&result.to_string()),
        }
    }

    /// The move list in traditional notation, one line per full move: `3. c3-d4 f6:d4`. While
    /// reviewing, the move that led to the position shown is in brackets: `3. c3-d4 [f6:d4]`.
    #[must_use]
    pub fn move_lines(&self, text: &Catalogue) -> Vec<String> {
        self.move_lines_marked(text).0
    }

    /// [`GameRecord::move_lines`], and while reviewing the line of the position shown (the
    /// bracketed move's; the first line for the start position). A finished game ends with its
    /// result (`2-0`, `0-2`, `1-1`) on a line of its own.
    #[must_use]
    pub fn move_lines_marked(&self, text: &Catalogue) -> (Vec<String>, Option<usize>) {
        let rows = self.move_rows(text);
        let marked = self.review.map(|ply| {
            rows.iter()
                .position(|row| row.moves.iter().any(|(after, _)| *after == ply))
                .unwrap_or(0)
        });
        let mut lines: Vec<String> = rows
            .iter()
            .map(|row| {
                let moves: Vec<String> = row
                    .moves
                    .iter()
                    .map(|(after, mv)| {
                        if self.review == Some(*after) {
                            format!("[{mv}]")
                        } else {
                            mv.clone()
                        }
                    })
                    .collect();
                let dots = if row.black_first { "... " } else { "" };
                format!("{}. {dots}{}", row.number, moves.join("  "))
            })
            .collect();
        if let Some(result) = self.result_text() {
            lines.push(result);
        }
        (lines, marked)
    }

    /// The move list as rows of full moves: each move's text (with its book or tablebase mark)
    /// and the ply after it, the one a click on it shows.
    #[must_use]
    pub fn move_rows(&self, text: &Catalogue) -> Vec<MoveRow> {
        let mut rows: Vec<MoveRow> = Vec::new();
        let positions = self.game.positions();
        for (ply, mv) in self.game.moves().iter().enumerate() {
            let before = &positions[ply];
            let mut written = before.write_move(mv, Notation::Algebraic);
            if let Some(label) = self.labels.get(ply).copied().flatten() {
                written = format!("{written} {}", label.mark(text));
            }
            let black = before.side_to_move() == Color::Black;
            match rows.last_mut() {
                Some(last) if black => last.moves.push((ply + 1, written)),
                _ => rows.push(MoveRow {
                    number: self.game.move_number(ply),
                    black_first: black,
                    moves: vec![(ply + 1, written)],
                }),
            }
        }
        rows
    }

    /// The result of a finished game as the move list ends it (`2-0`, `0-2`, `1-1`).
    #[must_use]
    pub fn result_text(&self) -> Option<String> {
        let outcome = self.outcome();
        (outcome != Outcome::Ongoing).then(|| outcome.result().to_string())
    }
}

/// One line of the move list: a full move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The full-move number.
    pub number: u32,
    /// Whether the line starts with Black's move (`12. ... f6-g5`).
    pub black_first: bool,
    /// The moves: the ply after each (1 for the game's first move) and its text.
    pub moves: Vec<(usize, String)>,
}

/// What the players ask for; applied by [`apply_commands`].
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Play a move (from a click or from the engine).
    Play {
        /// The move.
        mv: Move,
        /// Its label in the move list.
        label: Option<MoveLabel>,
        /// The [`GameRecord::revision`] it was chosen in; ignored if the record changed since
        /// (a new game or undo in the same frame).
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
        /// The [`GameRecord::revision`] of the offer; ignored if the game changed since.
        revision: u64,
    },
    /// Set up a position from FEN.
    SetFen(String),
    /// Open a PDN file: its game, or the list of its games when it holds several.
    LoadPdn(PathBuf),
    /// Add the game to a PDN file (`None`: the player's own games, [`crate::pdn_file::OwnGames`]).
    SavePdn(Option<PathBuf>),
    /// Open game `.0` of the [`Collection`]'s list, at its start, in review.
    OpenGame(usize),
    /// Show only the games of the list with a player whose name contains this text.
    FilterGames(String),
    /// Show or hide the list of games (handled by [`crate::collection`]).
    ShowGameList(bool),
    /// Move the list's highlighted game this many lines down (up when negative), within the
    /// games the filter shows (handled by [`crate::collection`]).
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
        /// The [`GameRecord::revision`] it ran out in; ignored if the game changed since.
        revision: u64,
    },
    /// Start or stop the engine's analysis of the position shown (handled by the engine task).
    ToggleAnalysis,
    /// Copy the FEN of the position shown to the clipboard (handled by [`crate::clipboard`]).
    CopyFen,
    /// Copy the game as PDN to the clipboard (handled by [`crate::clipboard`]).
    CopyPdn,
}

/// Which way the board is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    /// Black at the bottom.
    pub flipped: bool,
}

/// A message for the player shown in the panel (errors in red), kept as typed [`Say`]s so that
/// it is shown in the language chosen when it is drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The lines to say.
    pub lines: Vec<Say>,
    /// Whether it reports an error.
    pub error: bool,
}

impl Notice {
    /// Shows an informational message.
    pub fn info(&mut self, say: Say) {
        self.lines = vec![say];
        self.error = false;
    }

    /// Shows an error (the full text also goes to stderr, where nothing is shortened).
    pub fn error(&mut self, say: Say) {
        eprintln!("shashki-game: {}", say.render(Lang::En.text()));
        self.lines = vec![say];
        self.error = true;
    }

    /// Adds an error line below what is shown.
    pub fn add_error(&mut self, say: Say) {
        eprintln!("shashki-game: {}", say.render(Lang::En.text()));
        if !self.error {
            self.lines.clear();
        }
        self.lines.push(say);
        self.error = true;
    }

    /// Clears the message.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.error = false;
    }

    /// The message in the language of `text`, one line per [`Say`].
    #[must_use]
    pub fn text(&self, text: &Catalogue) -> String {
        self.lines
            .iter()
            .map(|s| s.render(text))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Registers the record, its commands and the rules step.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<Orientation>()
        .init_resource::<Notice>()
        .add_systems(Update, apply_commands.in_set(crate::GameSet::Rules));
}

/// The rules step: applies each [`GameCommand`] to the [`GameRecord`] through `shashki`, and
/// keeps the [`Clocks`] in step.
#[allow(clippy::too_many_arguments)]
pub fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut record: ResMut<GameRecord>,
    mut orientation: ResMut<Orientation>,
    mut notice: ResMut<Notice>,
    mut clocks: ResMut<Clocks>,
    mut collection: ResMut<Collection>,
    own: Res<OwnGames>,
) {
    for command in commands.read() {
        match command {
            GameCommand::Play { revision, .. } if *revision != record.revision => {}
            GameCommand::Play { mv, label, .. } => {
                let mover = record.game.position().side_to_move();
                if let Err(e) = record.play(*mv, *label) {
                    notice.error(e);
                    continue;
                }
                clocks.moved(mover, record.game.moves().len());
                if !record.ongoing() {
                    notice.info(Say::GameOver);
                } else {
                    notice.clear();
                }
            }
            GameCommand::NewGame(mode) => {
                record.players = Players::for_mode(*mode);
                record.replace_game(Game::default());
                *clocks = Clocks::new(clocks.control, 0);
                orientation.flipped = *mode == Mode::PlayBlack;
                notice.info(Say::NewGame);
            }
            GameCommand::Undo => {
                if !record.undo() {
                    notice.info(Say::NothingToTakeBack);
                }
                clocks.restore(record.game.moves().len());
            }
            GameCommand::Redo => {
                if !record.redo() {
                    notice.info(Say::NothingToReplay);
                }
                clocks.restore(record.game.moves().len());
            }
            GameCommand::Hint
            | GameCommand::OfferDraw
            | GameCommand::ToggleAnalysis
            | GameCommand::CopyFen
            | GameCommand::CopyPdn
            | GameCommand::FilterGames(_)
            | GameCommand::ShowGameList(_)
            | GameCommand::MoveListCursor(_) => {}
            GameCommand::PlayText(text) => {
                let mover = record.game.position().side_to_move();
                match record.play_typed(text) {
                    Ok(()) => {
                        clocks.moved(mover, record.game.moves().len());
                        if record.ongoing() {
                            notice.clear();
                        } else {
                            notice.info(Say::GameOver);
                        }
                    }
                    Err(e) => notice.error(e),
                }
            }
            GameCommand::OpenGame(index) => {
                let Some((number, opened)) = collection.games.get(*index).cloned() else {
                    continue;
                };
                record.open_at_start(&opened);
                *clocks = Clocks::new(clocks.control, record.game.moves().len());
                // As "Open PDN" of one game: the board faces the side the player would take.
                orientation.flipped = record.human_side() == Some(Color::Black);
                collection.shown = false;
                let path = collection.path.clone().unwrap_or_default();
                notice.info(crate::pdn_file::reviewing_notice(&path, number, &opened));
            }
            GameCommand::Flip => orientation.flipped = !orientation.flipped,
            GameCommand::SetLevel(level) => {
                if shashki::Level::get(*level).is_some() {
                    record.strength = Strength::Level(*level);
                    notice.info(Say::LevelSet(*level));
                }
            }
            GameCommand::SwitchSides => {
                let Players { white, black } = record.players;
                record.players = Players {
                    white: black,
                    black: white,
                };
                // The engine may now be to move: a new revision restarts the engine task.
                record.revision += 1;
                if let Some(human) = record.human_side() {
                    orientation.flipped = human == Color::Black;
                    notice.info(Say::SidesSwitched(human));
                }
            }
            GameCommand::Resign => {
                let loser = record
                    .human_side()
                    .or_else(|| {
                        (record.players.white == Controller::Human)
                            .then(|| record.game.position().side_to_move())
                    })
                    .filter(|_| record.ongoing());
                match loser {
                    Some(loser) => {
                        record.ending = Some(Ending::Resigned(loser));
                        record.revision += 1;
                        record.redo.clear();
                        notice.info(Say::GameOver);
                    }
                    None => notice.info(Say::OnlyAgainstEngine),
                }
            }
            GameCommand::DrawAgreed { revision } => {
                if *revision == record.revision && record.ongoing() {
                    record.ending = Some(Ending::DrawAgreed);
                    record.revision += 1;
                    record.redo.clear();
                    notice.info(Say::DrawAccepted);
                }
            }
            GameCommand::SetFen(text) => match Game::from_fen(text.trim()) {
                Ok(game) => {
                    let human = record.start_against_engine(game);
                    *clocks = Clocks::new(clocks.control, record.game.moves().len());
                    orientation.flipped = human == Color::Black;
                    notice.info(Say::PositionSet(human));
                }
                Err(e) => notice.error(Say::BadFen(e.to_string())),
            },
            GameCommand::LoadPdn(path) => match crate::pdn_file::read_collection(path) {
                Ok(opened) if opened.games.len() == 1 && opened.failed.is_empty() => {
                    let game = &opened.games[0].1;
                    let human = record.open(game);
                    *clocks = Clocks::new(clocks.control, record.game.moves().len());
                    orientation.flipped = record.human_side() == Some(Color::Black);
                    notice.info(crate::pdn_file::opened_notice(path, game, human));
                    *collection = Collection {
                        shown: false,
                        ..opened
                    };
                }
                Ok(opened) => {
                    for failed in &opened.failed {
                        eprintln!("shashki-game: {failed}");
                    }
                    notice.info(Say::GameList {
                        file: opened.file_name(),
                        games: opened.games.len(),
                        failed: opened.failed.len(),
                    });
                    *collection = opened;
                }
                Err(e) => notice.error(e),
            },
            GameCommand::SavePdn(path) => {
                let path = path.clone().unwrap_or_else(|| own.path());
                let text = crate::pdn_file::pdn_text(&record, &own, clocks.control);
                match crate::pdn_file::append_game(&path, &text) {
                    Ok(games) => notice.info(Say::Saved(path.display().to_string(), games)),
                    Err(e) => notice.error(e),
                }
            }
            GameCommand::ReviewBack => {
                let ply = record.shown_ply().saturating_sub(1);
                record.review_at(ply);
            }
            GameCommand::ReviewForward => {
                let ply = record.shown_ply() + 1;
                record.review_at(ply);
            }
            GameCommand::ReviewStart => record.review_at(0),
            GameCommand::ReviewEnd => record.review = None,
            GameCommand::ReviewAt(ply) => record.review_at(*ply),
            GameCommand::PlayFromHere => {
                if let Some(ply) = record.review {
                    // A game from a file is not the player's own: the player takes the side to
                    // move against the engine (in their own game, the sides stay).
                    let from_file = !record.tags.is_empty();
                    record.take_back_to(ply);
                    if from_file {
                        let game = record.game.clone();
                        let labels = record.labels.clone();
                        let redo = std::mem::take(&mut record.redo);
                        let human = record.start_against_engine(game);
                        record.labels = labels;
                        record.redo = redo;
                        orientation.flipped = human == Color::Black;
                    }
                    clocks.restore(ply);
                    notice.info(Say::PlayingFromHere);
                }
            }
            GameCommand::SetTimeControl(control) => {
                *clocks = Clocks::new(*control, record.game.moves().len());
                notice.info(Say::ClockSet(*control));
            }
            GameCommand::SetDrawRules(rules) => {
                record.set_draw_rules(*rules);
                notice.info(Say::DrawRulesSet(*rules));
            }
            GameCommand::TimeUp { side, revision } => {
                if *revision == record.revision
                    && record.ongoing()
                    && record.game.position().side_to_move() == *side
                    && clocks.flagged(*side)
                {
                    record.ending = Some(Ending::TimeForfeit(*side));
                    record.revision += 1;
                    record.redo.clear();
                    notice.info(Say::GameOver);
                }
            }
        }
    }
}
