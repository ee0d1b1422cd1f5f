//! Zobrist keys: the incremental update equals the key computed from scratch, and keys tell
//! positions apart (side to move, roles, colours, mirror images).

mod common;

use std::collections::HashMap;

use common::{Rng, random_game, random_position};
use shashki::{Color, Position};

/// Checks `zobrist_key_after` for every legal move of `position`, not only the one played.
fn check_every_move(position: &Position) {
    let key = position.zobrist_key();
    for mv in position.legal_moves() {
        let after = position.play_unchecked(&mv);
        assert_eq!(
            position.zobrist_key_after(key, &mv),
            after.zobrist_key(),
            "incremental key after {mv:?} in {}",
            position.to_fen()
        );
    }
}

#[test]
fn incremental_key_equals_scratch_along_random_games() {
    let mut rng = Rng::new(0x2081_0001);
    let mut plies = 0;
    for game in 0..800 {
        let start = if game % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng)
        };
        // Follow the game with the incremental key only, as a search does.
        let positions = random_game(&mut rng, start, 200);
        let mut key = start.zobrist_key();
        for pair in positions.windows(2) {
            check_every_move(&pair[0]);
            let mv = pair[0]
                .legal_moves()
                .into_iter()
                .find(|m| pair[0].play_unchecked(m) == pair[1])
                .expect("consecutive positions of a game are one move apart");
            key = pair[0].zobrist_key_after(key, &mv);
            assert_eq!(key, pair[1].zobrist_key(), "after {}", pair[0].to_fen());
            plies += 1;
        }
    }
    assert!(plies > 20_000, "only {plies} plies");
}

#[test]
fn incremental_key_equals_scratch_on_random_positions() {
    let mut rng = Rng::new(0x2081_0002);
    for _ in 0..5_000 {
        check_every_move(&random_position(&mut rng));
    }
}

#[test]
fn keys_tell_positions_apart() {
    let mut rng = Rng::new(0x2081_0003);
    let mut seen: HashMap<u64, Position> = HashMap::new();
    for _ in 0..300 {
        for position in random_game(&mut rng, Position::start(), 120) {
            if let Some(other) = seen.insert(position.zobrist_key(), position) {
                assert_eq!(other, position, "two positions share a key");
            }
        }
    }
    for _ in 0..20_000 {
        let position = random_position(&mut rng);
        if let Some(other) = seen.insert(position.zobrist_key(), position) {
            assert_eq!(other, position, "two positions share a key");
        }
    }
    assert!(seen.len() > 20_000);
}

#[test]
fn side_role_and_mirror_change_the_key() {
    let mut rng = Rng::new(0x2081_0004);
    for _ in 0..2_000 {
        let position = random_position(&mut rng);
        let key = position.zobrist_key();
        // The side to move is exactly the SIDE key.
        let other_side = position.with_side_to_move(!position.side_to_move());
        assert_eq!(other_side.zobrist_key(), key ^ side_key());
        // Flipping twice is the identity; a flip changes the key unless the position is symmetric.
        let flipped = position.flipped();
        assert_eq!(flipped.flipped().zobrist_key(), key);
        if flipped != position {
            assert_ne!(flipped.zobrist_key(), key, "{}", position.to_fen());
        }
        // Crowning any man changes the key.
        for color in Color::ALL {
            for square in position.men(color) {
                let crowned = Position::new(
                    position.pieces(Color::White),
                    position.pieces(Color::Black),
                    position.all_kings().with(square),
                    position.side_to_move(),
                )
                .expect("a king may stand anywhere");
                assert_ne!(crowned.zobrist_key(), key);
            }
        }
    }
    // The empty board with White to move has key 0 (nothing is toggled).
    assert_eq!(Position::empty(Color::White).zobrist_key(), 0);
    assert_ne!(side_key(), 0);
}

/// The key of the side to move: the empty board with Black to move (White's has key 0).
fn side_key() -> u64 {
    Position::empty(Color::Black).zobrist_key()
}
