//! `shashki pdn check|convert FILE...`: what can be read from PDN files, and the readable games
//! written again in the style another program reads.
//!
//! Data flow: each file's bytes go through `shashki::pdn::read_bytes` (the encoding detected and
//! reported, every game read or failed on its own); `check` prints one report per file (text, or
//! one JSON object per line with `--json`); `convert` writes the games that were read with
//! `shashki::pdn::write_games_with` in the chosen style, atomically, and reports the others.
//! Exit codes: 0 when every game was read, 1 when some failed, 2 when a file is unusable (it
//! cannot be read, or holds no game at all).

use std::path::PathBuf;

use shashki::pdn::{self, PdnReading, PdnStyle};

use crate::atomic_file::write_atomically;
use crate::cli_error::CliError;
use crate::inputs::positions::read_pdn_file;
use crate::output::write_stdout;

/// Arguments of `shashki pdn`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Report per file the encoding, the games found and read, and why each other game failed.
    Check(CheckArgs),
    /// Write the readable games as normalised UTF-8 PDN in another program's style.
    Convert(ConvertArgs),
}

/// Arguments of `shashki pdn check`.
#[derive(clap::Args)]
struct CheckArgs {
    /// The PDN files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON object per line and file:
    /// {"file", "encoding", "games", "read", "failed": [{"game", "line", "tags", "error",
    /// "other_variant"}], "warnings", "not_russian", "failed_other_variant", "failed_illegal"}.
    #[arg(long)]
    json: bool,
}

/// Arguments of `shashki pdn convert`.
#[derive(clap::Args)]
struct ConvertArgs {
    /// The PDN files (their games are written one after the other).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The style: `pdn3` (PDN 3.0), `lidraughts` (as lidraughts.org exports Russian games:
    /// algebraic, `x`, algebraic FEN, its tag order, the moves on one line), `lidraughts-numeric`
    /// (the same with numeric squares), `pydraughts` (algebraic, `x`, algebraic FEN).
    #[arg(long, default_value = "pdn3", value_parser = parse_style)]
    style: PdnStyle,
    /// Where to write (written atomically; default: stdout).
    #[arg(long, short)]
    output: Option<PathBuf>,
}

fn parse_style(name: &str) -> Result<PdnStyle, String> {
    PdnStyle::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = PdnStyle::ALL.iter().map(|s| s.name()).collect();
        format!("unknown style `{name}` (one of {})", names.join(", "))
    })
}

/// The verdict line on a file that looks like another variant's
/// ([`shashki::pdn::FailureCounts::other_variant_file`]).
fn variant_note(reading: &PdnReading) -> String {
    let counts = reading.failure_counts();
    let mut note = format!(
        "not Russian draughts? {} of {} games break Russian rules the way another variant's \
         games do",
        counts.other_variant, counts.games
    );
    if counts.other_variant * 2 < counts.games {
        note.push_str(&format!(
            ", and {} more fail on moves Russian rules refuse ({} of {} games fail)",
            counts.illegal, counts.failed, counts.games
        ));
    }
    note
}

/// The outcome of all files: 0 every game read, 1 some failed, 2 a file unusable.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    AllRead,
    SomeFailed,
    Unusable,
}

