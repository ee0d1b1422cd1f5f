//! The engine plays and gives hints on a background task, so the window stays responsive.
//!
//! When the side to move is played by the engine (and the board has finished animating), or the
//! player asks for a hint, `start_jobs` clones the game and spawns [`think`] on the
//! `AsyncComputeTaskPool`; the task lives in a [`Job`] component. Each frame `poll_jobs` copies
//! the search's progress (depth, score, principal variation) into [`Thinking`] for the panel and,
//! when the task is done, sends the move as a [`GameCommand::Play`] (or shows the hint). A job
//! made for an older [`GameRecord::revision`] (undo, new game…) is stopped through the engine's
//! stop handle — dropping a task does not stop a running search — and its result is discarded;
//! no new job starts until the stopped one has returned, so searches never overlap.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::record::{Controller, GameCommand, GameRecord, MoveLabel, Notice};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use shashki::search::BookChoice;
use shashki::{
    Engine, EngineConfig, Game, Move, MoveSource, Notation, Position, SearchInfo, SearchLimit,
    StopHandle,
};

/// The engine shared by all jobs.
#[derive(Resource, Clone)]
pub struct EngineHandle(pub Arc<Engine>);

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play the side to move.
    Move,
    /// To suggest a move to the human.
    Hint,
}

/// What the panel shows while the engine thinks.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Thinking {
    /// The running job's purpose; `None` when idle.
    pub purpose: Option<Purpose>,
    /// The search's progress so far.
    pub progress: Progress,
}

/// A search's latest progress report, formatted for display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move, e.g. `+0.35` or `win in 7`.
    pub score: String,
    /// Principal variation in traditional notation.
    pub pv: String,
    /// Nodes searched.
    pub nodes: u64,
}

/// The hint to show on the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint(pub Option<Move>);

/// What the board view shows. The engine waits until the view shows the record's current
/// revision (not animating) so each move is seen; without a view it is [`ViewSync::Absent`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewSync {
    /// No board view (headless).
    #[default]
    Absent,
    /// Showing this record revision, at rest.
    Showing(u64),
    /// Animating or catching up.
    Busy,
    /// Showing an earlier position of the game ([`GameRecord::review`]).
    Reviewing,
}

impl ViewSync {
    /// Whether the view is at rest on `revision` (or there is no view).
    #[must_use]
    pub fn shows(self, revision: u64) -> bool {
        match self {
            ViewSync::Absent => true,
            ViewSync::Showing(r) => r == revision,
            ViewSync::Busy | ViewSync::Reviewing => false,
        }
    }
}

/// The longest the engine searches for a hint.
pub const HINT_TIME: Duration = Duration::from_millis(1500);

/// The outcome of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move found; `None` only without legal moves.
    pub best: Option<Move>,
    /// Its label, when it came from a book or tablebase.
    pub label: Option<MoveLabel>,
}

/// A running search.
#[derive(Component)]
pub struct Job {
    task: Task<Thought>,
    stop: StopHandle,
    purpose: Purpose,
    revision: u64,
    cancelled: bool,
    progress: Arc<Mutex<Progress>>,
}

/// The book and tablebases the engine is built with (without this resource: neither).
#[derive(Resource, Clone, Debug, Default)]
pub struct EngineSetup(pub shashki::search::EngineSetup);

/// Registers the engine task.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<Hint>()
        .init_resource::<ViewSync>()
        .init_resource::<PendingHint>()
        .add_systems(Startup, build_engine)
        .add_systems(Update, poll_jobs.in_set(crate::GameSet::Input))
        .add_systems(
            Update,
            (cancel_stale_jobs, start_jobs)
                .chain()
                .in_set(crate::GameSet::Rules)
                .after(crate::record::apply_commands),
        )
        .add_systems(Last, stop_on_exit);
}

#[derive(Resource, Default)]
struct PendingHint(bool);

/// Builds the engine with the book and tablebases, if given (problems are reported, not fatal).
fn build_engine(
    mut commands: Commands,
    setup: Option<Res<EngineSetup>>,
    mut notice: ResMut<Notice>,
) {
    let config = EngineConfig {
        threads: 1,
        ..EngineConfig::default()
    };
    let setup = setup.map_or_else(
        || shashki::search::EngineSetup {
            book: BookChoice::None,
            tablebases: None,
        },
        |s| s.0.clone(),
    );
    let loaded = setup.load();
    let mut problems: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
    let config = loaded.configure(config);
    if !problems.is_empty() {
        if notice.error {
            problems.insert(0, notice.text.clone());
        }
        notice.error(problems.join("\n"));
    }
    commands.insert_resource(EngineHandle(Arc::new(Engine::new(config))));
}

