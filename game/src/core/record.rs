//! The game record — the one source of truth — and the values it is made of.
//!
//! [`GameRecord`] holds the `shashki` [`Game`] (start position, moves, positions, result), the
//! redo stack, who plays each side and the engine's strength. The systems that own a concern
//! change it through its methods (the record step, [`crate::core::rules`]; the files,
//! [`crate::core::files`]; the setup, [`crate::core::setup`]; the puzzle mode), each change
//! bumping [`GameRecord::revision`] and noting what changed ([`Change`]). At the start of
//! [`GameSet::Follow`] `announce_changes` hands those notes on as [`RecordChanged`] messages:
//! the clocks, the engine task, the evaluation bar and the puzzle mode follow them instead of
//! listening to the requests that caused them. Since every change goes through the record's one
//! `bump`, no writer can forget to announce one.
//! Its words (status line, move list) are in [`record_text`](crate::core::record_text).

use std::time::Duration;

use crate::ground::GameSet;
use crate::text::{Say, TypedRefusal};
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

/// What the players, the engine and the clocks ask of the game record; applied by
/// [`apply_record_commands`](crate::core::rules::apply_record_commands) in the order written. Those that carry a revision are dropped when
/// the record changed since they were made.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordCommand {
    /// Play a move (from a click or from the engine).
    Play {
        /// The move.
        mv: Move,
        /// Its label in the move list.
        label: Option<MoveLabel>,
        /// The [`GameRecord::revision`] it was chosen in; ignored if the record changed since (a
        /// new game or undo in the same frame).
        revision: u64,
    },
    /// Play a move typed by the player (`c3d4`, `c3-d4`, `22-18`, `c3:e5`).
    PlayText(String),
    /// Start a new game from the start position.
    NewGame(Mode),
    /// Take back a move (and the engine's reply).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Set up a position from FEN.
    SetFen(String),
    /// The human player resigns (the side to move, when two people play).
    Resign,
    /// The engine accepted a draw offer made in this revision.
    DrawAgreed {
        /// The [`GameRecord::revision`] of the offer; ignored if the game changed since.
        revision: u64,
    },
    /// `side`'s clock ran out (from the clocks, in this revision): it loses on time.
    TimeUp {
        /// The side whose time is out.
        side: Color,
        /// The [`GameRecord::revision`] it ran out in; ignored if the game changed since.
        revision: u64,
    },
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
}

/// What a change of the record did, for those who follow it ([`RecordChanged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// `mover` played a move, which led to ply `ply`.
    Played {
        /// The side that moved.
        mover: Color,
        /// The ply reached.
        ply: usize,
    },
    /// The game went back or forward along its own moves to ply `ply` (undo, redo, a puzzle's
    /// solution shown): the clocks take the times they had there.
    Stepped {
        /// The ply reached.
        ply: usize,
    },
    /// Another game took its place (a new game, a FEN, a file's game, a puzzle, the game given
    /// back after the puzzles), now at ply `ply`: nothing said about the last one applies.
    Replaced {
        /// The ply of the new game's live position.
        ply: usize,
    },
    /// The game ended whatever the rules say (a resignation, an agreed draw, a loss on time).
    Ended,
    /// Who plays each side changed (the engine may now be to move).
    Players,
    /// The draw rules in force changed (the status and the engine's search may change).
    DrawRules,
}

/// The message "the record changed": its new revision and what happened, written by
/// `announce_changes` for every change, in order.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordChanged {
    /// The record's revision after the change.
    pub revision: u64,
    /// What changed.
    pub change: Change,
}

