//! The engine task: what the engine searches and when, behind the port
//! ([`crate::engine::port`]) to the back end that searches.
//!
//! When the side to move is played by the engine (and the board has finished animating), or the
//! player asks for a hint, offers a draw (declined at once in the opening, [`in_the_opening`])
//! or turns the [`Analysis`] on ([`EngineCommand`]s, read here alone), `start_job` writes a [`SearchRequest::Search`] with the game and what it is for
//! ([`Request`]); the back end answers with [`SearchReply`]s. As they arrive (`receive_replies`)
//! the search's progress (depth, score, principal variation) goes into [`Thinking`] for the panel
//! and its score into the [`Evaluation`] (the bar, from White's side); the result becomes the
//! engine's move ([`RecordCommand::Play`]), the hint, or the answer to the draw offer
//! ([`RecordCommand::DrawAgreed`] or a refusal). The engine plays at the record's [`Strength`](crate::core::record::Strength):
//! a level of `shashki::LEVELS` (its own engine for the weakened levels) or its full search for a
//! time; under a time control the time-limited strengths manage the engine's clock through
//! `SearchLimit::Clock` instead (the weaker levels answer within milliseconds anyway); hints,
//! draw offers and the analysis always use the full engine. The analysis searches the position
//! shown on the board (the live one or the one under review) without a limit, until it is turned
//! off or the position shown changes; meanwhile the engine does not play its moves (as while
//! reviewing).
//!
//! The task follows the record's changes ([`RecordChanged`]), never the requests that caused
//! them: a change takes the hint off the board, another game clears the evaluation, and a job
//! made for an older [`GameRecord::revision`] (undo, new game…) is stopped
//! ([`SearchRequest::Stop`]) and its result dropped; no new job starts until the stopped one has
//! been answered, so searches never overlap.

use bevy::prelude::*;
use shashki::{Color, Game, Move, MoveSource, Notation, Position, Score, SearchLimit};

use crate::core::clock::Clocks;
use crate::core::notice::Notice;
use crate::core::record::RecordCommand;
use crate::core::record::{Change, Controller, GameRecord, RecordChanged};
use crate::core::sync::{Analysis, Hint, ViewSync};
use crate::engine::port::{
    PortSet, Progress, Purpose, Request, SearchReply, SearchRequest, Thought,
};
use crate::ground::GameSet;
use crate::text::Say;

/// What the player asks of the engine; read by `apply_engine_commands` alone.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// Suggest a move to the player to move.
    Hint,
    /// The player offers the engine a draw.
    OfferDraw,
    /// Start or stop the analysis of the position shown.
    ToggleAnalysis,
}

/// The position the last analysis search ended in by itself (a won, lost or tablebase position
/// needs no endless search) and what it found; that position is not searched again.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct AnalysisDone {
    /// The record's revision and the ply shown.
    pub at: Option<(u64, usize)>,
    /// The search's result.
    pub progress: Progress,
}

/// The engine's latest opinion of a position, for the evaluation bar.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// The position it is for (the search's root); `None` before any search.
    pub root: Option<Position>,
    /// The score from White's side.
    pub white: Score,
    /// Whether the score is the tablebases' (exact).
    pub tablebase: bool,
}

impl Evaluation {
    /// The evaluation of a search of `root` that scored `score` for the side to move.
    #[must_use]
    pub fn of(root: &Position, score: Score, tablebase: bool) -> Evaluation {
        let white = match root.side_to_move() {
            shashki::Color::White => score,
            shashki::Color::Black => Score(-score.0),
        };
        Evaluation {
            root: Some(*root),
            white,
            tablebase,
        }
    }