/// The one place the engine is called: searches `game` for `time`, reporting progress.
pub fn think(engine: &Engine, game: &Game, time: Duration, progress: &Mutex<Progress>) -> Thought {
    let root = *game.position();
    let result = engine.search(game, SearchLimit::MoveTime(time), |info: &SearchInfo| {
        let report = Progress {
            depth: info.depth,
            score: info.score.to_string(),
            pv: pv_text(&root, &info.pv),
            nodes: info.nodes,
        };
        *progress.lock().unwrap_or_else(PoisonError::into_inner) = report;
    });
    let label = match result.source {
        MoveSource::Search => None,
        MoveSource::Book => Some(MoveLabel::Book),
        MoveSource::Tablebase => Some(MoveLabel::Tablebase),
        _ => None,
    };
    Thought {
        best: result.best_move,
        label,
    }
}

/// The first moves of a principal variation in traditional notation.
#[must_use]
pub fn pv_text(root: &Position, pv: &[Move]) -> String {
    const SHOWN: usize = 8;
    root.write_line(&pv[..pv.len().min(SHOWN)], Notation::Algebraic)
        .join(" ")
}

fn stop_on_exit(mut exit: MessageReader<AppExit>, jobs: Query<&Job>) {
    if exit.read().next().is_some() {
        for job in &jobs {
            job.stop.stop();
        }
    }
}

/// Stops jobs made for an older position.
fn cancel_stale_jobs(
    record: Res<GameRecord>,
    mut jobs: Query<&mut Job>,
    mut hint: ResMut<Hint>,
    mut last: Local<u64>,
) {
    if *last != record.revision {
        *last = record.revision;
        hint.0 = None;
    }
    for mut job in &mut jobs {
        if job.revision != record.revision && !job.cancelled {
            job.cancelled = true;
            job.stop.stop();
        }
    }
}

/// Starts a search when the engine is to move or a hint was asked for.
#[allow(clippy::too_many_arguments)]
fn start_jobs(
    mut commands: Commands,
    mut requests: MessageReader<GameCommand>,
    mut pending_hint: ResMut<PendingHint>,
    record: Res<GameRecord>,
    engine: Option<Res<EngineHandle>>,
    view: Res<ViewSync>,
    jobs: Query<&Job>,
    mut thinking: ResMut<Thinking>,
    mut notice: ResMut<Notice>,
) {
    if requests.read().any(|c| *c == GameCommand::Hint) {
        if record.to_move() == Controller::Human && record.ongoing() {
            pending_hint.0 = true;
        } else {
            notice.info("Hints are for the human player's turn");
        }
    }
    let Some(engine) = engine else {
        return;
    };
    if !jobs.is_empty() || !record.ongoing() {
        return;
    }
    // The engine waits while the player reviews an earlier position.
    let purpose = if record.to_move() == Controller::Engine
        && record.review.is_none()
        && view.shows(record.revision)
    {
        Purpose::Move
    } else if pending_hint.0 && record.to_move() == Controller::Human {
        Purpose::Hint
    } else {
        return;
    };
    pending_hint.0 = false;
    let time = match purpose {
        Purpose::Move => record.engine_time,
        Purpose::Hint => record.engine_time.min(HINT_TIME),
    };
    let progress = Arc::new(Mutex::new(Progress::default()));
    let game = record.game.clone();
    let engine = Arc::clone(&engine.0);
    let stop = engine.stop_handle();
    let shared = Arc::clone(&progress);
    let task =
        AsyncComputeTaskPool::get().spawn(async move { think(&engine, &game, time, &shared) });
    commands.spawn(Job {
        task,
        stop,
        purpose,
        revision: record.revision,
        cancelled: false,
        progress,
    });
    *thinking = Thinking {
        purpose: Some(purpose),
        progress: Progress::default(),
    };
}

/// Reports progress and hands finished moves to the rules step.
fn poll_jobs(
    mut commands: Commands,
    mut jobs: Query<(Entity, &mut Job)>,
    record: Res<GameRecord>,
    mut thinking: ResMut<Thinking>,
    mut hint: ResMut<Hint>,
    mut notice: ResMut<Notice>,
    mut play: MessageWriter<GameCommand>,
) {
    for (entity, mut job) in &mut jobs {
        if !job.cancelled {
            let progress = job
                .progress
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            thinking.progress = progress;
        }
        let Some(thought) = check_ready(&mut job.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        *thinking = Thinking::default();
        if job.cancelled || job.revision != record.revision {
            continue;
        }
        let Some(mv) = thought.best else {
            continue;
        };
        match job.purpose {
            Purpose::Move => {
                play.write(GameCommand::Play {
                    mv,
                    label: thought.label,
                    revision: job.revision,
                });
            }
            Purpose::Hint => {
                hint.0 = Some(mv);
                let text = record.game.position().write_move(&mv, Notation::Algebraic);
                notice.info(format!("Hint: {text}"));
            }
        }
    }
}
