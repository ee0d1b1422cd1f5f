//! The cost of the draw-rule counters the search carries per node: `DrawState::after` (classify
//! the material, decide the reset) and `DrawState::draw_rule`, over the moves of positions from
//! random play with kings on the board (where the counters are live), compared with the
//! copy-make `Position::play` they accompany.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::{DrawState, Game, GameStatus, Move, Position};

/// (position, move, position after) triples from self-play with a fixed pseudo-random choice.
fn samples() -> Vec<(Position, Move, Position)> {
    let mut samples = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for start in [
        "W:WK30,K32,21,24:BK4,5,7,2",
        "W:WK22:BK28,5,6",
        "W:W21-32:B1-12",
    ] {
        for _ in 0..40 {
            let mut game = Game::from_fen(start).expect("valid FEN");
            while game.status() == GameStatus::Ongoing && game.moves().len() < 60 {
                let moves = game.position().legal_moves();
                let mv = moves[(next() % moves.len() as u64) as usize];
                let before = *game.position();
                samples.push((before, mv, before.play_unchecked(&mv)));
                let _ = game.play(mv);
            }
        }
    }
    samples
}

fn draw_counters(c: &mut Criterion) {
    let samples = samples();
    let mut group = c.benchmark_group("draw");
    group.bench_function(format!("after+draw_rule x{}", samples.len()), |b| {
        b.iter(|| {
            let mut state = DrawState::new();
            let mut draws = 0u32;
            for (before, mv, after) in &samples {
                state = black_box(state).after(before, mv, after);
                draws += u32::from(state.draw_rule(after).is_some());
            }
            black_box(draws)
        });
    });
    group.bench_function(format!("play x{}", samples.len()), |b| {
        b.iter(|| {
            let mut total = 0u32;
            for (before, mv, _) in &samples {
                total += black_box(before).play_unchecked(mv).piece_count();
            }
            black_box(total)
        });
    });
    group.finish();
}

criterion_group!(benches, draw_counters);
criterion_main!(benches);
