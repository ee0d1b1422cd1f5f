//! `shashki book`: show a book's moves for a position, import the seed engine's book, build a book
//! by engine analysis, or from the moves played in PDN files (`build --from-pdn`, each played
//! move checked by the engine, optionally merged into an existing book).

use std::fmt::Write as _;
use std::path::PathBuf;

use std::sync::Mutex;
use std::time::Instant;

use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use shashki::book::build::{
    BookBuildEvent, BookBuildOptions, BookRoot, GamesBookOptions, MoveScorer, book_from_games,
    build_book,
};
use shashki::{Engine, EngineConfig, Move, SearchLimit};

use crate::cli_error::CliError;
use crate::inputs::openings::Openings;
use shashki::book::{Book, BookPolicy};
use shashki::{Notation, Position};

/// Arguments of `shashki book`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Show the book's moves for a position.
    Probe {
        /// The position (FEN); the start position if omitted.
        fen: Option<String>,
        /// The book file (default: the shipped book, built into the program).
        #[arg(long)]
        book: Option<PathBuf>,
        /// Also show the move the policy would pick (best, weighted, uniform, first, last).
        #[arg(long)]
        policy: Option<BookPolicy>,
        /// Seed of the random policies.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// One JSON object: {"fen", "in_book", "name", "comment", "moves": [{"move", "weight",
        /// "score", "comment"}], "pick"}.
        #[arg(long)]
        json: bool,
    },
    /// Build a book by engine analysis from the start position (and optionally ballots).
    Build(BuildArgs),
    /// Convert the seed engine's book (`{"positions": [...], "moves": [...]}`) to format 1.
    Import {
        /// The seed engine's book.
        seed_book: PathBuf,
        /// The book to write (format version 1).
        out: PathBuf,
    },
}

/// Runs `shashki book`.
///
/// # Errors
/// A message for the user: unreadable or invalid book, bad FEN.
pub fn run(args: &Args) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Probe {
            fen,
            book,
            policy,
            seed,
            json,
        } => probe(fen.as_deref(), book.as_deref(), *policy, *seed, *json),
        BookCommand::Import { seed_book, out } => import(seed_book, out),
        BookCommand::Build(args) => build(args),
    }
}

fn probe(
    fen: Option<&str>,
    path: Option<&std::path::Path>,
    policy: Option<BookPolicy>,
    seed: u64,
    json: bool,
) -> Result<(), CliError> {
    let position = match fen {
        Some(fen) => crate::inputs::positions::read_fen(fen)?,
        None => Position::start(),
    };
    let book = match path {
        Some(path) => std::sync::Arc::new(Book::load(path).map_err(CliError::input)?),
        None => Book::shipped(),
    };
    if json {
        let entry = book.entry(&position);
        let moves: Vec<serde_json::Value> = entry
            .map(|e| e.moves.as_slice())
            .unwrap_or_default()
            .iter()
            .map(|m| {
                serde_json::json!({
                    "move": position.write_move(&m.mv, Notation::Algebraic),
                    "weight": m.weight,
                    "score": m.score.map(json_decimal),
                    "comment": m.comment,
                })
            })
            .collect();
        let pick = policy
            .and_then(|policy| book.choose(&position, policy, seed))
            .map(|chosen| position.write_move(&chosen.mv, Notation::Algebraic));
        let value = serde_json::json!({
            "fen": position.to_fen(),
            "in_book": entry.is_some(),
            "name": entry.and_then(|e| e.name.clone()),
            "comment": entry.and_then(|e| e.comment.clone()),
            "moves": moves,
            "pick": pick,
        });
        return crate::output::write_stdout(&format!("{value}\n"));
    }
    let Some(entry) = book.entry(&position) else {
        return crate::output::write_stdout(&format!(
            "{}: not in the book ({} positions)\n",
            position.to_fen(),
            book.len()
        ));
    };
    // One write at the end: a reader that closes the pipe early (`| head`) just ends the output.
    let mut out = String::new();
    let _ = writeln!(out, "{}", position.to_fen());
    if let Some(name) = &entry.name {
        let _ = writeln!(out, "opening: {name}");
    }
    if let Some(comment) = &entry.comment {
        let _ = writeln!(out, "comment: {comment}");
    }
    let total: u64 = entry.moves.iter().map(|m| u64::from(m.weight)).sum();
    for m in &entry.moves {
        let share = if total > 0 {
            100.0 * f64::from(m.weight) / total as f64
        } else {
            0.0
        };
        let score = m.score.map_or(String::new(), |s| format!("{s:+.2}"));
        let _ = writeln!(
            out,
            "  {:<12} weight {:>5} ({share:>5.1}%)  {score:>6}  {}",
            position.write_move(&m.mv, Notation::Algebraic),
            m.weight,
            m.comment.as_deref().unwrap_or("")
        );
    }
    if let Some(policy) = policy {
        match book.choose(&position, policy, seed).map(|chosen| chosen.mv) {
            Some(mv) => {
                let _ = writeln!(
                    out,
                    "{policy} picks {}",
                    position.write_move(&mv, Notation::Algebraic)
                );
            }
            None => {
                let _ = writeln!(out, "{policy} picks nothing");
            }
        }
    }
    crate::output::write_stdout(&out)
}

