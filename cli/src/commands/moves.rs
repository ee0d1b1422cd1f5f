//! `shashki moves FEN [--json]`: every legal move with its full path.

use shashki::Notation;

use crate::cli_error::CliError;
use crate::inputs::positions::read_fen;
use crate::output::write_stdout;

/// Arguments of `shashki moves`.
#[derive(clap::Args)]
pub struct Args {
    /// The position, as FEN (numeric or algebraic squares).
    fen: String,
    /// Print a JSON array of objects instead of one move per line.
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct MoveRecord {
    /// Traditional notation with the full path, `a1:e5:g3`.
    text: String,
    /// Numeric (PDN) notation with the full path, `29x15x24`.
    numeric: String,
    /// Hub notation, `29x24x19x25`.
    hub: String,
    from: u8,
    to: u8,
    captured: Vec<u8>,
    promotes: bool,
}

/// Prints the moves.
pub fn run(args: &Args) -> Result<(), CliError> {
    let position = read_fen(&args.fen)?;
    let moves = position.legal_moves();
    if args.json {
        let records: Vec<MoveRecord> = moves
            .iter()
            .map(|mv| MoveRecord {
                text: position.write_move(mv, Notation::Algebraic),
                numeric: position.write_move(mv, Notation::Numeric),
                hub: position.write_move(mv, Notation::Hub),
                from: mv.from().number(),
                to: mv.to().number(),
                captured: mv.captured().into_iter().map(|s| s.number()).collect(),
                promotes: mv.promotes(),
            })
            .collect();
        let text = serde_json::to_string_pretty(&records).map_err(CliError::failure)?;
        write_stdout(&format!("{text}\n"))
    } else {
        let text: String = moves
            .iter()
            .map(|mv| position.write_move(mv, Notation::Algebraic) + "\n")
            .collect();
        write_stdout(&text)
    }
}
