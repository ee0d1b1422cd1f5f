//! `shashki diagram` end to end: the SVG of a FEN, with a move's path; of a PDN game at a ply;
//! the printable sheet of a PDN file and of a puzzle set; bad input refused with its place
//! (exit code 2).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use shashki::{Color, Position, Square};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("shashki-cli-diagram-{}-{name}", std::process::id()))
}

fn shashki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("the shashki binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The pieces an SVG shows, as `(square, "white man")`, from their groups' attributes.
fn pieces_shown(svg: &str) -> BTreeSet<(String, String)> {
    svg.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("<g class=\"piece ")?;
            let (kind, rest) = rest.split_once('"')?;
            let square = rest.split('"').nth(1)?;
            Some((square.to_string(), kind.to_string()))
        })
        .collect()
}

fn pieces_of(position: &Position) -> BTreeSet<(String, String)> {
    Square::ALL
        .into_iter()
        .filter_map(|s| {
            let piece = position.piece_at(s)?;
            let color = if piece.color == Color::White {
                "white"
            } else {
                "black"
            };
            let role = if piece.role == shashki::Role::King {
                "king"
            } else {
                "man"
            };
            Some((s.name(), format!("{color} {role}")))
        })
        .collect()
}

#[test]
fn a_fen_with_a_move_to_a_file_and_to_stdout() {
    let fen = "W:Wc3,a1:Bd4,f6,d6,b6,Kh8";
    let out = temp("capture.svg");
    let output = shashki(&[
        "diagram",
        fen,
        "--move",
        "c3:e5:c7:a5",
        "--flip",
        "--size",
        "300",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("width=\"300\""));
    assert_eq!(pieces_shown(&svg), pieces_of(&fen.parse().unwrap()));
    assert!(svg.contains("data-path=\"c3 e5 c7 a5\""), "{svg}");
    assert_eq!(svg.matches("class=\"captured\"").count(), 3);
    std::fs::remove_file(&out).unwrap();

    let output = shashki(&["diagram", fen, "--no-coordinates", "--out", "-"]);
    assert!(output.status.success());
    let svg = String::from_utf8(output.stdout).unwrap();
    assert_eq!(svg.matches("class=\"coordinate\"").count(), 0);
    assert_eq!(svg.matches("class=\"piece ").count(), 7);
}

#[test]
fn a_pdn_game_at_a_ply_and_its_next_move() {
    let pdn = temp("games.pdn");
    std::fs::write(
        &pdn,
        "[White \"A\"]\n[Black \"B\"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 1-1\n\n\
         [White \"C\"]\n[Black \"D\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n",
    )
    .unwrap();
    let out = temp("ply.svg");
    let output = shashki(&[
        "diagram",
        "--pdn",
        pdn.to_str().unwrap(),
        "--game",
        "2",
        "--ply",
        "3",
        "--next",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&out).unwrap();
    let mut position = Position::start();
    for text in ["c3-d4", "f6-e5", "d4:f6"] {
        position = position.play(&position.parse_move(text).unwrap()).unwrap();
    }
    assert_eq!(pieces_shown(&svg), pieces_of(&position));
    assert!(svg.contains("data-path=\"g7 e5\""), "{svg}");
    std::fs::remove_file(&out).unwrap();

    // Past the end, a game that is not there, a move that is not legal: exit code 2, the place.
    for (args, says) in [
        (
            vec!["--ply", "9"],
            "game 1 has 4 plies; --ply 9 is past its end",
        ),
        (vec!["--game", "3"], "no game 3 (the file holds 2)"),
        (vec!["--game", "0"], "no game 0"),
        (vec!["--move", "a1-b2"], "--move a1-b2"),
        (vec!["--ply", "4", "--next"], "no move after ply 4"),
    ] {
        let mut all = vec!["diagram", "--pdn", pdn.to_str().unwrap(), "--out", "-"];
        all.extend(args);
        let output = shashki(&all);
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        assert!(
            stderr(&output).contains(says),
            "{all:?}: {}",
            stderr(&output)
        );
    }
    std::fs::remove_file(&pdn).unwrap();
}

#[test]
fn a_sheet_of_games_and_of_puzzles() {
    let pdn = temp("sheet.pdn");
    std::fs::write(
        &pdn,
        "[White \"A\"]\n[Black \"B\"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. c3-b4 *\n\n\
         [FEN \"B:W14,15,23,28:B5,13,16,20\"]\n1... g5-f4 2. e3:g5 h4:f6:d4:b6 0-2\n",
    )
    .unwrap();
    let out = temp("sheet.html");
    let output = shashki(&[
        "diagram",
        "--pdn",
        pdn.to_str().unwrap(),
        "--sheet",
        "--title",
        "Урок <1>",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = std::fs::read_to_string(&out).unwrap();
    assert_eq!(html.matches("<figure>").count(), 2);
    assert_eq!(html.matches("<svg ").count(), 2);
    assert!(html.contains("<h1>Урок &lt;1&gt;</h1>"));
    assert!(
        html.contains("1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. c3-b4 *"),
        "{html}"
    );
    assert!(
        html.contains("1... g5-f4 2. e3:g5 h4:f6:d4:b6 0-2"),
        "{html}"
    );
    assert!(html.contains("A – B; White to move"), "{html}");
    assert!(html.contains("game 2; Black to move"), "{html}");

    // A diagram every move: 5 plies give 3 diagrams and the last position, the 3 plies 2 and 1.
    let output = shashki(&[
        "diagram",
        "--pdn",
        pdn.to_str().unwrap(),
        "--sheet",
        "--every",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = std::fs::read_to_string(&out).unwrap();
    assert_eq!(html.matches("<figure>").count(), 4 + 3, "{html}");
    assert!(html.contains("<p class=\"moves\">3. c3-b4</p>"), "{html}");

    let set = temp("set.json");
    let puzzle = r#"{"fen":"B:Wc5,e5,e3,h2:Ba7,a5,g5,h4","side":"B","solution":["g5-f4","e3:g5","h4:f6:d4:b6"],"theme":"shot","depth":1,"difficulty":2}"#;
    std::fs::write(
        &set,
        format!(
            "{{\"format\": \"shashki-puzzles\", \"version\": 1, \"puzzles\": [{puzzle}, {puzzle}]}}"
        ),
    )
    .unwrap();
    let output = shashki(&[
        "diagram",
        "--puzzles",
        set.to_str().unwrap(),
        "--sheet",
        "--flip",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = std::fs::read_to_string(&out).unwrap();
    assert_eq!(html.matches("<figure>").count(), 2);
    assert!(html.contains("Black to move and win (shot, difficulty 2/5)"));
    assert!(html.contains("1... g5-f4 2. e3:g5 h4:f6:d4:b6"));
    for file in [&pdn, &out, &set] {
        std::fs::remove_file(file).unwrap();
    }
}

#[test]
fn bad_input_is_refused_with_its_place() {
    for (args, says) in [
        (vec!["diagram", "W:W:Bz9", "--out", "-"], "bad FEN"),
        (
            vec!["diagram", "W:W22:B18", "--move", "22-17", "--out", "-"],
            "--move 22-17",
        ),
        (
            vec!["diagram", "W:W22:B18", "--highlight", "c4", "--out", "-"],
            "--highlight c4",
        ),
        (vec!["diagram", "W:W22:B18"], "--out"),
        (vec!["diagram", "--sheet", "--out", "-"], "required"),
        (
            vec!["diagram", "--pdn", "/nonexistent/x.pdn", "--out", "-"],
            "cannot read /nonexistent/x.pdn",
        ),
    ] {
        let output = shashki(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(says),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