/// The game record: the single source of truth that every view re-syncs from.
///
/// Its fields are private: it changes only through its methods, and every change of the game
/// (or of who is to move) goes through its private `bump`, the one place the
/// [`revision`](GameRecord::revision) grows.
#[derive(Resource, Clone, Debug)]
pub struct GameRecord {
    /// The game itself (rules, positions, result come from `shashki`).
    game: Game,
    /// Labels of the moves played, aligned with `game.moves()`.
    labels: Vec<Option<MoveLabel>>,
    /// Moves taken back, most recent last, for redo.
    redo: Vec<(Move, Option<MoveLabel>)>,
    /// Who plays each side.
    players: Players,
    /// How strong the engine plays.
    strength: Strength,
    /// A resignation or an agreed draw, which ends the game whatever the rules say.
    ending: Option<Ending>,
    /// Bumped on every change of `game`: jobs and views made for an older revision are stale.
    revision: u64,
    /// The earlier position being reviewed, as a ply of `game` (`None`: the live position).
    /// Reviewing only shows, and the engine does not start a search meanwhile; taking back,
    /// replaying or replacing the game ends it, a move played does not.
    review: Option<usize>,
    /// The tags of the file the game was opened from, while it is shown as it was read (a move
    /// played, taken back or replayed makes it the player's own game again, without them).
    tags: Vec<(String, String)>,
    /// The changes not yet announced (drained each frame by `announce_changes`).
    unannounced: Vec<RecordChanged>,
    /// The game of a file this one was played on from, and the ply: its heading, kept in the
    /// player's saved game (`None` for a game of the player's own from its start).
    source: Option<String>,
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
            unannounced: Vec::new(),
            source: None,
        }
    }

    /// The game itself (rules, positions, result come from `shashki`).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Labels of the moves played, aligned with `game().moves()`.
    #[must_use]
    pub fn labels(&self) -> &[Option<MoveLabel>] {
        &self.labels
    }

    /// Moves taken back, most recent last, for redo.
    #[must_use]
    pub fn redo_moves(&self) -> &[(Move, Option<MoveLabel>)] {
        &self.redo
    }

    /// Who plays each side.
    #[must_use]
    pub fn players(&self) -> Players {
        self.players
    }

    /// How strong the engine plays.
    #[must_use]
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// A resignation, an agreed draw, a loss on time or a file's result, which ends the game
    /// whatever the rules say.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Grows on every change of the game: jobs and views made for an older revision are stale.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The earlier position being reviewed, as a ply of the game (`None`: the live position).
    #[must_use]
    pub fn review(&self) -> Option<usize> {
        self.review
    }

    /// The tags of the file the game was opened from, while it is shown as it was read.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The game of a file this one was played on from, and the ply ("Иванов — Петров · Club
    /// championship · 2-0, ply 3"), kept when the player saves it.
    #[must_use]
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The one place the revision grows: engine jobs and views made before are stale, and the
    /// change is noted for [`RecordChanged`].
    fn bump(&mut self, change: Change) {
        self.revision += 1;
        self.unannounced.push(RecordChanged {
            revision: self.revision,
            change,
        });
    }

    /// The changes since the last call, in order (for `announce_changes`; tests may call it
    /// on a record of their own).
    pub fn take_changes(&mut self) -> Vec<RecordChanged> {
        std::mem::take(&mut self.unannounced)
    }

    /// Sets how strong the engine plays (the game is unchanged: no new revision).
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
    }

    /// Sets who plays each side: a new revision, since the engine may now be to move.
    pub fn set_players(&mut self, players: Players) {
        self.players = players;
        self.bump(Change::Players);
    }

    /// Swaps who plays White and who plays Black, in the position on the board: a new revision
    /// (the engine may now be to move).
    pub fn switch_sides(&mut self) {
        let Players { white, black } = self.players;
        self.set_players(Players {
            white: black,
            black: white,
        });
    }

    /// Starts a new game of `mode` from the start position.
    pub fn new_game(&mut self, mode: Mode) {
        self.players = Players::for_mode(mode);
        self.replace_game(Game::default());
    }

    /// Ends the game whatever the rules say (a resignation, an agreed draw, a loss on time):
    /// a new revision, and nothing left to redo.
    pub fn end(&mut self, ending: Ending) {
        self.ending = Some(ending);
        self.bump(Change::Ended);
        self.redo.clear();
    }

    /// Replaces the whole record by `other` (a puzzle's game, or the game the puzzle mode
    /// saved), as a revision newer than this one's.
    pub fn replace_with(&mut self, other: GameRecord) {
        let revision = self.revision;
        let unannounced = std::mem::take(&mut self.unannounced);
        *self = other;
        self.revision = revision;
        self.unannounced = unannounced;
        self.bump(Change::Replaced {
            ply: self.game.moves().len(),
        });
    }

    /// Plays the moves of `line` (a puzzle's solution shown) while they are legal, unlabelled,
    /// keeping the redo stack and the tags: one new revision, even when no move was left to play.
    pub fn show_line(&mut self, line: &[Move]) {
        for mv in line {
            if self.game.play(*mv).is_err() {
                break;
            }
            self.labels.push(None);
        }
        self.bump(Change::Stepped {
            ply: self.game.moves().len(),
        });
    }

    /// Plays `mv` (a puzzle's reply), unlabelled, keeping the redo stack and the tags; `false`
    /// and no new revision when it is not legal.
    pub fn play_reply(&mut self, mv: Move) -> bool {
        let mover = self.game.position().side_to_move();
        if self.game.play(mv).is_err() {
            return false;
        }
        self.labels.push(None);
        self.bump(Change::Played {
            mover,
            ply: self.game.moves().len(),
        });
        true
    }

    /// Plays on from the position under review: the moves after it are taken back (redo
    /// replays them). A game from a file is not the player's own: the player takes the side to
    /// move against the engine (in their own game, the sides stay). Returns the ply played on
    /// from and, for a game from a file, the player's colour; `None` when not reviewing.
    pub fn play_from_review(&mut self) -> Option<(usize, Option<Color>)> {
        let ply = self.review?;
        let from_file = !self.tags.is_empty();
        let source = self
            .file_heading()
            .filter(|_| from_file)
            .map(|heading| format!("{heading}, ply {ply}"));
        self.take_back_to(ply);
        let mut human = None;
        if from_file {
            let game = self.game.clone();
            let labels = self.labels.clone();
            let redo = std::mem::take(&mut self.redo);
            human = Some(self.start_against_engine(game));
            self.labels = labels;
            self.redo = redo;
            self.source = source;
        }
        Some((ply, human))
    }

    /// Shows the live position again (the review ends).
    pub fn end_review(&mut self) {
        self.review = None;
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

    /// Whether the board faces Black (Black at the bottom) unless the player turned it: when the
    /// one person at the board plays Black — but a finished game shown as its file holds it
    /// faces White, whichever side the player would take in it.
    #[must_use]
    pub fn faces_black(&self) -> bool {
        (self.tags.is_empty() || self.ongoing()) && self.human_side() == Some(Color::Black)
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
    fn changed(&mut self, change: Change) {
        self.tags.clear();
        self.bump(change);
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
    /// plays on from a position with "Play on"), rather than meeting it at its end.
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
        let mv = self.resolve_typed(text)?;
        self.play_move(mv, None)
    }

    /// The legal move a typed text names in the live position (see [`GameRecord::play_typed`]),
    /// without playing it: the puzzle mode judges it first.
    ///
    /// # Errors
    /// As [`GameRecord::play_typed`].
    pub fn resolve_typed(&self, text: &str) -> Result<Move, Say> {
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
            Ok(mv) => Ok(mv),
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
        self.source = None;
        self.labels = vec![None; game.moves().len()];
        self.game = game.with_draw_rules(self.game.draw_rules());
        self.redo.clear();
        self.changed(Change::Replaced {
            ply: self.game.moves().len(),
        });
    }

    /// Applies the draw rules `rules` to the game from now on (and to the games after it): a new
    /// revision, since the game's status and the engine's search may change.
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        if self.game.draw_rules() != rules {
            self.game.set_draw_rules(rules);
            self.bump(Change::DrawRules);
        }
    }

    /// Plays `mv` (from a click or the engine) with its label in the move list: a new revision;
    /// a review goes on.
    ///
    /// # Errors
    /// The game is over, or the move is not legal (said as the notice says it).
    pub fn play_move(&mut self, mv: Move, label: Option<MoveLabel>) -> Result<(), Say> {
        let text = self.game.position().write_move(&mv, Notation::Algebraic);
        let mover = self.game.position().side_to_move();
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
        self.bump(Change::Played {
            mover,
            ply: self.game.moves().len(),
        });
        Ok(())
    }

    fn undo_ply(&mut self) -> bool {
        if self.ending.take().is_some() {
            // Taking back a resignation or an agreed draw is the first step back.
            self.bump(Change::Stepped {
                ply: self.game.moves().len(),
            });
            self.review = None;
            return true;
        }
        let Some(mv) = self.game.undo() else {
            return false;
        };
        let label = self.labels.pop().flatten();
        self.redo.push((mv, label));
        self.changed(Change::Stepped {
            ply: self.game.moves().len(),
        });
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
        self.changed(Change::Stepped {
            ply: self.game.moves().len(),
        });
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
    pub fn review_at(&mut self, ply: usize) {
        let ply = ply.min(self.game.moves().len());
        self.review = (ply < self.game.moves().len()).then_some(ply);
    }
}

/// Registers the record's change message and its announcer (first in [`GameSet::Follow`]).
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<RecordChanged>()
        .add_systems(Update, announce_changes.in_set(GameSet::Follow));
}

