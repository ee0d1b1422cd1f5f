//! `shashki diagram`: a board diagram as SVG, of a FEN or of a PDN game at a ply, with a move's
//! path drawn on it; or, with `--sheet`, one printable HTML page of diagrams for every game of a
//! PDN file or every puzzle of a puzzle set, the moves under each.
//!
//! Data flow: the position comes from the FEN (`inputs::positions::read_fen`), from a game of a
//! PDN file (`read_pdn_file`, the library's reading; its warnings go to stderr) or from a puzzle
//! set (`shashki::puzzles::PuzzleSet::read`); the library's `svg::Diagram` draws it; a single
//! diagram is written as is, a sheet through [`sheet::sheet_html`]. Output files are written
//! atomically; `--out -` writes to stdout.

mod sheet;

use std::path::{Path, PathBuf};

use shashki::annotate::line_text;
use shashki::pdn::{PdnGame, PdnReading};
use shashki::puzzles::PuzzleSet;
use shashki::svg::Diagram;
use shashki::{Color, Notation, Position, Square};

use crate::atomic_file::write_atomically;
use crate::cli_error::CliError;
use crate::inputs::positions::{read_fen, read_pdn_file};
use crate::output::write_stdout;
use sheet::{Figure, sheet_html};

/// Arguments of `shashki diagram`.
#[derive(clap::Args)]
pub struct Args {
    /// The position, as FEN (numeric or algebraic squares); or give `--pdn` or `--puzzles`.
    #[arg(required_unless_present_any = ["pdn", "puzzles"], conflicts_with_all = ["pdn", "puzzles"])]
    fen: Option<String>,
    /// A PDN file: the diagram of one of its games at a ply (`--game`, `--ply`), or with
    /// `--sheet` a page of all its games.
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// A puzzle set (the JSON of `shashki puzzles build`): a sheet of its puzzles, the solution
    /// under each (needs `--sheet`).
    #[arg(long, value_name = "FILE", conflicts_with = "pdn", requires = "sheet")]
    puzzles: Option<PathBuf>,
    /// Which game of the PDN file, from 1.
    #[arg(long, default_value_t = 1, requires = "pdn", conflicts_with = "sheet")]
    game: usize,
    /// The game's position after this many plies (0: its first position).
    #[arg(long, default_value_t = 0, requires = "pdn", conflicts_with = "sheet")]
    ply: usize,
    /// With `--pdn`: draw the move the game played from the position shown.
    #[arg(long, requires = "pdn", conflicts_with_all = ["mv", "sheet"])]
    next: bool,
    /// Draw this move (any notation: `22-18`, `c3:e5:g3`, …) on the position: its path through
    /// every landing square and a cross on every piece it takes.
    #[arg(long = "move", value_name = "MOVE", conflicts_with = "sheet")]
    mv: Option<String>,
    /// Squares to tint, by number or name (`22,18` or `c3,d4`).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "SQUARES",
        conflicts_with = "sheet"
    )]
    highlight: Vec<String>,
    /// Turn the board: Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Width and height of each diagram in pixels.
    #[arg(long, default_value_t = Diagram::DEFAULT_SIZE, value_parser = clap::value_parser!(u32).range(16..=4096))]
    size: u32,
    /// Leave the coordinates out of the frame.
    #[arg(long)]
    no_coordinates: bool,
    /// One printable HTML page of diagrams: every game of `--pdn` (its first position, its moves
    /// under it) or every puzzle of `--puzzles`.
    #[arg(long)]
    sheet: bool,
    /// With `--sheet --pdn`: a diagram every N moves of each game (the moves until the next
    /// under it) and one of its last position, instead of one diagram per game.
    #[arg(long, value_name = "N", requires = "pdn", value_parser = clap::value_parser!(u32).range(1..))]
    every: Option<u32>,
    /// The sheet's heading (default: the file's name).
    #[arg(long, requires = "sheet")]
    title: Option<String>,
    /// Where to write the SVG (the HTML page with `--sheet`); `-` for stdout.
    #[arg(long, short, value_name = "FILE")]
    out: PathBuf,
}

