//! The game record — the one source of truth — and the rules step that changes it.
//!
//! [`GameRecord`] holds the `shashki` [`Game`] (start position, moves, positions, result), the
//! redo stack, who plays each side and the engine's time per move. Everything the player or the
//! engine wants to do arrives as a [`GameCommand`] message from the input stage; the
//! [`apply_commands`] system (in [`GameSet::Rules`](crate::GameSet)) validates it against
//! `shashki` and changes the record, bumping [`GameRecord::revision`] so the engine task and the
//! views know to re-sync. Errors (a bad FEN, an unreadable PDN) become a [`Notice`] shown in the
//! window; the game goes on.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use shashki::{Color, Game, GameStatus, Move, Notation, PdnGame, Position, WinReason, pdn};

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

/// A difficulty level: a name and the engine's time per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Shown on the button.
    pub name: &'static str,
    /// Time per move.
    pub time: Duration,
}

/// The difficulty levels offered, weakest first.
pub const LEVELS: [Level; 5] = [
    Level {
        name: "1",
        time: Duration::from_millis(50),
    },
    Level {
        name: "2",
        time: Duration::from_millis(250),
    },
    Level {
        name: "3",
        time: Duration::from_millis(1000),
    },
    Level {
        name: "4",
        time: Duration::from_millis(3000),
    },
    Level {
        name: "5",
        time: Duration::from_millis(10_000),
    },
];

/// The level used when none is given.
pub const DEFAULT_LEVEL: usize = 2;

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
    pub fn mark(self) -> &'static str {
        match self {
            MoveLabel::Book => "(book)",
            MoveLabel::Tablebase => "(tb)",
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
    /// The engine's time per move.
    pub engine_time: Duration,
    /// The selected level, if the time is one of [`LEVELS`].
    pub level: Option<usize>,
    /// Bumped on every change of `game`: jobs and views made for an older revision are stale.
    pub revision: u64,
    /// The earlier position being reviewed, as a ply of `game` (`None`: the live position).
    /// Reviewing only shows, and the engine does not start a search meanwhile; taking back,
    /// replaying or replacing the game ends it, a move played does not.
    pub review: Option<usize>,
}

impl GameRecord {
    /// A record of `game` with the given players and time.
    #[must_use]
    pub fn new(game: Game, players: Players, engine_time: Duration) -> GameRecord {
        let level = LEVELS.iter().position(|l| l.time == engine_time);
        GameRecord {
            labels: vec![None; game.moves().len()],
            game,
            redo: Vec::new(),
            players,
            engine_time,
            level,
            revision: 0,
            review: None,
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
        self.game.status() == GameStatus::Ongoing
    }

    /// Marks a change of the game: a new revision, and the live position shown again.
    fn changed(&mut self) {
        self.revision += 1;
        self.review = None;
    }

    fn replace_game(&mut self, game: Game) {
        self.labels = vec![None; game.moves().len()];
        self.game = game;
        self.redo.clear();
        self.changed();
    }

    fn play(&mut self, mv: Move, label: Option<MoveLabel>) -> Result<(), String> {
        let text = self.game.position().write_move(&mv, Notation::Algebraic);
        self.game
            .play(mv)
            .map_err(|e| format!("cannot play {text}: {e}"))?;
        self.labels.push(label);
        self.redo.clear();
        // A move only adds to the game, so a review goes on (the engine's move that was under
        // way when it began lands behind it).
        self.revision += 1;
        Ok(())
    }

    fn undo_ply(&mut self) -> bool {
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
    pub fn review_line(&self) -> Option<String> {
        let ply = self.review?;
        let total = self.game.moves().len();
        Some(if ply == 0 {
            format!("Reviewing the start position (of {total} plies); End returns")
        } else {
            let before = &self.game.positions()[ply - 1];
            let mv = before.write_move(&self.game.moves()[ply - 1], Notation::Algebraic);
            let dots = if before.side_to_move() == Color::Black {
                "..."
            } else {
                "."
            };
            format!(
                "Reviewing after {}{dots} {mv} (ply {ply} of {total}); End returns",
                self.game.move_number(ply - 1)
            )
        })
    }

    /// The status line: who is to move, or the result and its reason.
    #[must_use]
    pub fn status_line(&self) -> String {
        let name = |c: Color| match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        match self.game.status() {
            GameStatus::Ongoing => {
                let side = self.game.position().side_to_move();
                let who = match self.players.of(side) {
                    Controller::Human => "",
                    Controller::Engine => " (engine)",
                };
                format!("{} to move{who}", name(side))
            }
            GameStatus::Won { winner, reason } => {
                let why = match reason {
                    WinReason::NoLegalMove => {
                        format!("{} has no legal move", name(winner.opposite()))
                    }
                    _ => "the game is won".to_string(),
                };
                format!("{} wins: {why}", name(winner))
            }
            GameStatus::Drawn(rule) => format!("Draw: {rule}"),
            _ => "The game is over".to_string(),
        }
    }

    /// The move list in traditional notation, one line per full move: `3. c3-d4 f6:d4`. While
    /// reviewing, the move that led to the position shown is in brackets: `3. c3-d4 [f6:d4]`.
    #[must_use]
    pub fn move_lines(&self) -> Vec<String> {
        self.move_lines_marked().0
    }

    /// [`GameRecord::move_lines`], and while reviewing the line of the position shown (the
    /// bracketed move's; the first line for the start position).
    #[must_use]
    pub fn move_lines_marked(&self) -> (Vec<String>, Option<usize>) {
        let mut lines: Vec<String> = Vec::new();
        let mut marked_line = self.review.map(|_| 0);
        let positions = self.game.positions();
        let marked = self.review.and_then(|ply| ply.checked_sub(1));
        for (ply, mv) in self.game.moves().iter().enumerate() {
            let before = &positions[ply];
            let mut text = before.write_move(mv, Notation::Algebraic);
            if let Some(label) = self.labels.get(ply).copied().flatten() {
                text = format!("{text} {}", label.mark());
            }
            if marked == Some(ply) {
                text = format!("[{text}]");
            }
            let black = before.side_to_move() == Color::Black;
            match lines.last_mut() {
                Some(last) if black => {
                    last.push_str("  ");
                    last.push_str(&text);
                }
                _ => {
                    let dots = if black { "... " } else { "" };
                    lines.push(format!("{}. {dots}{text}", self.game.move_number(ply)));
                }
            }
            if marked == Some(ply) {
                marked_line = Some(lines.len() - 1);
            }
        }
        (lines, marked_line)
    }
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
    /// Choose a difficulty level (an index into [`LEVELS`]).
    SetLevel(usize),
    /// Set up a position from FEN.
    SetFen(String),
    /// Load the first game of a PDN file.
    LoadPdn(PathBuf),
    /// Save the game as PDN.
    SavePdn(PathBuf),
    /// Show the position one ply earlier than the one shown (starts a review).
    ReviewBack,
    /// Show the position one ply later (back at the live position, the review ends).
    ReviewForward,
    /// Show the start position of the game.
    ReviewStart,
    /// Show the live position again.
    ReviewEnd,
}

/// Which way the board is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    /// Black at the bottom.
    pub flipped: bool,
}

/// A message for the player shown in the panel (errors in red).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The text.
    pub text: String,
    /// Whether it reports an error.
    pub error: bool,
}

