//! The puzzle mode (задачи): positions from the engine's own games where the side to move has
//! one winning combination; the player finds it move by move.
//!
//! The puzzles and what counts as one come from `shashki::puzzles`; the game only compares the
//! player's moves with [`Puzzle::solution`]. The shipped set (`assets/puzzles.json`, built by
//! `shashki puzzles build` from self-play games and checked by `shashki puzzles verify`) is
//! embedded; `--puzzles FILE` or [`PuzzleCommand::Load`] opens another one, and a file that
//! cannot be read is reported (with the place of the error) and the shipped set used instead.
//!
//! Data flow:
//! - [`PuzzleCommand`]s (the puzzle panel's buttons), read by `apply_puzzle_commands` in the
//!   rules stage ([`PuzzleStep`], after the record step), set a puzzle's position up as the
//!   [`GameRecord`] (two people at the board, so the engine never moves; no clocks; the board
//!   turned to the player's side), give a hint (the first square, shown as the engine's hint
//!   is), or play out the solution;
//! - the record step asks [`Puzzles::judge`] before it plays a move: a move of the player's
//!   that is not the solution's is refused before anything is played, and said so (the record
//!   never holds a move the puzzle did not keep);
//! - `follow_moves` follows the record's changes
//!   ([`RecordChanged`]): a right move is followed, once the
//!   board has shown it, by the opponent's reply from the solution (`play_replies`); the last
//!   move solves the puzzle. A record replaced by anything else (a new game, a FEN, a PDN) ends
//!   the mode.
//!
//! The solved and failed counts live in [`Puzzles`] (in memory): a puzzle counts as solved when
//! its whole line was played without a wrong move, as failed at the first wrong move or when
//! the solution is shown, and once only.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use shashki::puzzles::{Puzzle, PuzzleSet};
use shashki::{Bitboard, Color, Game, Move, Notation, Square};

use crate::core::clock::Clocks;
use crate::core::record::{Change, GameRecord, Mode, Orientation, Players, RecordChanged};
use crate::core::sync::{Hint, ViewSync};
use crate::ground::TimeControl;
use crate::text::PuzzleText;

/// The shipped puzzle set (JSON, `shashki-puzzles` format), embedded in the program.
pub const BUILT_IN: &str = include_str!("../../assets/puzzles.json");

/// What the puzzle panel asks for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Enter the puzzle mode at the current puzzle (the shipped set if none is open).
    Start,
    /// Open a puzzle set file and start its first puzzle.
    Load(PathBuf),
    /// The next puzzle.
    Next,
    /// The previous puzzle.
    Previous,
    /// The current puzzle again from its position.
    Retry,
    /// Mark the first square of the player's next move.
    Hint,
    /// Play out the rest of the solution (the puzzle counts as failed).
    ShowSolution,
    /// Leave the puzzle mode: the game from before comes back.
    Exit,
}

/// Where the puzzle stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Progress {
    /// The player is looking for the solution.
    #[default]
    Solving,
    /// The whole line was played.
    Solved,
    /// The solution was shown.
    Shown,
}

/// What the panel says about the last thing that happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Feedback {
    /// The task: find the win.
    #[default]
    Task,
    /// The last move was right; the line goes on.
    Right,
    /// This move (written out) is not the solution; it was not played.
    Wrong(String),
    /// The hint: the piece on this square moves.
    Hint(Square),
    /// The puzzle is solved.
    Solved,
    /// The solution is on the board.
    Shown,
}

/// The game that was on the board before the puzzle mode, given back on leaving it.
#[derive(Clone, Debug)]
struct Saved {
    record: GameRecord,
    control: Option<TimeControl>,
    flipped: bool,
}

/// The puzzle mode's state: the set, the current puzzle and how it goes, the counts.
#[derive(Resource, Debug, Default)]
pub struct Puzzles {
    /// The set in use (`None` until the mode is first entered: the shipped set is read then).
    pub set: Option<PuzzleSet>,
    /// The file the set was read from (`None`: the shipped set).
    pub file: Option<PathBuf>,
    /// Why the last set file could not be opened, with the place of the error.
    pub load_error: Option<String>,
    /// Whether the mode is on (the board shows the current puzzle).
    pub active: bool,
    /// The current puzzle's index in the set.
    pub index: usize,
    /// Where the current puzzle stands.
    pub progress: Progress,
    /// What the panel says.
    pub feedback: Feedback,
    /// Puzzles solved without a wrong move.
    pub solved: u32,
    /// Puzzles failed (a wrong move, or the solution shown).
    pub failed: u32,
    /// Whether a wrong move was played in the current puzzle.
    pub missed: bool,
    /// Whether the current puzzle was counted already.
    counted: bool,
    /// The game from before the mode.
    saved: Option<Saved>,
}

