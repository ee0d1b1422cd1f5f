//! Embedding the engine in another program: a game loop, live search output, stopping a search
//! from another thread, and saving the game as PDN.
//!
//! ```text
//! cargo run --release --example embed
//! ```
//!
//! The pieces: a [`Game`] holds the record (positions, Zobrist keys for repetitions, the draw-rule
//! counters); [`Engine::search`] takes the game, a [`SearchLimit`] and a callback that receives one
//! [`SearchInfo`] per finished iteration, and returns a [`SearchResult`] whose `best_move` is
//! always legal (and `None` only when there is no legal move). An [`Engine`] is `Send + Sync`:
//! keep it in an `Arc` and call [`Engine::stop`] (or a [`StopHandle`]) from any thread.

use std::time::Duration;

use shashki::{
    Engine, EngineConfig, Game, GameStatus, Notation, SearchInfo, SearchLimit, SearchResult,
    StopHandle,
};

/// Plies after which this demonstration stops playing (the draw rules end games well before).
const MAX_PLIES: usize = 300;

fn main() {
    let engine = Engine::new(EngineConfig {
        hash_mb: 16,
        ..EngineConfig::default()
    });

    // 1. A self-play game at a fixed depth, printing each move with the engine's score.
    let mut game = Game::default();
    while game.status() == GameStatus::Ongoing && game.moves().len() < MAX_PLIES {
        let result: SearchResult = engine.search(&game, SearchLimit::Depth(6), |_| {});
        let Some(mv) = result.best_move else { break };
        let number = game.move_number(game.moves().len());
        let text = game.position().write_move(&mv, Notation::Algebraic);
        println!("{number:>3}. {text:<12} {}", result.score);
        game.play(mv).expect("the engine only plays legal moves");
    }
    println!("{}", game.status());

    // 2. The record as PDN (tags, moves, result), ready to save or send.
    println!("{}", game.to_pdn());

    // 3. An open-ended analysis stopped from another thread; info arrives per iteration.
    let analysis = Game::default();
    let stop: StopHandle = engine.stop_handle();
    let result = std::thread::scope(|scope| {
        scope.spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.stop();
        });
        engine.search(&analysis, SearchLimit::Infinite, |info: &SearchInfo| {
            println!(
                "depth {:>2}  score {:>8}  nodes {:>10}  pv {}",
                info.depth,
                info.score.to_string(),
                info.nodes,
                shashki::annotate::line_text(analysis.position(), 1, &info.pv, Notation::Algebraic)
            );
        })
    });
    if let Some(mv) = result.best_move {
        println!(
            "stopped after {:?}: best {}",
            result.time,
            analysis.position().write_move(&mv, Notation::Algebraic)
        );
    }
}
