//! Endgame tablebases: building them, probing them, and what they cost or give the search.
//!
//! Groups:
//! - `egtb_build`: every table up to 3 and up to 4 pieces, in memory, on rayon's default pool
//!   (target for ≤ 4 pieces: seconds). Each run asserts that every table was built.
//! - `egtb_probe`: probes of the set opened from files (memory-mapped, zstd blocks decoded on
//!   demand into the bounded block cache): `open_set` (opening the directory: instant),
//!   `cold_probe_256` (256 positions of distinct blocks on a freshly opened set: every probe
//!   decodes its block; the OS page cache is warm), `warm_probe_256` (the same positions again:
//!   every block cached), and `best_move_64`.
//! - `egtb_wdl_probe`: the same 256 positions probed in the win/draw/loss tables derived from
//!   the set (`SHASHKI_BENCH_WDL` if set, else derived into a temporary directory first):
//!   `open_set` (every file read whole), `cold_probe_256` (a freshly opened set: each probe
//!   decodes its block, and a position with a capture probes its children), `warm_probe_256`.
//! - `egtb_search`: the search's nodes per second to a fixed depth on endgame positions of 6 to 8
//!   pieces, with the tables and without (throughput in nodes: criterion prints nodes/s).
//!
//! The tables come from `SHASHKI_BENCH_TABLEBASES` (a directory, e.g. the 5-piece set) if set,
//! else the tables up to 4 pieces are built into a temporary directory first.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shashki::egtb::{BuildOptions, build, build_dir};
use shashki::egtb::{Material, Tablebases, WdlTables};
use shashki::{Engine, EngineConfig, Position, SearchLimit};

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

/// The directory of the tables to probe (see the module documentation).
fn table_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SHASHKI_BENCH_TABLEBASES") {
        return PathBuf::from(dir);
    }
    let dir = std::env::temp_dir().join(format!("shashki-bench-egtb-{}", std::process::id()));
    build_dir(
        &dir,
        BuildOptions {
            max_pieces: 4,
            ..BuildOptions::default()
        },
        &|_| {},
    )
    .expect("build");
    dir
}

/// A fixed pseudo-random sample of positions of the largest tables (SplitMix64 over the index
/// space), at most one per block so that a cold probe always decodes a block.
fn sample(tables: &Tablebases, count: usize) -> Vec<Position> {
    let largest = tables.max_pieces();
    let materials: Vec<Material> = tables
        .materials()
        .into_iter()
        .filter(|m| m.pieces() == largest)
        .collect();
    let mut state = 0x5EED_u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut blocks = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let material = materials[(next() % materials.len() as u64) as usize];
        let index = next() % shashki::egtb::slot_count(material);
        if !blocks.insert((material, index / u64::from(shashki::egtb::BLOCK_ENTRIES))) {
            continue;
        }
        if let Some(position) = shashki::egtb::slot_position(material, index) {
            out.push(if next() % 2 == 0 {
                position
            } else {
                position.flipped()
            });
        }
    }
    out
}

fn probe_all(tables: &Tablebases, positions: &[Position]) {
    let mut found = 0;
    for position in positions {
        found += usize::from(tables.probe(black_box(position)).is_some());
    }
    assert_eq!(found, positions.len());
}

fn probe_benches(c: &mut Criterion) {
    let dir = table_dir();
    let tables = Tablebases::open(&dir);
    assert!(
        tables.max_pieces() >= 4,
        "{}: {:?}",
        dir.display(),
        tables.problems()
    );
    let positions = sample(&tables, 256);
    println!(
        "probing {} ({} tables, up to {} pieces)",
        dir.display(),
        tables.materials().len(),
        tables.max_pieces()
    );
    let mut group = c.benchmark_group("egtb_probe");
    group.bench_function("open_set", |b| {
        b.iter(|| black_box(Tablebases::open(&dir)));
    });
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    group.bench_function("cold_probe_256", |b| {
        b.iter_batched(
            || Tablebases::open(&dir),
            |fresh| probe_all(&fresh, &positions),
            BatchSize::PerIteration,
        );
    });
    probe_all(&tables, &positions);
    group.bench_function("warm_probe_256", |b| {
        b.iter(|| probe_all(&tables, &positions));
    });
    group.throughput(criterion::Throughput::Elements(64));
    group.bench_function("best_move_64", |b| {
        b.iter(|| {
            for position in &positions[..64] {
                black_box(tables.best_move(black_box(position)));
            }
        });
    });
    group.finish();
}

