//! Behaviour of the engine: it always answers with a legal move, finds forced wins at their true
//! distance (checked against an exhaustive reference search), respects its limits, and stops on
//! request from another thread.

use std::sync::mpsc;
use std::time::Duration;

use shashki::{
    Bitboard, Color, Engine, EngineConfig, Game, Position, SearchLimit, SearchParams, Square,
    StopHandle,
};

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn engine(threads: usize) -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 2,
        threads,
        ..EngineConfig::default()
    })
}

/// An engine with every selective option switched on, aggressively (shallow ProbCut, reverse
/// futility, quiescence threat plies, internal iterative reduction, late-move pruning): they may
/// cost strength but never correctness.
fn selective_engine() -> Engine {
    let mut params = SearchParams::DEFAULT;
    for (name, value) in [
        ("probcut_min_depth", 3),
        ("probcut_reduction", 16),
        ("rfp_max_depth", 3),
        ("qs_threat_plies", 1),
        ("iir_min_depth", 2),
        ("lmp_max_depth", 3),
        ("lmp_moves", 2),
    ] {
        assert!(params.set(name, value), "{name}");
    }
    Engine::new(EngineConfig {
        hash_mb: 2,
        params,
        ..EngineConfig::default()
    })
}

/// Positions from random playouts of 0..60 plies from the start.
fn random_positions(rng: &mut Rng, count: usize) -> Vec<Game> {
    let mut games = Vec::new();
    while games.len() < count {
        let mut game = Game::default();
        let plies = rng.below(60);
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.status().is_over() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(mv).expect("a legal move");
        }
        games.push(game);
    }
    games
}

#[test]
fn always_a_legal_move_under_tiny_limits() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let limits = [
        SearchLimit::Depth(1),
        SearchLimit::Depth(3),
        SearchLimit::Nodes(1),
        SearchLimit::Nodes(200),
        SearchLimit::MoveTime(Duration::ZERO),
        SearchLimit::MoveTime(Duration::from_millis(1)),
        SearchLimit::Clock {
            remaining: Duration::from_millis(3),
            increment: Duration::ZERO,
            moves_to_go: None,
        },
    ];
    let engine = engine(1);
    for (i, game) in random_positions(&mut rng, 60).iter().enumerate() {
        let limit = limits[i % limits.len()];
        let result = engine.search(game, limit, |_| {});
        let moves = game.position().legal_moves();
        match result.best_move {
            Some(mv) => assert!(moves.contains(&mv), "{limit:?} {:?}", game.position()),
            None => assert!(moves.is_empty(), "{limit:?} {:?}", game.position()),
        }
        if let Some(first) = result.pv.first() {
            assert!(moves.contains(first));
        }
    }
}

#[test]
fn an_engine_runs_the_threads_it_was_asked_for() {
    for (asked, runs) in [(0, 1), (1, 1), (2, 2), (3, 3)] {
        assert_eq!(engine(asked).threads(), runs, "threads: {asked}");
    }
}

#[test]
fn two_threads_answer_legally_and_complete_the_depth() {
    let mut rng = Rng(77);
    let engine = engine(2);
    for game in random_positions(&mut rng, 6) {
        let result = engine.search(&game, SearchLimit::Depth(6), |_| {});
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            assert_eq!(result.best_move, None);
        } else {
            assert!(moves.contains(&result.best_move.unwrap()));
            assert!(result.depth == 6 || result.score.is_win() || result.score.is_loss());
        }
    }
}

#[test]
fn stop_from_another_thread_returns_a_legal_move() {
    let engine = engine(2);
    let game = Game::default();
    let handle = engine.stop_handle();
    let (started, wait) = mpsc::channel();
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            engine.search(&game, SearchLimit::Infinite, move |info| {
                if info.depth == 3 {
                    let _ = started.send(());
                }
            })
        });
        wait.recv().expect("the search reports depth 3");
        handle.stop();
        let result = search.join().expect("search thread");
        assert!(game.position().is_legal(&result.best_move.unwrap()));
        assert!(result.depth >= 3);
    });
    // Stops at arbitrary moments of a long timed search: always a legal move.
    let mut rng = Rng(99);
    for game in random_positions(&mut rng, 8) {
        let delay = Duration::from_micros(rng.below(3000) as u64);
        let result = std::thread::scope(|scope| {
            let search = scope.spawn(|| {
                engine.search(&game, SearchLimit::MoveTime(Duration::from_secs(5)), |_| {})
            });
            std::thread::sleep(delay);
            engine.stop();
            search.join().expect("search thread")
        });
        let moves = game.position().legal_moves();
        assert_eq!(result.best_move.is_some(), !moves.is_empty());
        if let Some(mv) = result.best_move {
            assert!(moves.contains(&mv));
        }
    }
}

