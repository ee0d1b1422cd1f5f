//! `shashki test-set` on the project's drawn-while-ahead set (`data/drawn-while-ahead.jsonl`):
//! every position's moves reach its FEN and each gets a verdict line; a line that does not
//! hold is refused with its file and line.

use std::process::{Command, Output};

fn test_set(file: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args([
            "test-set",
            file,
            "--nodes",
            "300",
            "--deep-nodes",
            "600",
            "--hash",
            "1",
        ])
        .args(extra)
        .output()
        .expect("the shashki binary runs")
}

#[test]
fn every_position_of_the_drawn_while_ahead_set_is_searched() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../data/drawn-while-ahead.jsonl"
    );
    let output = test_set(file, &[]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // A header, one line per position, the counts.
    assert_eq!(text.lines().count(), 1 + 74 + 1, "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("positions 74;"),
        "{text}"
    );
}

#[test]
fn a_line_whose_moves_miss_its_fen_is_named() {
    let dir = std::env::temp_dir().join(format!("shashki-test-set-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("set.jsonl");
    std::fs::write(
        &file,
        concat!(
            r#"{"start_fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "moves": "22-17", "fen": "B:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}"#,
            "\n",
            r#"{"start_fen": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "moves": "22-18", "fen": "B:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"}"#,
            "\n"
        ),
    )
    .unwrap();
    let output = test_set(file.to_str().unwrap(), &[]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("set.jsonl:2") && error.contains("not the fen"),
        "{error}"
    );
}
