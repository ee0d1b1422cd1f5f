//! `shashki test-set`: searches the positions of a test set of game positions (JSON lines with
//! `start_fen`, `moves` in any notation and the resulting `fen`, optionally the move `played`
//! there, as `data/drawn-while-ahead.jsonl`) and says for each what the engine plays now, whether
//! that move ends the game in a draw at once, and whether a deeper objective search (no
//! contempt) or the tablebases show a win; then the counts.
//!
//! Data flow: each line becomes a [`Game`] (its history counts for repetitions and the draw
//! counters), searched once as the engine plays (`--movetime`/`--depth`/`--nodes`, the engine's
//! contempt) and once deeper without contempt (`--deep-*`); the tables, when given and covering
//! the position, add their exact value.

use std::path::PathBuf;
use std::time::Duration;

use shashki::egtb::Wdl;
use shashki::eval::EvalParams;
use shashki::{
    DrawRules, Engine, EngineConfig, Game, GameStatus, Notation, Position, Score, SearchLimit,
};

use crate::cli_error::CliError;

/// Arguments of `shashki test-set`.
#[derive(clap::Args)]
pub struct Args {
    /// The test set: JSON lines with `start_fen`, `moves` (space separated) and `fen`.
    file: PathBuf,
    /// The engine's search as it plays: milliseconds a move.
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    movetime: Option<u64>,
    /// The engine's search as it plays: this depth.
    #[arg(long, conflicts_with = "nodes")]
    depth: Option<u32>,
    /// The engine's search as it plays: this many nodes (default 200 000).
    #[arg(long)]
    nodes: Option<u64>,
    /// The deeper search: milliseconds.
    #[arg(long, conflicts_with_all = ["deep_depth", "deep_nodes"])]
    deep_movetime: Option<u64>,
    /// The deeper search: this depth.
    #[arg(long, conflicts_with = "deep_nodes")]
    deep_depth: Option<u32>,
    /// The deeper search: this many nodes (default 5 000 000).
    #[arg(long)]
    deep_nodes: Option<u64>,
    /// A deeper score at least this high (centi-men, for the side to move) counts as a win the
    /// game may have missed, besides a forced win.
    #[arg(long, default_value_t = 100)]
    win_margin: i32,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search parameter or evaluation weight overrides of the playing engine (`name=value`, see
    /// `shashki match --help`); the deeper search keeps the defaults, without contempt.
    #[arg(long = "set")]
    set: Vec<String>,
    /// Endgame tablebase directory: exact values of the positions the tables hold.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// The draw rules the games are played under (docs/RULES.md §2).
    #[arg(long, default_value_t = DrawRules::Full)]
    draw_rules: DrawRules,
}

/// One position of the set.
#[derive(serde::Deserialize)]
struct Entry {
    start_fen: String,
    moves: String,
    fen: String,
    #[serde(default)]
    played: Option<String>,
}

/// What the searches say of one position.
struct Verdict {
    now_draws: bool,
    deep_win: bool,
    forced_win: bool,
    table_win: bool,
    changed: bool,
}

fn limit(
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    default: u64,
) -> SearchLimit {
    match (movetime, depth, nodes) {
        (Some(ms), _, _) => SearchLimit::MoveTime(Duration::from_millis(ms)),
        (None, Some(depth), _) => SearchLimit::Depth(depth),
        (None, None, nodes) => SearchLimit::Nodes(nodes.unwrap_or(default)),
    }
}

/// The game of `entry` (line `number` of `file`), checked against its `fen`.
fn game_of(entry: &Entry, rules: DrawRules, place: &str) -> Result<Game, CliError> {
    let mut game = Game::from_fen(&entry.start_fen)
        .map_err(|e| CliError::input(format!("{place}: start_fen {:?}: {e}", entry.start_fen)))?
        .with_draw_rules(rules);
    for (i, text) in entry.moves.split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| CliError::input(format!("{place}: move {} {text:?}: {e}", i + 1)))?;
    }
    let expected = Position::from_fen(&entry.fen)
        .map_err(|e| CliError::input(format!("{place}: fen {:?}: {e}", entry.fen)))?;
    if *game.position() != expected {
        return Err(CliError::input(format!(
            "{place}: the moves reach {}, not the fen {}",
            game.position().to_fen(),
            entry.fen
        )));
    }
    Ok(game)
}

