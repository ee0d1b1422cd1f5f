//! Tests of the tables: internal consistency, agreement with a plain search, known theory, files.

use std::sync::OnceLock;

use super::material::Indexer;
use super::*;
use crate::rules::{Bitboard, Color, Position};
use crate::splitmix::SplitMix64;

/// Pieces of the tables built once for all tests.
const TEST_PIECES: u32 = 4;

/// The tables up to [`TEST_PIECES`], built once per test run (shared with the search's tests).
pub(crate) fn tables() -> &'static Tablebases {
    static TABLES: OnceLock<Tablebases> = OnceLock::new();
    TABLES.get_or_init(|| {
        build::build(
            BuildOptions {
                max_pieces: TEST_PIECES,
                ..BuildOptions::default()
            },
            &|_| {},
        )
        .expect("build")
    })
}

/// The value of a child position for its side to move (no pieces = lost).
fn child_value(tb: &Tablebases, child: &Position) -> TbEntry {
    tb.probe(child).expect("successor in the tables")
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN")
}

#[test]
fn every_entry_agrees_with_its_successors() {
    let tb = tables();
    assert_eq!(tb.max_pieces(), TEST_PIECES);
    let mut moves = crate::rules::MoveList::new();
    for material in Material::all_up_to(TEST_PIECES) {
        let table = tb.table(material).expect("built");
        for index in 0..table.len() {
            let Some(position) = table.indexer().position(index) else {
                assert_eq!(table.get(index), None);
                continue;
            };
            let entry = table.get(index).expect("valid slot has an entry");
            moves.clear();
            crate::rules::movegen::generate(&position, &mut moves);
            let children: Vec<TbEntry> = moves
                .iter()
                .map(|mv| child_value(tb, &position.play_unchecked(mv)))
                .collect();
            let fen = position.to_fen();
            match entry.wdl {
                Wdl::Win => {
                    // A move to an opponent loss one ply shorter, none shorter.
                    let fastest = children
                        .iter()
                        .filter(|c| c.wdl == Wdl::Loss)
                        .map(|c| c.distance)
                        .min();
                    assert_eq!(fastest, Some(entry.distance - 1), "{fen} {entry}");
                }
                Wdl::Loss => {
                    // Every move leads to an opponent win; the longest is one ply shorter.
                    assert!(children.iter().all(|c| c.wdl == Wdl::Win), "{fen} {entry}");
                    let longest = children.iter().map(|c| c.distance + 1).max().unwrap_or(0);
                    assert_eq!(longest, entry.distance, "{fen} {entry}");
                }
                Wdl::Draw => {
                    assert!(children.iter().all(|c| c.wdl != Wdl::Loss), "{fen}");
                    assert!(children.iter().any(|c| c.wdl == Wdl::Draw), "{fen}");
                }
            }
        }
    }
}

/// A plain depth-limited search: the exact result if the game ends within `depth` plies with best
/// play, else `None`.
fn solve(position: &Position, depth: u32) -> Option<TbEntry> {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return Some(TbEntry::decided(0));
    }
    if depth == 0 {
        return None;
    }
    let mut fastest_win: Option<u16> = None;
    let mut longest_loss = 0;
    let mut all_lose = true;
    for mv in &moves {
        match solve(&position.play_unchecked(mv), depth - 1) {
            Some(TbEntry {
                wdl: Wdl::Loss,
                distance,
            }) => {
                fastest_win = Some(fastest_win.map_or(distance + 1, |w| w.min(distance + 1)));
                all_lose = false;
            }
            Some(TbEntry {
                wdl: Wdl::Win,
                distance,
            }) => longest_loss = longest_loss.max(distance + 1),
            _ => all_lose = false,
        }
    }
    match fastest_win {
        Some(d) => Some(TbEntry::decided(d)),
        None if all_lose => Some(TbEntry::decided(longest_loss)),
        None => None,
    }
}