/// The directory of the WDL tables of `dir` (see the module documentation).
fn wdl_dir(dir: &std::path::Path) -> PathBuf {
    if let Some(wdl) = std::env::var_os("SHASHKI_BENCH_WDL") {
        return PathBuf::from(wdl);
    }
    let wdl = std::env::temp_dir().join(format!("shashki-bench-wdl-{}", std::process::id()));
    shashki::egtb::derive_wdl_dir(dir, &wdl, &|_, _| {}).expect("derive");
    wdl
}

fn wdl_probe_all(tables: &WdlTables, positions: &[Position]) {
    let mut found = 0;
    for position in positions {
        found += usize::from(tables.probe(black_box(position)).is_some());
    }
    assert_eq!(found, positions.len());
}

fn wdl_probe_benches(c: &mut Criterion) {
    let dir = table_dir();
    let full = Tablebases::open(&dir);
    let positions = sample(&full, 256);
    let wdl = wdl_dir(&dir);
    let tables = WdlTables::open(&wdl);
    assert!(tables.problems().is_empty(), "{:?}", tables.problems());
    println!(
        "probing the WDL tables of {} ({} tables, {} bytes)",
        wdl.display(),
        tables.materials().len(),
        tables.stored_bytes()
    );
    let mut group = c.benchmark_group("egtb_wdl_probe");
    group.bench_function("open_set", |b| {
        b.iter(|| black_box(WdlTables::open(&wdl)));
    });
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    group.bench_function("cold_probe_256", |b| {
        b.iter_batched(
            || WdlTables::open(&wdl),
            |fresh| wdl_probe_all(&fresh, &positions),
            BatchSize::PerIteration,
        );
    });
    wdl_probe_all(&tables, &positions);
    group.bench_function("warm_probe_256", |b| {
        b.iter(|| wdl_probe_all(&tables, &positions));
    });
    group.finish();
}

/// Endgames of 6 to 8 pieces whose searches reach into the tables.
const ENDGAMES: [&str; 4] = [
    "W:WK29,21,22:B5,6,K31",
    "W:W21,22,23,Kc1:B5,6,7",
    "W:W18,22,25,26:B7,11,12,16",
    "W:WK1,19,23:B10,14,K32",
];

fn search_benches(c: &mut Criterion) {
    let tables = Arc::new(Tablebases::open(&table_dir()));
    let depth = 12;
    let mut group = c.benchmark_group("egtb_search");
    group.sample_size(10);
    for (label, tablebases) in [("without", None), ("with", Some(Arc::clone(&tables)))] {
        let engine = Engine::new(EngineConfig {
            hash_mb: 16,
            threads: 1,
            tablebases,
            ..EngineConfig::default()
        });
        let positions: Vec<Position> = ENDGAMES
            .iter()
            .map(|fen| Position::from_fen(fen).expect("bench FEN"))
            .collect();
        let run = || -> u64 {
            positions
                .iter()
                .map(|p| {
                    engine.new_game();
                    engine
                        .search_position(p, &[], SearchLimit::Depth(depth), |_| {})
                        .nodes
                })
                .sum()
        };
        let nodes = run();
        println!("endgames to depth {depth}, {label} tables: {nodes} nodes");
        group.throughput(criterion::Throughput::Elements(nodes));
        group.bench_function(format!("endgames_d{depth}_{label}_tables"), |b| {
            b.iter(|| black_box(run()));
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    build_benches,
    probe_benches,
    wdl_probe_benches,
    search_benches
);
criterion_main!(benches);