fn check(args: &CheckArgs) -> Result<Outcome, CliError> {
    let mut outcome = Outcome::AllRead;
    let mut text = String::new();
    let mut totals = (0usize, 0usize);
    for path in &args.files {
        let reading = match read_pdn_file(path) {
            Ok(reading) => reading,
            Err(error) => {
                outcome = Outcome::Unusable;
                if args.json {
                    let value = serde_json::json!({
                        "file": path.display().to_string(),
                        "unusable": error.to_string(),
                    });
                    text.push_str(&format!("{value}\n"));
                } else {
                    text.push_str(&format!("{}: unusable: {error}\n", path.display()));
                }
                continue;
            }
        };
        let read = reading.read_count();
        let games = reading.games.len();
        totals.0 += games;
        totals.1 += read;
        let this = if games == 0 {
            Outcome::Unusable
        } else if read < games {
            Outcome::SomeFailed
        } else {
            Outcome::AllRead
        };
        outcome = outcome.max(this);
        let counts = reading.failure_counts();
        let other_variant = counts.other_variant_file();
        if args.json {
            let failed: Vec<serde_json::Value> = reading
                .failed()
                .map(|e| {
                    serde_json::json!({
                        "game": e.game,
                        "line": e.line,
                        "tags": e.description,
                        "error": e.kind.to_string(),
                        "other_variant": e.kind.is_other_variant(),
                    })
                })
                .collect();
            let warnings: Vec<serde_json::Value> = reading
                .warnings
                .iter()
                .map(|w| serde_json::json!({"game": w.game, "line": w.line, "warning": w.message}))
                .collect();
            let value = serde_json::json!({
                "file": path.display().to_string(),
                "encoding": reading.encoding.name(),
                "games": games,
                "read": read,
                "failed": failed,
                "warnings": warnings,
                "not_russian": other_variant,
                "failed_other_variant": counts.other_variant,
                "failed_illegal": counts.illegal,
            });
            text.push_str(&format!("{value}\n"));
        } else {
            text.push_str(&format!(
                "{}: {}, {games} game{}, {read} read, {} failed\n",
                path.display(),
                reading.encoding,
                if games == 1 { "" } else { "s" },
                games - read
            ));
            if games == 0 {
                text.push_str("  no game in the file\n");
            }
            if let Some(note) = reading.encoding.note() {
                text.push_str(&format!("  warning: {note}\n"));
            }
            if other_variant {
                text.push_str(&format!("  {}\n", variant_note(&reading)));
            }
            for error in reading.failed() {
                text.push_str(&format!(
                    "  game {} ({}), line {}: {}\n",
                    error.game, error.description, error.line, error.kind
                ));
            }
            for warning in &reading.warnings {
                text.push_str(&format!(
                    "  warning: game {} ({}), line {}: {}\n",
                    warning.game, warning.description, warning.line, warning.message
                ));
            }
        }
    }
    if !args.json && args.files.len() > 1 {
        // The totals are worth a line when several files are checked.
        text.push_str(&format!(
            "total: {} games, {} read, {} failed\n",
            totals.0,
            totals.1,
            totals.0 - totals.1
        ));
    }
    write_stdout(&text)?;
    Ok(outcome)
}

fn convert(args: &ConvertArgs) -> Result<Outcome, CliError> {
    let options = args.style.options();
    let mut outcome = Outcome::AllRead;
    let mut output = String::new();
    let mut written = 0usize;
    for path in &args.files {
        let reading = read_pdn_file(path)?;
        if reading.games.is_empty() {
            return Err(CliError::input(format!(
                "{}: no game in the file",
                path.display()
            )));
        }
        if reading.encoding != pdn::TextEncoding::Utf8 {
            errln!("shashki: {}: read as {}", path.display(), reading.encoding);
        }
        for error in reading.failed() {
            outcome = Outcome::SomeFailed;
            errln!("shashki: {}: not converted: {error}", path.display());
        }
        for (index, game) in reading.games.iter().enumerate() {
            let Ok(game) = game else { continue };
            if args.style == PdnStyle::Pydraughts {
                // pydraughts 0.6's reader (benches/README.md): say where it will go wrong.
                let problem = if game.game.moves().is_empty() {
                    Some("it has no moves: pydraughts 0.6 stops reading the file there")
                } else if game.game.start_position().side_to_move() == shashki::Color::Black {
                    Some("Black starts: pydraughts 0.6 reads its first move twice")
                } else {
                    None
                };
                if let Some(problem) = problem {
                    errln!(
                        "shashki: {}: game {} ({}): written, but {problem}",
                        path.display(),
                        index + 1,
                        game.description()
                    );
                }
            }
            output.push_str(&pdn::write_game_with(game, &options));
            written += 1;
        }
    }
    match &args.output {
        Some(target) if target.as_os_str() != "-" => {
            if target.is_dir() {
                return Err(CliError::input(format!(
                    "cannot write the output {}: it is a directory",
                    target.display()
                )));
            }
            write_atomically(target, &output)?;
            errln!(
                "shashki: {written} game{} written to {} ({} style)",
                if written == 1 { "" } else { "s" },
                target.display(),
                args.style
            );
        }
        _ => write_stdout(&output)?,
    }
    Ok(outcome)
}

/// Runs `shashki pdn`.
///
/// # Errors
/// Some games could not be read (exit code 1), or a file is unusable (exit code 2).
pub fn run(args: &Args) -> Result<(), CliError> {
    let outcome = match &args.command {
        Command::Check(args) => check(args)?,
        Command::Convert(args) => convert(args)?,
    };
    match outcome {
        Outcome::AllRead => Ok(()),
        Outcome::SomeFailed => Err(CliError::failure("some games could not be read")),
        Outcome::Unusable => Err(CliError::input("some files could not be used")),
    }
}
