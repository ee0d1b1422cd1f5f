//! The transposition table: the lock-free [`AtomicTable`] (the default) against the
//! `ahash::AHashMap`-backed [`MapTable`], running the same fixed-depth searches; and the atomic
//! table with its cache prefetch hint switched off ([`NoPrefetch`]), which is what justifies the
//! prefetch's `unsafe` block (`engine/src/search/tt.rs`).
//!
//! Both tables see exactly the same searches; the node counts differ only through replacement
//! (a full map drops new entries where the atomic table evicts shallow/old ones). Two groups:
//! - `tt`: each iteration builds a fresh engine (16 MB table) and searches four positions to
//!   depth 11 (a small tree: the table stays in the caches);
//! - `tt_deep`: a search from the start to depth 17 (about 7.7 M nodes) on a 64 MB table cleared
//!   before each iteration (not timed), at 1 and 2 threads: the table is larger than the caches,
//!   and with two threads the map's locks are shared.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shashki::TtEntry;
use shashki::{AtomicTable, Engine, MapTable, Table, TableAllocError};
use shashki::{EngineConfig, Position, SearchLimit};

const POSITIONS: [&str; 4] = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:Wa1,c3,e3,g3,b4,c1,e1,g1,d2,f2,h2,a3:Ba5,b6,d6,f6,h6,c7,e7,g7,b8,d8,f8,h8",
    "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
    "B:W17,18,21,22,24,25,26,28,29,31:B1,2,4,6,7,9,10,11,13,15",
];

/// The default table without the prefetch hint (the trait's default `prefetch` does nothing).
struct NoPrefetch(AtomicTable);

impl Table for NoPrefetch {
    fn try_with_size_mb(megabytes: usize) -> Result<NoPrefetch, TableAllocError> {
        AtomicTable::try_with_size_mb(megabytes).map(NoPrefetch)
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        self.0.probe(key)
    }

    fn store(&self, key: u64, entry: TtEntry) {
        self.0.store(key, entry);
    }

    fn new_search(&self) {
        self.0.new_search();
    }

    fn age(&self) -> u8 {
        self.0.age()
    }

    fn clear(&self) {
        self.0.clear();
    }
}

fn searches<T: Table>(depth: u32) -> u64 {
    let engine: Engine<T> = Engine::with_table(EngineConfig {
        hash_mb: 16,
        ..EngineConfig::default()
    });
    POSITIONS
        .iter()
        .map(|fen| {
            let position: Position = fen.parse().expect("bench FEN");
            engine.new_game();
            let result = engine.search_position(&position, &[], SearchLimit::Depth(depth), |_| {});
            assert!(result.best_move.is_some());
            result.nodes
        })
        .sum()
}

fn tt_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tt");
    group.sample_size(10);
    group.bench_function("atomic_d11", |b| {
        b.iter(|| black_box(searches::<AtomicTable>(11)))
    });
    group.bench_function("ahashmap_d11", |b| {
        b.iter(|| black_box(searches::<MapTable>(11)))
    });
    group.bench_function("atomic_no_prefetch_d11", |b| {
        b.iter(|| black_box(searches::<NoPrefetch>(11)))
    });
    group.finish();
    println!(
        "nodes: atomic {} ahashmap {} atomic without prefetch {}",
        searches::<AtomicTable>(11),
        searches::<MapTable>(11),
        searches::<NoPrefetch>(11)
    );
}

/// One engine with a 64 MB table of type `T` and `threads` threads.
fn deep_engine<T: Table>(threads: usize) -> Engine<T> {
    Engine::with_table(EngineConfig {
        hash_mb: 64,
        threads,
        ..EngineConfig::default()
    })
}

/// A search from the start to `depth` on the engine's table as it is; its node count.
fn deep_search<T: Table>(engine: &Engine<T>, depth: u32) -> u64 {
    let result = engine.search_position(&Position::start(), &[], SearchLimit::Depth(depth), |_| {});
    assert!(result.best_move.is_some());
    result.nodes
}

fn deep_benches_for<T: Table>(c: &mut Criterion, name: &str) {
    const DEPTH: u32 = 17;
    let mut group = c.benchmark_group("tt_deep");
    group.sample_size(10);
    for threads in [1, 2] {
        let engine = deep_engine::<T>(threads);
        let nodes = deep_search(&engine, DEPTH);
        println!("{name}, start position, depth {DEPTH}, {threads} thread(s): {nodes} nodes");
        group.bench_function(format!("{name}_start_d{DEPTH}_{threads}thread"), |b| {
            b.iter_batched(
                || engine.new_game(),
                |()| black_box(deep_search(&engine, DEPTH)),
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

fn tt_deep_benches(c: &mut Criterion) {
    deep_benches_for::<AtomicTable>(c, "atomic");
    deep_benches_for::<MapTable>(c, "ahashmap");
}

criterion_group!(benches, tt_benches, tt_deep_benches);
criterion_main!(benches);
