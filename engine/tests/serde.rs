//! The `serde` feature: positions as FEN, squares as numbers, colours as letters, moves as Hub
//! text. Run with `cargo test -p shashki --features serde`; without the feature this file is
//! empty.
#![cfg(feature = "serde")]

mod common;

use common::{Rng, random_game, random_position};
use serde::de::DeserializeSeed;
use serde::{Deserialize, Serialize};
use shashki::{Color, HubMove, MoveError, MoveSeed, Notation, Position, Square};

#[test]
fn position_is_its_fen() {
    let start = Position::start();
    let json = serde_json::to_string(&start).expect("serialises");
    assert_eq!(json, format!("\"{}\"", start.to_fen()));
    assert_eq!(
        serde_json::from_str::<Position>(&json).expect("reads"),
        start
    );
    // Any FEN the reader accepts, including algebraic squares and counters.
    let position: Position = serde_json::from_str("\"W:WKa1:Bb2,f4:H3\"").expect("reads");
    assert_eq!(position.to_fen(), "W:WK29:B19,25");
    // Random positions round-trip.
    let mut rng = Rng::new(0x5E4D_0001);
    for _ in 0..2_000 {
        let position = random_position(&mut rng);
        let json = serde_json::to_string(&position).expect("serialises");
        assert_eq!(serde_json::from_str::<Position>(&json).ok(), Some(position));
    }
}

#[test]
fn bad_positions_are_errors() {
    for json in [
        "\"W:W33:B1\"",
        "\"W:W1:B2\"",
        "\"\"",
        "17",
        "null",
        "[\"W\"]",
    ] {
        assert!(serde_json::from_str::<Position>(json).is_err(), "{json}");
    }
    let error = serde_json::from_str::<Position>("\"W:W21:Ba2\"").expect_err("light square");
    assert!(error.to_string().contains("black pieces field"), "{error}");
}

#[test]
fn square_is_its_number() {
    for square in Square::ALL {
        let json = serde_json::to_string(&square).expect("serialises");
        assert_eq!(json, square.number().to_string());
        assert_eq!(serde_json::from_str::<Square>(&json).ok(), Some(square));
    }
    for json in ["0", "33", "-1", "256", "1.5", "\"c3\"", "null"] {
        assert!(serde_json::from_str::<Square>(json).is_err(), "{json}");
    }
}

#[test]
fn color_is_a_letter() {
    assert_eq!(
        serde_json::to_string(&Color::White).ok().as_deref(),
        Some("\"W\"")
    );
    assert_eq!(
        serde_json::to_string(&Color::Black).ok().as_deref(),
        Some("\"B\"")
    );
    for (json, color) in [("\"W\"", Color::White), ("\"b\"", Color::Black)] {
        assert_eq!(serde_json::from_str::<Color>(json).ok(), Some(color));
    }
    for json in ["\"X\"", "\"WB\"", "\"\"", "\"white\"", "0"] {
        assert!(serde_json::from_str::<Color>(json).is_err(), "{json}");
    }
}

#[test]
fn moves_are_hub_text() {
    let mut rng = Rng::new(0x5E4D_0002);
    let mut positions: Vec<Position> = (0..1_000).map(|_| random_position(&mut rng)).collect();
    positions.extend(random_game(&mut rng, Position::start(), 200));
    for position in positions {
        for mv in position.legal_moves() {
            let text = HubMove::new(&mv);
            assert_eq!(text.as_str(), position.write_move(&mv, Notation::Hub));
            let json = serde_json::to_string(&text).expect("serialises");
            let read: HubMove = serde_json::from_str(&json).expect("reads");
            assert_eq!(read, text);
            assert_eq!(read.resolve(&position), Ok(mv));
            let mut deserializer = serde_json::Deserializer::from_str(&json);
            assert_eq!(
                MoveSeed(&position).deserialize(&mut deserializer).ok(),
                Some(mv)
            );
        }
    }
}

#[test]
fn bad_moves_are_errors() {
    // Syntax is checked when reading a HubMove.
    for json in ["\"22x\"", "\"\"", "\"c3-c4\"", "22", "null"] {
        assert!(serde_json::from_str::<HubMove>(json).is_err(), "{json}");
    }
    // Legality needs the position.
    let start = Position::start();
    let text: HubMove = serde_json::from_str("\"22-19\"").expect("well-formed");
    assert!(matches!(
        text.resolve(&start),
        Err(MoveError::Illegal { .. })
    ));
    let mut json = serde_json::Deserializer::from_str("\"22-19\"");
    let error = MoveSeed(&start)
        .deserialize(&mut json)
        .expect_err("illegal");
    assert!(error.to_string().contains("illegal"), "{error}");
}