    /// The evaluation carried to the position after the engine's move `mv` from its root (the
    /// same score; a forced end one ply nearer), or unchanged when `mv` cannot be played there.
    #[must_use]
    pub fn after(&self, mv: &Move) -> Evaluation {
        let Some(next) = self.root.and_then(|root| root.play(mv).ok()) else {
            return *self;
        };
        let white = match self.white.plies_to_end() {
            Some(plies) if self.white.is_win() => Score::win_in_plies((plies - 1).max(0)),
            Some(plies) => Score::loss_in_plies((plies - 1).max(0)),
            None => self.white,
        };
        Evaluation {
            root: Some(next),
            white,
            tablebase: self.tablebase,
        }
    }

    /// This evaluation when it is of `shown` (the position on the board), else `None`: the bar
    /// never shows the score of another position (one reviewed or analysed earlier, an earlier
    /// game's).
    #[must_use]
    pub fn of_position(&self, shown: &Position) -> Option<&Evaluation> {
        (self.root.as_ref() == Some(shown)).then_some(self)
    }
}

/// What the panel shows while the engine thinks.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Thinking {
    /// The running job's purpose; `None` when idle.
    pub purpose: Option<Purpose>,
    /// The search's progress so far.
    pub progress: Progress,
}

/// The job the back end is working on, as the task knows it.
#[derive(Clone, Copy, Debug)]
struct Running {
    job: u64,
    purpose: Purpose,
    revision: u64,
    /// For an analysis: the ply shown when it started.
    shown_ply: usize,
    /// The position searched.
    root: Position,
    /// A stop was sent: its replies are dropped.
    stopped: bool,
}

/// The task's own state: the job running, the next job's number, the requests waiting for the
/// engine to be free.
#[derive(Resource, Default)]
struct Jobs {
    running: Option<Running>,
    next: u64,
    hint: bool,
    draw_offer: bool,
}

/// Registers the engine task.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<AnalysisDone>()
        .init_resource::<Evaluation>()
        .init_resource::<Jobs>()
        .add_message::<EngineCommand>()
        .add_systems(
            Update,
            receive_replies.in_set(GameSet::Input).after(PortSet::Reply),
        )
        .add_systems(Update, apply_engine_commands.in_set(GameSet::Rules))
        .add_systems(
            Update,
            (follow_record, stop_stale_job, start_job)
                .chain()
                .in_set(GameSet::Follow)
                .in_set(PortSet::Request)
                .after(crate::core::record::announce_changes),
        );
}

/// Takes the player's requests: a hint or a draw offer waits for the engine to be free; the
/// analysis is turned on or off.
fn apply_engine_commands(
    mut commands: MessageReader<EngineCommand>,
    mut jobs: ResMut<Jobs>,
    record: Res<GameRecord>,
    mut notice: ResMut<Notice>,
    mut analysis: ResMut<Analysis>,
) {
    for command in commands.read() {
        match command {
            EngineCommand::Hint => {
                if record.to_move() == Controller::Human && record.ongoing() {
                    jobs.hint = true;
                } else {
                    notice.info(Say::HintsForYou);
                }
            }
            EngineCommand::OfferDraw => {
                if record.human_side().is_none() || !record.ongoing() {
                    notice.info(Say::OnlyAgainstEngine);
                } else if in_the_opening(record.game()) {
                    // Level is what the start is: no reason to agree to anything yet.
                    notice.info(Say::DrawTooEarly);
                } else {
                    jobs.draw_offer = true;
                    notice.info(Say::DrawConsidered);
                }
            }
            EngineCommand::ToggleAnalysis => analysis.0 = !analysis.0,
        }
    }
}

/// The opening, where the engine agrees no draw: fewer than this many plies played from the
/// start position (ten moves each).
pub const OPENING_PLIES: usize = 20;

/// Whether `game` is still in its opening: started from the start position, fewer than
/// [`OPENING_PLIES`] played. A position set up or read from a file is judged on its merits.
#[must_use]
pub fn in_the_opening(game: &Game) -> bool {
    *game.start_position() == Position::start() && game.moves().len() < OPENING_PLIES
}

