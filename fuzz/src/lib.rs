//! The bodies of the fuzz targets: every input a user or another program can hand the library,
//! each function taking raw bytes, feeding them to one reader (or a protocol session, or the
//! search) and checking what must hold whatever the bytes: no panic, and the target's own
//! invariant (a text read back equal after writing, one `done` per `go`, a damaged table never
//! trusted, a legal move or none).
//!
//! `fuzz_targets/NAME.rs` wraps `NAME` for libFuzzer (`cargo fuzz run NAME -s none`), and
//! `tests/corpus.rs` runs every function over its seed corpus in `corpus/NAME/` with plain
//! `cargo test`, so the invariants are checked even where cargo-fuzz is not installed. A failed
//! invariant panics: libFuzzer saves the input as a crash, `cargo test` names the file.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use shashki::book::Book;
use shashki::egtb::Tablebases;
use shashki::egtb::{BuildOptions, Material};
use shashki::eval::{Network, PatternTables};
use shashki::hub::{self, Action, GoMode, Session};
use shashki::pdn::{self, PdnStyle};
use shashki::{Engine, EngineConfig, Notation, Position, SearchLimit};

/// A target's body: bytes in, a panic if an invariant fails.
pub type Target = fn(&[u8]);

/// Every target: its name (that of its `fuzz_targets/` file and its corpus directory) and body.
pub const TARGETS: &[(&str, Target)] = &[
    ("fen", fen),
    ("move_text", move_text),
    ("pdn_read", pdn_read),
    ("pdn_round_trip", pdn_round_trip),
    ("book_json", book_json),
    ("seed_book", seed_book),
    ("hub_session", hub_session),
    ("tablebase_file", tablebase_file),
    ("pattern_tables", pattern_tables),
    ("network_file", network_file),
    ("search", search),
];

/// The bytes as text, as a reader given a file would see them (invalid UTF-8 replaced).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// FEN with the lidraughts `:H`/`:F` extras: a position read is written back (numeric and
/// algebraic) and reads back as the same position, with the same extras when written with them.
pub fn fen(data: &[u8]) {
    let text = text(data);
    let Ok((position, extras)) = Position::from_fen_with_extras(&text) else {
        return;
    };
    for written in [position.to_fen(), position.to_fen_algebraic()] {
        let again = Position::from_fen(&written).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again, position, "{text:?} -> {written}");
    }
    let mut with_extras = position.to_fen();
    if let Some(h) = extras.halfmove_clock {
        with_extras.push_str(&format!(":H{h}"));
    }
    if let Some(f) = extras.fullmove_number {
        with_extras.push_str(&format!(":F{f}"));
    }
    let (again, extras_again) = Position::from_fen_with_extras(&with_extras)
        .unwrap_or_else(|e| panic!("{with_extras}: {e}"));
    assert_eq!((again, extras_again), (position, extras), "{with_extras}");
}

/// Positions the move-text target parses against: the start, a capture-rich middlegame, kings.
const MOVE_POSITIONS: [&str; 4] = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:WK29,22,18,15:BK4,9,10,11,19,14",
    "B:W17,18,26,27:BK32,11,12",
    "W:Wa1,c3,e3,g3:Bb6,d6,f6,h6",
];

/// Move text in any notation: a move read is legal, and written in every notation it reads back
/// as the same move. The first byte picks the position.
pub fn move_text(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let position: Position = MOVE_POSITIONS[usize::from(pick) % MOVE_POSITIONS.len()]
        .parse()
        .expect("a valid FEN");
    let text = text(rest);
    let Ok(mv) = position.parse_move(&text) else {
        return;
    };
    assert!(position.is_legal(&mv), "{text:?} read as an illegal move");
    for notation in [Notation::Algebraic, Notation::Numeric, Notation::Hub] {
        let written = position.write_move(&mv, notation);
        let again = position
            .parse_move(&written)
            .unwrap_or_else(|e| panic!("{text:?} -> {written}: {e}"));
        assert_eq!(again, mv, "{text:?} -> {written}");
    }
}