/// Hands the record's changes of this frame on as [`RecordChanged`] messages. Followers order
/// themselves after it.
pub fn announce_changes(mut record: ResMut<GameRecord>, mut changed: MessageWriter<RecordChanged>) {
    if record.unannounced.is_empty() {
        return;
    }
    changed.write_batch(record.take_changes());
}

/// Which way the board is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    /// Black at the bottom.
    pub flipped: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_players() -> GameRecord {
        GameRecord::new(
            Game::default(),
            Players::for_mode(Mode::TwoPlayers),
            Strength::default(),
        )
    }

    #[test]
    fn every_change_of_the_game_is_a_new_revision() {
        let mut record = two_players();
        let mut last = record.revision();
        let mut changed = |record: &GameRecord, what: &str| {
            assert!(record.revision() > last, "{what} made no new revision");
            last = record.revision();
        };
        record.play_typed("c3-d4").unwrap();
        changed(&record, "a move");
        assert!(record.undo());
        changed(&record, "undo");
        assert!(record.redo());
        changed(&record, "redo");
        record.switch_sides();
        changed(&record, "switching sides");
        record.end(Ending::DrawAgreed);
        changed(&record, "an agreed draw");
        assert_eq!(record.outcome(), Outcome::DrawAgreed);
        assert!(record.undo(), "the agreement is taken back first");
        changed(&record, "taking the agreement back");
        record.take_back_to(0);
        changed(&record, "taking back to the start");
        assert!(record.game().moves().is_empty());
        let mv = record.game().position().parse_move("c3-d4").unwrap();
        assert!(record.play_reply(mv));
        changed(&record, "a reply");
        record.replace_with(two_players());
        changed(&record, "a replaced record");
        record.show_line(&[]);
        changed(&record, "a line shown");
        record.new_game(Mode::PlayWhite);
        changed(&record, "a new game");
        record.set_strength(Strength::Level(1));
        assert_eq!(record.revision(), last, "the strength is not the game");
        // Every revision was noted for the followers, in order, once.
        let revisions: Vec<u64> = record.take_changes().iter().map(|c| c.revision).collect();
        assert_eq!(revisions, (1..=last).collect::<Vec<_>>());
        assert!(record.take_changes().is_empty());
    }
}
