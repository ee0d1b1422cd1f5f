//! `shashki egtb`: build endgame tablebases into a directory, and probe a position.
//!
//! `build` drives [`shashki::egtb::build::build_dir`] and turns its events into indicatif progress
//! bars (the library prints nothing); `probe` opens the directory, reports damaged files on stderr
//! and prints the value of the position and the value of every legal move.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use clap::Subcommand;

use crate::CliError;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use shashki::Notation;
use shashki::egtb::build::{BuildEvent, BuildOptions, build_dir};
use shashki::egtb::{Tablebases, TbError, Wdl};

/// The default directory of the tables, relative to the working directory (git-ignored).
pub const DEFAULT_DIR: &str = "egtb";

/// Arguments of `shashki egtb`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: EgtbCommand,
}

#[derive(Debug, Subcommand)]
enum EgtbCommand {
    /// Build every table with up to N pieces (tables already in DIR are checked and reused).
    Build {
        /// Largest number of pieces.
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        /// Directory of the table files (created if missing; `--dir` is the old name).
        #[arg(long = "tablebases", alias = "dir", default_value = DEFAULT_DIR)]
        dir: PathBuf,
    },
    /// Show the tablebase value of a position and of each of its moves.
    Probe {
        /// The position (FEN).
        fen: String,
        /// Directory of the table files (`--dir` is the old name).
        #[arg(long = "tablebases", alias = "dir", default_value = DEFAULT_DIR)]
        dir: PathBuf,
        /// One JSON object: {"fen", "wdl", "plies", "best_move", "moves": [{"move", "wdl",
        /// "plies"}]} (each move's result for the side that plays it; null when not in the tables).
        #[arg(long)]
        json: bool,
    },
}

/// Runs `shashki egtb`.
///
/// # Errors
/// A message for the user: bad FEN, unwritable directory, position not in the tables.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        EgtbCommand::Build { pieces, dir } => build(*pieces, dir.clone()),
        EgtbCommand::Probe { fen, dir, json } => probe(fen, dir, *json),
    }
}

