//! `shashki show FEN`: a text diagram of a position, its FEN and its status.

use crate::cli_error::{CliError, read_fen};

/// Arguments of `shashki show`.
#[derive(clap::Args)]
pub struct Args {
    /// The position, as FEN (numeric or algebraic squares).
    fen: String,
}

/// Prints the diagram.
pub fn run(args: &Args) -> Result<(), CliError> {
    let position = read_fen(&args.fen)?;
    println!("{position}");
    println!("FEN: {}", position.to_fen());
    let moves = position.count_legal_moves();
    if moves == 0 {
        println!("{} has no legal move and has lost", position.side_to_move());
    } else if position.has_capture() {
        println!("{moves} legal moves; capturing is mandatory");
    } else {
        println!("{moves} legal moves");
    }
    Ok(())
}
