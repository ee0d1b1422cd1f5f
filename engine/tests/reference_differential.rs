//! Differential tests: the fast bitboard generator against the slow mailbox reference of
//! `common/reference.rs`, on random placements, on positions of random games, and by perft.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::reference::{MoveKey, RefBoard};
use common::{Rng, random_game, random_position};
use shashki::perft::perft_with;
use shashki::{Bitboard, Move, MoveIdentity, Position, Square};

/// How many random placements the main differential test compares (the issue asks ≥ 10 000).
const RANDOM_POSITIONS: usize = 12_000;

/// What one comparison saw, to check that the random positions cover the interesting cases.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    captures: usize,
    multi_captures: usize,
    with_kings: usize,
    black_to_move: usize,
    crowning_captures: usize,
    merged_routes: usize,
    lost: usize,
}

fn describe(position: &Position, key: &MoveKey) -> String {
    let name = |n: u8| Square::from_number(n).map_or("?".into(), |s| s.to_string());
    let captured: Vec<String> = key.captured.iter().map(|&n| name(n)).collect();
    format!(
        "{}{}{} captures [{}]{}",
        name(key.from),
        if key.captured.is_empty() { "-" } else { ":" },
        name(key.to),
        captured.join(" "),
        if key.promotes { " crowns" } else { "" },
    ) + &format!(" (in {})", position.to_fen())
}

/// Compares every observable of move generation on `position` with the reference; panics with a
/// readable difference.
fn compare(position: &Position, coverage: &mut Coverage) {
    let reference = RefBoard::from_position(position);
    assert_eq!(
        reference.to_position(),
        *position,
        "mailbox conversion round trip"
    );
    let expected: BTreeMap<MoveKey, Vec<Vec<Square>>> = reference
        .legal_moves_with_routes()
        .into_iter()
        .map(|(key, paths)| (key, paths.iter().map(|p| p.route()).collect()))
        .collect();
    let fast = position.legal_moves();
    let fast_keys: Vec<MoveKey> = fast.iter().map(MoveKey::of).collect();
    let fast_set: BTreeSet<MoveKey> = fast_keys.iter().cloned().collect();
    assert_eq!(
        fast_set.len(),
        fast_keys.len(),
        "fast generator repeats a move (convention C) in {}",
        position.to_fen()
    );
    let expected_set: BTreeSet<MoveKey> = expected.keys().cloned().collect();
    if fast_set != expected_set {
        let missing: Vec<String> = expected_set
            .difference(&fast_set)
            .map(|k| describe(position, k))
            .collect();
        let extra: Vec<String> = fast_set
            .difference(&expected_set)
            .map(|k| describe(position, k))
            .collect();
        panic!(
            "move sets differ in {}\n{position}\nmissing from fast: {missing:#?}\nextra in fast: {extra:#?}",
            position.to_fen()
        );
    }

    // Convention B: distinct trajectories.
    assert_eq!(
        perft_with(position, 1, MoveIdentity::Trajectory),
        reference.perft_trajectories(1),
        "convention B count in {}",
        position.to_fen()
    );

    // The cheaper queries must agree with the full list.
    assert_eq!(
        position.count_legal_moves(),
        fast.len(),
        "count_legal_moves"
    );
    assert_eq!(position.is_lost(), fast.is_empty(), "is_lost");
    let is_capture = fast.first().is_some_and(|m| m.is_capture());
    assert_eq!(position.has_capture(), is_capture, "has_capture");
    let capturers: Bitboard = fast
        .iter()
        .filter(|m| m.is_capture())
        .map(|m| m.from())
        .collect();
    assert_eq!(position.capturers(), capturers, "capturers");
    for mv in &fast {
        assert!(position.is_legal(mv));
    }

    // Every landing route of each move (used for display and parsing) is the reference's.
    for mv in &fast {
        let mut routes = position.move_routes(mv);
        routes.sort();
        let mut want = expected[&MoveKey::of(mv)].clone();
        want.sort();
        assert_eq!(routes, want, "routes of {:?} in {}", mv, position.to_fen());
        let path = position.move_path(mv);
        assert_eq!(path[0], mv.from());
        assert!(want.contains(&path[1..].to_vec()), "move_path of {mv:?}");
    }

    coverage.positions += 1;
    coverage.captures += usize::from(is_capture);
    coverage.multi_captures += usize::from(fast.iter().any(|m| m.captured().count() >= 2));
    coverage.crowning_captures += usize::from(fast.iter().any(|m| m.is_capture() && m.promotes()));
    coverage.merged_routes += usize::from(expected.values().any(|r| r.len() > 1));
    coverage.with_kings += usize::from(position.all_kings().any());
    coverage.black_to_move += usize::from(position.side_to_move() == shashki::Color::Black);
    coverage.lost += usize::from(fast.is_empty());
}