fn build(pieces: u32, dir: PathBuf) -> Result<(), CliError> {
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::input(format!(
            "--tablebases {}: is a file, not a directory: name a directory for the tables",
            dir.display()
        )));
    }
    let started = Instant::now();
    let bars = MultiProgress::new();
    let total = bars.add(ProgressBar::new(0));
    total.set_style(
        ProgressStyle::with_template(
            "{prefix:>6} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} slots, eta {eta}",
        )
        .map_err(CliError::input)?,
    );
    total.set_prefix("total");
    let pair = bars.add(ProgressBar::new(0));
    pair.set_style(
        ProgressStyle::with_template("{prefix:>12} {bar:40} {percent:>3}% {msg}")
            .map_err(CliError::input)?,
    );
    // Progress bars are hidden when stderr is not a terminal; the table lines still go to stderr.
    let say = |line: String| {
        if total.is_hidden() {
            eprintln!("{line}");
        } else {
            total.println(line);
        }
    };
    let on_event = |event: BuildEvent| match event {
        BuildEvent::Planned { tables, slots } => {
            total.set_length(slots);
            say(format!("building {tables} tables, {slots} index slots"));
        }
        BuildEvent::Loaded(material) => say(format!("{material}: reusing the file")),
        BuildEvent::PairStarted { material, slots } => {
            pair.set_prefix(material.to_string());
            pair.set_length(slots);
            pair.set_position(0);
        }
        BuildEvent::Progress { slots } => {
            pair.inc(slots);
            total.inc(slots);
        }
        BuildEvent::TableFinished { material, stats } => say(format!(
            "{material:>10}: {} wins, {} draws, {} losses, longest {} plies",
            stats.wins, stats.draws, stats.losses, stats.max_distance
        )),
        _ => {}
    };
    let options = BuildOptions {
        max_pieces: pieces,
        ..BuildOptions::default()
    };
    let tables = build_dir(&dir, options, &on_event).map_err(|error| match error {
        // Asking for more pieces than the format holds is the argument's fault.
        TbError::TooManyPieces(_) => CliError::input(format!("--pieces {pieces}: {error}")),
        _ => CliError::failure(error),
    })?;
    pair.finish_and_clear();
    total.finish_and_clear();
    let bytes: usize = tables
        .materials()
        .iter()
        .filter_map(|m| tables.table(*m))
        .map(|t| t.byte_size())
        .sum();
    println!(
        "{} tables up to {} pieces in {}: {:.1} MB, built in {:.1} s",
        tables.materials().len(),
        tables.max_pieces(),
        dir.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The error for a directory that holds no usable table: why (the first problem found, if any)
/// and how to build them. Shared by `egtb probe` and every command taking `--tablebases`.
pub fn no_tables(dir: &std::path::Path, tables: &Tablebases) -> CliError {
    let why = match tables.problems().first() {
        Some(problem) => format!(" ({problem})"),
        None => String::new(),
    };
    CliError::input(format!(
        "no tablebases in {}{why}: build them with `shashki egtb build --dir {}`",
        dir.display(),
        dir.display()
    ))
}

fn probe(fen: &str, dir: &std::path::Path, json: bool) -> Result<(), CliError> {
    let position = crate::cli_error::read_fen(fen)?;
    let tables = Tablebases::open(dir);
    if tables.max_pieces() == 0 {
        return Err(no_tables(dir, &tables));
    }
    for problem in tables.problems() {
        eprintln!("warning: {problem}");
    }
    let entry = tables.probe(&position).ok_or_else(|| {
        let pieces = position.piece_count();
        CliError::input(format!(
            "{pieces} piece{}: not in the tables of {} (they cover up to {} pieces)",
            if pieces == 1 { "" } else { "s" },
            dir.display(),
            tables.max_pieces()
        ))
    })?;
    if json {
        let wdl = |wdl: Wdl| match wdl {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        };
        let moves: Vec<serde_json::Value> = position
            .legal_moves()
            .iter()
            .map(|mv| {
                let reply = tables.probe(&position.play_unchecked(mv));
                serde_json::json!({
                    "move": position.write_move(mv, Notation::Algebraic),
                    // The reply's result is the opponent's: turned to the mover's.
                    "wdl": reply.map(|r| match r.wdl {
                        Wdl::Win => "loss",
                        Wdl::Draw => "draw",
                        Wdl::Loss => "win",
                    }),
                    "plies": reply.map(|r| if r.wdl == Wdl::Draw { 0 } else { r.distance + 1 }),
                })
            })
            .collect();
        let value = serde_json::json!({
            "fen": position.to_fen(),
            "wdl": wdl(entry.wdl),
            "plies": entry.distance,
            "best_move": tables
                .best_move(&position)
                .map(|(best, _)| position.write_move(&best, Notation::Algebraic)),
            "moves": moves,
        });
        return crate::cli_error::write_stdout(&format!("{value}\n"));
    }
    // One write at the end: a reader that closes the pipe early (`| head`) just ends the output.
    let mut out = String::new();
    let _ = writeln!(out, "{}: {entry}", position.to_fen());
    if let Some((best, _)) = tables.best_move(&position) {
        let _ = writeln!(
            out,
            "best move: {}",
            position.write_move(&best, Notation::Algebraic)
        );
    }
    for mv in &position.legal_moves() {
        let after = position.play_unchecked(mv);
        let text = position.write_move(mv, Notation::Algebraic);
        match tables.probe(&after) {
            Some(reply) => {
                let ours = match reply.wdl {
                    Wdl::Draw => "draw".to_string(),
                    Wdl::Win => format!("loss in {} plies", reply.distance + 1),
                    Wdl::Loss => format!("win in {} plies", reply.distance + 1),
                };
                let _ = writeln!(out, "  {text:<16} {ours}");
            }
            None => {
                let _ = writeln!(out, "  {text:<16} ?");
            }
        }
    }
    crate::cli_error::write_stdout(&out)
}
