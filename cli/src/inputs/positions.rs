//! The positions and games a command starts from: a FEN given on the command line
//! ([`read_fen`]) and a PDN file ([`read_pdn_file`]: read whole, with guards against files that
//! are not PDN, and decoded game by game by the library). Both fail as bad input (exit code 2).

use std::path::Path;

use shashki::pdn::{self, PdnReading};

use crate::cli_error::CliError;

/// Reads a FEN given on the command line.
pub fn read_fen(text: &str) -> Result<shashki::Position, CliError> {
    text.parse().map_err(CliError::input)
}

/// Largest PDN file read, in bytes: far beyond any real game collection, and a guard against
/// reading an endless stream (`/dev/zero`, a FIFO) until memory runs out.
const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads and decodes a PDN file, every game on its own.
///
/// # Errors
/// The file cannot be read, is too large or is binary (exit code 2).
pub fn read_pdn_file(path: &Path) -> Result<PdnReading, CliError> {
    use std::io::Read;
    let cannot =
        |e: std::io::Error| CliError::input(format!("cannot read {}: {e}", path.display()));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(cannot)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(CliError::input(format!(
            "{}: larger than {} MB; not a PDN file",
            path.display(),
            MAX_FILE_BYTES >> 20
        )));
    }
    // NUL bytes outside UTF-16: a binary file, not a PDN file in any encoding.
    let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
    if !utf16 && bytes.contains(&0) {
        return Err(CliError::input(format!(
            "{}: not a text file (it holds NUL bytes)",
            path.display()
        )));
    }
    Ok(pdn::read_bytes(&bytes))
}
