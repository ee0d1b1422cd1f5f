//! The package's fixed-depth searches natively: the node counts its WebAssembly build must
//! reproduce under node (`web/package/test/engine.test.mjs` reads the same file).

use shashki::{Engine, Game, SearchLimit};

#[test]
fn fixed_depth_searches_visit_the_pinned_node_counts() {
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("fixed-depth.json")).expect("fixture JSON");
    let hash_mb = fixture["hashMb"].as_u64().expect("hashMb") as usize;
    let mut found = Vec::new();
    for search in fixture["searches"].as_array().expect("searches") {
        let fen = search["fen"].as_str().expect("fen");
        let depth = search["depth"].as_u64().expect("depth") as u32;
        let engine = Engine::new(shashki_web::engine_config(hash_mb, false));
        let game = Game::from_fen(fen).expect("fixture FEN");
        let result = engine.search(&game, SearchLimit::Depth(depth), |_| {});
        assert!(game.position().is_legal(&result.best_move.expect("a move")));
        found.push((fen.to_string(), result.nodes, search["nodes"].as_u64()));
    }
    for (fen, nodes, pinned) in &found {
        assert_eq!(Some(*nodes), *pinned, "{fen}: all {found:?}");
    }
}
