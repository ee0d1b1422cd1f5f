//! Search speed: nodes per second and time to depth from the start position, at 1 and 2
//! threads (Lazy SMP). (`shashki bench` times the fixed position set at one thread.)
//!
//! Nodes are counted honestly: every position the search visits, quiescence included. With two
//! threads the node count is the sum of both threads; "time to depth" is the measured time of
//! the whole `Depth(d)` search, on a table cleared before each run (not timed).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use shashki::{Engine, EngineConfig, Position, SearchLimit};

/// An engine with a 64 MB table and `threads` threads. Made once per benchmark: allocating and
/// first touching 64 MB costs a few hundred milliseconds on this VM, which is not search time.
fn engine(threads: usize) -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 64,
        threads,
        ..EngineConfig::default()
    })
}

/// One search from the start on a cleared table; its node count.
fn search(engine: &Engine, depth: u32) -> u64 {
    let result = engine.search_position(&Position::start(), &[], SearchLimit::Depth(depth), |_| {});
    assert!(result.best_move.is_some());
    result.nodes
}

fn search_benches(c: &mut Criterion) {
    let depth = 15;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for threads in [1, 2] {
        let engine = engine(threads);
        let nodes = search(&engine, depth);
        println!("start position, depth {depth}, {threads} thread(s): {nodes} nodes");
        group.throughput(criterion::Throughput::Elements(nodes));
        group.bench_function(format!("start_d{depth}_{threads}thread"), |b| {
            b.iter_batched(
                || engine.new_game(),
                |()| black_box(search(&engine, depth)),
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, search_benches);
criterion_main!(benches);
