//! `shashki analyse`: searches one position and prints one line per completed iteration, then the
//! best move (text, or JSON lines with `--json`).

use std::path::PathBuf;
use std::time::Duration;

use shashki::eval::EvalParams;
use shashki::{
    DrawRules, Engine, EngineConfig, Game, Move, MoveSource, Notation, Position, SearchInfo,
    SearchLimit,
};

use crate::cli_error::CliError;

/// Arguments of `shashki analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// The position (FEN, numeric or algebraic squares).
    #[arg(
        long,
        default_value = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    )]
    fen: String,
    /// Moves played from the position before analysing (any notation, space separated).
    #[arg(long, default_value = "")]
    moves: String,
    /// Think this many milliseconds.
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search to this depth (default: 12 when no movetime is given).
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads (0 = one per core, as for `perft`; at most 256).
    #[arg(long, default_value_t = 1, value_parser = crate::inputs::engine::search_threads)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Print JSON lines instead of text.
    #[arg(long)]
    json: bool,
    /// Search parameter or evaluation weight overrides `name=value` or `eval.<feature>=value`
    /// (see `shashki match --help`).
    #[arg(long = "set")]
    set: Vec<String>,
    /// Endgame tablebase directory (`shashki egtb build`): exact results at the root and in the
    /// tree for the positions the tables hold.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// Search as the engine plays, with its contempt (a draw scored against the side to move, so
    /// that the line avoids draws): without it the analysis is objective, no contempt.
    #[arg(long)]
    play: bool,
    /// The draw rules the game is searched under (docs/RULES.md §2): `full` (every counting rule,
    /// as lidraughts), `basic` (repetition, 7.2.4, 7.2.5, as py-draughts and many GUIs) or
    /// `repetition`.
    #[arg(long, default_value_t = DrawRules::Full)]
    draw_rules: DrawRules,
}

/// How the output names where the best move comes from.
fn source_name(source: MoveSource) -> &'static str {
    match source {
        MoveSource::Search => "search",
        MoveSource::Book => "book",
        MoveSource::Tablebase => "tablebases",
        _ => "other",
    }
}

fn line(position: &Position, pv: &[Move]) -> Vec<String> {
    position.write_line(pv, Notation::Algebraic)
}

/// Runs `shashki analyse`.
///
/// # Errors
/// A bad FEN, an illegal move in `--moves`, a bad `--set`, a table size that cannot be
/// allocated, or a `--tablebases` directory without usable tables.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut game = Game::from_fen(&args.fen)
        .map_err(|e| CliError::input(format!("--fen {:?}: {e}", args.fen)))?
        .with_draw_rules(args.draw_rules);
    for (i, text) in args.moves.split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| CliError::input(format!("--moves, move {} {text:?}: {e}", i + 1)))?;
    }
    let position = *game.position();
    let limit = match (args.movetime, args.depth) {
        (Some(ms), _) => SearchLimit::MoveTime(Duration::from_millis(ms)),
        (None, Some(depth)) => SearchLimit::Depth(depth),
        (None, None) => SearchLimit::Depth(12),
    };
    let tablebases = match &args.tablebases {
        Some(dir) => Some(crate::inputs::engine::open_tablebases(dir)?),
        None => None,
    };
    let (params, eval) = crate::inputs::engine::engine_params(&args.set, EvalParams::DEFAULT)?;
    let engine = Engine::try_new(EngineConfig {
        hash_mb: args.hash,
        threads: args.threads,
        params,
        eval,
        tablebases,
        ..EngineConfig::default()
    })
    .map_err(|e| CliError::input(format!("--hash {}: {e}", args.hash)))?;
    let json = args.json;
    let root = position;
    let on_info = |info: &SearchInfo| {
        let pv = line(&root, &info.pv);
        let nps = info.nodes * 1000 / (info.time.as_millis() as u64).max(1);
        if json {
            let value = serde_json::json!({
                "depth": info.depth, "seldepth": info.seldepth, "score": info.score.value(),
                "score_text": info.score.to_string(), "nodes": info.nodes, "nps": nps,
                "time_ms": info.time.as_millis() as u64, "pv": pv,
            });
            outln!("{value}");
        } else {
            outln!(
                "depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
                info.depth,
                info.seldepth,
                info.score,
                info.nodes,
                nps,
                info.time.as_millis(),
                pv.join(" ")
            );
        }
    };
    let result = if args.play {
        engine.search(&game, limit, on_info)
    } else {
        engine.analyse(&game, limit, None, on_info)
    };
    let best = result
        .best_move
        .map(|mv| position.write_move(&mv, Notation::Algebraic));
    if json {
        let value = serde_json::json!({
            "bestmove": best, "score": result.score.value(), "score_text": result.score.to_string(),
            "depth": result.depth, "nodes": result.nodes, "time_ms": result.time.as_millis() as u64,
            "source": source_name(result.source),
        });
        outln!("{value}");
    } else {
        match best {
            Some(best) if result.source == MoveSource::Search => {
                outln!("bestmove {best} score {}", result.score);
            }
            Some(best) => outln!(
                "bestmove {best} score {} ({})",
                result.score,
                source_name(result.source)
            ),
            None => outln!("bestmove none (no legal move: the side to move has lost)"),
        }
    }
    Ok(())
}
