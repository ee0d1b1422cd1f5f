//! Perft against the published numbers of `tests/data/perft.txt` (docs/RULES.md §4).
//!
//! The file is read into entries (position, depth, expected count, move identity). The normal
//! run checks every entry up to [`NODE_LIMIT`] leaves, single-threaded, which includes the start
//! position through depth 9, with the plain and the hashed perft; the `#[ignore]`d tests check
//! every entry with the parallel perft, plain and hashed
//! (`cargo test -p shashki --test perft_data -- --ignored`).

use shashki::perft::{
    PerftTable, divide, perft_hashed, perft_hashed_parallel, perft_parallel, perft_with,
};
use shashki::{MoveIdentity, Position};

/// Entries with more leaves than this are left to the ignored test.
const NODE_LIMIT: u64 = 5_000_000;

/// Entries up to this many leaves are also checked with `divide`.
const DIVIDE_LIMIT: u64 = 100_000;

/// Size of the perft hash table of the hashed runs, in MB.
const TABLE_MB: usize = 16;

const DATA: &str = include_str!("data/perft.txt");

/// One `perft` line of the data file.
#[derive(Debug)]
struct Entry {
    id: String,
    position: Position,
    depth: u32,
    nodes: u64,
    identity: MoveIdentity,
    line: usize,
}

/// Reads the data file; errors name the line.
fn read_entries(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    let mut id: Option<String> = None;
    let mut position: Option<Position> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (keyword, rest) = raw.split_once(' ').unwrap_or((raw, ""));
        match keyword {
            "id" => {
                id = Some(rest.trim().to_string());
                position = None;
            }
            "fen" => {
                let fen = Position::from_fen(rest).map_err(|e| format!("line {line}: {e}"))?;
                position = Some(fen);
            }
            "perft" | "perft-b" => {
                let (Some(id), Some(position)) = (&id, position) else {
                    return Err(format!("line {line}: perft before `id` and `fen`"));
                };
                let mut numbers = rest.split_whitespace().map(str::parse::<u64>);
                let (Some(Ok(depth)), Some(Ok(nodes)), None) =
                    (numbers.next(), numbers.next(), numbers.next())
                else {
                    return Err(format!("line {line}: expected `{keyword} DEPTH NODES`"));
                };
                entries.push(Entry {
                    id: id.clone(),
                    position,
                    depth: u32::try_from(depth).map_err(|e| format!("line {line}: {e}"))?,
                    nodes,
                    identity: if keyword == "perft" {
                        MoveIdentity::Outcome
                    } else {
                        MoveIdentity::Trajectory
                    },
                    line,
                });
            }
            other => return Err(format!("line {line}: unknown keyword `{other}`")),
        }
    }
    Ok(entries)
}

fn entries() -> Vec<Entry> {
    read_entries(DATA).unwrap_or_else(|error| panic!("tests/data/perft.txt: {error}"))
}

fn check(entry: &Entry, count: u64) {
    assert_eq!(
        count, entry.nodes,
        "perft {} ({:?}) of `{}` (data line {}): got {count}, published {}",
        entry.depth, entry.identity, entry.id, entry.line, entry.nodes
    );
}

#[test]
fn perft_data_up_to_node_limit() {
    let entries = entries();
    let mut checked = Vec::new();
    let table = PerftTable::new(TABLE_MB);
    for entry in entries.iter().filter(|e| e.nodes <= NODE_LIMIT) {
        check(
            entry,
            perft_with(&entry.position, entry.depth, entry.identity),
        );
        // One table serves every entry and both conventions, as in `shashki perft`.
        check(
            entry,
            perft_hashed(&entry.position, entry.depth, entry.identity, &table),
        );
        checked.push((entry.id.as_str(), entry.depth, entry.identity));
    }
    // The normal run must cover the start position to depth 9 under both conventions, and the
    // three other positions of docs/RULES.md §4 to depth 7.
    assert!(checked.contains(&("start", 9, MoveIdentity::Outcome)));
    assert!(checked.contains(&("start", 9, MoveIdentity::Trajectory)));
    for id in ["turkish-strike", "middle-game", "kings-and-men"] {
        assert!(checked.contains(&(id, 7, MoveIdentity::Outcome)), "{id}");
    }
    // Divide: one count per legal move, each the perft of the position after it.
    for entry in entries
        .iter()
        .filter(|e| e.nodes <= DIVIDE_LIMIT && e.depth >= 2)
    {
        let rows = divide(&entry.position, entry.depth, entry.identity);
        check(entry, rows.iter().map(|(_, n)| n).sum());
        for (mv, n) in rows {
            let child = entry.position.play_unchecked(&mv);
            assert_eq!(n, perft_with(&child, entry.depth - 1, entry.identity));
        }
    }
    // The parallel perft agrees on the biggest entry of the normal run.
    let start = Position::start();
    assert_eq!(perft_parallel(&start, 9, MoveIdentity::Outcome), 4_570_586);
}

#[test]
#[ignore = "deep perft (start position to depth 13): minutes of CPU"]
fn perft_data_all_entries() {
    for entry in entries() {
        check(
            &entry,
            perft_parallel(&entry.position, entry.depth, entry.identity),
        );
    }
}

#[test]
#[ignore = "deep perft with the hash table (start position to depth 13)"]
fn perft_data_all_entries_hashed() {
    let table = PerftTable::new(256);
    for entry in entries() {
        check(
            &entry,
            perft_hashed_parallel(&entry.position, entry.depth, entry.identity, &table),
        );
    }
}

#[test]
fn perft_data_file_reader_rejects_malformed_lines() {
    assert!(read_entries("perft 1 7").is_err());
    assert!(read_entries("id x\nfen W:W21:B1\nperft 1").is_err());
    assert!(read_entries("id x\nfen W:W21:B1\nperft one 7").is_err());
    assert!(read_entries("id x\nfen nonsense").is_err());
    assert!(read_entries("id x\nfen W:W21:B1\nperfect 1 7").is_err());
    let entries = read_entries("id x\nfen W:W21:B1\nperft 1 2\nperft-b 1 2").expect("valid");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1].identity, MoveIdentity::Trajectory);
}