#[test]
fn agrees_with_a_plain_search_on_random_positions() {
    let tb = tables();
    let mut rng = SplitMix64::new(2024);
    let materials: Vec<Material> = Material::all_up_to(TEST_PIECES)
        .into_iter()
        .filter(|m| m.pieces() >= 3)
        .collect();
    let depth = 5;
    let mut decided = 0;
    let mut checked = 0;
    while checked < 600 {
        let material = materials[rng.below(materials.len() as u64) as usize];
        let indexer = Indexer::new(material);
        let Some(mut position) = indexer.position(rng.below(indexer.size())) else {
            continue;
        };
        if rng.below(2) == 1 {
            position = position.flipped();
        }
        let expected = tb.probe(&position).expect("in the tables");
        let searched = solve(&position, depth);
        let within = expected.wdl != Wdl::Draw && u32::from(expected.distance) <= depth;
        assert_eq!(
            searched,
            within.then_some(expected),
            "{} tables say {expected}",
            position.to_fen()
        );
        decided += usize::from(within);
        checked += 1;
    }
    // The sample must exercise both branches.
    assert!(decided > 50 && decided < 550, "{decided} decided");
}

#[test]
fn king_against_king() {
    // Stated exactly: with one king each, the side to move wins iff it can capture now (in one
    // ply) or its king is stuck in the double corner a1/h8 facing the other king on the main road
    // (every move then walks into a capture); otherwise it is a draw.
    let tb = tables();
    let material = Material {
        men: [0, 0],
        kings: [1, 1],
    };
    let table = tb.table(material).expect("K-K");
    let mut wins = 0;
    for index in 0..table.len() {
        let position = table.indexer().position(index).expect("no men, all valid");
        let entry = table.get(index).expect("entry");
        if position.has_capture() {
            assert_eq!(entry, TbEntry::decided(1), "{}", position.to_fen());
            wins += 1;
        } else if (position.all_kings() - Bitboard::MAIN_ROAD).any() {
            assert_eq!(entry.wdl, Wdl::Draw, "{}", position.to_fen());
        }
    }
    assert!(wins > 0);
    assert_eq!(
        tb.probe(&pos("W:WKh8:BKa1")),
        Some(TbEntry::decided(2)),
        "the cornered king must step into a capture"
    );
}

/// Whether neither side could capture in this placement, whoever were to move.
fn quiet_placement(position: &Position) -> bool {
    !position.has_capture()
        && !position
            .with_side_to_move(!position.side_to_move())
            .has_capture()
}

#[test]
fn two_kings_against_one_is_generally_a_draw() {
    // Stated exactly, two White kings against a lone Black king, in placements where neither side
    // can capture: with the lone king on the main road and no White king on it, every position is
    // a draw whoever moves; over all such placements with White to move, more than 90% are draws,
    // and some are wins (the lone king caught off the road).
    let tb = tables();
    let material = Material {
        men: [0, 0],
        kings: [2, 1],
    };
    let table = tb.table(material).expect("KK-K");
    let (mut draws, mut wins, mut total) = (0, 0, 0);
    for index in 0..table.len() {
        let position = table.indexer().position(index).expect("valid");
        if !quiet_placement(&position) {
            continue;
        }
        let entry = table.get(index).expect("entry");
        total += 1;
        match entry.wdl {
            Wdl::Draw => draws += 1,
            Wdl::Win => wins += 1,
            Wdl::Loss => {}
        }
        if position.kings(Color::Black).intersects(Bitboard::MAIN_ROAD)
            && !position.kings(Color::White).intersects(Bitboard::MAIN_ROAD)
        {
            for side in Color::ALL {
                let p = position.with_side_to_move(side);
                assert_eq!(
                    tb.probe(&p).map(|e| e.wdl),
                    Some(Wdl::Draw),
                    "{}",
                    p.to_fen()
                );
            }
        }
    }
    assert!(draws * 10 > total * 9, "{draws} draws of {total}");
    assert!(wins > 0, "some wins exist");
}