#[test]
fn random_positions_match_reference() {
    let mut rng = Rng::new(0x5EED_0001);
    let mut coverage = Coverage::default();
    for _ in 0..RANDOM_POSITIONS {
        compare(&random_position(&mut rng), &mut coverage);
    }
    println!("{coverage:?}");
    // The sample must exercise every part of the rules, not just quiet moves.
    let n = coverage.positions;
    assert!(
        coverage.captures * 3 > n,
        "too few capture positions: {coverage:?}"
    );
    assert!(
        coverage.multi_captures * 10 > n,
        "too few multi-captures: {coverage:?}"
    );
    assert!(coverage.with_kings * 2 > n, "too few kings: {coverage:?}");
    assert!(
        coverage.black_to_move * 3 > n,
        "too few Black to move: {coverage:?}"
    );
    assert!(
        coverage.crowning_captures * 100 > n,
        "too few crowning captures: {coverage:?}"
    );
    assert!(coverage.merged_routes > 0, "no merged routes: {coverage:?}");
    assert!(coverage.lost > 0, "no lost positions: {coverage:?}");
}

/// `is_legal` accepts exactly the reference's moves among hand-built candidates: legal moves
/// with one field changed, and random moves.
#[test]
fn is_legal_agrees_with_reference() {
    let mut rng = Rng::new(0x5EED_0005);
    let mut rejected = 0;
    for _ in 0..3_000 {
        let position = random_position(&mut rng);
        let legal: BTreeSet<MoveKey> = RefBoard::from_position(&position)
            .legal_moves()
            .iter()
            .map(|m| MoveKey::of(&m.outcome()))
            .collect();
        let mut candidates: Vec<Move> = Vec::new();
        for mv in position.legal_moves() {
            let other = rng.pick(&Square::ALL);
            candidates.push(mv);
            candidates.push(Move::new(mv.from(), other, mv.captured(), mv.promotes()));
            candidates.push(Move::new(other, mv.to(), mv.captured(), mv.promotes()));
            candidates.push(Move::new(
                mv.from(),
                mv.to(),
                mv.captured() ^ Bitboard::from_square(other),
                mv.promotes(),
            ));
            candidates.push(Move::new(mv.from(), mv.to(), mv.captured(), !mv.promotes()));
        }
        for _ in 0..5 {
            let captured: Bitboard = (0..rng.below(3)).map(|_| rng.pick(&Square::ALL)).collect();
            candidates.push(Move::new(
                rng.pick(&Square::ALL),
                rng.pick(&Square::ALL),
                captured,
                rng.chance(1, 4),
            ));
        }
        for candidate in candidates {
            let expected = legal.contains(&MoveKey::of(&candidate));
            assert_eq!(
                position.is_legal(&candidate),
                expected,
                "{candidate:?} in {}",
                position.to_fen()
            );
            rejected += usize::from(!expected);
        }
    }
    assert!(rejected > 10_000);
}

/// A placement from proptest's generated list of (square index, piece kind): later pieces on a
/// taken square are dropped, a man on its promotion rank is made a king, extra pieces beyond 12
/// a side are dropped. Shrinking then finds a smallest position that shows a difference.
fn placement(pieces: &[(usize, u8)], black_to_move: bool) -> Position {
    let mut sides = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for &(index, kind) in pieces {
        let square = Square::ALL[index];
        let color = usize::from(kind >= 2);
        if (sides[0] | sides[1]).contains(square) || sides[color].count() == 12 {
            continue;
        }
        let last_rank = if color == 0 { 7 } else { 0 };
        sides[color] = sides[color].with(square);
        if kind % 2 == 1 || square.rank() == last_rank {
            kings = kings.with(square);
        }
    }
    let side = if black_to_move {
        shashki::Color::Black
    } else {
        shashki::Color::White
    };
    Position::new(sides[0], sides[1], kings, side).expect("placement obeys the rules")
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]

    #[test]
    fn proptest_positions_match_reference(
        pieces in proptest::collection::vec((0..32usize, 0..4u8), 0..26),
        black_to_move in proptest::bool::ANY,
    ) {
        compare(&placement(&pieces, black_to_move), &mut Coverage::default());
    }
}

