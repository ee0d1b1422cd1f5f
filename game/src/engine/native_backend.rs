//! The engine's back end on the desktop: each search on a thread of its own, so the window stays
//! responsive. The one file a browser build replaces (by a Web Worker's), behind the
//! messages of [`crate::engine::port`].
//!
//! At start-up `build_engine` makes the engines from the [`EngineSetup`] (book, tablebases;
//! problems become notices) into an [`EngineHandle`], with the tablebase service of the
//! [`TablebaseUrl`] setting, if any ([`ServiceLink`]: asked at the root before the engine's move;
//! its failure goes from the job's [`ProgressSlot`] to the notice once the job has ended, after
//! the rules step has played the move, which clears the notice: so the player sees it beside
//! the engine's move, not only while the engine thinks). `serve_requests` reads each
//! [`SearchRequest`]: a search clones nothing more than it is given and runs [`think`] on a thread
//! held in a [`Job`] component; a stop sets the job's own flag and the engines' stop handles.
//! Not on Bevy's `AsyncComputeTaskPool`: Bevy compiles its render pipelines there, and with two
//! cores that pool has one thread, so a search there froze the window until it ended (the first
//! frames of a game the engine opens, a new pipeline mid-game). Each frame `poll_tasks` replies
//! with the search's progress when it deepened and, once the thread is done, with its result
//! ([`SearchReply::Finished`], for a stopped job too, so the engine task knows the engines are free
//! again). A search wakes the window ([`WindowWaker`]) each time it deepens and when it ends, so the
//! window sleeps while the engine thinks and draws when there is news. On exit every running
//! search is stopped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use bevy::app::AppExit;
use bevy::prelude::*;
use shashki::{
    BookChoice, Engine, EngineConfig, Game, LEVELS, Level, MoveSource, Score, SearchInfo,
    SearchLimit, SetupProblem, StopHandle, accepts_draw,
};

use crate::core::notice::Notice;
use crate::core::record::{MoveLabel, Strength};
use crate::core::settings::TablebaseUrl;
use crate::engine::port::{
    DRAW_OFFER_TIME, EngineSetup, HINT_TIME, PortSet, Progress, Purpose, Request, SearchReply,
    SearchRequest, Thought, numbered_line,
};
use crate::engine::service::ServiceLink;
use crate::ground::GameSet;
use crate::ground::window_waker::WindowWaker;
use crate::text::Say;

/// The engines shared by all jobs: the full one (book, tablebases), the one of the weakened
/// levels (no book, [`Level::config`]) and the analysing one (tablebases, no book: a book
/// would answer the opening at once instead of searching it); only one searches at a time.
#[derive(Resource, Clone)]
pub struct EngineHandle {
    /// The engine at its best: hints, draw offers, the strong levels and `--engine-time`.
    pub full: Arc<Engine>,
    /// The engine of the levels that choose among root candidates.
    pub weak: Arc<Engine>,
    /// The engine of the analysis.
    pub analysis: Arc<Engine>,
    /// Seed of the weak levels' choices (mixed with each position), new every run.
    pub seed: u64,
    /// The tablebase service asked at the root, if any.
    pub service: Option<Arc<ServiceLink>>,
}

impl EngineHandle {
    /// All three engines from one base configuration.
    #[must_use]
    pub fn new(config: &EngineConfig, seed: u64) -> EngineHandle {
        let weak_level = LEVELS
            .iter()
            .find(|l| l.uses_candidates())
            .unwrap_or(&LEVELS[0]);
        EngineHandle {
            full: Arc::new(Engine::new(config.clone())),
            weak: Arc::new(Engine::new(weak_level.config(config))),
            analysis: Arc::new(Engine::new(objective(EngineConfig {
                book: None,
                ..config.clone()
            }))),
            seed,
            service: None,
        }
    }

    /// Stop handles of all three engines.
    #[must_use]
    pub fn stop_handles(&self) -> [StopHandle; 3] {
        [
            self.full.stop_handle(),
            self.weak.stop_handle(),
            self.analysis.stop_handle(),
        ]
    }
}

/// `config` without contempt: the analysing engine's searches are objective ([`Engine::analyse`]),
/// so its table holds no contempt's draws either.
fn objective(mut config: EngineConfig) -> EngineConfig {
    config.params.contempt = shashki::Contempt::OFF;
    config
}

/// A running search.
#[derive(Component)]
pub struct Job {
    /// The engine task's number for it.
    job: u64,
    /// The search's thread; `None` once joined, or if the thread could not be started.
    thread: Option<JoinHandle<Thought>>,
    stops: [StopHandle; 3],
    /// Set on a stop, for the task: a stop sent before the search began would be lost (a search
    /// clears the engine's stop flag when it starts), so the task checks this itself.
    cancel: Arc<AtomicBool>,
    progress: Arc<ProgressSlot>,
    /// The progress last replied.
    reported: Progress,
}

impl Job {
    fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.stops.iter().for_each(StopHandle::stop);
    }
}

