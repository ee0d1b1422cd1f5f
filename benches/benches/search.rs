//! Search speed: nodes per second and time to depth from the start position, at 1 and 2
//! threads (Lazy SMP), plus the `shashki bench` position set at one thread.
//!
//! Nodes are counted honestly: every position the search visits, quiescence included. With two
//! threads the node count is the sum of both threads; "time to depth" is the measured time of
//! the whole `Depth(d)` search (the main thread's iterations decide when it ends).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use shashki::{Engine, EngineConfig, Position, SearchLimit};

fn search(threads: usize, depth: u32) -> u64 {
    let engine = Engine::new(EngineConfig {
        hash_mb: 64,
        threads,
        ..EngineConfig::default()
    });
    let result = engine.search_position(&Position::start(), &[], SearchLimit::Depth(depth), |_| {});
    assert!(result.best_move.is_some());
    result.nodes
}

fn search_benches(c: &mut Criterion) {
    let depth = 15;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for threads in [1, 2] {
        let nodes = search(threads, depth);
        println!("start position, depth {depth}, {threads} thread(s): {nodes} nodes");
        group.throughput(criterion::Throughput::Elements(nodes));
        group.bench_function(format!("start_d{depth}_{threads}thread"), |b| {
            b.iter(|| black_box(search(threads, depth)));
        });
    }
    group.finish();
}

criterion_group!(benches, search_benches);
criterion_main!(benches);