/// Runs `shashki test-set`.
///
/// # Errors
/// A file that cannot be read, a line that is not an entry, a position its moves do not reach,
/// a bad `--set`, a table size that cannot be allocated, or unusable tablebases.
pub fn run(args: &Args) -> Result<(), CliError> {
    let name = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let tablebases = match &args.tablebases {
        Some(dir) => Some(crate::inputs::engine::open_tablebases(dir)?),
        None => None,
    };
    let (params, eval) = crate::inputs::engine::engine_params(&args.set, EvalParams::DEFAULT)?;
    let new_engine = |config: EngineConfig| {
        Engine::try_new(config).map_err(|e| CliError::input(format!("--hash {}: {e}", args.hash)))
    };
    let playing = new_engine(EngineConfig {
        hash_mb: args.hash,
        params,
        eval,
        tablebases: tablebases.clone(),
        ..EngineConfig::default()
    })?;
    let deep = new_engine(EngineConfig {
        hash_mb: args.hash,
        tablebases: tablebases.clone(),
        ..EngineConfig::default()
    })?;
    let play_limit = limit(args.movetime, args.depth, args.nodes, 200_000);
    let deep_limit = limit(
        args.deep_movetime,
        args.deep_depth,
        args.deep_nodes,
        5_000_000,
    );
    outln!("#  pieces  played  now  score  draws  deep  score  depth  tables  verdict");
    let mut verdicts = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("{name}:{}", index + 1);
        let entry: Entry =
            serde_json::from_str(line).map_err(|e| CliError::input(format!("{place}: {e}")))?;
        let game = game_of(&entry, args.draw_rules, &place)?;
        let root = *game.position();
        playing.new_game();
        deep.new_game();
        let now = playing.search(&game, play_limit, |_| {});
        let now_text = now
            .best_move
            .map_or("-".to_string(), |mv| root.write_move(&mv, Notation::Hub));
        let now_draws = now.best_move.is_some_and(|mv| {
            let mut after = game.clone();
            after.play(mv).is_ok() && matches!(after.status(), GameStatus::Drawn(_))
        });
        let deeper = objective_search(&deep, &game, deep_limit);
        let deep_text = deeper
            .best_move
            .map_or("-".to_string(), |mv| root.write_move(&mv, Notation::Hub));
        let table = tablebases
            .as_ref()
            .filter(|tb| root.piece_count() <= tb.max_pieces())
            .and_then(|tb| tb.probe(&root))
            .map(|entry| entry.wdl);
        let played = entry.played.as_deref().unwrap_or("-");
        let changed = entry
            .played
            .as_deref()
            .and_then(|text| root.parse_move(text).ok())
            .is_some_and(|mv| Some(mv) != now.best_move);
        let verdict = Verdict {
            now_draws,
            deep_win: deeper.score.is_win() || deeper.score.value() >= args.win_margin,
            forced_win: deeper.score.is_win(),
            table_win: table == Some(Wdl::Win),
            changed,
        };
        outln!(
            "{}  {}  {played}  {now_text}  {}  {}  {deep_text}  {}  {}  {}  {}",
            index + 1,
            root.piece_count(),
            now.score,
            if now_draws { "draw" } else { "-" },
            deeper.score,
            deeper.depth,
            table.map_or("-".to_string(), |wdl| format!("{wdl:?}").to_lowercase()),
            verdict_text(&verdict),
        );
        verdicts.push(verdict);
    }
    let count = |test: fn(&Verdict) -> bool| verdicts.iter().filter(|v| test(v)).count();
    outln!(
        "positions {}; the engine's move differs from the game's: {}; draws at once: {}; \
         deeper search at least {}: {} (forced win: {}); tables win: {}",
        verdicts.len(),
        count(|v| v.changed),
        count(|v| v.now_draws),
        Score(args.win_margin),
        count(|v| v.deep_win),
        count(|v| v.forced_win),
        count(|v| v.table_win),
    );
    Ok(())
}

fn verdict_text(verdict: &Verdict) -> &'static str {
    match (verdict.table_win || verdict.forced_win, verdict.deep_win) {
        (true, _) => "win missed",
        (false, true) => "ahead",
        (false, false) => "-",
    }
}

/// The deeper search of `game`, without contempt.
fn objective_search(engine: &Engine, game: &Game, limit: SearchLimit) -> shashki::SearchResult {
    engine.analyse(game, limit, None, |_| {})
}
