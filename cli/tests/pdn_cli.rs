//! `shashki pdn check` and `shashki pdn convert` on our own small files: the per-file report
//! (text and JSON lines), the exit codes (0 all read, 1 some failed, 2 unusable), and the
//! converted file, written atomically and read back.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// One of the engine's PDN test files (`engine/tests/data/pdn/`), found from this package's
/// directory, never from the working directory.
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/tests/data/pdn")
        .join(name)
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-pdn-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The number of games read from PDN text.
fn pdn_games(text: &[u8]) -> usize {
    shashki::pdn::read_all(&String::from_utf8_lossy(text)).read_count()
}

fn shashki(args: &[&str], files: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .args(files)
        .output()
        .expect("the binary runs")
}

#[test]
fn check_reports_encoding_games_and_failures_with_exit_codes() {
    let all_read = shashki(&["pdn", "check"], &[data("forms.pdn"), data("cp1251.pdn")]);
    let stdout = String::from_utf8_lossy(&all_read.stdout);
    assert_eq!(all_read.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("forms.pdn: UTF-8, 10 games, 10 read, 0 failed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("cp1251.pdn: windows-1251, 2 games, 2 read, 0 failed"),
        "{stdout}"
    );
    assert!(stdout.contains("placeholders"), "{stdout}");
    assert!(
        stdout.contains("total: 12 games, 12 read, 0 failed"),
        "{stdout}"
    );

    let some_failed = shashki(&["pdn", "check", "--json"], &[data("other_variants.pdn")]);
    assert_eq!(some_failed.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&some_failed.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let value: serde_json::Value = serde_json::from_str(lines[0]).expect("JSON");
    assert_eq!(value["encoding"], "UTF-8");
    assert_eq!(value["games"], 3);
    assert_eq!(value["read"], 1);
    assert_eq!(value["not_russian"], true);
    let failed = value["failed"].as_array().expect("failures");
    assert_eq!(failed.len(), 2);
    assert_eq!(failed[0]["game"], 1);
    assert_eq!(failed[0]["line"], 4);
    assert!(
        failed[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("not Russian draughts?")),
        "{stdout}"
    );

    // Most games fail, fewer than half the variant way: judged on all the failures.
    let mixed = shashki(&["pdn", "check"], &[data("italian_mixed.pdn")]);
    let stdout = String::from_utf8_lossy(&mixed.stdout);
    assert_eq!(mixed.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "not Russian draughts? 2 of 6 games break Russian rules the way another variant's \
             games do, and 3 more fail on moves Russian rules refuse (5 of 6 games fail)"
        ),
        "{stdout}"
    );
    let mixed = shashki(&["pdn", "check", "--json"], &[data("italian_mixed.pdn")]);
    let value: serde_json::Value = serde_json::from_slice(&mixed.stdout).expect("JSON");
    assert_eq!(value["not_russian"], true);
    assert_eq!(value["failed_other_variant"], 2);
    assert_eq!(value["failed_illegal"], 3);

    let dir = scratch_dir("check");
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "{ only a comment }\n").unwrap();
    let binary = dir.join("binary.pdn");
    std::fs::write(&binary, b"1. c3-d4\0\x01\x02 *").unwrap();
    let unusable = shashki(
        &["pdn", "check"],
        &[data("forms.pdn"), empty, dir.join("missing.pdn"), binary],
    );
    let stdout = String::from_utf8_lossy(&unusable.stdout);
    assert_eq!(unusable.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("no game in the file"), "{stdout}");
    assert!(stdout.contains("missing.pdn: unusable"), "{stdout}");
    assert!(stdout.contains("not a text file"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_writes_the_readable_games_in_the_chosen_style() {
    let dir = scratch_dir("convert");
    let output = dir.join("out.pdn");
    let run = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["pdn", "convert", "--style", "pydraughts", "-o"])
        .arg(&output)
        .arg(data("cp1251.pdn"))
        .arg(data("other_variants.pdn"))
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    // Two games of other variants are not converted: named, exit code 1, the rest written.
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("read as windows-1251"), "{stderr}");
    assert!(stderr.contains("not converted: PDN game 1"), "{stderr}");
    assert!(stderr.contains("3 games written"), "{stderr}");
    let text = std::fs::read_to_string(&output).expect("UTF-8 output");
    assert!(text.contains("[White \"Иванов И.\"]"), "{text}");
    assert!(text.contains("[GameType \"25,W,8,8,A0,0\"]"), "{text}");
    assert!(
        !text.contains('{'),
        "pydraughts style has no comments: {text}"
    );
    let reading = shashki::pdn::read_all(&text);
    assert_eq!(reading.read_count(), 3);
    let leftovers = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .count();
    assert_eq!(leftovers, 0);

    // Games pydraughts 0.6 misreads are written, and named.
    let run = shashki(
        &["pdn", "convert", "--style", "pydraughts"],
        &[data("forms.pdn")],
    );
    assert_eq!(run.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("game 5 (Event \"Placeholder\"): written, but it has no moves"),
        "{stderr}"
    );
    assert_eq!(pdn_games(&run.stdout), 10);

    let bad_style = shashki(
        &["pdn", "convert", "--style", "chess"],
        &[data("forms.pdn")],
    );
    assert_eq!(bad_style.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_style.stderr).contains("lidraughts"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_utf8_file_with_a_bad_byte_is_checked_and_converted_in_cyrillic() {
    let check = shashki(&["pdn", "check"], &[data("utf8_bad_byte.pdn")]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("utf8_bad_byte.pdn: UTF-8 (bad bytes replaced), 2 games, 2 read, 0 failed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("warning: game 2 (White \"Гончаренко В.\"")
            && stdout.contains(
                "line 17: bytes that are not UTF-8 (D1) replaced by U+FFFD in tag `Black`"
            ),
        "{stdout}"
    );
    let json = shashki(&["pdn", "check", "--json"], &[data("utf8_bad_byte.pdn")]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(value["encoding"], "UTF-8 (bad bytes replaced)");
    assert_eq!(value["warnings"][0]["line"], 17);

    let convert = shashki(&["pdn", "convert"], &[data("utf8_bad_byte.pdn")]);
    assert_eq!(convert.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&convert.stderr);
    assert!(
        stderr.contains("read as UTF-8 (bad bytes replaced)"),
        "{stderr}"
    );
    let text = String::from_utf8(convert.stdout).expect("UTF-8 output");
    assert!(text.contains("[Event \"Чемпионат Беларуси\"]"), "{text}");
    assert_eq!(pdn_games(text.as_bytes()), 2);
}

#[test]
fn book_build_from_pdn_counts_checks_and_merges() {
    let dir = scratch_dir("book");
    let first = dir.join("first.json");
    let build = |out: &Path, merge: Option<&Path>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
        command
            .args([
                "book",
                "build",
                "--plies",
                "4",
                "--depth",
                "2",
                "--from-pdn",
            ])
            .arg(data("forms.pdn"))
            .arg(data("cp1251.pdn"))
            .arg("--out")
            .arg(out);
        if let Some(merge) = merge {
            command.arg("--merge").arg(merge);
        }
        command.output().expect("the binary runs")
    };
    let run = build(&first, None);
    assert!(run.status.success(), "{run:?}");
    let book = shashki::book::Book::load(&first).expect("a book");
    let start = book
        .entry(&shashki::Position::start())
        .expect("the start position is in the book");
    // The games that start from the start position with moves: e3-d4 three times (the short,
    // joined and spaced forms of one game), c3-d4 four times (split capture, chess scoring,
    // unfinished, the cp1251 file's first game), c3-b4 once.
    let weight = |text: &str| {
        start
            .moves
            .iter()
            .find(|m| {
                shashki::Position::start().write_move(&m.mv, shashki::Notation::Algebraic) == text
            })
            .map(|m| (m.weight, m.comment.clone().unwrap_or_default()))
    };
    let (e3d4, comment) = weight("e3-d4").expect("e3-d4");
    assert!(comment.starts_with("played 3 times"), "{comment}");
    assert!(e3d4 == 3 || e3d4 == 0, "{e3d4}");
    assert!(weight("c3-d4").is_some_and(|(_, c)| c.starts_with("played 4 times")));

    // Merged into itself: every count doubles.
    let second = dir.join("second.json");
    let run = build(&second, Some(&first));
    assert!(run.status.success(), "{run:?}");
    let merged = shashki::book::Book::load(&second).expect("a book");
    assert_eq!(merged.len(), book.len());
    let doubled = merged.entry(&shashki::Position::start()).expect("start");
    for (a, b) in start.moves.iter().zip(&doubled.moves) {
        assert_eq!(b.weight, 2 * a.weight);
    }
    // The same input gives the same book (but for the generator's timing fields).
    let again = dir.join("again.json");
    assert!(build(&again, None).status.success());
    let strip = |path: &Path| {
        let mut value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        value["generator"] = serde_json::Value::Null;
        value
    };
    assert_eq!(strip(&first), strip(&again));

    // A file without games is refused.
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "{ nothing }\n").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["book", "build", "--plies", "2", "--from-pdn"])
        .arg(&empty)
        .arg("--out")
        .arg(dir.join("never.json"))
        .output()
        .expect("the binary runs");
    assert_eq!(run.status.code(), Some(2));
    assert!(!dir.join("never.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dos_file_is_read_as_cp866_with_a_warning_and_a_10x10_file_as_another_variant() {
    let output = shashki(&["pdn", "check"], &[data("cp866.pdn")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("cp866.pdn: CP866 (DOS Cyrillic), 2 games, 2 read, 0 failed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("warning: read as CP866, the Cyrillic code page of DOS"),
        "{stdout}"
    );
    let converted = shashki(&["pdn", "convert"], &[data("cp866.pdn")]);
    let text = String::from_utf8_lossy(&converted.stdout);
    assert!(text.contains("[White \"Иванов И.\"]"), "{text}");

    let output = shashki(&["pdn", "check"], &[data("international_10x10.pdn")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("0 read, 3 failed"), "{stdout}");
    assert!(
        stdout.contains("not Russian draughts? 3 of 3 games"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("10×10 board").count(), 2, "{stdout}");
}
