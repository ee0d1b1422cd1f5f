//! `shashki puzzles`: build a puzzle set from games, and verify one with a deeper search.
//!
//! `build` gathers games — `--selfplay N` games the engine plays against itself at playing
//! levels (weak levels leave combinations on the board, which is what a puzzle set needs) from
//! the built-in ballots, and any `--games FILE.pdn` — optionally saves the self-play games as
//! PDN (`--save-games`), then hands every position of every game (each FEN once) to a
//! [`Finder`] (`shashki::puzzles`, which decides what a puzzle is). Games are scanned in
//! parallel, one finder per worker. Of the puzzles of one game with the same first move (a
//! combination left on the board for several moves) only the first is kept; the set is sorted
//! by difficulty and written as JSON (`--out`).
//!
//! `verify FILE` checks every puzzle of a set again with a deeper search (`--depth`, default
//! 12): every move of the player's must still be the only winning one, and every reply of the
//! defender's its best defence (one that holds better is not answered by the line). It prints
//! each failure and a summary, writes the confirmed puzzles with `--out`, and fails (exit code 1) when a
//! puzzle fails unless `--out` is given.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use shashki::egtb::Tablebases;
use shashki::pdn::{self, PdnGame};
use shashki::puzzles::{FindSettings, Finder, Puzzle, PuzzleSet, Verdict};
use shashki::{Engine, EngineConfig, LEVELS, Notation, Position, SearchLimit};

use crate::cli_error::CliError;
use crate::inputs::openings::Openings;
use crate::play::match_runner::{LevelPlayer, Pace, Seat, play_game};

/// Arguments of `shashki puzzles`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Scan games (self-play and PDN files) for unique winning combinations; write a puzzle set.
    Build(BuildArgs),
    /// Check a puzzle set again with a deeper search.
    Verify(VerifyArgs),
}

/// Arguments of `shashki puzzles build`.
#[derive(clap::Args)]
struct BuildArgs {
    /// PDN files whose games are scanned.
    #[arg(long, num_args = 1..)]
    games: Vec<PathBuf>,
    /// Play this many self-play games (levels from `--levels`, openings from the ballots) and
    /// scan them.
    #[arg(long, default_value_t = 0)]
    selfplay: usize,
    /// The playing levels of the self-play games, paired in turn (`3,5,4,6`: 3–5, 5–4, 4–6, …).
    #[arg(long, default_value = "3,5,4,6,2,5,3,6", value_delimiter = ',')]
    levels: Vec<usize>,
    /// Openings of the self-play games: `built-in` (the ballots) or a JSON file of name → FEN.
    #[arg(long, default_value = "built-in")]
    openings: Openings,
    /// Start this many openings further on (in name order).
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// Save the self-play games to this PDN file.
    #[arg(long)]
    save_games: Option<PathBuf>,
    /// Endgame tablebase directory (`shashki egtb build`) the searches probe.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// The depth of the finder's searches (plies).
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Hash per finder in MB.
    #[arg(long, default_value_t = 8)]
    hash: usize,
    /// Games scanned at the same time (default: rayon's thread count).
    #[arg(long)]
    concurrency: Option<usize>,
    /// Skip the first plies of each game (the opening holds no combinations worth a puzzle).
    #[arg(long, default_value_t = 6)]
    skip_plies: usize,
    /// The description written into the set.
    #[arg(long, default_value = "Puzzles from the shashki engine's own games")]
    description: String,
    /// The puzzle set to write (JSON).
    #[arg(long)]
    out: PathBuf,
}

/// Arguments of `shashki puzzles verify`.
#[derive(clap::Args)]
struct VerifyArgs {
    /// The puzzle set to check.
    file: PathBuf,
    /// The depth of the searches (plies).
    #[arg(long, default_value_t = 12)]
    depth: u32,
    /// Endgame tablebase directory the searches probe.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// Hash per finder in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Puzzles checked at the same time (default: rayon's thread count).
    #[arg(long)]
    concurrency: Option<usize>,
    /// Write the confirmed puzzles to this file (and succeed even when some failed).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs `shashki puzzles`.
///
/// # Errors
/// Unreadable or bad input files, a file that cannot be written, puzzles that fail to verify.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        Command::Build(args) => build(args),
        Command::Verify(args) => verify(args),
    }
}

/// The engine configuration of a finder. Set field by field, not with a struct literal: the
/// library's configuration is becoming `#[non_exhaustive]`.
#[allow(clippy::field_reassign_with_default)]
fn config(hash: usize, tablebases: Option<&Arc<Tablebases>>) -> EngineConfig {
    let mut config = EngineConfig::default();
    config.hash_mb = hash;
    config.tablebases = tablebases.cloned();
    config
}

fn open_tables(dir: Option<&PathBuf>) -> Result<Option<Arc<Tablebases>>, CliError> {
    let Some(dir) = dir else { return Ok(None) };
    if !dir.is_dir() {
        return Err(CliError::input(format!(
            "tablebases {}: not a directory",
            dir.display()
        )));
    }
    Ok(Some(Arc::new(Tablebases::open(dir))))
}

