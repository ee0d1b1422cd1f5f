//! The [`Engine`]: owns the shared transposition table (`tt.rs`), what each thread keeps
//! between searches (`stack.rs`'s `ThreadData`) and a stop flag; [`Engine::search`] and its
//! variants turn a game and a [`SearchLimit`] into a [`SearchResult`]: the book and the
//! tablebases first (`probe.rs`), then the Lazy SMP search on `threads` threads (`thread.rs`),
//! each iteration reported as a [`SearchInfo`]. A [`StopHandle`] ends a search from another
//! thread. The search layer's overview is in `mod.rs`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::clock::Instant;

use super::config::{EngineConfig, MAX_THREADS};
use super::contempt::Contempt;
use super::draw_hook::{BasicCounters, DrawHook, NoCounters};
use super::limits::{Budget, SearchLimit, TimeManager};
use super::probe;
use super::result::{MoveSource, SearchInfo, SearchResult};
use super::score::{self, MAX_PLY, Score};
use super::searcher::{Searcher, Shared};
use super::stack::ThreadData;
use super::thread::Progress;
use super::tt::{AtomicTable, Table, TableAllocError};
use crate::rules::{DrawRules, Game, Move, Position};
use crate::splitmix::SplitMix64;

/// The searches that ignore the counter rules (play going on past them) store their table entries
/// under the position's key exclusive-or'ed with this constant, apart from the entries of searches
/// with counters, whose scores may hold a counter's draw.
const PLAY_ON_KEYS: u64 = 0x9E37_79B9_7F4A_7C15;

/// The nodes of the comparison by play-on value after an analysis without end was stopped
/// ([`Engine::run`]): a fraction of a second.
const PLAY_ON_NODES: u64 = 500_000;