fn import(seed_book: &std::path::Path, out: &std::path::Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(seed_book)
        .map_err(|e| CliError::input(format!("{}: {e}", seed_book.display())))?;
    let book = Book::from_seed_json_str(&text, &seed_book.display().to_string())
        .map_err(CliError::input)?;
    book.save(out).map_err(CliError::input)?;
    outln!(
        "{} positions, {} moves written to {}",
        book.len(),
        book.entries().iter().map(|e| e.moves.len()).sum::<usize>(),
        out.display()
    );
    Ok(())
}

/// Arguments of `shashki book build`.
#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// The book to write (required: building never overwrites a book by default).
    #[arg(long)]
    out: PathBuf,
    /// Plies to expand from each root.
    #[arg(long, default_value_t = BookBuildOptions::default().plies)]
    plies: u32,
    /// Search depth of each move's analysis (plies, after the move).
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// Keep moves at most this many men below the best.
    #[arg(long, default_value_t = BookBuildOptions::default().margin)]
    margin: f32,
    /// Keep at most this many moves per position.
    #[arg(long, default_value_t = BookBuildOptions::default().max_moves)]
    max_moves: usize,
    /// Seed that breaks ties between equal scores.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Also start from these openings: `built-in` (the 745 three-move ballots) or a JSON file of
    /// name -> FEN.
    #[arg(long)]
    ballots: Option<Openings>,
    /// Plies to expand from each ballot (default: --plies).
    #[arg(long)]
    ballot_plies: Option<u32>,
    /// Transposition table of each worker's engine, in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Build from the moves played in these PDN files instead (their first --plies plies; each
    /// move's weight is how often it was played, a move more than --margin below the engine's best
    /// keeps weight 0 and a comment).
    #[arg(long, num_args = 1.., conflicts_with = "ballots")]
    from_pdn: Vec<PathBuf>,
    /// With --from-pdn: keep only positions reached by at least this many games.
    #[arg(long, default_value_t = 1, requires = "from_pdn")]
    min_games: u32,
    /// With --from-pdn: merge into this book (weights of the same move add up).
    #[arg(long, requires = "from_pdn")]
    merge: Option<PathBuf>,
}

/// `book build --from-pdn`: the games of the files (unreadable games named on stderr), counted,
/// checked by the engine, merged, written atomically.
fn build_from_games(
    args: &BuildArgs,
    scorer: &EngineScorer,
    on_event: &(dyn Fn(BookBuildEvent) + Sync),
) -> Result<Book, CliError> {
    let mut games = Vec::new();
    let mut failed = 0usize;
    for path in &args.from_pdn {
        let reading = crate::inputs::positions::read_pdn_file(path)?;
        if reading.games.is_empty() {
            return Err(CliError::input(format!(
                "{}: no game in the file",
                path.display()
            )));
        }
        for error in reading.failed() {
            failed += 1;
            errln!("shashki: {}: left out: {error}", path.display());
        }
        games.extend(reading.read().cloned());
    }
    let mut merged = match &args.merge {
        Some(path) => Book::load(path).map_err(CliError::input)?,
        None => Book::new(),
    };
    let options = GamesBookOptions {
        plies: args.plies,
        min_games: args.min_games,
        margin: args.margin,
    };
    let book = book_from_games(&games, scorer, options, on_event);
    let positions = book.len();
    for entry in book.entries() {
        merged.add(entry.clone());
    }
    merged.description = Some(format!(
        "Built by `shashki book build --from-pdn` from {} games{} (their first {} plies, positions \
         reached by at least {} games), each played move searched to depth {}, a move more than {} \
         men below the best kept with weight 0{}.",
        games.len(),
        if failed > 0 {
            format!(" ({failed} unreadable games left out)")
        } else {
            String::new()
        },
        args.plies,
        args.min_games,
        args.depth,
        args.margin,
        match &args.merge {
            Some(path) => format!(
                ", merged into {} ({positions} positions added or updated)",
                path.display()
            ),
            None => String::new(),
        }
    ));
    merged.generator = Some(serde_json::json!({
        "program": format!("shashki {}", env!("CARGO_PKG_VERSION")),
        "from_pdn": args.from_pdn.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "games": games.len(),
        "plies": args.plies,
        "min_games": args.min_games,
        "depth": args.depth,
        "margin": args.margin.to_string().parse::<f64>().unwrap_or(f64::from(args.margin)),
    }));
    Ok(merged)
}

/// Scores moves with fixed-depth searches, one engine per concurrent caller, each cleared before
/// a position so the result does not depend on which worker scored what.
struct EngineScorer {
    engines: Mutex<Vec<Engine>>,
    depth: u32,
    hash_mb: usize,
}

