//! `shashki egtb`: build endgame tablebases into a directory, say what a directory holds, plan a
//! distributed build, probe a position, and serve the tables over HTTP.
//!
//! `build` drives [`shashki::egtb::build_dir`] (or, with `--slice`, `build_slice`) and
//! turns its events into indicatif progress bars (the library prints nothing); `status` prints
//! [`shashki::egtb::status`] (or, with `--slices`, one line per slice for scripts); `plan`
//! prints the slices and their dependencies as JSON, as a Makefile whose rules call
//! `egtb build --slice`, or as a Slurm submission script ([`egtb_slurm`]), for every slice
//! up to N pieces or only those some named slices need (`--only`); `probe` opens the directory, reports damaged
//! files on stderr and prints the value of the position and the value of every legal move;
//! `wdl` derives the win/draw/loss tables and `check-wdl` checks them ([`egtb_wdl`]);
//! `serve` answers the same over HTTP ([`egtb_serve`]). The directory is `--tablebases DIR` (alias `--dir`), else the per-user default
//! ([`shashki::egtb::default_dir`]).

mod egtb_serve;
mod egtb_slurm;
mod egtb_wdl;
mod error_replies;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Subcommand, ValueEnum};

use crate::cli_error::CliError;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use shashki::Notation;
use shashki::SetupProblem;
use shashki::egtb::{self, SliceState};
use shashki::egtb::{BuildEvent, BuildOptions, build_dir, build_slice};
use shashki::egtb::{Material, Tablebases, TbError, Wdl};

/// Arguments of `shashki egtb`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: EgtbCommand,
}

/// The tablebase directory option shared by the subcommands.
#[derive(Debug, clap::Args)]
struct DirArg {
    /// Directory of the table files [default: $SHASHKI_TABLEBASES, else the user's cache
    /// directory, e.g. ~/.cache/shashki/tablebases].
    #[arg(long = "tablebases", visible_alias = "dir", value_name = "DIR")]
    tablebases: Option<PathBuf>,
}

impl DirArg {
    /// The directory asked for, or the default one.
    fn dir(&self) -> Result<PathBuf, CliError> {
        resolve_dir(self.tablebases.as_deref())
    }
}

/// `dir` if given, else the per-user default directory.
///
/// # Errors
/// When no directory is given and the environment names no home or cache directory.
pub fn resolve_dir(dir: Option<&Path>) -> Result<PathBuf, CliError> {
    match dir {
        Some(dir) => Ok(dir.to_path_buf()),
        None => shashki::egtb::default_dir().ok_or_else(|| {
            CliError::input(format!(
                "no tablebase directory: give --tablebases DIR or set {} (neither HOME nor a cache directory is set)",
                shashki::egtb::ENV_VAR
            ))
        }),
    }
}

