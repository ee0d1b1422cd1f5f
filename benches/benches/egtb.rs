//! Endgame tablebases: building them and probing them.
//!
//! Groups:
//! - `egtb_build`: every table up to 3 and up to 4 pieces, in memory, on rayon's default pool
//!   (target for ≤ 4 pieces: seconds). Each run asserts that every table was built.
//! - `egtb_probe`: the latency of one probe (index computation + table read) over a fixed
//!   sample of 4-piece positions of every colour and side to move, and of `best_move`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::Position;
use shashki::egtb::build::{BuildOptions, build};
use shashki::egtb::{Material, Tablebases};

fn build_up_to(pieces: u32) -> Tablebases {
    build(
        BuildOptions {
            max_pieces: pieces,
            ..BuildOptions::default()
        },
        &|_| {},
    )
    .expect("build")
}

fn build_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("egtb_build");
    group.sample_size(10);
    for pieces in [3, 4] {
        group.bench_function(format!("up_to_{pieces}_pieces"), |b| {
            b.iter(|| {
                let tables = build_up_to(black_box(pieces));
                assert_eq!(tables.max_pieces(), pieces);
                assert_eq!(tables.materials().len(), Material::all_up_to(pieces).len());
            });
        });
    }
    group.finish();
}

/// A fixed pseudo-random sample of positions of the tables (SplitMix64 over the index space).
fn sample(tables: &Tablebases, count: usize) -> Vec<Position> {
    let materials: Vec<Material> = tables
        .materials()
        .into_iter()
        .filter(|m| m.pieces() == 4)
        .collect();
    let mut state = 0x5EED_u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let material = materials[(next() % materials.len() as u64) as usize];
        let table = tables.table(material).expect("listed");
        if let Some(position) = table.indexer().position(next() % table.len()) {
            out.push(if next() % 2 == 0 {
                position
            } else {
                position.flipped()
            });
        }
    }
    out
}

fn probe_benches(c: &mut Criterion) {
    let tables = build_up_to(4);
    let positions = sample(&tables, 1024);
    let mut group = c.benchmark_group("egtb_probe");
    group.bench_function("probe_1024_positions", |b| {
        b.iter(|| {
            let mut found = 0;
            for position in &positions {
                found += usize::from(tables.probe(black_box(position)).is_some());
            }
            assert_eq!(found, positions.len());
        });
    });
    group.bench_function("best_move_64_positions", |b| {
        b.iter(|| {
            for position in &positions[..64] {
                black_box(tables.best_move(black_box(position)));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, build_benches, probe_benches);
criterion_main!(benches);
