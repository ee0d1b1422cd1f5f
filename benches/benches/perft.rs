//! Perft and move generation: the hot paths of the rules core.
//!
//! Every benchmark asserts the node count it measures, so a faster but wrong generator fails here.
//! Groups:
//! - `perft`: perft(9) and perft(10) from the start, single-threaded and parallel, and perft(11)
//!   with the subtree hash table (the target: ≤ 0.35 s on one thread).
//! - `make`: copy-make (`Position::play`) against make/unmake in place, same perft(8) tree.
//! - `movegen`: generating and counting the moves of middle-game and king-endgame positions, and
//!   `has_capture` (asked at every search node, and for the opponent at quiescence nodes) on the
//!   same positions with either side to move.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::perft::{self, PerftTable};
use shashki::{MoveIdentity, MoveList, Position};
use shashki_benches::movegen_positions;

fn perft_benches(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("start_d9_1thread", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&start), 9), 4_570_586));
    });
    group.bench_function("start_d10_1thread", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&start), 10), 22_444_032));
    });
    group.bench_function("start_d9_parallel", |b| {
        b.iter(|| {
            let n = perft::perft_parallel(black_box(&start), 9, MoveIdentity::Outcome);
            assert_eq!(n, 4_570_586);
        });
    });
    group.bench_function("start_d10_parallel", |b| {
        b.iter(|| {
            let n = perft::perft_parallel(black_box(&start), 10, MoveIdentity::Outcome);
            assert_eq!(n, 22_444_032);
        });
    });
    group.bench_function("start_d11_hashed_16mb_1thread", |b| {
        b.iter(|| {
            let table = PerftTable::new(16);
            let n = perft::perft_hashed(black_box(&start), 11, MoveIdentity::Outcome, &table);
            assert_eq!(n, 110_917_189);
        });
    });
    group.finish();
}

fn perft_make_unmake(position: &mut Position, depth: u32) -> u64 {
    if depth == 1 {
        return position.count_legal_moves() as u64;
    }
    let moves = position.legal_moves();
    let mut total = 0;
    for mv in &moves {
        let undo = position.make(mv);
        total += perft_make_unmake(position, depth - 1);
        position.unmake(mv, undo);
    }
    total
}

fn make_benches(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("make");
    group.sample_size(20);
    group.bench_function("copy_make_d8", |b| {
        b.iter(|| assert_eq!(perft::perft(black_box(&start), 8), 929_899));
    });
    group.bench_function("make_unmake_d8", |b| {
        b.iter(|| {
            let mut position = *black_box(&start);
            assert_eq!(perft_make_unmake(&mut position, 8), 929_899);
        });
    });
    group.finish();
}

fn movegen_benches(c: &mut Criterion) {
    let positions = movegen_positions();
    let expected: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let mut group = c.benchmark_group("movegen");
    group.bench_function("generate", |b| {
        b.iter(|| {
            let mut total = 0;
            for position in black_box(&positions) {
                let moves: MoveList = position.legal_moves();
                total += moves.len();
            }
            assert_eq!(total, expected);
        });
    });
    group.bench_function("count", |b| {
        b.iter(|| {
            let total: usize = black_box(&positions)
                .iter()
                .map(Position::count_legal_moves)
                .sum();
            assert_eq!(total, expected);
        });
    });
    // Both sides to move: the search also asks whether the side not to move threatens a capture.
    let both_sides: Vec<Position> = positions
        .iter()
        .flat_map(|p| [*p, p.with_side_to_move(p.side_to_move().opposite())])
        .collect();
    let capturing = both_sides
        .iter()
        .filter(|p| p.legal_moves().first().is_some_and(|m| m.is_capture()))
        .count();
    group.bench_function("has_capture", |b| {
        b.iter(|| {
            let n = black_box(&both_sides)
                .iter()
                .filter(|p| p.has_capture())
                .count();
            assert_eq!(n, capturing);
        });
    });
    group.finish();
}

criterion_group!(benches, perft_benches, make_benches, movegen_benches);
criterion_main!(benches);
