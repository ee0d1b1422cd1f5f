//! The engine plays, gives hints and analyses on a background task, so the window stays
//! responsive.
//!
//! When the side to move is played by the engine (and the board has finished animating), or the
//! player asks for a hint, offers a draw or turns the [`Analysis`] on, `start_jobs` clones the
//! game and spawns [`think`] on the `AsyncComputeTaskPool`; the task lives in a [`Job`]
//! component. Each frame `poll_jobs` copies the search's progress (depth, score, principal
//! variation) into [`Thinking`] for the panel and its score into the [`Evaluation`] (the bar,
//! from White's side) and, when the task is done, sends the move as a [`GameCommand::Play`] (or
//! shows the hint, or answers the draw offer with [`GameCommand::DrawAgreed`] or a refusal). The
//! engine plays at the record's [`Strength`]: a level of `shashki::LEVELS` (its own engine for
//! the weakened levels, [`Level::search`]) or its full search for a time; under a time control
//! the time-limited strengths manage the engine's clock through `SearchLimit::Clock` instead
//! (the weaker levels answer within milliseconds anyway); hints, draw offers and the analysis
//! always use the full engine. The analysis searches the position shown on the board (the live
//! one or the one under review) without a limit, until it is turned off or the position shown
//! changes; meanwhile the engine does not play its moves (as while reviewing). A job
//! made for an older [`GameRecord::revision`] (undo, new game…) is stopped through the engine's
//! stop handle — dropping a task does not stop a running search — and its result is discarded;
//! no new job starts until the stopped one has returned, so searches never overlap.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::core::command::GameCommand;
use crate::core::notice::Notice;
use crate::core::record::{Controller, GameRecord, MoveLabel, Strength};
use crate::text::Say;
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use shashki::annotate::line_text;
use shashki::{BookChoice, SetupProblem, accepts_draw};
use shashki::{
    Engine, EngineConfig, Game, LEVELS, Level, Move, MoveSource, Notation, Position, Score,
    SearchInfo, SearchLimit, StopHandle,
};

use crate::core::clock::Clocks;
use crate::core::sync::{Analysis, Hint, ViewSync};

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
}

impl EngineHandle {
    /// Both engines from one base configuration.
    #[must_use]
    pub fn new(config: &EngineConfig, seed: u64) -> EngineHandle {
        let weak_level = LEVELS
            .iter()
            .find(|l| l.uses_candidates())
            .unwrap_or(&LEVELS[0]);
        EngineHandle {
            full: Arc::new(Engine::new(config.clone())),
            weak: Arc::new(Engine::new(weak_level.config(config))),
            analysis: Arc::new(Engine::new(EngineConfig {
                book: None,
                ..config.clone()
            })),
            seed,
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

/// Why the engine is searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play the side to move.
    Move,
    /// To suggest a move to the human.
    Hint,
    /// To answer the human's draw offer.
    DrawOffer,
    /// To analyse the position shown, until stopped.
    Analysis,
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

/// A search's latest progress report, formatted for display.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move (the panel words it in the player's language).
    pub value: Score,
    /// Principal variation in traditional notation.
    pub pv: String,
    /// Nodes searched.
    pub nodes: u64,
}

/// How long the engine searches for a hint.
pub const HINT_TIME: Duration = Duration::from_millis(1000);
/// How long the engine considers a draw offer.
pub const DRAW_OFFER_TIME: Duration = Duration::from_millis(700);

/// The outcome of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move found; `None` only without legal moves.
    pub best: Option<Move>,
    /// Its label, when it came from a book or tablebase.
    pub label: Option<MoveLabel>,
    /// For a draw offer: whether the engine accepts.
    pub accepts_draw: bool,
    /// The score for the side to move (none for a draw offer).
    pub score: Option<Score>,
    /// Where the move and score come from.
    pub source: MoveSource,
}

/// A running search.
#[derive(Component)]
pub struct Job {
    task: Task<Thought>,
    stops: [StopHandle; 3],
    purpose: Purpose,
    revision: u64,
    /// For an analysis: the ply shown when it started.
    shown_ply: usize,
    /// The position searched.
    root: Position,
    cancelled: bool,
    /// Set with `cancelled`, for the task: a stop sent before the search began would be lost
    /// (a search clears the engine's stop flag when it starts), so the task checks this itself.
    cancel: Arc<AtomicBool>,
    progress: Arc<Mutex<Progress>>,
}

/// The book and tablebases the engine is built with (without this resource: neither).
#[derive(Resource, Clone, Debug, Default)]
pub struct EngineSetup(pub shashki::EngineSetup);

/// Registers the engine task.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<AnalysisDone>()
        .init_resource::<Evaluation>()
        .init_resource::<Pending>()
        .add_systems(Startup, build_engine)
        .add_systems(Update, poll_jobs.in_set(crate::ground::GameSet::Input))
        .add_systems(
            Update,
            (cancel_stale_jobs, start_jobs)
                .chain()
                .in_set(crate::ground::GameSet::Rules)
                .after(crate::core::rules::apply_commands),
        )
        .add_systems(Last, stop_on_exit);
}