fn pool(concurrency: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = concurrency {
        builder = builder.num_threads(n.max(1));
    }
    builder.build().map_err(CliError::failure)
}

fn progress(len: usize, what: &str) -> Result<ProgressBar, CliError> {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}  {{msg}}  [{{elapsed}} < {{eta}}]"
        ))
        .map_err(CliError::failure)?,
    );
    Ok(bar)
}

/// A game to scan and what to call it.
struct Source {
    name: String,
    record: PdnGame,
}

/// Plays `count` self-play games at the levels `levels` (paired in turn) from the openings.
fn self_play(args: &BuildArgs, pool: &rayon::ThreadPool) -> Result<Vec<Source>, CliError> {
    if args.selfplay == 0 {
        return Ok(Vec::new());
    }
    if args.levels.len() < 2
        || args
            .levels
            .iter()
            .any(|&n| shashki::Level::get(n).is_none())
    {
        return Err(CliError::input(format!(
            "--levels: give two or more levels from 1 to {}",
            LEVELS.len()
        )));
    }
    let openings = args.openings.read()?;
    if openings.is_empty() {
        return Err(CliError::input("no openings"));
    }
    let bar = progress(args.selfplay, "self-play games")?;
    let base = config(8, None);
    let games: Vec<Source> = pool.install(|| {
        (0..args.selfplay)
            .into_par_iter()
            .map(|i| {
                // Openings spread evenly over the list, each pair of levels in turn.
                let index = (args.offset
                    + i * openings.len() / args.selfplay.max(1)
                    + i / openings.len().max(1))
                    % openings.len();
                let (name, start) = &openings[index];
                let white = args.levels[(2 * i) % args.levels.len()];
                let black = args.levels[(2 * i + 1) % args.levels.len()];
                let seed = 0x5EED_0000 + i as u64;
                let white_player = LevelPlayer::new(LEVELS[white - 1], &base, seed);
                let black_player = LevelPlayer::new(LEVELS[black - 1], &base, seed ^ 1);
                let pace = Pace::PerMove(SearchLimit::Depth(1));
                let mut game = start.clone();
                play_game(
                    &mut game,
                    Seat {
                        player: &white_player,
                        pace,
                    },
                    Seat {
                        player: &black_player,
                        pace,
                    },
                    200,
                    &mut |_| {},
                );
                let mut record = PdnGame::new(game);
                record.set_tag("Event", "shashki puzzles self-play");
                record.set_tag("Round", &(i + 1).to_string());
                record.set_tag("White", &format!("shashki level {white}"));
                record.set_tag("Black", &format!("shashki level {black}"));
                record.set_tag("Opening", name);
                bar.inc(1);
                Source {
                    name: format!("self-play game {} (level {white} – level {black})", i + 1),
                    record,
                }
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(games)
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let tables = open_tables(args.tablebases.as_ref())?;
    let pool = pool(args.concurrency)?;
    let mut sources = self_play(args, &pool)?;
    if let Some(path) = &args.save_games {
        let records: Vec<PdnGame> = sources.iter().map(|s| s.record.clone()).collect();
        crate::atomic_file::write_atomically(path, &pdn::write_games(&records))?;
        errln!(
            "{} self-play games saved to {}",
            records.len(),
            path.display()
        );
    }
    let played = sources.len();
    for path in &args.games {
        let bytes =
            std::fs::read(path).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        let reading = pdn::read_bytes(&bytes);
        for error in reading.failed() {
            errln!("{}: skipped: {error}", path.display());
        }
        for (i, record) in reading.read().enumerate() {
            sources.push(Source {
                name: format!("{} game {}", path.display(), i + 1),
                record: record.clone(),
            });
        }
    }
    errln!(
        "scanning {} games ({played} self-play) at depth {}",
        sources.len(),
        args.depth
    );
    // Each position once, in the first game that reaches it.
    let mut seen = HashSet::new();
    let jobs: Vec<(usize, Vec<(usize, Position)>)> = sources
        .iter()
        .enumerate()
        .map(|(g, source)| {
            let game = &source.record.game;
            let positions = game
                .positions()
                .iter()
                .enumerate()
                .skip(args.skip_plies)
                .filter(|(_, p)| !p.is_lost() && seen.insert(p.zobrist_key()))
                .map(|(ply, p)| (ply, *p))
                .collect();
            (g, positions)
        })
        .collect();
    let positions: usize = jobs.iter().map(|(_, p)| p.len()).sum();
    let bar = progress(sources.len(), "games")?;
    let found = AtomicUsize::new(0);
    let settings = FindSettings::with_depth(args.depth);
    let mut per_game: Vec<(usize, Vec<Puzzle>)> = pool.install(|| {
        jobs.par_iter()
            .map_init(
                || Finder::new(Engine::new(config(args.hash, tables.as_ref())), settings),
                |finder, (g, positions)| {
                    let game = &sources[*g].record.game;
                    let mut puzzles: Vec<Puzzle> = Vec::new();
                    // The positions of the lines kept: a game that goes on along a combination
                    // (or leaves it on the board) gives the same puzzle again.
                    let mut covered = HashSet::new();
                    for (ply, position) in positions {
                        if covered.contains(&position.zobrist_key()) {
                            continue;
                        }
                        let Some(mut puzzle) = finder.find(position) else {
                            continue;
                        };
                        if puzzles.iter().any(|p| p.solution[0] == puzzle.solution[0]) {
                            continue;
                        }
                        covered.extend(
                            (1..=puzzle.solution.len())
                                .map(|k| puzzle.position_after(k).zobrist_key()),
                        );
                        let number = game.move_number(*ply);
                        let dots = if position.side_to_move() == shashki::Color::White {
                            "."
                        } else {
                            "..."
                        };
                        puzzle.source =
                            Some(format!("{}, before {number}{dots}", sources[*g].name));
                        puzzles.push(puzzle);
                    }
                    let total = found.fetch_add(puzzles.len(), Ordering::Relaxed) + puzzles.len();
                    bar.set_message(format!("{total} puzzles"));
                    bar.inc(1);
                    (*g, puzzles)
                },
            )
            .collect()
    });
    bar.finish_and_clear();
    per_game.sort_by_key(|(g, _)| *g);
    let mut puzzles: Vec<Puzzle> = per_game.into_iter().flat_map(|(_, p)| p).collect();
    puzzles.sort_by_key(|p| p.difficulty);
    let mut set = PuzzleSet::new(&args.description, puzzles);
    set.generator = Some(serde_json::json!({
        "program": format!("shashki {}", env!("CARGO_PKG_VERSION")),
        "games": sources.len(),
        "self_play_games": played,
        "self_play_levels": args.levels,
        "positions": positions,
        "depth": args.depth,
        "tablebases": args.tablebases.is_some(),
    }));
    set.write(&args.out).map_err(CliError::failure)?;
    let mut themes = std::collections::BTreeMap::new();
    for puzzle in &set.puzzles {
        *themes.entry(puzzle.theme.russian()).or_insert(0) += 1;
    }
    outln!(
        "{} puzzles from {} games ({positions} positions) in {:.0} s, written to {}",
        set.puzzles.len(),
        sources.len(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    for (theme, count) in themes {
        outln!("  {theme}: {count}");
    }
    Ok(())
}

fn verify(args: &VerifyArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let set = PuzzleSet::read(&args.file).map_err(CliError::input)?;
    let tables = open_tables(args.tablebases.as_ref())?;
    let pool = pool(args.concurrency)?;
    let settings = FindSettings::with_depth(args.depth);
    let bar = progress(set.puzzles.len(), "puzzles")?;
    let verdicts: Vec<Verdict> = pool.install(|| {
        set.puzzles
            .par_iter()
            .map_init(
                || Finder::new(Engine::new(config(args.hash, tables.as_ref())), settings),
                |finder, puzzle| {
                    let verdict = finder.verify(puzzle);
                    bar.inc(1);
                    verdict
                },
            )
            .collect()
    });
    bar.finish_and_clear();
    let mut confirmed = Vec::new();
    for (i, (puzzle, verdict)) in set.puzzles.iter().zip(&verdicts).enumerate() {
        if *verdict == Verdict::Confirmed {
            confirmed.push(puzzle.clone());
        } else {
            outln!(
                "puzzle {} ({}; {}): {}",
                i + 1,
                puzzle.position.to_fen(),
                puzzle.solution_text(Notation::Algebraic),
                describe(verdict)
            );
        }
    }
    let failed = set.puzzles.len() - confirmed.len();
    outln!(
        "{} of {} puzzles confirmed at depth {} ({failed} failed) in {:.0} s",
        confirmed.len(),
        set.puzzles.len(),
        args.depth,
        started.elapsed().as_secs_f64()
    );
    if let Some(out) = &args.out {
        let mut kept = set.clone();
        kept.puzzles = confirmed;
        // The set says how far it was checked.
        if let Some(serde_json::Value::Object(generator)) = &mut kept.generator {
            generator.insert("verified_depth".into(), args.depth.into());
            generator.insert("verified_of".into(), set.puzzles.len().into());
            generator.insert(
                "verified_with_tablebases".into(),
                args.tablebases.is_some().into(),
            );
        }
        kept.write(out).map_err(CliError::failure)?;
        outln!("confirmed puzzles written to {}", out.display());
        return Ok(());
    }
    if failed > 0 {
        return Err(CliError::failure(format!("{failed} puzzles failed")));
    }
    Ok(())
}

fn describe(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Confirmed => "confirmed".into(),
        Verdict::OtherBest { ply, best } => {
            format!("at move {} the search prefers {best}", ply / 2 + 1)
        }
        Verdict::NotUnique { ply, other } => {
            format!("at move {} {other} wins as well", ply / 2 + 1)
        }
        Verdict::Uncovered { ply, reply } => {
            format!(
                "at reply {} the defender's {reply} holds better and the line does not answer it",
                ply / 2 + 1
            )
        }
        Verdict::NotWinning => "the solution does not win".into(),
        _ => format!("{verdict:?}"),
    }
}