#[derive(Debug, Subcommand)]
enum EgtbCommand {
    /// Build every table with up to N pieces that DIR does not hold trusted (missing, damaged,
    /// partial, foreign or stale files are rebuilt; an interrupted build resumes), or one slice.
    Build {
        /// Largest number of pieces.
        #[arg(long, default_value_t = 4, conflicts_with = "slice")]
        pieces: u32,
        /// Build only this slice (a material and its colour swap, e.g. KKM-K) from its finished
        /// dependencies in DIR (see `egtb plan`).
        #[arg(long, value_name = "MATERIAL")]
        slice: Option<Material>,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Say which tables DIR holds, which are missing, and which are damaged or stale.
    Status {
        /// Report the tables with up to N pieces [default: the largest piece count of a file in
        /// DIR, at least 5].
        #[arg(long)]
        pieces: Option<u32>,
        /// Print JSON.
        #[arg(long, conflicts_with = "slices")]
        json: bool,
        /// Print one line per slice, for scripts: its name, then `ready` when every table of it
        /// is trusted, `missing` when none is there, `unusable` otherwise (damaged, partial,
        /// foreign or stale).
        #[arg(long)]
        slices: bool,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Print the slices up to N pieces and their dependencies, for a scheduler: JSON, a
    /// Makefile (`make -j -f plan.mk`) whose rules run `shashki egtb build --slice`, or a bash
    /// script that submits them to Slurm as one job per slice (`bash plan.sh`; run it again after
    /// a failure: it submits only what is missing).
    Plan {
        /// Largest number of pieces.
        #[arg(long)]
        pieces: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = PlanFormat::Json)]
        format: PlanFormat,
        /// Only these slices (comma-separated materials, e.g. KKK-KKKM) and the slices they need.
        #[arg(long, value_name = "MATERIAL,...", value_delimiter = ',')]
        only: Vec<Material>,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Show the tablebase value of a position and of each of its moves.
    Probe {
        /// The position (FEN).
        fen: String,
        #[command(flatten)]
        dir: DirArg,
        /// One JSON object: {"fen", "wdl", "plies", "best_move", "moves": [{"move", "wdl",
        /// "plies"}]} (each move's result for the side that plays it; null when not in the tables).
        #[arg(long)]
        json: bool,
    },
    /// Derive win/draw/loss tables (`*.shwdl`: no distances, positions with a capture not
    /// stored) from the full tables of DIR into OUT, and print their sizes.
    Wdl {
        /// Directory for the WDL tables.
        #[arg(long, value_name = "OUT")]
        out: PathBuf,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Check that the WDL tables of --wdl give every position the full tables' result: every
    /// position up to --pieces, or --random N positions per piece count.
    CheckWdl {
        /// Directory of the WDL tables.
        #[arg(long, value_name = "WDL_DIR")]
        wdl: PathBuf,
        /// Largest piece count checked [default: all the full tables hold].
        #[arg(long)]
        pieces: Option<u32>,
        /// Check only the largest piece count (`--pieces`), not every smaller one too.
        #[arg(long)]
        only: bool,
        /// Check this many random slots per piece count instead of every one.
        #[arg(long, value_name = "N")]
        random: Option<u64>,
        /// Seed of the random slots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        dir: DirArg,
    },
    /// Serve the tables of DIR over HTTP as JSON, in the manner of lichess's tablebase API:
    /// `GET /?fen=FEN` gives the result for the side to move, the plies to the end and every
    /// legal move with its result, best first; `GET /status` what is served. Runs until stopped.
    Serve {
        /// Address and port to listen on (port 0: any free port, printed on the first line).
        #[arg(long, default_value = "127.0.0.1:9090", value_name = "ADDR:PORT")]
        bind: std::net::SocketAddr,
        /// Threads answering requests [default: the number of CPUs].
        #[arg(long)]
        threads: Option<usize>,
        /// Connections served at once (the next ones wait).
        #[arg(long, default_value_t = 256)]
        max_connections: usize,
        #[command(flatten)]
        dir: DirArg,
    },
}

/// Output formats of `egtb plan`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum PlanFormat {
    /// `{"pieces": N, "slices": [{"slice", "tables", "depends", "slots", "memory_mib",
    /// "minutes"}, ...]}` in build order (memory and time to request for a slice's job, as the
    /// Slurm script does).
    Json,
    /// A Makefile: one target per slice file, its dependencies' files as prerequisites.
    Make,
    /// A bash script that submits one Slurm job per slice (`sbatch --dependency=afterok:` on the
    /// slices it needs), skipping the slices already complete in DIR.
    Slurm,
}

/// Runs `shashki egtb`.
///
/// # Errors
/// A message for the user: bad FEN, unwritable directory, position not in the tables.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        EgtbCommand::Build { pieces, slice, dir } => build(*pieces, *slice, &dir.dir()?),
        EgtbCommand::Status {
            pieces,
            json,
            slices,
            dir,
        } => status(*pieces, *json, *slices, &dir.dir()?),
        EgtbCommand::Plan {
            pieces,
            format,
            only,
            dir,
        } => plan(*pieces, *format, only, &dir.dir()?),
        EgtbCommand::Probe { fen, dir, json } => probe(fen, &dir.dir()?, *json),
        EgtbCommand::Wdl { out, dir } => egtb_wdl::derive(&dir.dir()?, out),
        EgtbCommand::CheckWdl {
            wdl,
            pieces,
            only,
            random,
            seed,
            dir,
        } => egtb_wdl::check(
            &dir.dir()?,
            wdl,
            egtb_wdl::Checked {
                pieces: *pieces,
                only: *only,
                random: *random,
                seed: *seed,
            },
        ),
        EgtbCommand::Serve {
            bind,
            threads,
            max_connections,
            dir,
        } => egtb_serve::serve(
            &dir.dir()?,
            egtb_serve::ServeOptions {
                bind: *bind,
                threads: threads.unwrap_or_else(|| {
                    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
                }),
                max_connections: *max_connections,
            },
        ),
    }
}