impl Puzzles {
    /// The current puzzle, while a set is open and not empty.
    #[must_use]
    pub fn current(&self) -> Option<&Puzzle> {
        self.set.as_ref()?.puzzles.get(self.index)
    }

    /// The number of puzzles in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.set.as_ref().map_or(0, |s| s.puzzles.len())
    }

    /// Whether the set has no puzzles (or none is open).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the record step may play `mv` in `record`: outside the mode, or once the puzzle
    /// is solved or shown, any move; while solving, only the solution's next move. A move of the
    /// player's off the line is refused and said so ([`Feedback::Wrong`], counted as failed
    /// once); a move for the opponent while its reply is due is refused silently.
    pub fn judge(&mut self, record: &GameRecord, mv: Move) -> Verdict {
        if !self.active || self.progress != Progress::Solving {
            return Verdict::Free;
        }
        let Some(puzzle) = self.current() else {
            return Verdict::Free;
        };
        let played = record.game().moves().len();
        if matching(puzzle, record.game()) != played {
            return Verdict::Free;
        }
        if puzzle.solution.get(played) == Some(&mv) {
            return Verdict::Right;
        }
        if Puzzle::is_player_ply(played) {
            let text = record
                .game()
                .position()
                .write_move(&mv, Notation::Algebraic);
            self.feedback = Feedback::Wrong(text);
            self.missed = true;
            self.count(false);
        }
        Verdict::Refused
    }

    fn count(&mut self, solved: bool) {
        if !self.counted {
            self.counted = true;
            if solved {
                self.solved += 1;
            } else {
                self.failed += 1;
            }
        }
    }
}

/// What the puzzle mode says of a move the record step is about to play ([`Puzzles::judge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not the mode's business (no puzzle on, or it is solved or shown): play it.
    Free,
    /// The solution's next move: play it.
    Right,
    /// Off the solution's line: not played.
    Refused,
}

/// The puzzle mode's systems in the rules stage (after the record step, which orders itself
/// before this set).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleStep;

/// Reads the shipped set.
///
/// # Errors
/// The shipped file's error (a test keeps it readable).
pub fn built_in() -> Result<PuzzleSet, shashki::puzzles::PuzzleSetError> {
    PuzzleSet::from_json_str(BUILT_IN, "assets/puzzles.json")
}

/// Reads a set file, or says why not (the error names the file, line and column).
///
/// # Errors
/// The file's error in words.
pub fn read_set(path: &Path) -> Result<PuzzleSet, String> {
    PuzzleSet::read(path).map_err(|e| e.to_string())
}

/// Registers the puzzle mode's state, commands and rules.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Puzzles>()
        .add_message::<PuzzleCommand>()
        .add_systems(
            Update,
            (apply_puzzle_commands, play_replies)
                .chain()
                .in_set(PuzzleStep)
                .in_set(crate::ground::GameSet::Rules),
        )
        .add_systems(
            Update,
            follow_moves
                .in_set(crate::ground::GameSet::Follow)
                .after(crate::core::record::announce_changes),
        );
}

/// The game of `puzzle`'s position as the record: two people at the board, nothing to redo.
fn set_up(puzzle: &Puzzle, record: &mut GameRecord) {
    let game = Game::new(puzzle.position).with_draw_rules(record.game().draw_rules());
    let strength = record.strength();
    record.replace_with(GameRecord::new(
        game,
        Players::for_mode(Mode::TwoPlayers),
        strength,
    ));
}

/// What the puzzle mode changes besides its own state: the record, the clocks' setting, the
/// board's orientation, the hint on the board.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PuzzleBoard<'w> {
    /// The game record (the puzzle's position while the mode is on).
    record: ResMut<'w, GameRecord>,
    /// The clocks (off during the puzzles, given back after).
    clocks: ResMut<'w, Clocks>,
    /// Which way the board faces (the player's side).
    orientation: ResMut<'w, Orientation>,
    /// The square marked by a hint.
    hint: ResMut<'w, Hint>,
}