/// A record as an application would store it.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    position: Position,
    winner: Option<Color>,
    square: Square,
    best: HubMove,
}

#[test]
fn types_compose_in_derived_structs() {
    let position: Position = "W:WKa1:Bb2,f4".parse().expect("valid FEN");
    let mv = position.parse_move("a1:e5:h2").expect("legal");
    let record = Record {
        position,
        winner: Some(Color::White),
        square: mv.to(),
        best: mv.into(),
    };
    let json = serde_json::to_string(&record).expect("serialises");
    assert_eq!(
        json,
        r#"{"position":"W:WK29:B19,25","winner":"W","square":28,"best":"29x28x19x25"}"#
    );
    let read: Record = serde_json::from_str(&json).expect("reads");
    assert_eq!(read, record);
    assert_eq!(read.best.resolve(&read.position), Ok(mv));
}

#[test]
fn game_round_trips_as_start_and_hub_moves() {
    let mut game = shashki::Game::from_fen(
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    )
    .unwrap();
    for text in ["22-18", "11-15", "18x11", "8x15"] {
        game.play_text(text).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains(r#""moves":["22-18","11-15","18x11x15","8x15x11"]"#),
        "{json}"
    );
    let back: shashki::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.position(), game.position());
    let bad = json.replace("8x15x11", "8-12");
    let error = serde_json::from_str::<shashki::Game>(&bad)
        .unwrap_err()
        .to_string();
    assert!(error.contains("move 4"), "{error}");
}

#[test]
fn a_game_keeps_its_fen_counters() {
    let game = shashki::Game::from_fen("W:WK29,K30:BK1:H7:F31").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains(r#""start":"W:WK29,K30:BK1:H7:F31""#),
        "{json}"
    );
    let back: shashki::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.draw_state(), game.draw_state());
    assert_eq!(back.first_move_number(), 31);
    // Fresh counters are not written: the start position stays a plain FEN.
    let json = serde_json::to_string(&shashki::Game::default()).unwrap();
    assert!(!json.contains(":H"), "{json}");
}

#[test]
fn a_game_keeps_its_draw_rules() {
    use shashki::DrawRules;
    let game = shashki::Game::from_fen("W:WK29,K30:BK1")
        .unwrap()
        .with_draw_rules(DrawRules::Basic);
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""draw_rules":"basic""#), "{json}");
    let back: shashki::Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.draw_rules(), DrawRules::Basic);
    assert_eq!(back, game);
    // The default set is not written, and a record without the field reads as `full`.
    let json = serde_json::to_string(&shashki::Game::default()).unwrap();
    assert!(!json.contains("draw_rules"), "{json}");
    let back: shashki::Game = serde_json::from_str(r#"{"start":"W:WK29:BK1","moves":[]}"#).unwrap();
    assert_eq!(back.draw_rules(), DrawRules::Full);
    let error = serde_json::from_str::<shashki::Game>(
        r#"{"start":"W:WK29:BK1","moves":[],"draw_rules":"fide"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("fide"), "{error}");
}

#[test]
fn results_statuses_and_scores_serialise() {
    let position = Position::start();
    let mv = position.parse_move("c3-d4").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#""22-18""#);
    let won = shashki::GameStatus::Won {
        winner: Color::White,
        reason: shashki::WinReason::NoLegalMove,
    };
    let text = serde_json::to_string(&won).unwrap();
    assert_eq!(
        serde_json::from_str::<shashki::GameStatus>(&text).unwrap(),
        won
    );
    assert_eq!(serde_json::to_string(&shashki::Score(37)).unwrap(), "37");
    let engine = shashki::Engine::new(shashki::EngineConfig {
        hash_mb: 1,
        ..shashki::EngineConfig::default()
    });
    let result = engine.search(
        &shashki::Game::default(),
        shashki::SearchLimit::Depth(3),
        |_| {},
    );
    let value = serde_json::to_value(&result).unwrap();
    assert_eq!(value["depth"], 3);
    assert_eq!(value["source"], "Search");
    assert!(
        value["best_move"].as_str().is_some_and(|m| m.contains('-')),
        "{value}"
    );
}