/// Stops the search of an [`Engine`] from another thread.
///
/// The one from [`Engine::stop_handle`] stops whichever search the engine is running (a search
/// started after the stop is not affected). One made with [`StopHandle::new`] belongs to the
/// searches given it ([`Engine::search_with_stop`]): a stop raised before such a search starts is
/// kept, and that search returns at once. A driver that starts a search on another thread and may
/// be told to stop it before it has begun (a protocol's `go` followed at once by `stop`) needs the
/// second kind.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A stop signal of its own, not raised yet.
    #[must_use]
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Makes the running search return promptly (with a legal best move).
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopHandle::stop`] was called.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The search engine. `Send + Sync`; every method takes `&self`. A second [`Engine::search`] on
/// the same engine waits for the first to finish.
pub struct Engine<T: Table = AtomicTable> {
    config: EngineConfig,
    table: T,
    stop: Arc<AtomicBool>,
    /// What each thread keeps between searches (history, killers), one per thread.
    thread_data: Mutex<Vec<ThreadData>>,
    /// The threads a search runs on, the main one included (1 to [`MAX_THREADS`]).
    threads: usize,
}

impl<T: Table> std::fmt::Debug for Engine<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with the default lock-free table.
    ///
    /// # Panics
    /// If the transposition table of `config.hash_mb` MB cannot be allocated; use
    /// [`Engine::try_new`] when the size comes from a user.
    #[must_use]
    pub fn new(config: EngineConfig) -> Engine {
        Engine::with_table(config)
    }

    /// An engine with the default lock-free table.
    ///
    /// # Errors
    /// [`TableAllocError`] if the transposition table of `config.hash_mb` MB cannot be allocated.
    pub fn try_new(config: EngineConfig) -> Result<Engine, TableAllocError> {
        Engine::try_with_table(config)
    }
}

impl<T: Table> Engine<T> {
    /// An engine with table type `T` (the benchmark compares `AtomicTable` and `MapTable`).
    ///
    /// # Panics
    /// If the table cannot be allocated (see [`Engine::try_with_table`]).
    #[must_use]
    pub fn with_table(config: EngineConfig) -> Engine<T> {
        Engine::try_with_table(config).unwrap_or_else(|error| panic!("{error}"))
    }

    /// An engine with table type `T`.
    ///
    /// # Errors
    /// [`TableAllocError`] if the table of `config.hash_mb` MB cannot be allocated.
    ///
    /// With `config.threads` > 1 each search starts `threads − 1` helper threads (at most
    /// [`MAX_THREADS`] threads in all); a helper the operating system refuses to start is done
    /// without.
    pub fn try_with_table(config: EngineConfig) -> Result<Engine<T>, TableAllocError> {
        let threads = config.threads.clamp(1, MAX_THREADS);
        Ok(Engine {
            table: T::try_with_size_mb(config.hash_mb)?,
            config,
            stop: Arc::new(AtomicBool::new(false)),
            // One per thread, made by the first search (`run` sizes the list to the threads).
            thread_data: Mutex::new(Vec::new()),
            threads,
        })
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The threads a search runs on: the main thread and the helpers.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Makes the running search return promptly with a legal best move. A search started after
    /// this call is not affected.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A handle that stops this engine's searches from any thread.
    #[must_use]
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }

    /// Forgets everything learnt: clears the table and the move-ordering histories.
    pub fn new_game(&self) {
        self.table.clear();
        let mut thread_data = self
            .thread_data
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for data in thread_data.iter_mut() {
            data.clear();
        }
    }

    /// Searches the current position of `game`: repetitions of the game's positions and the
    /// draw-rule counters ([docs/RULES.md §2](crate::docs::rules)) count as draws inside the search. `on_info` is called
    /// after every completed iteration. The engine's contempt ([`SearchParams::contempt`](super::SearchParams::contempt)) steers
    /// its choice away from draws; the scores reported never carry it (a line that ends in a
    /// draw scores 0).
    pub fn search(
        &self,
        game: &Game,
        limit: SearchLimit,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_game(game, limit, None, self.config.params.contempt, on_info)
    }

    /// [`Engine::search`] that also returns promptly once `stop` is raised, even if it was
    /// raised before this call: the search then still answers with a legal move (or none when
    /// the position has none). The engine's own [`Engine::stop`] works as well.
    ///
    /// ```
    /// use shashki::{Engine, EngineConfig, Game, SearchLimit, StopHandle};
    ///
    /// let engine = Engine::new(EngineConfig { hash_mb: 1, ..EngineConfig::default() });
    /// let game = Game::default();
    /// let stop = StopHandle::new();
    /// stop.stop(); // before the search starts: kept
    /// let result = engine.search_with_stop(&game, SearchLimit::Infinite, &stop, |_| {});
    /// assert!(game.position().is_legal(&result.best_move.unwrap()));
    /// ```
    pub fn search_with_stop(
        &self,
        game: &Game,
        limit: SearchLimit,
        stop: &StopHandle,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let contempt = self.config.params.contempt;
        self.search_game(game, limit, Some(&stop.0), contempt, on_info)
    }

    /// [`Engine::search`] with `contempt` instead of the engine's own (a level's, a protocol's
    /// setting), stopped by `stop` as well when given ([`Engine::search_with_stop`]).
    pub fn search_with_contempt(
        &self,
        game: &Game,
        limit: SearchLimit,
        contempt: Contempt,
        stop: Option<&StopHandle>,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_game(game, limit, stop.map(|s| &*s.0), contempt, on_info)
    }

    /// The objective search of `game`: [`Engine::search_with_contempt`] without contempt
    /// ([`Contempt::OFF`]), so that neither the line nor the score leans away from draws — for
    /// analysis, evaluation bars, hints, answers to draw offers.
    pub fn analyse(
        &self,
        game: &Game,
        limit: SearchLimit,
        stop: Option<&StopHandle>,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.search_with_contempt(game, limit, Contempt::OFF, stop, on_info)
    }

    fn search_game(
        &self,
        game: &Game,
        limit: SearchLimit,
        stop: Option<&AtomicBool>,
        contempt: Contempt,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        // Repetitions can only reach back to the last irreversible move (a capture or a man move).
        let reversible_from = game.positions().iter().zip(game.moves()).enumerate().fold(
            0,
            |window, (index, (position, mv))| {
                position.repetition_window_after(mv, window, index + 1)
            },
        );
        let (root, keys, state) = (game.position(), game.keys(), game.draw_state());
        let asked = Asked { stop, contempt };
        match game.draw_rules() {
            DrawRules::Full => self.run(root, keys, reversible_from, state, limit, asked, on_info),
            DrawRules::Basic => {
                let counters = BasicCounters(state);
                self.run(root, keys, reversible_from, counters, limit, asked, on_info)
            }
            DrawRules::Repetition => self.run(
                root,
                keys,
                reversible_from,
                NoCounters,
                limit,
                asked,
                on_info,
            ),
        }
    }

    /// Searches `position`, reached through earlier positions with Zobrist keys `history`
    /// (oldest first, without `position` itself; used for repetitions), with no draw-rule
    /// counters. Prefer [`Engine::search`] with a [`Game`], which also applies
    /// the counter rules.
    pub fn search_position(
        &self,
        position: &Position,
        history: &[u64],
        limit: SearchLimit,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut keys = history.to_vec();
        keys.push(position.zobrist_key());
        let asked = Asked {
            stop: None,
            contempt: self.config.params.contempt,
        };
        self.run(position, &keys, 0, NoCounters, limit, asked, on_info)
    }

    /// The search of a game's position under its draw rules (the counters `draw`): `keys` are
    /// the game's keys with the root's last, repetitions are looked for from
    /// `keys[reversible_from]` on, `asked` holds the search's own stop signal besides the
    /// engine's (never cleared here) and its contempt.
    ///
    /// The rules may call moves drawn that a GUI, referee or server applying fewer rules would
    /// play on from, and the game must not be thrown away there ([docs/RULES.md §2](crate::docs::rules), "when the
    /// rules call several moves drawn"):
    /// - when the counters already declare the root drawn, the answer is the move that is best
    ///   if play goes on, searched (and probed in the tablebases) without counters;
    /// - when some moves complete a count (the game would be drawn right after them), the search
    ///   under the rules gets half the budget; if its best move's line ends in a draw too (with
    ///   contempt: it scores no better than the contempt's draw, so a move that keeps the
    ///   score above that is never traded for a count's draw), the
    ///   drawn moves (with that best move) are compared by their value if play went on: their
    ///   tablebase values without counters where the tables hold every one, else a search
    ///   without counters restricted to them, with the other half of the budget. The score
    ///   reported stays the one under the rules.
    ///
    /// The searches without counters store their table entries under keys of their own
    /// ([`PLAY_ON_KEYS`]), so what the searches with counters left in the table (scores that
    /// hold a counter's draw) never reaches them: the choice does not depend on the table.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<D: DrawHook + Send>(
        &self,
        root: &Position,
        keys: &[u64],
        reversible_from: usize,
        draw: D,
        limit: SearchLimit,
        asked: Asked<'_>,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        if draw.is_draw(root) {
            return self.play_on(root, keys, reversible_from, None, limit, asked, on_info);
        }
        let mut drawn = root.legal_moves();
        drawn.retain(|mv| {
            let child = root.play_unchecked(mv);
            !child.is_lost() && draw.after(root, mv, &child).is_draw(&child)
        });
        if drawn.is_empty() {
            return self
                .search_root(
                    root,
                    keys,
                    reversible_from,
                    draw,
                    None,
                    limit,
                    asked,
                    on_info,
                )
                .0;
        }
        let start = Instant::now();
        let (first, second) = limit.halves();
        let (ruled, ruled_drawn) = self.search_root(
            root,
            keys,
            reversible_from,
            draw,
            None,
            first,
            asked,
            &mut on_info,
        );
        let Some(best) = ruled.best_move else {
            return ruled;
        };
        if !drawn.contains(&best) && !ruled_drawn {
            return ruled;
        }
        if !drawn.contains(&best) {
            drawn.push(best);
        }
        let candidates =
            probe::best_by_tablebases(self.config.tables(), root, &drawn).unwrap_or(drawn);
        let mut answer = if let [only] = candidates[..] {
            SearchResult {
                best_move: Some(only),
                pv: vec![only],
                ..ruled
            }
        } else {
            // An analysis without end was stopped by now: the comparison gets a fixed budget
            // that no stop signal cuts short.
            let (second, asked) = match second {
                SearchLimit::Infinite => (
                    SearchLimit::Nodes(PLAY_ON_NODES),
                    Asked {
                        stop: None,
                        ..asked
                    },
                ),
                limited => (limited, asked),
            };
            let play_on = self.play_on(
                root,
                keys,
                reversible_from,
                Some(&candidates),
                second,
                asked,
                |_| {},
            );
            SearchResult {
                best_move: play_on.best_move,
                pv: play_on.pv,
                nodes: ruled.nodes + play_on.nodes,
                ..ruled
            }
        };
        answer.time = start.elapsed();
        answer
    }

    /// The search as if play went on past the counters (repetitions still count), among
    /// `root_moves` when given, under keys moved by [`PLAY_ON_KEYS`].
    #[allow(clippy::too_many_arguments)]
    fn play_on(
        &self,
        root: &Position,
        keys: &[u64],
        reversible_from: usize,
        root_moves: Option<&[Move]>,
        limit: SearchLimit,
        asked: Asked<'_>,
        on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        let keys: Vec<u64> = keys.iter().map(|key| key ^ PLAY_ON_KEYS).collect();
        self.search_root(
            root,
            &keys,
            reversible_from,
            NoCounters,
            root_moves,
            limit,
            asked,
            on_info,
        )
        .0
    }

    /// The search proper of `root` (its key `keys`' last entry, possibly moved by
    /// [`PLAY_ON_KEYS`]), among `root_moves` when given (then neither the book nor a decisive
    /// tablebase answer is taken at the root: the caller has chosen the candidates). Also says
    /// whether the score is a draw's (the line ends in a draw, whatever the contempt).
    ///
    /// A search with another contempt than the engine's own moves its keys by
    /// [`contempt_keys`], so that scores holding one contempt's draws never reach a search with
    /// another (an analysis after a move played with contempt).
    #[allow(clippy::too_many_arguments)]
    fn search_root<D: DrawHook + Send>(
        &self,
        root: &Position,
        keys: &[u64],
        reversible_from: usize,
        draw: D,
        root_moves: Option<&[Move]>,
        limit: SearchLimit,
        asked: Asked<'_>,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> (SearchResult, bool) {
        let start = Instant::now();
        if root_moves.is_none()
            && let Some(answer) = probe::root_move(&self.config, root, draw, start)
        {
            let drawn = answer.source == MoveSource::Tablebase && answer.score.0 == score::DRAW;
            return (answer, drawn);
        }
        // With WDL tables alone the root keeps only the moves that keep its result.
        let wdl_moves = match root_moves {
            None => probe::root_wdl_moves(self.config.tables(), root),
            Some(_) => None,
        };
        let root_moves = root_moves.or(wdl_moves.as_deref());
        self.stop.store(false, Ordering::Relaxed);
        self.table.new_search();
        let moved = contempt_keys(asked.contempt, self.config.params.contempt);
        let moved_keys: Vec<u64>;
        let keys = if moved == 0 {
            keys
        } else {
            moved_keys = keys.iter().map(|key| key ^ moved).collect();
            &moved_keys
        };
        let key = *keys.last().expect("the root's key");
        let shared = Shared {
            stop: &self.stop,
            caller_stop: asked.stop,
            contempt: asked.contempt,
            nodes: AtomicU64::new(0),
            time: TimeManager::new(
                start,
                Budget::new(limit, &self.config.params, MAX_PLY as u32 - 1),
            ),
            tablebases: self.config.tables(),
            root_progress: probe::progress(root),
        };
        let threads = self.threads();
        let mut thread_data = self
            .thread_data
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        thread_data.resize_with(threads, ThreadData::default);
        let (main_data, helper_data) = thread_data.split_first_mut().expect("at least one thread");
        let params = &self.config.params;
        let eval = &self.config.eval;
        let table = &self.table;
        let shared = &shared;
        let mut main_search = || {
            let mut searcher = Searcher::new(
                table,
                params,
                eval,
                shared,
                main_data,
                true,
                keys,
                reversible_from,
            );
            if let Some(moves) = root_moves {
                searcher.restrict_root(moves);
            }
            let mut report = |progress: &Progress<'_>, nodes: u64, time: Duration| {
                on_info(&SearchInfo {
                    depth: progress.depth,
                    seldepth: progress.seldepth,
                    score: Score(progress.score),
                    nodes,
                    time,
                    pv: progress.pv.to_vec(),
                });
            };
            let result = searcher.iterate(root, key, draw, 1, &mut report);
            // Done: release the helpers.
            self.stop.store(true, Ordering::Relaxed);
            result
        };
        let result = if helper_data.is_empty() {
            main_search()
        } else {
            // The main thread stays on the caller's thread (its `on_info` need not be `Send`);
            // each helper gets a thread of its own, joined when the scope ends (the main thread
            // has raised the stop flag by then). A helper that cannot be started is done without.
            std::thread::scope(|scope| {
                for (i, data) in helper_data.iter_mut().enumerate() {
                    let helper = move || {
                        let mut searcher = Searcher::new(
                            table,
                            params,
                            eval,
                            shared,
                            data,
                            false,
                            keys,
                            reversible_from,
                        );
                        if let Some(moves) = root_moves {
                            searcher.restrict_root(moves);
                        }
                        let skew = if i % 2 == 0 { params.smp_depth_skew } else { 0 };
                        searcher.iterate(root, key, draw, 1 + skew, &mut |_, _, _| {});
                    };
                    let _ = std::thread::Builder::new()
                        .name(format!("shashki-helper-{}", i + 1))
                        .spawn_scoped(scope, helper);
                }
                main_search()
            })
        };
        let answer = SearchResult {
            best_move: result.best_move,
            score: Score(result.score),
            depth: result.depth,
            seldepth: result.seldepth,
            pv: result.pv,
            nodes: shared.nodes.load(Ordering::Relaxed),
            time: start.elapsed(),
            source: MoveSource::Search,
        };
        (answer, result.drawn)
    }
}