/// A stop raised before the search starts (a driver's `go` followed at once by `stop`) is kept:
/// the unbounded search returns with a legal move, on one thread and on two, and a later search
/// with a fresh signal runs normally.
#[test]
fn a_stop_raised_before_the_search_starts_is_kept() {
    for threads in [1, 2] {
        let engine = engine(threads);
        let game = Game::default();
        let stop = StopHandle::new();
        stop.stop();
        let result = engine.search_with_stop(&game, SearchLimit::Infinite, &stop, |_| {});
        assert!(game.position().is_legal(&result.best_move.expect("a move")));
        assert!(
            stop.is_stopped(),
            "the search never clears the caller's signal"
        );
        let fresh = StopHandle::new();
        let result = engine.search_with_stop(&game, SearchLimit::Depth(5), &fresh, |_| {});
        assert_eq!(result.depth, 5);
    }
}

/// A search called from a rayon worker (the match runner plays its games on a rayon pool) waits
/// for its helpers without running other jobs of the caller's pool meanwhile: such a job would be
/// a whole game nested inside one move, its engines alive until the move ends (the `match`
/// memory growth of issue 25).
#[test]
fn a_search_on_a_rayon_worker_runs_no_other_job_of_its_pool() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let engine = engine(2);
    let game = Game::default();
    let other_job_ran = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    pool.scope(|scope| {
        // Queued on the one worker's own deque, where a waiting worker would find it.
        scope.spawn(|_| other_job_ran.store(true, Ordering::SeqCst));
        for depth in 1..=40 {
            engine.search(&game, SearchLimit::Depth(depth % 6 + 1), |_| {});
            assert!(
                !other_job_ran.load(Ordering::SeqCst),
                "another job ran inside search {depth}"
            );
        }
    });
    assert!(other_job_ran.load(Ordering::SeqCst));
}

#[test]
fn limits_are_respected() {
    let engine = engine(1);
    let game = Game::default();
    let result = engine.search(&game, SearchLimit::Depth(5), |_| {});
    assert_eq!(result.depth, 5);
    let mut infos = Vec::new();
    engine.search(&game, SearchLimit::Depth(4), |info| infos.push(info.depth));
    assert_eq!(infos, vec![1, 2, 3, 4]);
    // A node limit is exact with one thread (checked at every node).
    let result = engine.search(&game, SearchLimit::Nodes(5_000), |_| {});
    assert!((5_000..5_100).contains(&result.nodes), "{}", result.nodes);
    // A move time stops the search (loosely: well within a generous bound).
    let result = engine.search(
        &game,
        SearchLimit::MoveTime(Duration::from_millis(30)),
        |_| {},
    );
    assert!(result.time < Duration::from_secs(3), "{:?}", result.time);
    assert!(result.best_move.is_some());
}

/// Whether the side to move can force a win (the opponent left without a legal move) within
/// `plies` plies: the exhaustive reference, no pruning, no heuristics.
fn wins_within(position: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    position.legal_moves().iter().any(|mv| {
        let child = position.play_unchecked(mv);
        let replies = child.legal_moves();
        replies.is_empty()
            || (plies >= 3
                && replies
                    .iter()
                    .all(|reply| wins_within(&child.play_unchecked(reply), plies - 2)))
    })
}

/// Random small endings: White with kings (and maybe a man), Black with men only (men moves are
/// irreversible, so no repetition can blur the comparison with the reference).
fn random_ending(rng: &mut Rng) -> Option<Position> {
    let mut used = Bitboard::EMPTY;
    let mut place = |rng: &mut Rng, forbidden: Bitboard| loop {
        let square = Square::ALL[rng.below(32)];
        if !used.contains(square) && !forbidden.contains(square) {
            used = used.with(square);
            return square;
        }
    };
    let mut white = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    let mut black = Bitboard::EMPTY;
    for _ in 0..1 + rng.below(2) {
        let s = place(rng, Bitboard::EMPTY);
        white = white.with(s);
        kings = kings.with(s);
    }
    for _ in 0..rng.below(2) {
        white = white.with(place(rng, Bitboard::RANK_8));
    }
    for _ in 0..1 + rng.below(3) {
        black = black.with(place(rng, Bitboard::RANK_1));
    }
    let position = Position::new(white, black, kings, Color::White).ok()?;
    (!position.legal_moves().is_empty()).then_some(position)
}