/// Where a search thread leaves its latest progress for the back end to reply with, waking the
/// window each time so that the news is shown without the window polling for it; and the
/// tablebase service's failure, for the notice.
pub struct ProgressSlot {
    latest: Mutex<Progress>,
    waker: WindowWaker,
    service_failure: Mutex<Option<Say>>,
}

impl ProgressSlot {
    /// An empty slot that wakes the window through `waker`.
    #[must_use]
    pub fn new(waker: WindowWaker) -> ProgressSlot {
        ProgressSlot {
            latest: Mutex::new(Progress::default()),
            waker,
            service_failure: Mutex::new(None),
        }
    }

    fn publish(&self, progress: Progress) {
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) = progress;
        self.waker.wake();
    }

    fn service_failed(&self, say: Say) {
        *self
            .service_failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(say);
        self.waker.wake();
    }

    fn take_service_failure(&self) -> Option<Say> {
        self.service_failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    fn latest(&self) -> Progress {
        self.latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Registers the back end.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, build_engine)
        .add_systems(
            Update,
            poll_tasks.in_set(GameSet::Input).in_set(PortSet::Reply),
        )
        .add_systems(
            Update,
            serve_requests
                .in_set(GameSet::Follow)
                .after(PortSet::Request),
        )
        .init_resource::<ServiceFailures>()
        .add_systems(Update, show_service_failures.in_set(GameSet::Follow))
        .add_systems(Last, stop_on_exit);
}

/// Builds the engine with the book and tablebases, if given (problems are reported, not fatal).
pub(crate) fn build_engine(
    mut commands: Commands,
    setup: Option<Res<EngineSetup>>,
    url: Option<Res<TablebaseUrl>>,
    mut notice: ResMut<Notice>,
) {
    let config = EngineConfig {
        threads: 1,
        ..EngineConfig::default()
    };
    let setup = setup.map_or_else(
        || shashki::EngineSetup {
            book: BookChoice::None,
            tablebases: None,
        },
        |s| s.0.clone(),
    );
    let loaded = setup.load();
    for problem in &loaded.problems {
        notice.add_error(match problem {
            SetupProblem::Book(e) => Say::BookNotUsed(e.to_string()),
            SetupProblem::Tablebases(e) => Say::Tablebases(e.to_string()),
            SetupProblem::NoTablebases { dir } => Say::NoTablebases(dir.display().to_string()),
            other => Say::Tablebases(other.to_string()),
        });
    }
    let config = loaded.configure(config);
    let seed = crate::ground::wall_clock::nanos_since_epoch();
    let mut engines = EngineHandle::new(&config, seed);
    match url.map_or(Ok(None), |url| ServiceLink::from_setting(&url)) {
        Ok(service) => engines.service = service.map(Arc::new),
        Err(say) => notice.add_error(say),
    }
    commands.insert_resource(engines);
}

/// The one place the engine is called: a search of `game` for the request's purpose at its
/// strength, reporting progress. A draw offer is answered from the full engine's score for
/// the engine's side ([`accepts_draw`]). Once `cancel` is set the search stops at its next
/// report (or does not start): the caller's stop handle alone could reach the engine before the
/// search began and be forgotten, and an analysis would then never end.
pub fn think(
    engines: &EngineHandle,
    game: &Game,
    request: Request,
    cancel: &AtomicBool,
    progress: &ProgressSlot,
) -> Thought {
    let Request {
        purpose,
        strength,
        engine_side,
        clock,
    } = request;
    let root = *game.position();
    let first_number = game.move_number(game.moves().len());
    let cancelled = || cancel.load(Ordering::Relaxed);
    if cancelled() {
        return Thought::nothing();
    }
    let report = |info: &SearchInfo| {
        if cancelled() {
            engines.stop_handles().iter().for_each(StopHandle::stop);
        }
        progress.publish(Progress {
            depth: info.depth,
            value: info.score,
            pv: numbered_line(&root, first_number, &info.pv),
            nodes: info.nodes,
        });
    };
    // A hint and the answer to a draw offer judge the position: objective, no contempt.
    let judged = |time| {
        engines
            .full
            .analyse(game, SearchLimit::MoveTime(time), None, report)
    };
    // The tablebase service first, for the engine's move at full strength.
    let full_strength = match strength {
        Strength::MoveTime(_) => true,
        Strength::Level(n) => Level::get(n).is_some_and(|level| !level.uses_candidates()),
    };
    if let Some(service) = &engines.service
        && purpose == Purpose::Move
        && full_strength
    {
        match service.ask(game) {
            Ok(Some(result)) => return thought(&result),
            Ok(None) => {}
            Err(say) => progress.service_failed(say),
        }
        if cancelled() {
            return Thought::nothing();
        }
    }
    let result = match (purpose, strength) {
        (Purpose::Hint, _) => judged(HINT_TIME),
        (Purpose::DrawOffer, _) => {
            let result = judged(DRAW_OFFER_TIME);
            // The offer comes on the person's turn or the engine's: the score for the engine.
            let engine_score = if game.position().side_to_move() == engine_side {
                result.score
            } else {
                Score(-result.score.0)
            };
            return Thought {
                accepts_draw: accepts_draw(&engines.full, game, engine_score),
                ..Thought::nothing()
            };
        }
        (Purpose::Analysis, _) => {
            let result = engines
                .analysis
                .analyse(game, SearchLimit::Infinite, None, report);
            // Its end (a tablebase line, a won position) stays on show.
            progress.publish(Progress {
                depth: result.depth.max(1),
                value: result.score,
                pv: numbered_line(&root, first_number, &result.pv),
                nodes: result.nodes,
            });
            result
        }
        (Purpose::Move, Strength::MoveTime(time)) => match clock {
            Some(clock) => engines.full.search(game, clock, report),
            None => engines
                .full
                .search(game, SearchLimit::MoveTime(time), report),
        },
        (Purpose::Move, Strength::Level(n)) => {
            let level = Level::get(n).unwrap_or(&LEVELS[0]);
            if let (Some(clock), SearchLimit::MoveTime(_)) = (clock, level.limit) {
                // The time-limited top level under a clock: the engine manages its time.
                return thought(&engines.full.search(game, clock, report));
            }
            let engine = if level.uses_candidates() {
                &engines.weak
            } else {
                &engines.full
            };
            level.search(engine, game, engines.seed, report)
        }
    };
    thought(&result)
}

