//! The cost of the static evaluation the search calls at its leaves: `Evaluator::evaluate` with
//! the default weights and pattern tables, its linear terms alone (`EvalParams::LINEAR`, no
//! tables), and the pattern score alone, over a fixed set of quiet positions from pseudo-random
//! games (openings, middle games and endings, with and without kings, both sides to move).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::Position;
use shashki::eval::{self, EvalParams, Evaluator, PatternTables};

/// Number of positions evaluated per iteration.
const POSITIONS: usize = 4096;

/// Quiet positions (no capture pending: the search evaluates only those) from games with a fixed
/// pseudo-random choice of moves.
fn positions() -> Vec<Position> {
    let mut out = Vec::with_capacity(POSITIONS);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    while out.len() < POSITIONS {
        let mut position = Position::start();
        for _ in 0..150 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !position.has_capture() && out.len() < POSITIONS {
                out.push(position);
            }
            position = position.play_unchecked(&moves[(next() % moves.len() as u64) as usize]);
        }
    }
    out
}

fn evaluation(c: &mut Criterion) {
    let positions = positions();
    let kings = positions
        .iter()
        .filter(|p| {
            !p.kings(shashki::Color::White).is_empty() || !p.kings(shashki::Color::Black).is_empty()
        })
        .count();
    let default = Evaluator::new(&EvalParams::DEFAULT);
    let linear = Evaluator::new(&EvalParams::LINEAR);
    let tables = PatternTables::builtin();
    // The search's path must give what the tuner's (feature vector and dot product) gives.
    for position in &positions {
        let expected = eval::scale(
            &EvalParams::DEFAULT,
            position,
            eval::dot(&EvalParams::DEFAULT, &eval::features(position)) + tables.score(position),
        ) * position.side_to_move().sign();
        assert_eq!(default.evaluate(position), expected, "{position}");
    }
    let mut group = c.benchmark_group("eval");
    let name = |what: &str| format!("{what} x{} ({kings} with kings)", positions.len());
    group.bench_function(name("evaluate default"), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| default.evaluate(black_box(p)))
                .fold(0i32, i32::wrapping_add)
        });
    });
    group.bench_function(name("evaluate linear"), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| linear.evaluate(black_box(p)))
                .fold(0i32, i32::wrapping_add)
        });
    });
    group.bench_function(name("pattern score"), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| tables.score(black_box(p)))
                .fold(0i32, i32::wrapping_add)
        });
    });
    group.finish();
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