#[test]
fn forced_wins_are_found_at_their_true_distance() {
    forced_wins_at_their_true_distance(&engine(1), true);
    // Aggressive pruning may skip the quickest win at a shallow iteration and then stop at a
    // longer one (a found win ends the iterations), but every win it claims must be real.
    forced_wins_at_their_true_distance(&selective_engine(), false);
}

/// Searches random endings with a short forced win: the claimed distance must be the shortest
/// (`exact`) or at least a real win within that many plies, and the move played must win.
fn forced_wins_at_their_true_distance(engine: &Engine, exact: bool) {
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    let mut wins = 0;
    for _ in 0..120 {
        let Some(position) = random_ending(&mut rng) else {
            continue;
        };
        let shortest = [1, 3, 5].into_iter().find(|&n| wins_within(&position, n));
        engine.new_game();
        let result = engine.search_position(&position, &[], SearchLimit::Depth(10), |_| {});
        let found = result
            .score
            .plies_to_end()
            .filter(|_| result.score.is_win());
        match shortest {
            Some(n) => {
                wins += 1;
                let claimed = found.unwrap_or_else(|| panic!("{position:?}: win missed"));
                if exact {
                    assert_eq!(claimed, n as i32, "{position:?}");
                } else {
                    assert!(claimed >= n as i32, "{position:?}: {claimed} < {n}");
                }
                // The move played really wins that fast.
                let after = position.play_unchecked(&result.best_move.unwrap());
                let replies = after.legal_moves();
                let within = claimed as u32;
                assert!(
                    replies.is_empty()
                        || replies
                            .iter()
                            .all(|r| wins_within(&after.play_unchecked(r), within - 2)),
                    "{position:?}"
                );
            }
            None => assert!(found.is_none_or(|p| p > 5), "{position:?}: {found:?}"),
        }
    }
    assert!(wins >= 5, "only {wins} positions with a short forced win");
}

#[test]
fn finds_a_forced_capture_combination() {
    // e3-d4 gives a man: Black must take c5:e3 (e5 cannot, c3 is occupied; g1 stops the capture
    // from going on over f2), and f2:d4:f6 takes two back. Every other move keeps material level.
    let position: Position = "W:Wc3,e3,f2,g1:Bc5,e5,a7,h6".parse().unwrap();
    let mut promotes = false;
    let now = reference_gain(&position, 0, &mut promotes);
    let sacrifice = position.parse_move("e3-d4").unwrap();
    assert_eq!(
        -reference_gain(&position.play_unchecked(&sacrifice), 2, &mut promotes) - now,
        100
    );
    for (depth, engine) in [3, 5, 8]
        .into_iter()
        .flat_map(|d| [(d, engine(1)), (d, selective_engine())])
    {
        let result = engine.search_position(&position, &[], SearchLimit::Depth(depth), |_| {});
        assert_eq!(result.best_move, Some(sacrifice), "depth {depth}");
        assert!(
            result.score.value() >= 100,
            "depth {depth}: {}",
            result.score
        );
    }
}

/// Material (man 100, king 250) for the side to move after `plies` plies of exhaustive minimax,
/// continued while captures are pending (the exhaustive reference); sets `promotes` if any move
/// of the tree crowns a man.
fn reference_gain(position: &Position, plies: u32, promotes: &mut bool) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return -10_000;
    }
    if plies == 0 && !moves[0].is_capture() {
        let us = position.side_to_move();
        let them = us.opposite();
        let value = |c: Color| {
            100 * position.men(c).count() as i32 + 250 * position.kings(c).count() as i32
        };
        return value(us) - value(them);
    }
    let mut best = i32::MIN;
    for mv in &moves {
        *promotes |= mv.promotes();
        best = best.max(-reference_gain(
            &position.play_unchecked(mv),
            plies.saturating_sub(1),
            promotes,
        ));
    }
    best
}

#[test]
fn an_impossible_hash_size_is_an_error_not_an_abort() {
    let error = Engine::try_new(EngineConfig {
        hash_mb: usize::MAX,
        ..EngineConfig::default()
    })
    .expect_err("no machine has usize::MAX megabytes");
    assert_eq!(error.megabytes, usize::MAX);
    assert!(error.to_string().contains("MB"), "{error}");
    let engine = Engine::try_new(EngineConfig {
        hash_mb: 1,
        ..EngineConfig::default()
    })
    .expect("1 MB is always there");
    let result = engine.search(&Game::default(), SearchLimit::Depth(2), |_| {});
    assert!(result.best_move.is_some());
}