/// Draws the diagram or the sheet and writes it.
pub fn run(args: &Args) -> Result<(), CliError> {
    let text = if args.sheet {
        sheet(args)?
    } else {
        single(args)?.to_svg()
    };
    if args.out == Path::new("-") {
        write_stdout(&text)
    } else {
        write_atomically(&args.out, &text)
    }
}

/// How every diagram of this run is drawn.
fn style(args: &Args, position: &Position) -> Diagram {
    Diagram::new(position)
        .flipped(args.flip)
        .size(args.size)
        .coordinates(!args.no_coordinates)
}

/// The one diagram of a FEN or of a game at a ply.
fn single(args: &Args) -> Result<Diagram, CliError> {
    let (position, next) = match (&args.fen, &args.pdn) {
        (Some(fen), _) => (read_fen(fen)?, None),
        (None, Some(path)) => {
            let reading = read_pdn(path)?;
            let count = reading.games.len();
            let game = match reading.games.get(args.game.wrapping_sub(1)) {
                Some(Ok(game)) => game,
                Some(Err(error)) => {
                    return Err(CliError::input(format!(
                        "{}: game {} cannot be read: {error}",
                        path.display(),
                        args.game
                    )));
                }
                None => {
                    return Err(CliError::input(format!(
                        "{}: no game {} (the file holds {count})",
                        path.display(),
                        args.game
                    )));
                }
            };
            let record = &game.game;
            let Some(&position) = record.positions().get(args.ply) else {
                return Err(CliError::input(format!(
                    "{}: game {} has {} plies; --ply {} is past its end",
                    path.display(),
                    args.game,
                    record.moves().len(),
                    args.ply
                )));
            };
            let next = record.moves().get(args.ply).copied();
            if args.next && next.is_none() {
                return Err(CliError::input(format!(
                    "{}: game {} has no move after ply {}",
                    path.display(),
                    args.game,
                    args.ply
                )));
            }
            (position, next.filter(|_| args.next))
        }
        (None, None) => {
            return Err(CliError::input("give a FEN or --pdn FILE"));
        }
    };
    let mut highlights = Vec::with_capacity(args.highlight.len());
    for text in &args.highlight {
        let square: Square = text
            .trim()
            .parse()
            .map_err(|e| CliError::input(format!("--highlight {text}: {e}")))?;
        highlights.push(square);
    }
    let mv = match &args.mv {
        Some(text) => Some(
            position
                .parse_move(text)
                .map_err(|e| CliError::input(format!("--move {text}: {e}")))?,
        ),
        None => next,
    };
    let diagram = style(args, &position).highlight(highlights);
    match mv {
        // Legal: parsed in this position or played from it in a game that was read.
        Some(mv) => diagram
            .with_move(&mv)
            .map_err(|e| CliError::failure(format!("the move cannot be drawn: {e}"))),
        None => Ok(diagram),
    }
}

/// Reads a PDN file, telling on stderr what the library warns about.
fn read_pdn(path: &Path) -> Result<PdnReading, CliError> {
    let reading = read_pdn_file(path)?;
    if let Some(note) = reading.encoding.note() {
        errln!("{}: warning: {note}", path.display());
    }
    for warning in &reading.warnings {
        errln!("{}: warning: {warning}", path.display());
    }
    Ok(reading)
}

/// The sheet of every game of `--pdn` or every puzzle of `--puzzles`.
fn sheet(args: &Args) -> Result<String, CliError> {
    let (path, figures) = match (&args.pdn, &args.puzzles) {
        (Some(path), _) => (path, game_figures(args, path)?),
        (None, Some(path)) => (path, puzzle_figures(args, path)?),
        (None, None) => {
            return Err(CliError::input(
                "--sheet needs --pdn FILE or --puzzles FILE",
            ));
        }
    };
    if figures.is_empty() {
        return Err(CliError::input(format!(
            "{}: nothing to draw (no game or puzzle could be read)",
            path.display()
        )));
    }
    let title = args.title.clone().unwrap_or_else(|| {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        )
    });
    Ok(sheet_html(&title, &figures))
}

