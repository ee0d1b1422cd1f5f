//! Why the padded 36-bit layout: the same man-move work (count quiet moves, find the men that must
//! capture) on the padded layout, where a step is one shift and one mask, and on the dense 32-bit
//! layout (bit = square number − 1), where a step depends on the row's parity and needs two masked
//! shifts. Both implementations are checked against each other before timing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::{Color, Direction, Position};
use shashki_benches::movegen_positions;

/// Men and empty squares of one position in the two layouts.
struct Sample {
    white_to_move: bool,
    padded: [u64; 3],
    dense: [u32; 3],
}

fn to_dense(bits: shashki::Bitboard) -> u32 {
    bits.into_iter()
        .fold(0, |acc, square| acc | 1 << (square.number() - 1))
}

fn sample(position: &Position) -> Sample {
    let us = position.side_to_move();
    let men = position.men(us);
    let enemies = position.pieces(us.opposite());
    let empty = position.empty_squares();
    Sample {
        white_to_move: us == Color::White,
        padded: [men.0, enemies.0, empty.0],
        dense: [to_dense(men), to_dense(enemies), to_dense(empty)],
    }
}

mod padded {
    use super::Direction;
    use shashki::Bitboard;

    pub fn work(white: bool, men: u64, enemies: u64, empty: u64) -> (u32, u32) {
        let (men, enemies, empty) = (Bitboard(men), Bitboard(enemies), Bitboard(empty));
        let forward = if white {
            [Direction::NorthEast, Direction::NorthWest]
        } else {
            [Direction::SouthEast, Direction::SouthWest]
        };
        let quiet: u32 = forward.iter().map(|&d| (men.step(d) & empty).count()).sum();
        let mut capturers = Bitboard::EMPTY;
        for d in Direction::ALL {
            let back = d.reverse();
            capturers |= ((empty.step(back) & enemies).step(back)) & men;
        }
        (quiet, capturers.count())
    }
}

mod dense {
    const EVEN_ROWS: u32 = 0x0F0F_0F0F;
    const ODD_ROWS: u32 = 0xF0F0_F0F0;
    const FIRST_IN_ROW: u32 = 0x1111_1111;
    const LAST_IN_ROW: u32 = 0x8888_8888;

    // Rows count from rank 8 (row 0); "up" is towards rank 8.
    fn up_left(b: u32) -> u32 {
        ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) >> 5)
    }
    fn up_right(b: u32) -> u32 {
        ((b & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((b & ODD_ROWS) >> 4)
    }
    fn down_left(b: u32) -> u32 {
        ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_IN_ROW) << 3)
    }
    fn down_right(b: u32) -> u32 {
        ((b & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((b & ODD_ROWS) << 4)
    }

    pub fn work(white: bool, men: u32, enemies: u32, empty: u32) -> (u32, u32) {
        let quiet = if white {
            (up_left(men) & empty).count_ones() + (up_right(men) & empty).count_ones()
        } else {
            (down_left(men) & empty).count_ones() + (down_right(men) & empty).count_ones()
        };
        // For each capture direction, the step that goes back against it.
        let backs: [fn(u32) -> u32; 4] = [down_right, down_left, up_right, up_left];
        let mut capturers = 0;
        for back in backs {
            capturers |= back(back(empty) & enemies) & men;
        }
        (quiet, capturers.count_ones())
    }
}

fn layout_benches(c: &mut Criterion) {
    // Many positions from short random-ish walks, so the work is not dominated by one position.
    let mut positions = Vec::new();
    for base in movegen_positions().into_iter().chain([Position::start()]) {
        let mut position = base;
        for i in 0..40 {
            positions.push(position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(&moves[(i * 7) % moves.len()]);
        }
    }
    let samples: Vec<Sample> = positions.iter().map(sample).collect();
    for s in &samples {
        let [m, e, x] = s.padded;
        let [dm, de, dx] = s.dense;
        assert_eq!(
            padded::work(s.white_to_move, m, e, x),
            dense::work(s.white_to_move, dm, de, dx)
        );
    }
    let mut group = c.benchmark_group("layout");
    group.bench_function("padded_36", |b| {
        b.iter(|| {
            let mut acc = 0;
            for s in black_box(&samples) {
                let (q, k) = padded::work(s.white_to_move, s.padded[0], s.padded[1], s.padded[2]);
                acc += q + k;
            }
            acc
        });
    });
    group.bench_function("dense_32", |b| {
        b.iter(|| {
            let mut acc = 0;
            for s in black_box(&samples) {
                let (q, k) = dense::work(s.white_to_move, s.dense[0], s.dense[1], s.dense[2]);
                acc += q + k;
            }
            acc
        });
    });
    group.finish();
}

criterion_group!(benches, layout_benches);
criterion_main!(benches);