/// PDN bytes in any encoding: reading never panics, every game read replays legally.
pub fn pdn_read(data: &[u8]) {
    let reading = pdn::read_bytes(data);
    for game in reading.read() {
        let record = &game.game;
        for (mv, position) in record.moves().iter().zip(record.positions()) {
            assert!(position.is_legal(mv));
        }
        assert_eq!(game.annotations.len(), record.moves().len());
    }
    let _ = reading.failed().count();
}

/// PDN write-then-read: every game read, written in each style, reads back with the same start
/// position and moves; written again from what was read, it reads back equal.
pub fn pdn_round_trip(data: &[u8]) {
    let reading = pdn::read_bytes(data);
    for game in reading.read() {
        for style in PdnStyle::ALL {
            let written = pdn::write_game_with(game, &style.options());
            let again = pdn::read_game(&written)
                .unwrap_or_else(|e| panic!("{style}: written game does not read: {e}\n{written}"));
            assert_eq!(
                again.game.start_position(),
                game.game.start_position(),
                "{style}\n{written}"
            );
            assert_eq!(again.game.moves(), game.game.moves(), "{style}\n{written}");
            assert_eq!(again.result, game.result, "{style}\n{written}");
            // From here on nothing changes: what was read is written and read back equal.
            let rewritten = pdn::write_game_with(&again, &style.options());
            let twice = pdn::read_game(&rewritten)
                .unwrap_or_else(|e| panic!("{style}: rewritten game does not read: {e}"));
            assert_eq!(twice, again, "{style}\n{rewritten}");
        }
    }
}

/// The JSON book format: a book read is written and reads back with the same entries.
pub fn book_json(data: &[u8]) {
    let Ok(book) = Book::from_json_str(&text(data), "fuzz.json") else {
        return;
    };
    let written = book.to_json_string();
    let again = Book::from_json_str(&written, "written.json")
        .unwrap_or_else(|e| panic!("a written book does not read: {e}\n{written}"));
    assert_eq!(again.entries(), book.entries());
    for entry in book.entries() {
        for mv in &entry.moves {
            assert!(entry.position.is_legal(&mv.mv));
        }
    }
}

/// The seed engine's book format: an imported book holds legal moves only, and is written and
/// read back in the project's format with the same entries.
pub fn seed_book(data: &[u8]) {
    let Ok(book) = Book::from_seed_json_str(&text(data), "seed.json") else {
        return;
    };
    for entry in book.entries() {
        for mv in &entry.moves {
            assert!(entry.position.is_legal(&mv.mv));
        }
    }
    let written = book.to_json_string();
    let again = Book::from_json_str(&written, "written.json")
        .unwrap_or_else(|e| panic!("an imported book does not write: {e}\n{written}"));
    assert_eq!(again.entries(), book.entries());
}

/// Most lines a Hub session target plays (libFuzzer's inputs are short anyway).
const HUB_MAX_LINES: usize = 400;
/// Most bytes a Hub session may send for one line of input, beyond a multiple of the line's own
/// length (an error line quotes what it refuses).
const HUB_OUTPUT_BASE: usize = 4_096;