/// The move, label and score of a search's result.
fn thought(result: &shashki::SearchResult) -> Thought {
    let label = match result.source {
        MoveSource::Search => None,
        MoveSource::Book => Some(MoveLabel::Book),
        MoveSource::Tablebase => Some(MoveLabel::Tablebase),
        _ => None,
    };
    Thought {
        best: result.best_move,
        label,
        accepts_draw: false,
        score: Some(result.score),
        source: result.source,
    }
}

/// Starts a thread for each search asked for, stops the jobs asked to stop.
fn serve_requests(
    mut commands: Commands,
    mut requests: MessageReader<SearchRequest>,
    engine: Option<Res<EngineHandle>>,
    jobs: Query<&Job>,
    waker: Res<WindowWaker>,
) {
    for request in requests.read() {
        match request {
            SearchRequest::Search { job, game, request } => {
                let Some(engine) = engine.as_deref() else {
                    continue;
                };
                let engines = engine.clone();
                let stops = engines.stop_handles();
                let progress = Arc::new(ProgressSlot::new(waker.clone()));
                let cancel = Arc::new(AtomicBool::new(false));
                let (task_progress, task_cancel) = (Arc::clone(&progress), Arc::clone(&cancel));
                let (game, request) = (game.clone(), *request);
                let task_waker = waker.clone();
                let thread = std::thread::Builder::new()
                    .name("shashki search".into())
                    .spawn(move || {
                        let thought = think(&engines, &game, request, &task_cancel, &task_progress);
                        // The result is news too: the window takes it at its next update.
                        task_waker.wake();
                        thought
                    })
                    .inspect_err(|why| error!("the engine's search thread did not start: {why}"))
                    .ok();
                commands.spawn(Job {
                    job: *job,
                    thread,
                    stops,
                    cancel,
                    progress,
                    reported: Progress::default(),
                });
            }
            SearchRequest::Stop { job } => {
                jobs.iter().filter(|j| j.job == *job).for_each(Job::stop);
            }
        }
    }
}

/// Replies with each job's progress when it deepened, and its result when its thread is done.
fn poll_tasks(
    mut commands: Commands,
    mut jobs: Query<(Entity, &mut Job)>,
    mut replies: MessageWriter<SearchReply>,
    mut failures: ResMut<ServiceFailures>,
) {
    for (entity, mut job) in &mut jobs {
        let progress = job.progress.latest();
        if progress != job.reported && !job.cancel.load(Ordering::Relaxed) {
            job.reported = progress.clone();
            replies.write(SearchReply::Progress {
                job: job.job,
                progress: progress.clone(),
            });
        }
        if job
            .thread
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
        {
            continue;
        }
        // A search that panicked (or never started) answers with no move: the engine task then
        // says so instead of waiting for ever.
        let thought = job
            .thread
            .take()
            .and_then(|thread| thread.join().ok())
            .unwrap_or_else(Thought::nothing);
        failures.0.extend(job.progress.take_service_failure());
        commands.entity(entity).despawn();
        replies.write(SearchReply::Finished {
            job: job.job,
            thought,
            progress,
        });
    }
}

/// The tablebase service's failures of the jobs that ended this frame, for the notice.
#[derive(Resource, Default)]
struct ServiceFailures(Vec<Say>);

/// Tells the player of the service's failures, after the rules step has played the ended job's
/// move (a move clears the notice).
fn show_service_failures(mut failures: ResMut<ServiceFailures>, mut notice: ResMut<Notice>) {
    for failure in failures.0.drain(..) {
        notice.add_error(failure);
    }
}

fn stop_on_exit(mut exit: MessageReader<AppExit>, jobs: Query<&Job>) {
    if exit.read().next().is_some() {
        jobs.iter().for_each(Job::stop);
    }
}