#[test]
fn three_kings_against_a_lone_king_and_the_main_road() {
    // Stated exactly, three White kings against a lone Black king, White to move, in placements
    // where neither side can capture:
    // - the lone king off the main road: every position is a win, within 30 plies (the limit of
    //   7.2.4, so that rule never spoils these wins);
    // - the lone king on the main road and no White king on it: more than 90% are draws (the rest
    //   are tactical wins: a king offered on the road must be taken and the lone king is caught).
    let tb = tables();
    let material = Material {
        men: [0, 0],
        kings: [3, 1],
    };
    let table = tb.table(material).expect("KKK-K");
    let (mut off_road, mut on_road, mut on_road_draws) = (0, 0, 0);
    for index in 0..table.len() {
        let position = table.indexer().position(index).expect("valid");
        if !quiet_placement(&position) {
            continue;
        }
        let entry = table.get(index).expect("entry");
        let fen = position.to_fen();
        if !position.kings(Color::Black).intersects(Bitboard::MAIN_ROAD) {
            assert!(entry.wins_within(30), "{fen} {entry}");
            off_road += 1;
        } else if !position.kings(Color::White).intersects(Bitboard::MAIN_ROAD) {
            on_road_draws += usize::from(entry.wdl == Wdl::Draw);
            on_road += 1;
        }
    }
    assert!(off_road > 0 && on_road > 0);
    assert!(
        on_road_draws * 10 > on_road * 9,
        "{on_road_draws} draws of {on_road}"
    );
    assert_eq!(
        tb.probe(&pos("W:WKc1,Ke1,Ka3:BKd4")).map(|e| e.wdl),
        Some(Wdl::Draw)
    );
    assert_eq!(
        tb.probe(&pos("W:WKc1,Ke1,Kg1:BKc5")).map(|e| e.wdl),
        Some(Wdl::Win)
    );
}