/// Applies the panel's requests.
fn apply_puzzle_commands(
    mut commands: MessageReader<PuzzleCommand>,
    mut puzzles: ResMut<Puzzles>,
    board: PuzzleBoard,
) {
    let PuzzleBoard {
        mut record,
        mut clocks,
        mut orientation,
        mut hint,
    } = board;
    for command in commands.read() {
        let mut restart = false;
        match command {
            PuzzleCommand::Start => restart = !puzzles.active,
            PuzzleCommand::Load(path) => match read_set(path) {
                Ok(set) => {
                    puzzles.set = Some(set);
                    puzzles.file = Some(path.clone());
                    puzzles.load_error = None;
                    puzzles.index = 0;
                    restart = true;
                }
                Err(error) => {
                    eprintln!("shashki-game: {error}");
                    puzzles.load_error = Some(error);
                    restart = !puzzles.active;
                }
            },
            PuzzleCommand::Next | PuzzleCommand::Previous if !puzzles.is_empty() => {
                let len = puzzles.len();
                puzzles.index = if *command == PuzzleCommand::Next {
                    (puzzles.index + 1) % len
                } else {
                    (puzzles.index + len - 1) % len
                };
                restart = true;
            }
            PuzzleCommand::Retry => restart = true,
            PuzzleCommand::Hint => {
                if let Some(mv) = next_move(&puzzles, &record).filter(|_| puzzles.active) {
                    // The engine's hint marks a move's two ends; a "move" from the square to
                    // itself marks only the first one.
                    hint.0 = Some(Move::new(mv.from(), mv.from(), Bitboard::EMPTY, false));
                    puzzles.feedback = Feedback::Hint(mv.from());
                }
            }
            PuzzleCommand::ShowSolution => {
                if let Some(puzzle) = puzzles.current().filter(|_| puzzles.active).cloned() {
                    let played = matching(&puzzle, record.game());
                    record.show_line(&puzzle.solution[played..]);
                    puzzles.progress = Progress::Shown;
                    puzzles.feedback = Feedback::Shown;
                    puzzles.count(false);
                }
            }
            PuzzleCommand::Exit => {
                if puzzles.active {
                    puzzles.active = false;
                    if let Some(saved) = puzzles.saved.take() {
                        record.replace_with(saved.record);
                        *clocks = Clocks::new(saved.control, record.game().moves().len());
                        orientation.flipped = saved.flipped;
                    }
                }
            }
            PuzzleCommand::Next | PuzzleCommand::Previous => {}
        }
        if restart {
            if puzzles.set.is_none() {
                match built_in() {
                    Ok(set) => puzzles.set = Some(set),
                    Err(error) => puzzles.load_error = Some(error.to_string()),
                }
            }
            let Some(puzzle) = puzzles.current().cloned() else {
                continue;
            };
            if !puzzles.active {
                puzzles.saved = Some(Saved {
                    record: record.clone(),
                    control: clocks.control,
                    flipped: orientation.flipped,
                });
                puzzles.active = true;
            }
            set_up(&puzzle, &mut record);
            *clocks = Clocks::new(None, 0);
            orientation.flipped = puzzle.player() == Color::Black;
            puzzles.progress = Progress::Solving;
            puzzles.feedback = Feedback::Task;
            puzzles.counted = false;
            puzzles.missed = false;
        }
    }
}

/// How many moves of the game, from its start, follow the solution.
fn matching(puzzle: &Puzzle, game: &Game) -> usize {
    game.moves()
        .iter()
        .zip(&puzzle.solution)
        .take_while(|(played, expected)| played == expected)
        .count()
}

/// The player's next move in the solution, when it is the player's turn in it.
fn next_move(puzzles: &Puzzles, record: &GameRecord) -> Option<Move> {
    let puzzle = puzzles.current()?;
    let played = record.game().moves().len();
    (puzzles.progress == Progress::Solving
        && matching(puzzle, record.game()) == played
        && Puzzle::is_player_ply(played))
    .then(|| puzzle.solution.get(played).copied())
    .flatten()
}