/// Follows the record's changes: the hint was for the position before (off the board and out
/// of the panel), and nothing the engine said about another game applies.
fn follow_record(
    mut changes: MessageReader<RecordChanged>,
    mut hint: ResMut<Hint>,
    mut notice: ResMut<Notice>,
    mut evaluation: ResMut<Evaluation>,
) {
    let mut changed = false;
    for change in changes.read() {
        changed = true;
        if matches!(change.change, Change::Replaced { .. }) && *evaluation != Evaluation::default()
        {
            *evaluation = Evaluation::default();
        }
    }
    if changed {
        hint.0 = None;
        if matches!(notice.lines.as_slice(), [Say::Hint(_)]) {
            notice.clear();
        }
    }
}

/// Stops the job made for an older revision, and an analysis of a position no longer shown (or
/// turned off).
fn stop_stale_job(
    record: Res<GameRecord>,
    analysis: Res<Analysis>,
    mut jobs: ResMut<Jobs>,
    mut requests: MessageWriter<SearchRequest>,
) {
    let Some(running) = jobs.running.as_mut() else {
        return;
    };
    let stale = running.revision != record.revision()
        || (running.purpose == Purpose::Analysis
            && (!analysis.0 || running.shown_ply != record.shown_ply()));
    if stale && !running.stopped {
        running.stopped = true;
        requests.write(SearchRequest::Stop { job: running.job });
    }
}

/// The game up to ply `ply` (the position shown while reviewing).
fn game_at(game: &Game, ply: usize) -> Game {
    let mut game = game.clone();
    while game.moves().len() > ply && game.undo().is_some() {}
    game
}

/// What [`start_job`] reads besides the record.
#[derive(bevy::ecs::system::SystemParam)]
struct JobInputs<'w> {
    /// What the board view shows (the engine moves once it shows the record at rest).
    view: Res<'w, ViewSync>,
    /// The clocks (the engine's time under a time control).
    clocks: Res<'w, Clocks>,
    /// Whether the analysis is on.
    analysis: Res<'w, Analysis>,
    /// Where the last analysis ended by itself.
    done: Res<'w, AnalysisDone>,
}

/// Asks for a search when the engine is to move, a hint was asked for, a draw offered, or the
/// analysis is on — and the back end is free.
fn start_job(
    record: Res<GameRecord>,
    inputs: JobInputs,
    mut jobs: ResMut<Jobs>,
    mut thinking: ResMut<Thinking>,
    mut requests: MessageWriter<SearchRequest>,
) {
    if !record.ongoing() {
        jobs.draw_offer = false;
    }
    if jobs.running.is_some() {
        return;
    }
    let shown_ply = record.shown_ply();
    // While analysing, the engine plays no move, as while the player reviews the game.
    let purpose = if inputs.analysis.0 {
        if inputs.done.at == Some((record.revision(), shown_ply)) {
            return;
        }
        Purpose::Analysis
    } else if !record.ongoing() {
        return;
    } else if record.to_move() == Controller::Engine
        && record.review().is_none()
        && inputs.view.shows(record.revision())
    {
        Purpose::Move
    } else if jobs.draw_offer {
        jobs.draw_offer = false;
        Purpose::DrawOffer
    } else if jobs.hint && record.to_move() == Controller::Human {
        jobs.hint = false;
        Purpose::Hint
    } else {
        return;
    };
    let game = if purpose == Purpose::Analysis {
        game_at(record.game(), shown_ply)
    } else {
        record.game().clone()
    };
    let root = *game.position();
    let engine_side = record
        .human_side()
        .map_or(root.side_to_move(), Color::opposite);
    let clocks = &inputs.clocks;
    let clock = clocks.control.map(|control| SearchLimit::Clock {
        remaining: clocks.left(root.side_to_move()),
        increment: control.increment,
        moves_to_go: None,
    });
    let request = Request {
        purpose,
        strength: record.strength(),
        engine_side,
        clock,
    };
    jobs.next += 1;
    let job = jobs.next;
    requests.write(SearchRequest::Search { job, game, request });
    jobs.running = Some(Running {
        job,
        purpose,
        revision: record.revision(),
        shown_ply,
        root,
        stopped: false,
    });
    *thinking = Thinking {
        purpose: Some(purpose),
        progress: Progress::default(),
    };
}

