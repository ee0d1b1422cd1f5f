//! `shashki show FEN`: a text diagram of a position, its FEN and its status.

use std::fmt::Write;

use crate::cli_error::CliError;
use crate::inputs::positions::read_fen;
use crate::output::write_stdout;

/// Arguments of `shashki show`.
#[derive(clap::Args)]
pub struct Args {
    /// The position, as FEN (numeric or algebraic squares).
    fen: String,
}

/// Prints the diagram.
pub fn run(args: &Args) -> Result<(), CliError> {
    let position = read_fen(&args.fen)?;
    let mut text = format!("{position}\nFEN: {}\n", position.to_fen());
    let moves = position.count_legal_moves();
    // Writing to a String cannot fail.
    let _ = if moves == 0 {
        writeln!(
            text,
            "{} has no legal move and has lost",
            position.side_to_move()
        )
    } else if position.has_capture() {
        writeln!(text, "{moves} legal moves; capturing is mandatory")
    } else {
        writeln!(text, "{moves} legal moves")
    };
    write_stdout(&text)
}