/// Whose move it is, in words.
fn to_move(position: &Position) -> &'static str {
    match position.side_to_move() {
        Color::White => "White to move",
        Color::Black => "Black to move",
    }
}

/// One figure per game (its first position, all its moves), or with `--every N` one every N
/// moves and one of the last position.
fn game_figures(args: &Args, path: &Path) -> Result<Vec<Figure>, CliError> {
    let reading = read_pdn(path)?;
    for error in reading.failed() {
        errln!("{}: skipped: {error}", path.display());
    }
    let mut figures = Vec::new();
    for (index, game) in reading.games.iter().enumerate() {
        if let Ok(game) = game {
            figures.extend(figures_of_game(args, game, index + 1));
        }
    }
    Ok(figures)
}

/// A game named as a reader expects: `White – Black, Event, Date`, from the tags there are, or
/// `game N` without them.
fn game_title(game: &PdnGame, number: usize) -> String {
    let tag = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .filter(|v| !v.chars().all(|c| c == '?' || c == '.' || c == '-'))
    };
    let mut parts = Vec::new();
    match (tag("White"), tag("Black")) {
        (Some(white), Some(black)) => parts.push(format!("{white} – {black}")),
        (Some(one), None) | (None, Some(one)) => parts.push(one.to_string()),
        (None, None) => {}
    }
    parts.extend(tag("Event").map(String::from));
    parts.extend(tag("Date").map(String::from));
    if parts.is_empty() {
        format!("game {number}")
    } else {
        parts.join(", ")
    }
}

fn figures_of_game(args: &Args, game: &PdnGame, number: usize) -> Vec<Figure> {
    let record = &game.game;
    let moves = record.moves();
    let positions = record.positions();
    let description = game_title(game, number);
    let step = args.every.map_or(moves.len().max(1), |n| 2 * n as usize);
    let mut figures = Vec::new();
    for start in (0..moves.len().max(1)).step_by(step) {
        let end = (start + step).min(moves.len());
        let position = positions[start];
        let when = if start == 0 {
            String::new()
        } else {
            format!(", after {start} plies")
        };
        figures.push(Figure {
            svg: style(args, &position).to_svg(),
            caption: format!("{description}{when}; {}", to_move(&position)),
            moves: line_text(
                &position,
                record.move_number(start),
                &moves[start..end],
                Notation::Algebraic,
            ),
        });
    }
    if args.every.is_some() && !moves.is_empty() {
        let last = record.position();
        figures.push(Figure {
            svg: style(args, last).to_svg(),
            caption: format!("{description}, the final position ({})", game.result),
            moves: String::new(),
        });
    } else if let Some(figure) = figures.last_mut()
        && !moves.is_empty()
    {
        figure.moves.push_str(&format!(" {}", game.result));
    }
    figures
}

/// One figure per puzzle: its position, what to do, the solution.
fn puzzle_figures(args: &Args, path: &Path) -> Result<Vec<Figure>, CliError> {
    let set = PuzzleSet::read(path).map_err(CliError::input)?;
    Ok(set
        .puzzles
        .iter()
        .map(|puzzle| {
            let side = match puzzle.player() {
                Color::White => "White",
                Color::Black => "Black",
            };
            Figure {
                svg: style(args, &puzzle.position).to_svg(),
                caption: format!(
                    "{side} to move and win ({}, difficulty {}/5)",
                    puzzle.theme.id(),
                    puzzle.difficulty
                ),
                moves: puzzle.solution_text(Notation::Algebraic),
            }
        })
        .collect())
}