impl Notice {
    /// Shows an informational text.
    pub fn info(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = false;
    }

    /// Shows an error text.
    pub fn error(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.error = true;
    }
}

/// Registers the record, its commands and the rules step.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<GameCommand>()
        .init_resource::<Orientation>()
        .init_resource::<Notice>()
        .add_systems(Update, apply_commands.in_set(crate::GameSet::Rules));
}

/// The rules step: applies each [`GameCommand`] to the [`GameRecord`] through `shashki`.
pub fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    mut record: ResMut<GameRecord>,
    mut orientation: ResMut<Orientation>,
    mut notice: ResMut<Notice>,
) {
    for command in commands.read() {
        match command {
            GameCommand::Play { revision, .. } if *revision != record.revision => {}
            GameCommand::Play { mv, label, .. } => {
                if let Err(e) = record.play(*mv, *label) {
                    notice.error(e);
                } else if !record.ongoing() {
                    notice.info("Game over: start a new game, or take back moves with Undo");
                } else {
                    notice.info("");
                }
            }
            GameCommand::NewGame(mode) => {
                record.players = Players::for_mode(*mode);
                record.replace_game(Game::default());
                orientation.flipped = *mode == Mode::PlayBlack;
                notice.info("New game");
            }
            GameCommand::Undo => {
                if !record.undo() {
                    notice.info("Nothing to take back");
                }
            }
            GameCommand::Redo => {
                if !record.redo() {
                    notice.info("Nothing to replay");
                }
            }
            GameCommand::Hint => {}
            GameCommand::Flip => orientation.flipped = !orientation.flipped,
            GameCommand::SetLevel(level) => {
                if let Some(l) = LEVELS.get(*level) {
                    record.level = Some(*level);
                    record.engine_time = l.time;
                    notice.info(format!(
                        "Level {}: {:.2} s per engine move",
                        l.name,
                        l.time.as_secs_f64()
                    ));
                }
            }
            GameCommand::SetFen(text) => match Game::from_fen(text.trim()) {
                Ok(game) => {
                    record.replace_game(game);
                    notice.info("Position set up from FEN");
                }
                Err(e) => notice.error(format!("Bad FEN: {e}")),
            },
            GameCommand::LoadPdn(path) => match load_pdn(path) {
                Ok(game) => {
                    record.replace_game(game);
                    notice.info(format!("Loaded {}", path.display()));
                }
                Err(e) => notice.error(e),
            },
            GameCommand::SavePdn(path) => match save_pdn(&record, path) {
                Ok(()) => notice.info(format!("Saved {}", path.display())),
                Err(e) => notice.error(e),
            },
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
        }
    }
}

/// Reads the first game of a PDN file.
///
/// # Errors
/// A readable message naming the file when it cannot be read or parsed or holds no game.
pub fn load_pdn(path: &Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("Cannot read PDN {}: {e}", path.display()))?;
    let games = pdn::read_games(&text).map_err(|e| format!("Bad PDN {}: {e}", path.display()))?;
    games
        .into_iter()
        .next()
        .map(|g| g.game)
        .ok_or_else(|| format!("No game in PDN {}", path.display()))
}

/// Writes the game as PDN to `path` atomically (a temporary file renamed into place).
///
/// # Errors
/// A readable message naming the file when it cannot be written.
pub fn save_pdn(record: &GameRecord, path: &Path) -> Result<(), String> {
    let name = |c: Controller| match c {
        Controller::Human => "Human",
        Controller::Engine => "shashki",
    };
    let mut game = PdnGame::new(record.game.clone());
    game.set_tag("Event", "shashki game");
    game.set_tag("White", name(record.players.white));
    game.set_tag("Black", name(record.players.black));
    game.set_tag("GameType", "25");
    let text = pdn::write_game(&game);
    shashki::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("Cannot write PDN {}: {e}", path.display()))
}