/// A Hub conversation: the bytes are the GUI's lines, fed to the sans-IO [`Session`] with a fake
/// engine standing for the `shashki hub` driver (a search ends when stopped, at `quit` or at the
/// end of input, and a bounded `go think` also on its own, before a line of a length divisible by
/// three). Checks: no panic; the session never starts a search while one runs, and asks to stop
/// or ponder-hit only while one runs; every `go` accepted gets exactly one `done`; the output
/// per line is bounded.
pub fn hub_session(data: &[u8]) {
    /// The fake engine's search: whether only `stop` ends it, and whether it was asked to stop.
    struct Pending {
        unbounded: bool,
        stopping: bool,
    }
    let mut session = Session::new("fuzz", "0", "nobody", hub::engine_params(64, 1, None));
    let mut pending: Option<Pending> = None;
    let (mut searches, mut dones) = (0usize, 0usize);
    let finish = |session: &mut Session, pending: &mut Option<Pending>, dones: &mut usize| {
        if pending.take().is_some() {
            *dones += 1;
            session.search_finished();
        }
    };
    let text = text(data);
    'lines: for line in text.split('\n').take(HUB_MAX_LINES) {
        let line = line.trim_end_matches('\r');
        // The engine answers between lines: a stopped search, or a bounded one that ended.
        if pending
            .as_ref()
            .is_some_and(|p| p.stopping || (!p.unbounded && line.len() % 3 == 0))
        {
            finish(&mut session, &mut pending, &mut dones);
        }
        assert_eq!(session.is_searching(), pending.is_some());
        let actions = session.handle(line);
        let sent: usize = actions
            .iter()
            .map(|a| match a {
                Action::Send(text) => text.len() + 1,
                _ => 0,
            })
            .sum();
        assert!(
            sent <= HUB_OUTPUT_BASE + 4 * line.len(),
            "{sent} bytes sent for a line of {}",
            line.len()
        );
        for action in actions {
            match action {
                Action::Search(request) => {
                    assert!(pending.is_none(), "a second search started");
                    searches += 1;
                    let unbounded = request.mode != GoMode::Think
                        || matches!(request.level.limit(), SearchLimit::Infinite);
                    pending = Some(Pending {
                        unbounded,
                        stopping: false,
                    });
                }
                Action::Stop => {
                    let Some(search) = pending.as_mut() else {
                        panic!("stop without a search");
                    };
                    search.stopping = true;
                }
                Action::PonderHit(_) => assert!(pending.is_some(), "ponder-hit without a search"),
                Action::Init(_) | Action::NewGame => {
                    assert!(pending.is_none(), "the engine changed during a search");
                }
                Action::Quit => {
                    finish(&mut session, &mut pending, &mut dones);
                    break 'lines;
                }
                _ => {}
            }
        }
    }
    // End of input (or quit): the driver stops what runs and waits for its `done`.
    finish(&mut session, &mut pending, &mut dones);
    assert_eq!(searches, dones, "every go gets exactly one done");
    assert!(!session.is_searching());
}

/// The genuine tables up to 3 pieces, built once per process into a directory of their own, and
/// a working directory holding copies of them.
struct TableFixture {
    /// Each material's file bytes, as built.
    files: Vec<(Material, Vec<u8>)>,
    /// The genuine tables, for the true values.
    truth: Tablebases,
    /// Where the target writes its files.
    work: PathBuf,
}

fn table_fixture() -> &'static TableFixture {
    static FIXTURE: OnceLock<TableFixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("shashki-fuzz-tb-{}", std::process::id()));
        let (genuine, work) = (root.join("genuine"), root.join("work"));
        let _ = std::fs::remove_dir_all(&root);
        let options = BuildOptions {
            max_pieces: 3,
            ..BuildOptions::default()
        };
        shashki::egtb::build_dir(&genuine, options, &|_| {}).expect("the tables build");
        std::fs::create_dir_all(&work).expect("a working directory");
        let files: Vec<(Material, Vec<u8>)> = Material::all_up_to(3)
            .into_iter()
            .map(|m| {
                let name = m.file_name();
                let bytes = std::fs::read(genuine.join(&name)).expect("a built table");
                std::fs::write(work.join(&name), &bytes).expect("a copy");
                (m, bytes)
            })
            .collect();
        TableFixture {
            files,
            truth: Tablebases::open_verified(&genuine),
            work,
        }
    })
}

/// Most entries of a table the target compares with the truth.
const TABLE_SAMPLE: u64 = 4_096;

/// Tablebase file bytes: the first byte picks a material (of the tables up to 3 pieces), the rest
/// replaces its file among genuine copies of the others. Checks: opening never panics; a table
/// that is trusted (opened, or opened and fully verified) never gives a value other than the
/// true one — a damaged block gives no value at all.
pub fn tablebase_file(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let fixture = table_fixture();
    let (material, genuine) = &fixture.files[usize::from(pick) % fixture.files.len()];
    let path = fixture.work.join(material.file_name());
    std::fs::write(&path, bytes).expect("the working directory is writable");
    check_trusted(&Tablebases::open(&fixture.work), *material, &fixture.truth);
    check_trusted(
        &Tablebases::open_verified(&fixture.work),
        *material,
        &fixture.truth,
    );
    std::fs::write(&path, genuine).expect("the working directory is writable");
}