#[test]
fn random_games_match_reference() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut coverage = Coverage::default();
    for game in 0..400 {
        let start = if game % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng)
        };
        for position in random_game(&mut rng, start, 200) {
            compare(&position, &mut coverage);
        }
    }
    println!("{coverage:?}");
    assert!(coverage.positions > 10_000, "{coverage:?}");
    assert!(coverage.crowning_captures > 0, "{coverage:?}");
}

/// The fast generator's moves mirror under [`Position::flipped`] (colour symmetry).
#[test]
fn flipped_positions_have_mirrored_moves() {
    let mut rng = Rng::new(0x5EED_0003);
    for _ in 0..3_000 {
        let position = random_position(&mut rng);
        let flipped = position.flipped();
        assert_eq!(flipped.flipped(), position);
        let mirror = |mv: &Move| {
            Move::new(
                mv.from().flip(),
                mv.to().flip(),
                mv.captured().flip(),
                mv.promotes(),
            )
        };
        let mut expected: Vec<MoveKey> = position
            .legal_moves()
            .iter()
            .map(|m| MoveKey::of(&mirror(m)))
            .collect();
        let mut got: Vec<MoveKey> = flipped.legal_moves().iter().map(MoveKey::of).collect();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{}", position.to_fen());
    }
}

#[test]
fn perft_matches_reference_on_sample() {
    let mut rng = Rng::new(0x5EED_0004);
    let mut sample = vec![
        Position::start(),
        common::fen("W:WKe1:Bc3,b6,e7,e5,c5"),
        common::fen("B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5"),
        common::fen("W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8"),
    ];
    for _ in 0..60 {
        sample.push(random_position(&mut rng));
    }
    for _ in 0..20 {
        let game = random_game(&mut rng, Position::start(), 30);
        sample.push(*game.last().expect("a game has a start"));
    }
    let mut deep = 0;
    for position in &sample {
        let reference = RefBoard::from_position(position);
        let three = reference.perft(3);
        assert_eq!(
            shashki::perft(position, 3),
            three,
            "perft 3 of {}",
            position.to_fen()
        );
        // Depth 4 where the tree stays small enough for the slow reference.
        if three <= 3_000 {
            deep += 1;
            assert_eq!(
                shashki::perft(position, 4),
                reference.perft(4),
                "perft 4 of {}",
                position.to_fen()
            );
        }
    }
    assert!(deep >= 20, "only {deep} positions compared at depth 4");
}

#[test]
fn reference_reproduces_published_perft() {
    // The reference stands on its own: it matches docs/RULES.md §4 where it is fast enough to run.
    let start = RefBoard::from_position(&Position::start());
    assert_eq!(
        (1..=5).map(|d| start.perft(d)).collect::<Vec<_>>(),
        [7, 49, 302, 1_469, 7_482]
    );
    let kings = RefBoard::from_position(&common::fen("W:WKe1:Bc3,b6,e7,e5,c5"));
    assert_eq!(
        (1..=4).map(|d| kings.perft(d)).collect::<Vec<_>>(),
        [8, 29, 194, 625]
    );
    let middle = RefBoard::from_position(&common::fen(
        "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
    ));
    assert_eq!(
        (1..=4).map(|d| middle.perft(d)).collect::<Vec<_>>(),
        [2, 9, 40, 121]
    );
}

/// Depth 8 from the start is where promotion during a capture first matters and where the
/// conventions first differ (docs/RULES.md §4): the reference reproduces both published numbers.
#[test]
fn reference_reproduces_published_perft_at_depth_8() {
    let start = RefBoard::from_position(&Position::start());
    assert_eq!(start.perft(8), 929_899);
    assert_eq!(start.perft_trajectories(8), 929_905);
}