fn build(pieces: u32, slice: Option<Material>, dir: &Path) -> Result<(), CliError> {
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
            errln!("{line}");
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
    let to_cli = |error: TbError| match error {
        // Asking for more pieces than the format holds is the argument's fault.
        TbError::TooManyPieces(_) => CliError::input(format!("--pieces {pieces}: {error}")),
        // So is asking for a slice before its dependencies.
        TbError::MissingDependency { .. } => CliError::input(error),
        _ => CliError::failure(error),
    };
    if let Some(slice) = slice {
        std::fs::create_dir_all(dir)
            .map_err(|error| CliError::failure(format!("{}: {error}", dir.display())))?;
        let built = build_slice(dir, slice, options, &on_event).map_err(to_cli)?;
        pair.finish_and_clear();
        total.finish_and_clear();
        outln!(
            "slice {} in {}: {} in {:.1} s",
            slice.slice(),
            dir.display(),
            if built { "built" } else { "already built" },
            started.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let tables = build_dir(dir, options, &on_event).map_err(to_cli)?;
    pair.finish_and_clear();
    total.finish_and_clear();
    let bytes = tables.stored_bytes();
    outln!(
        "{} tables up to {} pieces in {}: {:.1} MB, built in {:.1} s",
        tables.materials().len(),
        tables.max_pieces(),
        dir.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn status(pieces: Option<u32>, json: bool, by_slice: bool, dir: &Path) -> Result<(), CliError> {
    let pieces = pieces.unwrap_or_else(|| egtb::largest_pieces(dir).max(5));
    if pieces > shashki::egtb::MAX_TABLE_PIECES {
        return Err(CliError::input(format!(
            "--pieces {pieces}: {}",
            TbError::TooManyPieces(pieces)
        )));
    }
    let report = egtb::status(dir, pieces);
    let ready = |n: u32| {
        report
            .tables
            .iter()
            .filter(|t| t.material.pieces() == n)
            .all(|t| matches!(t.state, SliceState::Ready))
    };
    let complete = (2..=pieces).take_while(|&n| ready(n)).last().unwrap_or(0);
    let count = |f: fn(&SliceState) -> bool| report.tables.iter().filter(|t| f(&t.state)).count();
    let (n_ready, n_missing, n_unusable) = (
        count(|s| matches!(s, SliceState::Ready)),
        count(|s| matches!(s, SliceState::Missing)),
        count(|s| matches!(s, SliceState::Unusable(_))),
    );
    let bytes: u64 = report
        .tables
        .iter()
        .filter(|t| matches!(t.state, SliceState::Ready))
        .filter_map(|t| t.file_bytes)
        .sum();
    let mut out = String::new();
    if by_slice {
        for slice in egtb::slices_up_to(pieces) {
            let states: Vec<&SliceState> = slice
                .slice_members()
                .iter()
                .filter_map(|m| report.tables.iter().find(|t| t.material == *m))
                .map(|t| &t.state)
                .collect();
            let word = if states.iter().all(|s| matches!(s, SliceState::Ready)) {
                "ready"
            } else if states.iter().all(|s| matches!(s, SliceState::Missing)) {
                "missing"
            } else {
                "unusable"
            };
            let _ = writeln!(out, "{slice} {word}");
        }
        return crate::output::write_stdout(&out);
    }
    if json {
        let tables: Vec<serde_json::Value> = report
            .tables
            .iter()
            .map(|t| {
                let (state, reason) = match &t.state {
                    SliceState::Ready => ("ready", None),
                    SliceState::Missing => ("missing", None),
                    SliceState::Unusable(e) => (
                        match e {
                            TbError::Stale { .. } => "stale",
                            TbError::Foreign { .. } => "foreign",
                            _ => "damaged",
                        },
                        Some(e.to_string()),
                    ),
                    _ => ("unknown", None),
                };
                serde_json::json!({
                    "material": t.material.to_string(),
                    "pieces": t.material.pieces(),
                    "state": state,
                    "reason": reason,
                    "bytes": t.file_bytes,
                })
            })
            .collect();
        let value = serde_json::json!({
            "dir": dir.display().to_string(),
            "pieces": pieces,
            "complete_up_to": complete,
            "ready": n_ready,
            "missing": n_missing,
            "unusable": n_unusable,
            "bytes": bytes,
            "tables": tables,
            "problems": report.others.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        let _ = writeln!(out, "{value}");
        return crate::output::write_stdout(&out);
    }
    let _ = writeln!(
        out,
        "{}: {n_ready} of {} tables up to {pieces} pieces ready ({:.1} MB), complete up to {complete} pieces; {n_missing} missing, {n_unusable} damaged or stale",
        dir.display(),
        report.tables.len(),
        bytes as f64 / 1e6
    );
    for n in 2..=pieces {
        let of_n: Vec<_> = report
            .tables
            .iter()
            .filter(|t| t.material.pieces() == n)
            .collect();
        let missing: Vec<String> = of_n
            .iter()
            .filter(|t| matches!(t.state, SliceState::Missing))
            .map(|t| t.material.to_string())
            .collect();
        let _ = writeln!(
            out,
            "  {n} pieces: {} of {} ready{}",
            of_n.iter()
                .filter(|t| matches!(t.state, SliceState::Ready))
                .count(),
            of_n.len(),
            if missing.is_empty() {
                String::new()
            } else if missing.len() == of_n.len() {
                ", all missing".to_string()
            } else {
                format!(", missing {}", missing.join(" "))
            }
        );
    }
    for table in &report.tables {
        if let SliceState::Unusable(error) = &table.state {
            let _ = writeln!(out, "  {}: {error}", table.material);
        }
    }
    for problem in &report.others {
        let _ = writeln!(out, "  {problem}");
    }
    if n_missing + n_unusable > 0 {
        let _ = writeln!(
            out,
            "build what is missing with `shashki egtb build --pieces {pieces} --tablebases {}`",
            dir.display()
        );
    }
    crate::output::write_stdout(&out)
}

/// The slices up to `pieces` pieces in build order; with `only`, just those and the slices they
/// need.
///
/// # Errors
/// A slice of `only` with more pieces than `pieces`.
fn planned(pieces: u32, only: &[Material]) -> Result<Vec<Material>, CliError> {
    let all = egtb::slices_up_to(pieces);
    if only.is_empty() {
        return Ok(all);
    }
    let mut wanted: Vec<Material> = Vec::new();
    let mut stack: Vec<Material> = Vec::new();
    for material in only {
        if material.pieces() > pieces {
            return Err(CliError::input(format!(
                "--only {material}: {} pieces, more than --pieces {pieces}",
                material.pieces()
            )));
        }
        stack.push(material.slice());
    }
    while let Some(slice) = stack.pop() {
        if !wanted.contains(&slice) {
            wanted.push(slice);
            stack.extend(slice.slice_dependencies());
        }
    }
    Ok(all.into_iter().filter(|s| wanted.contains(s)).collect())
}

fn plan(pieces: u32, format: PlanFormat, only: &[Material], dir: &Path) -> Result<(), CliError> {
    if pieces > shashki::egtb::MAX_TABLE_PIECES {
        return Err(CliError::input(format!(
            "--pieces {pieces}: {}",
            TbError::TooManyPieces(pieces)
        )));
    }
    let all = planned(pieces, only)?;
    let file = |m: Material| format!("$(DIR)/{}", m.file_name());
    let mut out = String::new();
    match format {
        PlanFormat::Json => {
            let estimates = egtb_slurm::Estimates::DEFAULT;
            let list: Vec<serde_json::Value> = all
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "slice": s.to_string(),
                        "pieces": s.pieces(),
                        "tables": s.slice_members().iter().map(ToString::to_string).collect::<Vec<_>>(),
                        "depends": s.slice_dependencies().iter().map(ToString::to_string).collect::<Vec<_>>(),
                        "slots": s.slice_members().iter().map(|m| m.index_size()).sum::<u64>(),
                        "memory_mib": estimates.memory_mib(*s),
                        "minutes": estimates.minutes(*s),
                    })
                })
                .collect();
            let value = serde_json::json!({ "pieces": pieces, "slices": list });
            let _ = writeln!(out, "{value}");
        }
        PlanFormat::Make => {
            let _ = writeln!(
                out,
                "# shashki egtb plan --pieces {pieces} --format make: every slice up to {pieces} pieces.\n\
                 # Run: make -j N -f THIS [DIR=...] [SHASHKI=...]. A slice's rule builds its file(s)\n\
                 # from the files of the slices it depends on.\n\
                 SHASHKI ?= shashki\nDIR ?= {}\n\n.PHONY: all\nall: {}\n",
                dir.display(),
                all.iter().map(|s| file(*s)).collect::<Vec<_>>().join(" ")
            );
            for slice in &all {
                let depends: Vec<String> =
                    slice.slice_dependencies().into_iter().map(file).collect();
                let _ = writeln!(
                    out,
                    "{}:{}{}
	$(SHASHKI) egtb build --slice {slice} --tablebases $(DIR)
",
                    file(*slice),
                    if depends.is_empty() { "" } else { " " },
                    depends.join(" ")
                );
            }
        }
        PlanFormat::Slurm => {
            let dir = crate::slurm::absolute(dir)?;
            let program = crate::slurm::this_program()?;
            out = egtb_slurm::script(&all, pieces, &dir, &program);
        }
    }
    crate::output::write_stdout(&out)
}

/// The error for a directory that holds no usable table: the library's wording
/// ([`SetupProblem::NoTablebases`], also met by every command taking `--tablebases`), with the
/// first problem found, if any.
pub fn no_tables(dir: &std::path::Path, tables: &Tablebases) -> CliError {
    let problem = SetupProblem::NoTablebases {
        dir: dir.to_path_buf(),
    };
    match tables.problems().first() {
        Some(why) => CliError::input(format!("{problem} ({why})")),
        None => CliError::input(problem),
    }
}

fn probe(fen: &str, dir: &Path, json: bool) -> Result<(), CliError> {
    let position = crate::inputs::positions::read_fen(fen)?;
    let tables = Tablebases::open(dir);
    if tables.max_pieces() == 0 {
        return Err(no_tables(dir, &tables));
    }
    for problem in tables.problems() {
        errln!("warning: {problem}");
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
        return crate::output::write_stdout(&format!("{value}\n"));
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
    crate::output::write_stdout(&out)
}
