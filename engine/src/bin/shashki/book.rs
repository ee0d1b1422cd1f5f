//! `shashki book`: show a book's moves for a position, import the seed engine's book, build a book
//! by engine analysis.

use std::path::PathBuf;

use clap::Subcommand;

use crate::CliError;
use shashki::book::{Book, BookPolicy};
use shashki::{Notation, Position};

/// The default book, relative to the workspace root.
pub const DEFAULT_BOOK: &str = "books/opening.json";

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
        /// The book file.
        #[arg(long, default_value = DEFAULT_BOOK)]
        book: PathBuf,
        /// Also show the move the policy would pick (best, weighted, uniform, first, last).
        #[arg(long)]
        policy: Option<BookPolicy>,
        /// Seed of the random policies.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
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
        } => probe(fen.as_deref(), book, *policy, *seed),
        BookCommand::Import { seed_book, out } => import(seed_book, out),
    }
}

fn probe(
    fen: Option<&str>,
    path: &std::path::Path,
    policy: Option<BookPolicy>,
    seed: u64,
) -> Result<(), CliError> {
    let position = match fen {
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| CliError::input(format!("bad FEN {fen:?}: {e}")))?
        }
        None => Position::start(),
    };
    let book = Book::load(path).map_err(CliError::input)?;
    let Some(entry) = book.entry(&position) else {
        println!(
            "{}: not in the book ({} positions)",
            position.to_fen(),
            book.len()
        );
        return Ok(());
    };
    println!("{}", position.to_fen());
    if let Some(name) = &entry.name {
        println!("opening: {name}");
    }
    if let Some(comment) = &entry.comment {
        println!("comment: {comment}");
    }
    let total: u64 = entry.moves.iter().map(|m| u64::from(m.weight)).sum();
    for m in &entry.moves {
        let share = if total > 0 {
            100.0 * f64::from(m.weight) / total as f64
        } else {
            0.0
        };
        let score = m.score.map_or(String::new(), |s| format!("{s:+.2}"));
        println!(
            "  {:<12} weight {:>5} ({share:>5.1}%)  {score:>6}  {}",
            position.write_move(&m.mv, Notation::Algebraic),
            m.weight,
            m.comment.as_deref().unwrap_or("")
        );
    }
    if let Some(policy) = policy {
        match book.choose(&position, policy, seed) {
            Some(mv) => println!(
                "{policy} picks {}",
                position.write_move(&mv, Notation::Algebraic)
            ),
            None => println!("{policy} picks nothing"),
        }
    }
    Ok(())
}

fn import(seed_book: &std::path::Path, out: &std::path::Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(seed_book)
        .map_err(|e| CliError::input(format!("{}: {e}", seed_book.display())))?;
    let book = Book::from_seed_json_str(&text, &seed_book.display().to_string())
        .map_err(CliError::input)?;
    book.save(out).map_err(CliError::input)?;
    println!(
        "{} positions, {} moves written to {}",
        book.len(),
        book.entries().iter().map(|e| e.moves.len()).sum::<usize>(),
        out.display()
    );
    Ok(())
}