/// What [`receive_replies`] changes besides the task's state.
#[derive(bevy::ecs::system::SystemParam)]
struct ReplyOutputs<'w> {
    /// What the panel shows while the engine thinks.
    thinking: ResMut<'w, Thinking>,
    /// The evaluation bar's score.
    evaluation: ResMut<'w, Evaluation>,
    /// Where the last analysis ended.
    done: ResMut<'w, AnalysisDone>,
    /// The hint on the board.
    hint: ResMut<'w, Hint>,
    /// The line of messages.
    notice: ResMut<'w, Notice>,
}

/// Takes the back end's replies: progress for the panel and the bar, finished moves for the
/// record step.
fn receive_replies(
    mut replies: MessageReader<SearchReply>,
    mut jobs: ResMut<Jobs>,
    record: Res<GameRecord>,
    mut out: ReplyOutputs,
    mut play: MessageWriter<RecordCommand>,
) {
    for reply in replies.read() {
        let Some(running) = jobs.running.filter(|r| {
            let job = match reply {
                SearchReply::Progress { job, .. } | SearchReply::Finished { job, .. } => *job,
            };
            r.job == job
        }) else {
            continue;
        };
        match reply {
            SearchReply::Progress { progress, .. } => {
                if running.stopped {
                    continue;
                }
                if progress.depth > 0 && *progress != out.thinking.progress {
                    let latest = Evaluation::of(&running.root, progress.value, false);
                    if *out.evaluation != latest {
                        *out.evaluation = latest;
                    }
                }
                if out.thinking.progress != *progress {
                    out.thinking.progress = progress.clone();
                }
            }
            SearchReply::Finished {
                thought, progress, ..
            } => {
                jobs.running = None;
                *out.thinking = Thinking::default();
                if running.stopped || running.revision != record.revision() {
                    continue;
                }
                finished(&running, thought, progress, &record, &mut out, &mut play);
            }
        }
    }
}

/// What a finished search means for its purpose.
fn finished(
    running: &Running,
    thought: &Thought,
    progress: &Progress,
    record: &GameRecord,
    out: &mut ReplyOutputs,
    play: &mut MessageWriter<RecordCommand>,
) {
    if let Some(score) = thought.score {
        *out.evaluation = Evaluation::of(
            &running.root,
            score,
            thought.source == MoveSource::Tablebase,
        );
    }
    match running.purpose {
        Purpose::DrawOffer if thought.accepts_draw => {
            play.write(RecordCommand::DrawAgreed {
                revision: running.revision,
            });
        }
        Purpose::DrawOffer => out.notice.info(Say::DrawDeclined),
        // An analysis ends by itself only where there is nothing more to find.
        Purpose::Analysis => {
            *out.done = AnalysisDone {
                at: Some((running.revision, running.shown_ply)),
                progress: progress.clone(),
            };
        }
        Purpose::Move => {
            if let Some(mv) = thought.best {
                // The score of the root is the score after the engine's best move, the
                // position the board shows next.
                *out.evaluation = out.evaluation.after(&mv);
                play.write(RecordCommand::Play {
                    mv,
                    label: thought.label,
                    revision: running.revision,
                });
            }
        }
        Purpose::Hint => {
            if let Some(mv) = thought.best {
                out.hint.0 = Some(mv);
                let text = record
                    .game()
                    .position()
                    .write_move(&mv, Notation::Algebraic);
                out.notice.info(Say::Hint(text));
            }
        }
    }
}