#[test]
fn best_move_keeps_the_value() {
    let tb = tables();
    let position = pos("W:WKc1,Ke1,Kg1:BKc5");
    let (mv, entry) = tb.best_move(&position).expect("in the tables");
    assert_eq!(Some(entry), tb.probe(&position));
    let after = tb
        .probe(&position.play_unchecked(&mv))
        .expect("in the tables");
    assert_eq!(after, TbEntry::decided(entry.distance - 1));
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Builds the tables up to `pieces` into `dir`.
fn build_into(dir: &std::path::Path, pieces: u32) -> Tablebases {
    build::build_dir(
        dir,
        BuildOptions {
            max_pieces: pieces,
            ..BuildOptions::default()
        },
        &|_| {},
    )
    .expect("build")
}

/// The materials built (not reused) by a `build_dir` into `dir`.
fn rebuilt(dir: &std::path::Path, pieces: u32) -> Vec<Material> {
    let built = std::sync::Mutex::new(Vec::new());
    build::build_dir(
        dir,
        BuildOptions {
            max_pieces: pieces,
            ..BuildOptions::default()
        },
        &|event| {
            if let BuildEvent::TableFinished { material, .. } = event {
                built.lock().unwrap().push(material);
            }
        },
    )
    .expect("build");
    let mut built = built.into_inner().unwrap();
    built.sort();
    built
}

#[test]
fn files_round_trip() {
    let tb = tables();
    let dir = scratch("round-trip");
    let read = build_into(&dir, 3);
    assert!(read.problems().is_empty(), "{:?}", read.problems());
    assert_eq!(read.max_pieces(), 3);
    for m in Material::all_up_to(3) {
        let (a, b) = (tb.table(m).unwrap(), read.table(m).unwrap());
        assert!((0..a.len()).all(|i| a.get(i) == b.get(i)), "{m}");
    }
    // Nothing left to build; every file is ready.
    assert_eq!(rebuilt(&dir, 3), vec![]);
    let report = slices::status(&dir, 3);
    assert!(
        report
            .tables
            .iter()
            .all(|t| matches!(t.state, SliceState::Ready))
    );
    assert!(report.others.is_empty(), "{:?}", report.others);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_from_bytes_are_checked_and_trusted_as_files_are() {
    let tb = tables();
    let dir = scratch("bytes");
    build_into(&dir, 3);
    let files: Vec<(String, TableBytes)> = Material::all_up_to(3)
        .into_iter()
        .map(|m| {
            let bytes = std::fs::read(dir.join(m.file_name())).expect("table file");
            (m.file_name(), TableBytes::from(bytes))
        })
        .collect();
    let read = Tablebases::from_bytes(files.clone());
    assert!(read.problems().is_empty(), "{:?}", read.problems());
    assert_eq!(read.max_pieces(), 3);
    for m in Material::all_up_to(3) {
        let (a, b) = (tb.table(m).unwrap(), read.table(m).unwrap());
        assert!((0..a.len()).all(|i| a.get(i) == b.get(i)), "{m}");
    }
    // Without one input, what was built from it is stale; a wrong name and damage are refused.
    let kk_k: Material = "KK-K".parse().unwrap();
    let without: Vec<(String, TableBytes)> = files
        .iter()
        .filter(|(name, _)| *name != kk_k.file_name())
        .cloned()
        .collect();
    let partial = Tablebases::from_bytes(without);
    assert!(!partial.has(kk_k));
    assert!(partial.has("K-K".parse().unwrap()));
    assert!(
        partial
            .problems()
            .iter()
            .any(|p| matches!(p, TbError::Stale { dependency, .. } if *dependency == kk_k)),
        "{:?}",
        partial.problems()
    );
    let (name, bytes) = files[0].clone();
    let mut cut = bytes.as_slice().to_vec();
    cut.pop();
    let refused = Tablebases::from_bytes([
        ("table.bin".to_string(), bytes),
        (name.clone(), TableBytes::from(cut)),
    ]);
    assert!(refused.materials().is_empty());
    let problems: Vec<String> = refused.problems().iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].starts_with("table.bin: not a tablebase file"),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with(&format!("{name}: damaged")),
        "{problems:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The one problem `Tablebases::open` reports for `material`'s file in `dir`.
fn problem_of(dir: &std::path::Path, material: Material) -> String {
    let opened = Tablebases::open(dir);
    assert!(!opened.has(material), "{material} must not be trusted");
    let name = format!("{}:", dir.join(material.file_name()).display());
    let found: Vec<String> = opened
        .problems()
        .iter()
        .map(ToString::to_string)
        .filter(|p| p.contains(&name))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

#[test]
fn damaged_partial_and_foreign_slices_are_never_trusted_and_are_rebuilt() {
    let dir = scratch("damage");
    build_into(&dir, 3);
    let all = Material::all_up_to(3);
    let pick = |name: &str| name.parse::<Material>().unwrap();
    let path = |m: Material| dir.join(m.file_name());
    // Damaged: one byte of a block flipped. Opening is instant (blocks are checked when read),
    // so the probe of that block gives nothing; a verified open and the status refuse the file.
    let damaged = pick("KM-K");
    let mut bytes = std::fs::read(path(damaged)).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(path(damaged), &bytes).unwrap();
    let opened = Tablebases::open(&dir);
    let table = opened.table(damaged).expect("header and index are fine");
    let last_index = table.len() - 1;
    assert_eq!(
        table.get(last_index),
        None,
        "a damaged block gives no value"
    );
    let verified = Tablebases::open_verified(&dir);
    assert!(!verified.has(damaged));
    assert!(
        verified
            .problems()
            .iter()
            .any(|p| matches!(p, TbError::Damaged { .. }) && p.to_string().contains("KM-K.shtb"))
    );
    // Partial: a file cut short (as by a killed copy).
    let partial = pick("KK-K");
    let bytes = std::fs::read(path(partial)).unwrap();
    std::fs::write(path(partial), &bytes[..bytes.len() * 2 / 3]).unwrap();
    let why = problem_of(&dir, partial);
    assert!(why.contains("partial"), "{why}");
    // Foreign: another material's file under this name, another format version, and junk.
    let renamed = pick("M-K");
    std::fs::copy(path(pick("K-M")), path(renamed)).unwrap();
    assert!(problem_of(&dir, renamed).contains("not a tablebase file of this format"));
    let versioned = pick("KM-M");
    let mut bytes = std::fs::read(path(versioned)).unwrap();
    bytes[8] = 1;
    std::fs::write(path(versioned), &bytes).unwrap();
    assert!(problem_of(&dir, versioned).contains("format version 1"));
    std::fs::write(dir.join("junk.shtb"), b"SHSKEGTB junk").unwrap();
    std::fs::write(dir.join("K-K.shtb.tmp"), b"left by a killed build").unwrap();
    // Stale: the slices built from a replaced input are not used either (M-K feeds KM-K).
    let opened = Tablebases::open(&dir);
    assert!(
        opened
            .problems()
            .iter()
            .any(|p| matches!(p, TbError::Stale { .. })),
        "{:?}",
        opened.problems()
    );
    let report = slices::status(&dir, 3);
    assert_eq!(report.others.len(), 1, "junk.shtb: {:?}", report.others);
    let unusable: Vec<Material> = report
        .tables
        .iter()
        .filter(|t| !matches!(t.state, SliceState::Ready))
        .map(|t| t.material)
        .collect();
    for m in [damaged, partial, renamed, versioned] {
        assert!(unusable.contains(&m), "{m} in {unusable:?}");
    }
    // A build rebuilds exactly the slices that are not trusted, and the files come out as a
    // fresh build's.
    let rebuilt_now = rebuilt(&dir, 3);
    for m in &unusable {
        assert!(rebuilt_now.contains(m), "{m} rebuilt: {rebuilt_now:?}");
    }
    assert!(rebuilt_now.len() < all.len(), "{rebuilt_now:?}");
    let fresh = scratch("damage-fresh");
    build_into(&fresh, 3);
    for m in &all {
        assert_eq!(
            std::fs::read(path(*m)).unwrap(),
            std::fs::read(fresh.join(m.file_name())).unwrap(),
            "{m}"
        );
    }
    assert_eq!(Tablebases::open(&dir).max_pieces(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&fresh).unwrap();
    // A missing directory is reported, not fatal.
    let missing = Tablebases::open(&dir);
    assert_eq!(missing.problems().len(), 1);
    assert_eq!(missing.max_pieces(), 0);
}

#[test]
fn one_slice_builds_from_its_inputs_and_refuses_without_them() {
    let dir = scratch("slice");
    let slice: Material = "KM-K".parse().unwrap();
    let error = build::build_slice(&dir, slice, BuildOptions::default(), &|_| {}).unwrap_err();
    assert!(
        matches!(error, TbError::MissingDependency { .. }),
        "{error}"
    );
    assert!(error.to_string().contains("needs"), "{error}");
    for input in slices::slices_up_to(3)
        .into_iter()
        .filter(|s| s.pieces() < 3 || s.total_men() < 1)
    {
        assert!(build::build_slice(&dir, input, BuildOptions::default(), &|_| {}).unwrap());
    }
    assert!(
        build::build_slice(
            &dir,
            "K-KM".parse().unwrap(),
            BuildOptions::default(),
            &|_| {}
        )
        .unwrap()
    );
    assert!(
        !build::build_slice(&dir, slice, BuildOptions::default(), &|_| {}).unwrap(),
        "already built"
    );
    let opened = Tablebases::open(&dir);
    assert!(opened.problems().is_empty(), "{:?}", opened.problems());
    assert!(opened.has(slice) && opened.has(slice.swapped()));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Heavy: builds every table up to 5 pieces (minutes) and checks a sample of 5-piece positions
/// against their successors and against the plain search. Run with `cargo test -- --ignored`.
#[test]
#[ignore = "builds the 5-piece tables: minutes"]
fn five_pieces_sample_is_consistent() {
    let tb = build::build(
        BuildOptions {
            max_pieces: 5,
            ..BuildOptions::default()
        },
        &|_| {},
    )
    .expect("build");
    assert_eq!(tb.max_pieces(), 5);
    let materials: Vec<Material> = Material::all_up_to(5)
        .into_iter()
        .filter(|m| m.pieces() == 5)
        .collect();
    let mut rng = SplitMix64::new(5);
    let mut checked = 0;
    while checked < 20_000 {
        let material = materials[rng.below(materials.len() as u64) as usize];
        let indexer = Indexer::new(material);
        let Some(position) = indexer.position(rng.below(indexer.size())) else {
            continue;
        };
        let entry = tb.probe(&position).expect("in the tables");
        let (best, value) = match tb.best_move(&position) {
            Some(found) => found,
            None => {
                assert_eq!(entry, TbEntry::decided(0));
                continue;
            }
        };
        assert_eq!(value, entry, "{}", position.to_fen());
        let after = tb
            .probe(&position.play_unchecked(&best))
            .expect("successor");
        match entry.wdl {
            Wdl::Draw => assert_eq!(after.wdl, Wdl::Draw),
            _ => assert_eq!(after.distance + 1, entry.distance),
        }
        if checked % 20 == 0 {
            let searched = solve(&position, 3);
            let within = entry.wdl != Wdl::Draw && entry.distance <= 3;
            assert_eq!(searched, within.then_some(entry), "{}", position.to_fen());
        }
        checked += 1;
    }
}

/// A table file cut at any length (a copy cut short, a writer without the atomic rename) is
/// refused, never trusted: no probe answers from it. A build killed mid-write leaves the old file
/// whole.
#[test]
fn a_table_file_cut_at_every_length_is_never_trusted() {
    let dir = scratch("cut");
    build_into(&dir, 2);
    let (material, bytes) = Material::all_up_to(2)
        .into_iter()
        .map(|m| (m, std::fs::read(dir.join(m.file_name())).unwrap()))
        .min_by_key(|(_, bytes)| bytes.len())
        .expect("a table");
    let path = dir.join(material.file_name());
    for len in 0..bytes.len() {
        std::fs::write(&path, &bytes[..len]).unwrap();
        let opened = Tablebases::open(&dir);
        assert!(!opened.has(material), "{material} trusted cut at {len}");
    }
    std::fs::write(&path, &bytes).unwrap();
    assert!(Tablebases::open(&dir).has(material));
    // A build killed mid-write: the old file whole, its successor's temporary file partial (of a
    // process that no longer runs). The old file is used, the partial one never; the next build
    // takes its space back.
    let partial = dir.join(format!(".{}.4999999.tmp", material.file_name()));
    std::fs::write(&partial, &bytes[..bytes.len() / 2]).unwrap();
    let opened = Tablebases::open(&dir);
    assert!(opened.has(material) && opened.problems().is_empty());
    assert_eq!(rebuilt(&dir, 2), vec![]);
    assert_eq!(
        partial.exists(),
        !std::path::Path::new("/proc/self").exists()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A directory named like a table stops a build with an error that names it and says what to do,
/// and leaves no temporary file behind.
#[test]
fn a_directory_named_like_a_table_gives_a_clear_error() {
    let dir = scratch("dir-in-the-way");
    let blocker = dir.join(Material::all_up_to(2)[0].file_name());
    std::fs::create_dir_all(&blocker).unwrap();
    let error = build::build_dir(
        &dir,
        BuildOptions {
            max_pieces: 2,
            ..BuildOptions::default()
        },
        &|_| {},
    )
    .expect_err("the directory is in the way");
    let text = error.to_string();
    assert!(
        text.contains(&blocker.display().to_string()) && text.contains("remove or rename it"),
        "{text}"
    );
    let temporary = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().ends_with(".tmp"));
    assert!(!temporary, "a temporary file was left");
    std::fs::remove_dir_all(&dir).unwrap();
}