/// What one search is asked besides its position and limit: the caller's own stop signal (if
/// any) and the contempt.
#[derive(Clone, Copy)]
pub(crate) struct Asked<'s> {
    stop: Option<&'s AtomicBool>,
    contempt: Contempt,
}

/// What a search with `contempt` exclusive-ors its keys with, on an engine whose own contempt
/// is `own`: 0 when they are the same, else a mix of the contempt's parts (never 0).
fn contempt_keys(contempt: Contempt, own: Contempt) -> u64 {
    if contempt == own {
        return 0;
    }
    let packed = [
        contempt.draw(),
        contempt.winning_divisor(),
        contempt.winning_max(),
    ]
    .iter()
    .fold(0u64, |acc, &part| {
        (acc << 21) ^ u64::from(part as u32 & 0x1F_FFFF)
    });
    SplitMix64::new(packed ^ 0xC0A7_E3B7_0000_0001).next_u64() | 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchParams;

    fn engine() -> Engine {
        Engine::new(EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        })
    }

    /// An engine whose draws cost its side `draw` centi-men flat.
    fn engine_with_contempt(draw: i32) -> Engine {
        let mut config = EngineConfig {
            hash_mb: 4,
            ..EngineConfig::default()
        };
        config.params.contempt = Contempt::new(draw, 4, 60);
        Engine::new(config)
    }

    /// Positions whose searches meet draws (repetitions, the kings' counters): king endings.
    const DRAWISH: [&str; 3] = [
        "W:WKc1,Kg1:BKa1",
        "W:WKa1,Kc3,e3:BKh8,h6",
        "B:WKe1,Kg5,a3:BKa7,Kh2",
    ];

    #[test]
    fn contempt_steers_the_search_but_never_the_reported_score_of_a_draw() {
        let mut steered = 0;
        for fen in DRAWISH {
            let game = Game::from_fen(fen).unwrap();
            let limit = SearchLimit::Depth(9);
            let objective = Engine::new(EngineConfig {
                hash_mb: 4,
                params: SearchParams {
                    contempt: Contempt::OFF,
                    ..SearchParams::DEFAULT
                },
                ..EngineConfig::default()
            })
            .search(&game, limit, |_| {});
            let leaning = engine_with_contempt(80);
            let mut reported = Vec::new();
            let played = leaning.search(&game, limit, |info| reported.push(info.score));
            steered += usize::from(played.nodes != objective.nodes);
            // A draw's score is reported as a draw, never as the contempt's -0.80.
            assert!(
                reported.iter().chain([&played.score]).all(|s| s.0 != -80),
                "{fen}: {reported:?}"
            );
            // The analysis of the same engine is the objective search, node for node.
            leaning.new_game();
            let analysed = leaning.analyse(&game, limit, None, |_| {});
            assert_eq!(
                (analysed.best_move, analysed.score, analysed.nodes),
                (objective.best_move, objective.score, objective.nodes),
                "{fen}"
            );
        }
        // Else the positions test nothing: the contempt must change some search.
        assert!(steered > 0);
    }

    #[test]
    fn a_counts_draw_is_refused_while_another_move_keeps_the_score_above_the_contempts_draw() {
        use crate::rules::GameStatus;
        // White to move with the 7.2.5 count (15 king moves each) at 29 plies: every king move
        // completes it, a draw at once; the man moves reset it, the best of them a little worse
        // than level for White (about −0.3), while the king moves would be worth more if play
        // went on (found by a scan of random 8-piece positions).
        let game = Game::from_fen("W:WK25,10,15,23:BK24,12,16,17:H29").unwrap();
        let draws_at_once = |mv: Move| {
            let mut after = game.clone();
            after.play(mv).is_ok() && matches!(after.status(), GameStatus::Drawn(_))
        };
        let moves = game.position().legal_moves();
        let drawing = moves.iter().filter(|&&mv| draws_at_once(mv)).count();
        assert!(drawing > 0 && drawing < moves.len());
        let limit = SearchLimit::Depth(8);
        // Without contempt the draw (0.00) is the best White has: it takes it.
        let objective = engine_with_contempt(0).analyse(&game, limit, None, |_| {});
        assert!(draws_at_once(objective.best_move.unwrap()));
        assert_eq!(objective.score, Score(0));
        // With a contempt of 0.50 the draw is worth −0.50 to White: it plays on with a move that
        // keeps more (the old test, "not better than 0", compared the drawn moves by their value
        // if play went on and took one of them).
        let leaning = engine_with_contempt(50).search(&game, limit, |_| {});
        assert!(!draws_at_once(leaning.best_move.unwrap()), "{leaning:?}");
        assert!((-50..0).contains(&leaning.score.0), "{leaning:?}");
    }

    #[test]
    fn the_levels_carry_their_contempt_into_their_configuration() {
        for level in &crate::search::LEVELS {
            let config = level.config(&EngineConfig::default());
            assert_eq!(config.params.contempt, level.contempt, "{}", level.name);
            // The candidate levels search from the opponent's side: no contempt there.
            assert_eq!(
                level.uses_candidates(),
                level.contempt.is_off(),
                "{}",
                level.name
            );
        }
    }

    #[test]
    fn finds_a_win_in_one_and_reports_it() {
        // White king takes the last black piece.
        let position: Position = "W:WK29:B25".parse().unwrap();
        let result = engine().search_position(&position, &[], SearchLimit::Depth(3), |_| {});
        assert_eq!(result.score, Score::win_in_plies(1));
        assert_eq!(result.best_move.unwrap().captured().count(), 1);
    }

    #[test]
    fn keep_pieces_adds_its_bonus_for_the_engines_side() {
        // One ply from the start: no capture is possible, every leaf has 24 pieces and Black to
        // move, so the bonus raises White's root score by exactly 24 × keep_pieces.
        let score = |keep: i64| {
            let mut params = SearchParams::DEFAULT;
            assert!(params.set("keep_pieces", keep));
            let engine = Engine::new(EngineConfig {
                hash_mb: 1,
                params,
                ..EngineConfig::default()
            });
            let result =
                engine.search_position(&Position::start(), &[], SearchLimit::Depth(1), |_| {});
            result.score.value()
        };
        assert_eq!(score(5), score(0) + 5 * 24);
    }

    #[test]
    fn threads_are_capped() {
        let engine = Engine::new(EngineConfig {
            hash_mb: 1,
            threads: MAX_THREADS + 1,
            ..EngineConfig::default()
        });
        assert!(engine.threads() <= MAX_THREADS);
    }

    #[test]
    fn no_legal_move_gives_none() {
        let position: Position = "W:W:BK1".parse().unwrap();
        let result = engine().search_position(&position, &[], SearchLimit::Depth(3), |_| {});
        assert_eq!(result.best_move, None);
        assert!(result.score.is_loss());
    }

    #[cfg(feature = "tablebases")]
    #[test]
    fn a_game_drawn_by_the_counters_still_gets_a_move_that_does_not_lose() {
        use crate::egtb::Wdl;
        // White's lone king against two kings with the 7.2.8 counter run out (10 plies): the
        // game is drawn by rule, but a referee applying fewer rules plays on. Holding the main
        // road draws; the other moves (and d4-e5, a1-d4, a1-e5) step into a capture or a lost
        // ending (checked against the tablebases, which ignore the counters).
        let tables = crate::egtb::tests::tables();
        for fen in ["W:WK18:BK32,K28", "W:WK29:BK1,K32"] {
            let position: Position = fen.parse().unwrap();
            let counters = crate::rules::DrawState::with_plies(10);
            assert!(counters.draw_rule(&position).is_some());
            // White's result after `mv`.
            let value = |mv: &Move| {
                let child = position.play(mv).expect("a legal move");
                if child.pieces(crate::rules::Color::White).is_empty() {
                    return Wdl::Loss;
                }
                match tables.probe(&child).expect("in the tables").wdl {
                    Wdl::Win => Wdl::Loss,
                    Wdl::Loss => Wdl::Win,
                    Wdl::Draw => Wdl::Draw,
                }
            };
            let moves = position.legal_moves();
            let losing = moves.iter().filter(|m| value(m) == Wdl::Loss).count();
            assert!(
                losing > 0 && losing < moves.len(),
                "{fen}: {losing} of {}",
                moves.len()
            );
            for limit in [SearchLimit::Depth(1), SearchLimit::Depth(8)] {
                let result = engine().run(
                    &position,
                    &[position.zobrist_key()],
                    0,
                    counters,
                    limit,
                    Asked {
                        stop: None,
                        contempt: Contempt::DEFAULT,
                    },
                    |_| {},
                );
                let mv = result.best_move.expect("a move");
                assert_ne!(value(&mv), Wdl::Loss, "{fen} {limit:?}: {mv:?}");
            }
        }
    }

    #[cfg(feature = "tablebases")]
    /// Whether the opponent can take every piece of the side that played `mv` in `position`.
    fn hangs_the_last_piece(position: &Position, mv: &Move) -> bool {
        let child = position.play_unchecked(mv);
        let mine = child.pieces(position.side_to_move()).count();
        child
            .legal_moves()
            .iter()
            .any(|reply| reply.captured().count() == mine)
    }

    #[cfg(feature = "tablebases")]
    #[test]
    fn moves_that_complete_a_count_are_chosen_by_their_value_if_play_went_on() {
        use crate::rules::DrawRules;
        // A lone black king against two kings, the 7.2.8 count at 9: every Black move completes
        // it (a draw under `full`), and several of them let White take the king next move (the
        // position of a game lost to Kallisto 4). The table is kept between the searches, with
        // other searches in between, with tablebases and without; under every set of rules.
        let game = Game::from_fen("B:WK15,K18:BK7:H9").unwrap();
        let position = *game.position();
        let hanging = position
            .legal_moves()
            .iter()
            .filter(|mv| hangs_the_last_piece(&position, mv))
            .count();
        assert!(hanging > 0 && hanging < position.legal_moves().len());
        let tables = crate::egtb::tests::tables();
        let mut copy = crate::egtb::Tablebases::empty();
        for material in tables.materials() {
            copy.insert(tables.table(material).expect("listed").clone());
        }
        copy.set_max_pieces();
        let copy = Arc::new(copy);
        for tablebases in [None, Some(copy)] {
            for threads in [1, 2] {
                let engine = Engine::new(EngineConfig {
                    hash_mb: 1,
                    threads,
                    tablebases: tablebases.clone(),
                    ..EngineConfig::default()
                });
                for rules in DrawRules::ALL {
                    let game = game.clone().with_draw_rules(rules);
                    for limit in [SearchLimit::Depth(1), SearchLimit::Depth(10)] {
                        let result = engine.search(&game, limit, |_| {});
                        let mv = result.best_move.expect("a move");
                        assert!(
                            !hangs_the_last_piece(&position, &mv),
                            "{rules} {limit:?} threads {threads}, tables {}: {mv:?}",
                            tablebases.is_some()
                        );
                        // Something else in the table before the next search.
                        let other: Position = "B:WK15,K18:BK8".parse().unwrap();
                        engine.search_position(&other, &[], SearchLimit::Depth(6), |_| {});
                    }
                }
            }
        }
    }

    #[test]
    fn a_limit_halves_into_two_that_fit_in_it() {
        let time = Duration::from_millis(100);
        assert_eq!(
            SearchLimit::MoveTime(time).halves(),
            (
                SearchLimit::MoveTime(time / 2),
                SearchLimit::MoveTime(time / 2)
            )
        );
        assert_eq!(
            SearchLimit::Nodes(7).halves(),
            (SearchLimit::Nodes(3), SearchLimit::Nodes(4))
        );
        assert_eq!(
            SearchLimit::Depth(9).halves(),
            (SearchLimit::Depth(9), SearchLimit::Depth(9))
        );
        let clock = SearchLimit::Clock {
            remaining: time * 10,
            increment: time,
            moves_to_go: Some(3),
        };
        let (first, _) = clock.halves();
        assert_eq!(
            first,
            SearchLimit::Clock {
                remaining: time * 5,
                increment: time / 2,
                moves_to_go: Some(3),
            }
        );
    }

    #[test]
    fn repetition_of_the_game_history_is_a_draw() {
        // A lone white king against two: every move loses material value, except going back to a
        // position of the game's history, which repeats it (a draw).
        let position: Position = "W:WK29:BK1,K2".parse().unwrap();
        let back = position.parse_move("a1-b2").unwrap();
        let earlier = position.play_unchecked(&back).zobrist_key();
        let without = engine().search_position(&position, &[], SearchLimit::Depth(2), |_| {});
        assert!(without.score.value() < 0);
        let with = engine().search_position(&position, &[earlier], SearchLimit::Depth(2), |_| {});
        assert_eq!(with.score, Score(0));
        assert_eq!(with.best_move, Some(back));
    }
}
