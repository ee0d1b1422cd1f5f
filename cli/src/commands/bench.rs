//! `shashki bench`: a fixed set of positions searched to a fixed depth with a fresh engine each.
//! The total node count is a behaviour checksum (any change to the search or evaluation changes
//! it); nodes per second measure speed.
//!
//! Only the searches are timed: each position starts with [`Engine::new_game`], which clears the
//! transposition table (16 MB by default, as long as a few hundred thousand nodes of search), and
//! that is set-up, not search speed. Both clocks (wall time and, with one thread, this thread's
//! CPU time) are read around each search alone and summed; the nodes per second divide the total
//! nodes by those sums.

use std::time::{Duration, Instant};

use shashki::eval::EvalParams;
use shashki::{Engine, EngineConfig, Position, SearchLimit};

use crate::cli_error::CliError;
use crate::inputs::engine::engine_params;

/// The bench positions: the start, opening and middlegame positions, endings with kings.
pub const POSITIONS: [&str; 8] = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:Wa1,c3,e3,g3,b4,c1,e1,g1,d2,f2,h2,a3:Ba5,b6,d6,f6,h6,c7,e7,g7,b8,d8,f8,h8",
    "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
    "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
    "W:W18,19,21,22,23,25,26,27,29,30,31:B2,3,5,6,7,9,10,11,12,14,16",
    "B:W17,18,21,22,24,25,26,28,29,31:B1,2,4,6,7,9,10,11,13,15",
    "W:W20,22,25,27,28,30:B5,9,11,12,15,16",
    "W:WK29,22,25:BK4,6,9",
];

/// Arguments of `shashki bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth of each search.
    #[arg(long, default_value_t = 13)]
    depth: u32,
    /// Search threads (node counts are reproducible only with 1; 0 = one per core; at most 256).
    #[arg(long, default_value_t = 1, value_parser = crate::inputs::engine::search_threads)]
    threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Search parameter or evaluation weight overrides `name=value` or `eval.<feature>=value`
    /// (see `shashki match --help`), the weights on top of `--eval`.
    #[arg(long = "set")]
    set: Vec<String>,
    /// Evaluation weights from this file (JSON, as written by `shashki tune`) instead of the
    /// defaults.
    #[arg(long)]
    eval: Option<std::path::PathBuf>,
}

/// Runs `shashki bench`.
///
/// # Errors
/// A bad `--set`, `--eval` file or `--hash` size.
pub fn run(args: &Args) -> Result<(), CliError> {
    let mut total_nodes = 0;
    let weights = match &args.eval {
        Some(path) => EvalParams::load_weights(path).map_err(CliError::input)?,
        None => EvalParams::DEFAULT,
    };
    let (params, eval) = engine_params(&args.set, weights)?;
    let engine = Engine::try_new(EngineConfig {
        hash_mb: args.hash,
        threads: args.threads,
        params,
        eval,
        ..EngineConfig::default()
    })
    .map_err(|e| CliError::input(format!("--hash {}: {e}", args.hash)))?;
    let mut elapsed = Duration::ZERO;
    // With one thread the search runs on this thread, so its CPU time is the search's.
    let mut cpu = (args.threads == 1).then_some(0u128);
    for fen in POSITIONS {
        let position: Position = fen.parse().map_err(CliError::input)?;
        engine.new_game();
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        let result = engine.search_position(&position, &[], SearchLimit::Depth(args.depth), |_| {});
        elapsed += start.elapsed();
        cpu = match (cpu, cpu_start, thread_cpu_time()) {
            (Some(sum), Some(before), Some(after)) => Some(sum + (after - before)),
            _ => None,
        };
        total_nodes += result.nodes;
        outln!(
            "{fen}  nodes {}  score {}  time {} ms",
            result.nodes,
            result.score,
            result.time.as_millis()
        );
    }
    let nps = (u128::from(total_nodes) * 1_000_000 / elapsed.as_micros().max(1)) as u64;
    outln!(
        "total nodes {total_nodes}  time {} ms  nps {nps}",
        elapsed.as_millis()
    );
    if let Some(cpu) = cpu {
        // On a shared machine wall time includes waiting for a core; CPU time does not.
        let cpu_nps = (u128::from(total_nodes) * 1_000_000_000 / cpu.max(1)) as u64;
        outln!("cpu time {} ms  nps(cpu) {cpu_nps}", cpu / 1_000_000);
    }
    Ok(())
}

/// CPU time of this thread in nanoseconds (Linux `/proc/thread-self/schedstat`), if available.
fn thread_cpu_time() -> Option<u128> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
