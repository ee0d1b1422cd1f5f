//! `shashki perft DEPTH`: leaf counts of the move tree, optionally divided by first move, under
//! convention C (default) or B (`--paths`), on one thread or many.

use std::time::Instant;

use shashki::{MoveIdentity, Notation, Position, perft};

use crate::cli_error::CliError;
use crate::inputs::positions::read_fen;
use crate::output::write_stdout;

/// Arguments of `shashki perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies (0..=20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Worker threads (1 = single-threaded; 0 = one per core; at most 1024).
    #[arg(long, default_value_t = 1, value_parser = at_most::<MAX_THREADS>)]
    threads: usize,
    /// Count distinct trajectories (convention B) instead of distinct outcomes (C).
    #[arg(long)]
    paths: bool,
    /// Cache subtree counts in a hash table of this many MB (0 = no table; at most 65536).
    #[arg(long, default_value_t = 0, value_parser = at_most::<{ shashki::MAX_HASH_MB }>)]
    hash: usize,
    /// Print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Most worker threads accepted: beyond this, spawning them alone takes minutes.
const MAX_THREADS: usize = 1024;

/// Reads a count no larger than `MAX` (a command-line error otherwise).
fn at_most<const MAX: usize>(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if value <= MAX => Ok(value),
        Ok(value) => Err(format!("{value} is more than the maximum {MAX}")),
        Err(error) => Err(error.to_string()),
    }
}

#[derive(serde::Serialize)]
struct Report {
    fen: String,
    depth: u32,
    convention: &'static str,
    threads: usize,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    divide: Vec<(String, u64)>,
}

/// Runs the count and prints it.
pub fn run(args: &Args) -> Result<(), CliError> {
    let position = match &args.fen {
        Some(fen) => read_fen(fen)?,
        None => Position::start(),
    };
    let identity = if args.paths {
        MoveIdentity::Trajectory
    } else {
        MoveIdentity::Outcome
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(CliError::failure)?;
    let table = match args.hash {
        0 => None,
        megabytes => Some(perft::PerftTable::try_new(megabytes).map_err(|error| {
            CliError::input(format!(
                "--hash {megabytes}: cannot allocate the table: {error}"
            ))
        })?),
    };
    let started = Instant::now();
    let (nodes, divide) = pool.install(|| {
        if args.divide && args.depth > 0 {
            let rows: Vec<(String, u64)> = perft::divide(&position, args.depth, identity)
                .into_iter()
                .map(|(mv, n)| (position.write_move(&mv, Notation::Algebraic), n))
                .collect();
            (rows.iter().map(|(_, n)| n).sum(), rows)
        } else if let Some(table) = &table {
            let nodes = if args.threads == 1 {
                perft::perft_hashed(&position, args.depth, identity, table)
            } else {
                perft::perft_hashed_parallel(&position, args.depth, identity, table)
            };
            (nodes, Vec::new())
        } else if args.threads == 1 {
            (
                perft::perft_with(&position, args.depth, identity),
                Vec::new(),
            )
        } else {
            (
                perft::perft_parallel(&position, args.depth, identity),
                Vec::new(),
            )
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        fen: position.to_fen(),
        depth: args.depth,
        convention: if args.paths { "B" } else { "C" },
        threads: pool.current_num_threads(),
        nodes,
        seconds,
        nodes_per_second: nodes as f64 / seconds.max(1e-9),
        divide,
    };
    if args.json {
        let json = serde_json::to_string(&report).map_err(CliError::failure)?;
        write_stdout(&format!("{json}\n"))
    } else {
        let mut text: String = report
            .divide
            .iter()
            .map(|(mv, n)| format!("{mv:<16} {n}\n"))
            .collect();
        text += &format!(
            "perft({}) = {} in {:.3} s ({:.1} M leaves/s, {} thread{}, convention {})\n",
            report.depth,
            report.nodes,
            report.seconds,
            report.nodes_per_second / 1e6,
            report.threads,
            if report.threads == 1 { "" } else { "s" },
            report.convention
        );
        write_stdout(&text)
    }
}
