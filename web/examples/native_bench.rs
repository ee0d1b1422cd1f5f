//! The native side of the package's benchmark (`web/package/bench/bench.mjs`): the searches of
//! `web/tests/fixed-depth.json`, each `extra` plies deeper, with the package's engine
//! configuration; prints one JSON line per search (`{"fen", "depth", "nodes", "ms"}`).
//!
//! `cargo run --release -p shashki-web --example native_bench -- [extra]`

use shashki::{Engine, Game, SearchLimit};

fn main() {
    let extra: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../tests/fixed-depth.json")).expect("fixture JSON");
    let hash_mb = fixture["hashMb"].as_u64().unwrap_or(16) as usize;
    for search in fixture["searches"].as_array().into_iter().flatten() {
        let (Some(fen), Some(depth)) = (search["fen"].as_str(), search["depth"].as_u64()) else {
            continue;
        };
        let depth = depth as u32 + extra;
        let engine = Engine::new(shashki_web::engine_config(hash_mb, false));
        let Ok(game) = Game::from_fen(fen) else {
            continue;
        };
        let result = engine.search(&game, SearchLimit::Depth(depth), |_| {});
        let line = serde_json::json!({
            "fen": fen,
            "depth": depth,
            "nodes": result.nodes,
            "ms": result.time.as_secs_f64() * 1000.0,
        });
        println!("{line}");
    }
}