/// Plays the opponent's reply from the solution once the board shows the player's move.
fn play_replies(puzzles: Res<Puzzles>, mut record: ResMut<GameRecord>, view: Res<ViewSync>) {
    if !puzzles.active || puzzles.progress != Progress::Solving || !view.shows(record.revision()) {
        return;
    }
    let Some(puzzle) = puzzles.current() else {
        return;
    };
    let played = record.game().moves().len();
    if played == 0 || Puzzle::is_player_ply(played) || matching(puzzle, record.game()) != played {
        return;
    }
    if let Some(reply) = puzzle.solution.get(played) {
        record.play_reply(*reply);
    }
}

/// Follows the record's changes (see the module's data flow): another game ends the mode, the
/// solution's last move solves the puzzle, a right move says so.
fn follow_moves(
    mut changes: MessageReader<RecordChanged>,
    mut puzzles: ResMut<Puzzles>,
    record: Res<GameRecord>,
    mut clocks: ResMut<Clocks>,
) {
    let mut changed = false;
    let mut replaced = false;
    for c in changes.read() {
        changed = true;
        replaced |= matches!(c.change, Change::Replaced { .. });
    }
    if !changed || !puzzles.active {
        return;
    }
    let Some(puzzle) = puzzles.current().cloned() else {
        return;
    };
    if replaced && *record.game().start_position() != puzzle.position {
        // Another game replaced the puzzle: the mode ends (the clocks' setting comes back).
        puzzles.active = false;
        if let Some(saved) = puzzles.saved.take() {
            *clocks = Clocks::new(saved.control, record.game().moves().len());
        }
        return;
    }
    if puzzles.progress != Progress::Solving {
        return;
    }
    let played = record.game().moves().len();
    let good = matching(&puzzle, record.game());
    if good < played {
        // Only the judge's moves are played: a game off the line is not this puzzle's.
        return;
    }
    if good == puzzle.solution.len() {
        puzzles.progress = Progress::Solved;
        puzzles.feedback = Feedback::Solved;
        puzzles.count(true);
    } else if good > 0 {
        // A right move (the reply may already be on the board: without a view it comes at once).
        puzzles.feedback = Feedback::Right;
    }
}

/// The lines the puzzle panel shows, in `text`'s language: the heading (set, number, theme and
/// difficulty), the state (whose move / right / wrong / solved, the hint), the solution once
/// solved or shown, and the counts.
#[must_use]
pub fn panel_lines(puzzles: &Puzzles, record: &GameRecord, text: &PuzzleText) -> PanelLines {
    let set = (text.set_name)(
        puzzles
            .file
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy())
            .as_deref(),
    );
    let counts = (text.counts)(puzzles.solved, puzzles.failed);
    let error = puzzles
        .load_error
        .as_ref()
        .map(|e| format!("{} {e}", text.load_failed));
    let Some(puzzle) = puzzles.current() else {
        return PanelLines {
            heading: format!("{set}\n{}", text.empty),
            state: String::new(),
            solution: String::new(),
            counts,
            error,
        };
    };
    // Three short lines: the panel is narrow, and one line of number, theme and difficulty
    // was cut before the difficulty in both languages.
    let heading = format!(
        "{set}\n{}\n{}",
        (text.counter)(puzzles.index + 1, puzzles.len()),
        (text.about)((text.theme)(puzzle.theme), puzzle.difficulty)
    );
    let side = record.game().position().side_to_move();
    let state = match (&puzzles.feedback, puzzles.progress) {
        (_, Progress::Solved) if puzzles.missed => text.solved_late.to_string(),
        (_, Progress::Solved) => text.solved.to_string(),
        (_, Progress::Shown) => text.solution.to_string(),
        (Feedback::Wrong(mv), _) => (text.wrong)(mv),
        (Feedback::Hint(square), _) => (text.hint_text)(&square.to_string()),
        (Feedback::Right, _) => text.right.to_string(),
        _ => (text.task)(side).to_string(),
    };
    let solution = if puzzles.progress == Progress::Solving {
        String::new()
    } else {
        puzzle.solution_text(Notation::Algebraic)
    };
    PanelLines {
        heading,
        state,
        solution,
        counts,
        error,
    }
}

/// What [`panel_lines`] returns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PanelLines {
    /// The set; the puzzle's number; its theme and difficulty (three lines).
    pub heading: String,
    /// Whose move, or how the last move went.
    pub state: String,
    /// The solution, once solved or shown.
    pub solution: String,
    /// The solved and failed counts.
    pub counts: String,
    /// Why a set file could not be opened.
    pub error: Option<String>,
}