/// Requests waiting for the engine to be free.
#[derive(Resource, Default)]
struct Pending {
    hint: bool,
    draw_offer: bool,
}

/// Builds the engine with the book and tablebases, if given (problems are reported, not fatal).
pub(crate) fn build_engine(
    mut commands: Commands,
    setup: Option<Res<EngineSetup>>,
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
            other => Say::Tablebases(other.to_string()),
        });
    }
    let config = loaded.configure(config);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    commands.insert_resource(EngineHandle::new(&config, seed));
}

/// What a search is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Why.
    pub purpose: Purpose,
    /// At what strength the engine plays its moves.
    pub strength: Strength,
    /// The engine's side (a draw offer is judged for it).
    pub engine_side: shashki::Color,
    /// Under a time control, the engine's clock (`SearchLimit::Clock`) for its moves.
    pub clock: Option<SearchLimit>,
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
    progress: &Mutex<Progress>,
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
        return Thought {
            best: None,
            label: None,
            accepts_draw: false,
            score: None,
            source: MoveSource::Search,
        };
    }
    let report = |info: &SearchInfo| {
        if cancelled() {
            engines.stop_handles().iter().for_each(StopHandle::stop);
        }
        let report = Progress {
            depth: info.depth,
            value: info.score,
            pv: numbered_line(&root, first_number, &info.pv),
            nodes: info.nodes,
        };
        *progress.lock().unwrap_or_else(PoisonError::into_inner) = report;
    };
    let full = |time| {
        engines
            .full
            .search(game, SearchLimit::MoveTime(time), report)
    };
    let result = match (purpose, strength) {
        (Purpose::Hint, _) => full(HINT_TIME),
        (Purpose::DrawOffer, _) => {
            let result = full(DRAW_OFFER_TIME);
            // The offer comes on the person's turn or the engine's: the score for the engine.
            let engine_score = if game.position().side_to_move() == engine_side {
                result.score
            } else {
                Score(-result.score.0)
            };
            let accepts = accepts_draw(&engines.full, game, engine_score);
            return Thought {
                best: None,
                label: None,
                accepts_draw: accepts,
                score: None,
                source: MoveSource::Search,
            };
        }
        (Purpose::Analysis, _) => {
            let result = engines.analysis.search(game, SearchLimit::Infinite, report);
            // Its end (a tablebase line, a won position) stays on show.
            *progress.lock().unwrap_or_else(PoisonError::into_inner) = Progress {
                depth: result.depth.max(1),
                value: result.score,
                pv: numbered_line(&root, first_number, &result.pv),
                nodes: result.nodes,
            };
            result
        }
        (Purpose::Move, Strength::MoveTime(time)) => match clock {
            Some(clock) => engines.full.search(game, clock, report),
            None => full(time),
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

/// The first moves of a principal variation in traditional notation, numbered as in the move
/// list from `first_number` (the number of the root's move): `12. c3-d4 f6-g5 13. …`, and
/// `12... f6-g5 13. …` when Black moves first. The engine's [`line_text`] writes it; the panel
/// shows the first ten moves.
#[must_use]
pub fn numbered_line(root: &Position, first_number: u32, pv: &[Move]) -> String {
    const SHOWN: usize = 10;
    line_text(
        root,
        first_number,
        &pv[..pv.len().min(SHOWN)],
        Notation::Algebraic,
    )
}

fn stop_on_exit(mut exit: MessageReader<AppExit>, jobs: Query<&Job>) {
    if exit.read().next().is_some() {
        for job in &jobs {
            job.cancel.store(true, Ordering::Relaxed);
            job.stops.iter().for_each(StopHandle::stop);
        }
    }
}

/// Stops jobs made for an older position, and an analysis of a position no longer shown (or
/// turned off).
fn cancel_stale_jobs(
    record: Res<GameRecord>,
    analysis: Res<Analysis>,
    mut jobs: Query<&mut Job>,
    mut hint: ResMut<Hint>,
    mut notice: ResMut<Notice>,
    mut last: Local<u64>,
) {
    if *last != record.revision() {
        *last = record.revision();
        // The hint was for the position before: off the board and out of the panel.
        hint.0 = None;
        if matches!(notice.lines.as_slice(), [Say::Hint(_)]) {
            notice.clear();
        }
    }
    for mut job in &mut jobs {
        let stale = job.revision != record.revision()
            || (job.purpose == Purpose::Analysis
                && (!analysis.0 || job.shown_ply != record.shown_ply()));
        if stale && !job.cancelled {
            job.cancelled = true;
            job.cancel.store(true, Ordering::Relaxed);
            job.stops.iter().for_each(StopHandle::stop);
        }
    }
}

/// The game up to ply `ply` (the position shown while reviewing).
fn game_at(game: &Game, ply: usize) -> Game {
    let mut game = game.clone();
    while game.moves().len() > ply && game.undo().is_some() {}
    game
}

/// Starts a search when the engine is to move, a hint was asked for, a draw offered, or the
/// analysis is on.
#[allow(clippy::too_many_arguments)]
fn start_jobs(
    mut commands: Commands,
    mut requests: MessageReader<GameCommand>,
    mut pending: ResMut<Pending>,
    record: Res<GameRecord>,
    engine: Option<Res<EngineHandle>>,
    view: Res<ViewSync>,
    clocks: Res<Clocks>,
    jobs: Query<&Job>,
    mut thinking: ResMut<Thinking>,
    mut notice: ResMut<Notice>,
    (mut analysis, done): (ResMut<Analysis>, Res<AnalysisDone>),
    mut evaluation: ResMut<Evaluation>,
) {
    for request in requests.read() {
        match request {
            // Another game: nothing the engine said about the last one applies.
            GameCommand::NewGame(_)
            | GameCommand::SetFen(_)
            | GameCommand::LoadPdn(_)
            | GameCommand::OpenGame(_)
                if *evaluation != Evaluation::default() =>
            {
                *evaluation = Evaluation::default();
            }
            GameCommand::Hint => {
                if record.to_move() == Controller::Human && record.ongoing() {
                    pending.hint = true;
                } else {
                    notice.info(Say::HintsForYou);
                }
            }
            GameCommand::OfferDraw => {
                if record.human_side().is_some() && record.ongoing() {
                    pending.draw_offer = true;
                    notice.info(Say::DrawConsidered);
                } else {
                    notice.info(Say::OnlyAgainstEngine);
                }
            }
            GameCommand::ToggleAnalysis => analysis.0 = !analysis.0,
            _ => {}
        }
    }
    if !record.ongoing() {
        pending.draw_offer = false;
    }
    let Some(engine) = engine else {
        return;
    };
    if !jobs.is_empty() {
        return;
    }
    let shown_ply = record.shown_ply();
    // While analysing, the engine plays no move, as while the player reviews the game.
    let purpose = if analysis.0 {
        if done.at == Some((record.revision(), shown_ply)) {
            return;
        }
        Purpose::Analysis
    } else if !record.ongoing() {
        return;
    } else if record.to_move() == Controller::Engine
        && record.review().is_none()
        && view.shows(record.revision())
    {
        Purpose::Move
    } else if pending.draw_offer {
        pending.draw_offer = false;
        Purpose::DrawOffer
    } else if pending.hint && record.to_move() == Controller::Human {
        pending.hint = false;
        Purpose::Hint
    } else {
        return;
    };
    let progress = Arc::new(Mutex::new(Progress::default()));
    let game = if purpose == Purpose::Analysis {
        game_at(record.game(), shown_ply)
    } else {
        record.game().clone()
    };
    let root = *game.position();
    let engines = EngineHandle::clone(&engine);
    let stops = engines.stop_handles();
    let shared = Arc::clone(&progress);
    let cancel = Arc::new(AtomicBool::new(false));
    let task_cancel = Arc::clone(&cancel);
    let engine_side = record
        .human_side()
        .map_or(game.position().side_to_move(), shashki::Color::opposite);
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
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { think(&engines, &game, request, &task_cancel, &shared) });
    commands.spawn(Job {
        task,
        stops,
        purpose,
        revision: record.revision(),
        shown_ply,
        root,
        cancelled: false,
        cancel,
        progress,
    });
    *thinking = Thinking {
        purpose: Some(purpose),
        progress: Progress::default(),
    };
}

/// Reports progress and hands finished moves to the rules step.
#[allow(clippy::too_many_arguments)]
fn poll_jobs(
    mut commands: Commands,
    mut jobs: Query<(Entity, &mut Job)>,
    record: Res<GameRecord>,
    mut thinking: ResMut<Thinking>,
    mut evaluation: ResMut<Evaluation>,
    mut done: ResMut<AnalysisDone>,
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
            if progress.depth > 0 && progress != thinking.progress {
                let latest = Evaluation::of(&job.root, progress.value, false);
                if *evaluation != latest {
                    *evaluation = latest;
                }
            }
            if thinking.progress != progress {
                thinking.progress = progress;
            }
        }
        let Some(thought) = check_ready(&mut job.task) else {
            continue;
        };
        commands.entity(entity).despawn();
        *thinking = Thinking::default();
        if job.cancelled || job.revision != record.revision() {
            continue;
        }
        if let Some(score) = thought.score {
            *evaluation = Evaluation::of(&job.root, score, thought.source == MoveSource::Tablebase);
        }
        match job.purpose {
            Purpose::DrawOffer if thought.accepts_draw => {
                play.write(GameCommand::DrawAgreed {
                    revision: job.revision,
                });
            }
            Purpose::DrawOffer => notice.info(Say::DrawDeclined),
            // An analysis ends by itself only where there is nothing more to find.
            Purpose::Analysis => {
                *done = AnalysisDone {
                    at: Some((job.revision, job.shown_ply)),
                    progress: job
                        .progress
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .clone(),
                };
            }
            Purpose::Move => {
                if let Some(mv) = thought.best {
                    // The score of the root is the score after the engine's best move, the
                    // position the board shows next.
                    *evaluation = evaluation.after(&mv);
                    play.write(GameCommand::Play {
                        mv,
                        label: thought.label,
                        revision: job.revision,
                    });
                }
            }
            Purpose::Hint => {
                if let Some(mv) = thought.best {
                    hint.0 = Some(mv);
                    let text = record
                        .game()
                        .position()
                        .write_move(&mv, Notation::Algebraic);
                    notice.info(Say::Hint(text));
                }
            }
        }
    }
}