impl MoveScorer for EngineScorer {
    fn score_moves(&self, position: &Position) -> Vec<(Move, f32)> {
        let engine = self
            .engines
            .lock()
            .ok()
            .and_then(|mut pool| pool.pop())
            .unwrap_or_else(|| {
                Engine::new(EngineConfig {
                    hash_mb: self.hash_mb,
                    ..EngineConfig::default()
                })
            });
        engine.new_game();
        let history = [position.zobrist_key()];
        let scored = position
            .legal_moves()
            .iter()
            .map(|mv| {
                let child = position.play_unchecked(mv);
                let result = engine.search_position(
                    &child,
                    &history,
                    SearchLimit::Depth(self.depth.saturating_sub(1).max(1)),
                    |_| {},
                );
                (*mv, -men(result.score))
            })
            .collect();
        if let Ok(mut pool) = self.engines.lock() {
            pool.push(engine);
        }
        scored
    }
}

/// A search score in men; forced wins and losses become +-100.
fn men(score: shashki::Score) -> f32 {
    if score.is_win() {
        100.0
    } else if score.is_loss() {
        -100.0
    } else {
        score.value() as f32 / 100.0
    }
}

fn build(args: &BuildArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let options = BookBuildOptions {
        plies: args.plies,
        margin: args.margin,
        max_moves: args.max_moves,
        seed: args.seed,
        ..BookBuildOptions::default()
    };
    let scorer = EngineScorer {
        engines: Mutex::new(Vec::new()),
        depth: args.depth,
        hash_mb: args.hash,
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>10} [{elapsed_precise}] {wide_bar} {pos}/{len} positions, eta {eta}",
        )
        .map_err(CliError::failure)?,
    );
    let on_event = |event: BookBuildEvent| match event {
        BookBuildEvent::Level { ply, positions } => {
            if bar.is_hidden() {
                errln!("ply {ply}: {positions} positions");
            }
            bar.set_prefix(format!("ply {ply}"));
            bar.set_length(positions as u64);
            bar.set_position(0);
        }
        BookBuildEvent::Scored => bar.inc(1),
        _ => {}
    };
    if !args.from_pdn.is_empty() {
        let book = build_from_games(args, &scorer, &on_event)?;
        bar.finish_and_clear();
        book.save(&args.out).map_err(CliError::failure)?;
        outln!(
            "{} positions written to {} in {:.1} s",
            book.len(),
            args.out.display(),
            started.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let start = [BookRoot {
        position: Position::start(),
        name: Some("start position".into()),
    }];
    let ballots = match &args.ballots {
        Some(openings) => Some(
            openings
                .read()?
                .into_iter()
                .map(|(name, game)| BookRoot {
                    position: *game.position(),
                    name: Some(name),
                })
                .collect::<Vec<_>>(),
        ),
        None => None,
    };
    let mut book = build_book(&start, &scorer, options, &on_event);
    if let Some(roots) = ballots {
        if bar.is_hidden() {
            errln!("ballots: {} roots", roots.len());
        }
        bar.set_prefix("ballots");
        bar.set_length(roots.len() as u64);
        bar.set_position(0);
        let ballot_options = BookBuildOptions {
            plies: args.ballot_plies.unwrap_or(args.plies),
            ..options
        };
        // Each ballot is its own small tree; build them in parallel and merge in file order.
        let books: Vec<Book> = roots
            .par_iter()
            .map(|root| {
                let book = build_book(std::slice::from_ref(root), &scorer, ballot_options, &|_| {});
                bar.inc(1);
                book
            })
            .collect();
        for ballot_book in books {
            for entry in ballot_book.entries() {
                book.add(entry.clone());
            }
        }
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    book.description = Some(format!(
        "Built by `shashki book build` from the start position ({} plies){}, each move searched to depth {}, moves within {} men of the best (at most {}), seed {}.",
        args.plies,
        match &args.ballots {
            Some(_) => format!(
                " and the ballots ({} plies each)",
                args.ballot_plies.unwrap_or(args.plies)
            ),
            None => String::new(),
        },
        args.depth,
        args.margin,
        args.max_moves,
        args.seed
    ));
    book.generator = Some(serde_json::json!({
        "program": format!("shashki {}", env!("CARGO_PKG_VERSION")),
        "plies": args.plies,
        "ballot_plies": args.ballots.as_ref().map(|_| args.ballot_plies.unwrap_or(args.plies)),
        "depth": args.depth,
        "margin": args.margin.to_string().parse::<f64>().unwrap_or(f64::from(args.margin)),
        "max_moves": args.max_moves,
        "seed": args.seed,
        "seconds": (seconds * 10.0).round() / 10.0,
        "threads": rayon::current_num_threads(),
    }));
    book.save(&args.out).map_err(CliError::failure)?;
    outln!(
        "{} positions written to {} in {seconds:.1} s",
        book.len(),
        args.out.display()
    );
    Ok(())
}

/// A book score (an `f32`) as the shortest decimal that reads back as it, the way the book file
/// writes it: `0.01`, not the `0.009999999776482582` of its widening to `f64`.
fn json_decimal(score: f32) -> serde_json::Value {
    score
        .to_string()
        .parse::<f64>()
        .map_or(serde_json::Value::Null, serde_json::Value::from)
}