fn check_trusted(opened: &Tablebases, material: Material, truth: &Tablebases) {
    if !opened.has(material) {
        return;
    }
    let slots = shashki::egtb::slot_count(material);
    let step = (slots / TABLE_SAMPLE).max(1);
    for index in (0..slots).step_by(step as usize) {
        let Some(position) = shashki::egtb::slot_position(material, index) else {
            continue;
        };
        if let Some(value) = opened.probe(&position) {
            assert_eq!(
                Some(value),
                truth.probe(&position),
                "{material}: a wrong value at {index} was trusted"
            );
        }
    }
}

/// Pattern-table files: bytes that read are written back identically and read again.
pub fn pattern_tables(data: &[u8]) {
    let Ok(tables) = PatternTables::from_bytes(data) else {
        return;
    };
    let bytes = tables.to_bytes();
    assert_eq!(
        bytes, data,
        "a pattern file read is written back identically"
    );
    assert!(PatternTables::from_bytes(&bytes).is_ok());
}

/// Network file bytes (`.shnn`): a file read is written back identically, and its correction of
/// the fullest positions (24 pieces, with and without kings) is computed without overflow (the
/// library is built with overflow checks: the reader's bounds on the weights are what keeps the
/// sums in range) and is the same for a position and its colour-flipped twin.
pub fn network_file(data: &[u8]) {
    let Ok(network) = Network::from_bytes(data) else {
        return;
    };
    assert_eq!(
        network.to_bytes(),
        data,
        "a network file read is written back identically"
    );
    let full = [
        "B:W18,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,15",
        "W:WK1,K2,K3,K4,5,6,7,8,9,10,11,12:BK29,K30,K31,K32,13,14,15,16,17,18,19,20",
    ]
    .map(|text| Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}")));
    for position in [Position::start()].iter().chain(&full) {
        assert_eq!(
            network.score(position),
            network.score(&position.flipped()),
            "{position:?} and its colour-flipped twin"
        );
    }
}

/// Nodes a fuzzed search may spend (small, so that each input runs in milliseconds).
const SEARCH_NODES: u64 = 3_000;

/// Search from a fuzzed position: the first 32 bytes are the squares 1..32 (by value mod 5:
/// empty, white man, white king, black man, black king), the next byte the side to move and the
/// number of threads (1 or 2). A position that breaks a placement rule is refused; otherwise the
/// answer is a legal move, or none exactly when the position has no legal move.
pub fn search(data: &[u8]) {
    if data.len() < 33 {
        return;
    }
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, byte) in data[..32].iter().enumerate() {
        let square = i + 1;
        match byte % 5 {
            1 => white.push(square.to_string()),
            2 => white.push(format!("K{square}")),
            3 => black.push(square.to_string()),
            4 => black.push(format!("K{square}")),
            _ => {}
        }
    }
    let side = if data[32] & 1 == 0 { "W" } else { "B" };
    let text = format!("{side}:W{}:B{}", white.join(","), black.join(","));
    let Ok(position) = Position::from_fen(&text) else {
        return;
    };
    let engine = Engine::new(EngineConfig {
        hash_mb: 1,
        threads: if data[32] & 2 == 0 { 1 } else { 2 },
        ..EngineConfig::default()
    });
    let result = engine.search_position(&position, &[], SearchLimit::Nodes(SEARCH_NODES), |_| {});
    let moves = position.legal_moves();
    match result.best_move {
        Some(mv) => assert!(moves.contains(&mv), "{text}: illegal {mv:?}"),
        None => assert!(
            moves.is_empty(),
            "{text}: no move, with {} legal",
            moves.len()
        ),
    }
}

/// The seed corpus directory of target `name` (inside this package).
#[must_use]
pub fn corpus_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(name)
}
