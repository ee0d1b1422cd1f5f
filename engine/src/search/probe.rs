//! Opening book and endgame tablebases as the search uses them.
//!
//! At the root, [`root_move`] answers without searching when the configured book has the position
//! (a move by the configured `BookPolicy`) or when the tablebases know it is won or lost (the
//! fastest win, the longest defence, with the line that follows). Drawn tablebase positions are
//! searched normally so the engine still picks the most testing drawing move; inside the tree,
//! [`tree_score`] replaces the search of every position the tablebases cover by its exact score.
//!
//! Where only a win/draw/loss table covers a position (`Tablebases::with_wdl`), its draws are
//! exact scores too (the counting rules only add draws). Its wins and losses have no distance,
//! so the search must make progress by itself, as chess engines do with Syzygy's WDL tables:
//! - at the root, [`root_wdl_moves`] keeps only the moves that keep the root's result (a won
//!   position is never let go, a drawn one never lost), and the search chooses among them;
//! - inside the tree, a won or lost position scores [`TABLE_WIN`] (above every evaluation, below
//!   the forced wins) less its [`progress`] and ply, but only once the line has made progress
//!   since the root (a capture, a man's move or a crowning: what the game cannot take back).
//!   Positions reached by king moves alone are searched like any other, so the search sees the
//!   captures ahead instead of stopping at the first table position; a line that converts
//!   (captures, crowns, pushes a man) sooner and further is worth more, so the winner plays
//!   towards the end of the game instead of round it, and the repetition and counter draws of
//!   the tree keep it from going round in circles.
//!
//! A WDL win does not know the counters: a win the counting rules would cut short is still
//! scored as a win in the tree (the full tables' wins are trusted only within the counter).
//! Tablebase values ignore the counting draw rules (see `crate::egtb`).

use crate::clock::Instant;

use super::draw_hook::{DrawHook, NoCounters};
use super::score::WIN;
#[cfg(feature = "tablebases")]
use super::score::{DRAW, MAX_PLY};
use super::{EngineConfig, MoveSource, Score, SearchResult};
#[cfg(feature = "tablebases")]
use crate::egtb::{TbEntry, Wdl};
use crate::rules::{Move, MoveList, Position};

/// The tablebases as the search holds them.
#[cfg(feature = "tablebases")]
pub(crate) use crate::egtb::Tablebases as Tables;

/// Without the `tablebases` feature there are no tables: a type without values, so the search's
/// `Option<&Tables>` is always `None` and nothing below probes.
#[cfg(not(feature = "tablebases"))]
#[derive(Debug)]
pub(crate) enum Tables {}

impl EngineConfig {
    /// The tablebases of this configuration, if any.
    pub(crate) fn tables(&self) -> Option<&Tables> {
        #[cfg(feature = "tablebases")]
        return self.tablebases.as_deref();
        #[cfg(not(feature = "tablebases"))]
        None
    }
}

/// Longest tablebase line reported as the principal variation.
#[cfg(feature = "tablebases")]
const MAX_TB_PV: usize = 64;

/// The search score (side to move, plies counted from the root) of a tablebase entry met at `ply`.
#[cfg(feature = "tablebases")]
#[must_use]
pub fn entry_score(entry: TbEntry, ply: usize) -> i32 {
    // Keep very long wins inside the win range the search recognises.
    let plies = (ply + usize::from(entry.distance)).min(MAX_PLY - 1) as i32;
    match entry.wdl {
        Wdl::Win => WIN - plies,
        Wdl::Loss => plies - WIN,
        Wdl::Draw => 0,
    }
}

/// The tablebase value of `position` if the tables cover it and the draw counters (`draw`, see
/// [`DrawHook::plies_left`]) cannot overturn it: a draw always stands (the counter rules only add
/// draws), a win or loss only when it ends within the plies the counter still allows. A longer
/// win may still be won (a capture on the way resets the counter) or may be a draw: those
/// positions are searched like any other.
#[cfg(feature = "tablebases")]
#[must_use]
#[inline]
pub fn trusted_entry<D: DrawHook>(tb: &Tables, position: &Position, draw: D) -> Option<TbEntry> {
    if position.piece_count() > tb.max_pieces() {
        return None;
    }
    let entry = tb.probe(position)?;
    let fits = entry.wdl == Wdl::Draw
        || draw
            .plies_left(position)
            .is_none_or(|left| entry.distance <= left);
    fits.then_some(entry)
}

/// The score of a position won by the win/draw/loss tables (without its distance), before its
/// progress and ply are taken off: above every evaluation, below [`super::score::WIN_THRESHOLD`].
#[cfg(feature = "tablebases")]
pub const TABLE_WIN: i32 = 29_000;

/// Score units a unit of [`progress`] is worth in a WDL win (plies count one each, up to 63).
#[cfg(feature = "tablebases")]
const PROGRESS_WEIGHT: i32 = 64;

/// How far `position` is from the end of the game in what cannot be undone: 16 a piece, 8 a
/// man, and a man's ranks to its crowning row. Every capture, man's move and crowning lowers
/// it; king moves leave it as it is. At most 217 with 7 pieces.
#[must_use]
#[inline]
pub fn progress(position: &Position) -> u32 {
    use crate::rules::Color;
    let mut left = 16 * position.piece_count();
    for square in position.men(Color::White) {
        left += 8 + u32::from(7 - square.rank());
    }
    for square in position.men(Color::Black) {
        left += 8 + u32::from(square.rank());
    }
    left
}

/// The search score at `ply` of a position the WDL tables call won (`win`) or lost: see the
/// module's paragraph.
#[cfg(feature = "tablebases")]
#[must_use]
fn wdl_score(position: &Position, ply: usize, win: bool) -> i32 {
    let left = PROGRESS_WEIGHT * progress(position) as i32 + ply.min(63) as i32;
    if win {
        TABLE_WIN - left
    } else {
        left - TABLE_WIN
    }
}

/// The exact score of `position` at `ply` if the tablebases cover it (and the draw counters
/// `draw` cannot change it, see `trusted_entry`), or its WDL score when only the WDL tables
/// cover it: a draw always, a win or loss when its [`progress`] is below `root_progress` (the
/// root's; `u32::MAX` scores every one).
#[must_use]
#[inline]
pub fn tree_score<D: DrawHook>(
    tablebases: Option<&Tables>,
    position: &Position,
    ply: usize,
    draw: D,
    root_progress: u32,
) -> Option<i32> {
    #[cfg(feature = "tablebases")]
    {
        let tb = tablebases?;
        if position.piece_count() <= tb.max_pieces() {
            return trusted_entry(tb, position, draw).map(|entry| entry_score(entry, ply));
        }
        let wdl = tb.wdl()?;
        if position.piece_count() > wdl.max_pieces() {
            return None;
        }
        match wdl.probe(position)? {
            Wdl::Draw => Some(DRAW),
            decided if progress(position) < root_progress => {
                Some(wdl_score(position, ply, decided == Wdl::Win))
            }
            _ => None,
        }
    }
    #[cfg(not(feature = "tablebases"))]
    {
        let _ = (tablebases?, position, ply, draw, root_progress);
        None
    }
}

/// The moves of `root` that keep its result by the WDL tables, when only those cover it (not
/// the full tables, whose root answers come first) and some move would change it; `None`
/// otherwise (every move keeps it, or a child is not covered).
#[must_use]
pub fn root_wdl_moves(tablebases: Option<&Tables>, root: &Position) -> Option<MoveList> {
    #[cfg(feature = "tablebases")]
    {
        let tb = tablebases?;
        let wdl = tb.wdl()?;
        let pieces = root.piece_count();
        if pieces <= tb.max_pieces() || pieces > wdl.max_pieces() {
            return None;
        }
        let moves = root.legal_moves();
        let mut results = Vec::with_capacity(moves.len());
        for mv in &moves {
            let child = root.play_unchecked(mv);
            let ours = if child.is_lost() {
                Wdl::Win
            } else {
                match wdl.probe(&child)? {
                    Wdl::Win => Wdl::Loss,
                    Wdl::Draw => Wdl::Draw,
                    Wdl::Loss => Wdl::Win,
                }
            };
            results.push((*mv, ours));
        }
        let best = results.iter().map(|&(_, wdl)| wdl).max()?;
        let kept: MoveList = results
            .into_iter()
            .filter(|&(_, wdl)| wdl == best)
            .map(|(mv, _)| mv)
            .collect();
        (kept.len() < moves.len()).then_some(kept)
    }
    #[cfg(not(feature = "tablebases"))]
    {
        let _ = (tablebases?, root);
        None
    }
}

/// Among `moves` (legal moves of `root`), those whose tablebase value without counters is the
/// best, when the tables hold the position after every one; `None` otherwise.
pub fn best_by_tablebases(
    tablebases: Option<&Tables>,
    root: &Position,
    moves: &[Move],
) -> Option<MoveList> {
    let tablebases = tablebases?;
    let mut scored = Vec::with_capacity(moves.len());
    for mv in moves {
        let child = root.play_unchecked(mv);
        // A child without a move is a win in one ply, as the search scores it.
        let score = if child.is_lost() {
            WIN - 1
        } else {
            -tree_score(Some(tablebases), &child, 1, NoCounters, u32::MAX)?
        };
        scored.push((*mv, score));
    }
    let best = scored.iter().map(|&(_, score)| score).max()?;
    Some(
        scored
            .into_iter()
            .filter(|&(_, score)| score == best)
            .map(|(mv, _)| mv)
            .collect(),
    )
}

/// The book move or the decisive tablebase move of the root (counters `draw`), if there is one.
/// A tablebase win that the draw counters could turn into a draw is left to the search.
#[must_use]
#[cfg_attr(
    not(all(feature = "book", feature = "tablebases")),
    allow(unused_variables)
)]
pub fn root_move<D: DrawHook>(
    config: &EngineConfig,
    root: &Position,
    draw: D,
    start: Instant,
) -> Option<SearchResult> {
    let answer = |mv: Move, score: i32, pv: Vec<Move>, source: MoveSource| SearchResult {
        best_move: Some(mv),
        score: Score(score),
        depth: 0,
        seldepth: 0,
        pv,
        nodes: 0,
        time: start.elapsed(),
        source,
    };
    #[cfg(feature = "book")]
    if let Some(book) = &config.book
        && let Some(chosen) = book.choose(root, config.book_policy, config.book_seed)
    {
        let score = chosen.score.map_or(0, |s| (s * 100.0).round() as i32);
        return Some(answer(chosen.mv, score, vec![chosen.mv], MoveSource::Book));
    }
    #[cfg(feature = "tablebases")]
    if let Some(tb) = config.tables()
        && root.piece_count() <= tb.max_pieces()
        && let Some(trusted) = trusted_entry(tb, root, draw)
        && trusted.wdl != Wdl::Draw
        && let Some((mv, entry)) = tb.best_move(root)
    {
        let mut pv = vec![mv];
        let mut position = root.play_unchecked(&mv);
        while pv.len() < MAX_TB_PV {
            let Some((next, _)) = tb.best_move(&position) else {
                break;
            };
            pv.push(next);
            position = position.play_unchecked(&next);
        }
        return Some(answer(mv, entry_score(entry, 0), pv, MoveSource::Tablebase));
    }
    None
}

#[cfg(all(test, feature = "book", feature = "tablebases"))]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::book::{Book, BookEntry, BookMove};
    use crate::egtb::Tablebases;
    use crate::search::{Engine, SearchLimit};

    /// A copy of the shared test tables (the engine wants an `Arc`).
    fn tablebases() -> Arc<Tablebases> {
        let shared = crate::egtb::tests::tables();
        let mut copy = Tablebases::empty();
        for material in shared.materials() {
            copy.insert(shared.table(material).expect("listed").clone());
        }
        copy.set_max_pieces();
        Arc::new(copy)
    }

    /// The best exact score among `position`'s moves when every child is in the tables.
    fn best_child_table_score(tb: &Tablebases, position: &Position) -> i32 {
        position
            .legal_moves()
            .iter()
            .map(|mv| -entry_score(tb.probe(&position.play_unchecked(mv)).unwrap(), 1))
            .max()
            .unwrap()
    }

    fn engine(config: EngineConfig) -> Engine {
        Engine::new(EngineConfig {
            hash_mb: 4,
            ..config
        })
    }

    /// The WDL tables derived from the shared test tables, alone (no full table).
    fn wdl_only() -> Arc<Tablebases> {
        let shared = crate::egtb::tests::tables();
        let wdl = crate::egtb::WdlTables::from_bytes(shared.materials().into_iter().map(|m| {
            let table = shared.table(m).expect("listed");
            let bytes = crate::egtb::derive_wdl(table).expect("derives");
            (crate::egtb::wdl_file_name(m), bytes.into())
        }));
        Arc::new(Tablebases::empty().with_wdl(wdl))
    }

    /// Positions of `material` (`KKM-K`: White's pieces, then Black's; White to move) that the
    /// full tables call won for White in at least `min_plies`, without a capture: up to `count`,
    /// from a fixed pseudo-random sequence of placements.
    fn won_positions(material: &str, min_plies: u16, count: usize) -> Vec<Position> {
        let tb = crate::egtb::tests::tables();
        let (white, black) = material.split_once('-').expect("a material");
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut found = Vec::new();
        for _ in 0..20_000 {
            let mut squares: Vec<u64> = Vec::new();
            while squares.len() < white.len() + black.len() {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let square = (state >> 33) % 32 + 1;
                if !squares.contains(&square) {
                    squares.push(square);
                }
            }
            let side = |pieces: &str, squares: &[u64]| -> Vec<String> {
                pieces
                    .chars()
                    .zip(squares)
                    .map(|(piece, square)| match piece {
                        'K' => format!("K{square}"),
                        _ => square.to_string(),
                    })
                    .collect()
            };
            let fen = format!(
                "W:W{}:B{}",
                side(white, &squares[..white.len()]).join(","),
                side(black, &squares[white.len()..]).join(",")
            );
            let Ok(position) = fen.parse::<Position>() else {
                continue;
            };
            if position.has_capture() || position.legal_moves().is_empty() {
                continue;
            }
            if let Some(entry) = tb.probe(&position)
                && entry.wdl == Wdl::Win
                && entry.distance >= min_plies
                && !found.contains(&position)
            {
                found.push(position);
                if found.len() == count {
                    break;
                }
            }
        }
        found
    }

    #[test]
    fn wdl_wins_score_in_the_tree_once_the_line_made_progress() {
        // Five pieces (beyond the WDL tables) where White must capture into four: the WDL
        // tables alone know which captures win, and the search scores the best of them in the
        // WDL range (above every evaluation, below the forced wins), choosing a winning capture.
        let full = crate::egtb::tests::tables();
        let position: Position = "W:WKa1,Kc1,Ke1:Bb2,Kh8".parse().unwrap();
        assert!(position.has_capture());
        let engine = engine(EngineConfig {
            tablebases: Some(wdl_only()),
            ..EngineConfig::default()
        });
        let result = engine.search_position(&position, &[], SearchLimit::Depth(3), |_| {});
        let child = position.play_unchecked(&result.best_move.expect("a move"));
        assert_eq!(full.probe(&child).expect("in the tables").wdl, Wdl::Loss);
        let floor = TABLE_WIN - PROGRESS_WEIGHT * progress(&child) as i32 - MAX_PLY as i32;
        assert!(
            result.score.value() > floor && !result.score.is_win(),
            "{:?}",
            result.score
        );
    }

    #[test]
    fn the_root_keeps_only_the_moves_that_keep_its_wdl_result() {
        let full = crate::egtb::tests::tables();
        let only_wdl = wdl_only();
        // White wins (the full tables' answer); some moves let it go, the others keep it.
        let mut checked = 0;
        for position in ["KKK-K", "KKM-K", "KM-KM"]
            .into_iter()
            .flat_map(|material| won_positions(material, 9, 3))
        {
            let keeps = |mv: &Move| {
                let child = position.play_unchecked(mv);
                child.is_lost() || full.probe(&child).expect("in the tables").wdl == Wdl::Loss
            };
            let moves = position.legal_moves();
            let winning: Vec<Move> = moves.iter().copied().filter(keeps).collect();
            match root_wdl_moves(Some(&only_wdl), &position) {
                Some(kept) => assert_eq!(kept.to_vec(), winning, "{}", position.to_fen()),
                None => assert_eq!(winning.len(), moves.len(), "{}", position.to_fen()),
            }
            checked += usize::from(winning.len() < moves.len());
        }
        assert!(checked > 0, "no position where a move lets the win go");
        // The full tables answer at the root themselves: no restriction from here.
        let tb = tablebases();
        let position = won_positions("KKK-K", 9, 1)[0];
        assert_eq!(root_wdl_moves(Some(&tb), &position), None);
    }

    #[test]
    fn wdl_tables_alone_win_won_endings_against_the_best_defence() {
        // Long wins (17 plies and more by the full tables) of three pieces against one, played
        // under every draw rule by the engine with the WDL tables alone against the full
        // tables' longest defence: each must end in a win, and no move of White's may let the
        // win go. (Without tables, the same search loses some of them to the draw rules.)
        use crate::rules::{Color, DrawState, Game, GameStatus};
        let full = crate::egtb::tests::tables();
        let engine = engine(EngineConfig {
            tablebases: Some(wdl_only()),
            ..EngineConfig::default()
        });
        for material in ["KKK-K", "MMM-K", "KKM-M"] {
            let positions = won_positions(material, 17, 2);
            assert_eq!(positions.len(), 2, "{material}");
            for position in positions {
                let fen = position.to_fen();
                engine.new_game();
                let mut game = Game::with_draw_state(position, DrawState::with_plies(0));
                while game.status() == GameStatus::Ongoing && game.positions().len() < 200 {
                    let now = *game.position();
                    let mv = if now.side_to_move() == Color::White {
                        let result = engine.search(&game, SearchLimit::Depth(12), |_| {});
                        let mv = result.best_move.expect("a move");
                        let child = now.play_unchecked(&mv);
                        assert!(
                            child.is_lost()
                                || full.probe(&child).expect("in the tables").wdl == Wdl::Loss,
                            "{fen}: {mv:?} lets the win go in {}",
                            now.to_fen()
                        );
                        mv
                    } else {
                        full.best_move(&now).expect("in the tables").0
                    };
                    game.play(mv).expect("the engine plays legal moves");
                }
                assert!(
                    matches!(
                        game.status(),
                        GameStatus::Won {
                            winner: Color::White,
                            ..
                        }
                    ),
                    "{fen}: {:?} after {:?}",
                    game.status(),
                    game.move_texts(crate::formats::Notation::Algebraic)
                );
            }
        }
    }

    #[test]
    #[cfg(feature = "tuning")]
    fn wdl_tables_alone_make_drawn_endings_exact_draws() {
        let shared = crate::egtb::tests::tables();
        let only_wdl = wdl_only();
        let with_wdl = engine(EngineConfig {
            tablebases: Some(only_wdl),
            ..EngineConfig::default()
        });
        let without = engine(EngineConfig::default());
        // Drawn positions of four pieces without a capture, spread over their tables.
        let mut drawn = Vec::new();
        for name in ["KM-KM", "MM-MM", "KM-MM", "KK-KM"] {
            let material: crate::egtb::Material = name.parse().expect("material");
            let slots = crate::egtb::slot_count(material);
            drawn.extend(
                (0..slots)
                    .step_by(7_919)
                    .filter_map(|i| crate::egtb::slot_position(material, i))
                    .filter(|p| {
                        !p.has_capture() && shared.probe(p).map(|e| e.wdl) == Some(Wdl::Draw)
                    })
                    .take(3),
            );
        }
        assert!(drawn.len() >= 8, "{}", drawn.len());
        let mut differs = 0;
        for position in drawn {
            let fen = position.to_fen();
            let limit = SearchLimit::Depth(6);
            let scored = with_wdl.search_position(&position, &[], limit, |_| {});
            assert_eq!(scored.score, Score(0), "{fen}");
            let unaided = without.search_position(&position, &[], limit, |_| {});
            differs += usize::from(unaided.score != Score(0));
        }
        // The tables made the difference somewhere: the evaluation alone does not see every
        // one of these draws.
        assert!(differs > 0);
    }

    #[test]
    fn root_in_the_tables_plays_the_fastest_win() {
        let tb = tablebases();
        let position: Position = "W:WKc1,Ke1,Kg1:BKc5".parse().unwrap();
        let entry = tb.probe(&position).unwrap();
        assert_eq!(entry.wdl, Wdl::Win);
        let engine = engine(EngineConfig {
            tablebases: Some(Arc::clone(&tb)),
            ..EngineConfig::default()
        });
        let result = engine.search_position(&position, &[], SearchLimit::Depth(4), |_| {});
        assert_eq!(result.source, MoveSource::Tablebase);
        assert_eq!(result.score, Score::win_in_plies(i32::from(entry.distance)));
        let after = tb
            .probe(&position.play_unchecked(&result.best_move.unwrap()))
            .unwrap();
        assert_eq!(after, TbEntry::decided(entry.distance - 1));
        assert_eq!(result.pv.len(), usize::from(entry.distance));
    }

    /// Plays `game` out with `engine` on both sides (`depth` per move) for at most `max_plies`.
    fn play_out(engine: &Engine, game: &mut crate::rules::Game, depth: u32, max_plies: usize) {
        for _ in 0..max_plies {
            if game.status() != crate::rules::GameStatus::Ongoing {
                return;
            }
            let result = engine.search(game, SearchLimit::Depth(depth), |_| {});
            game.play(result.best_move.expect("a legal move"))
                .expect("the engine plays legal moves");
        }
    }

    #[test]
    fn a_table_win_the_counter_forbids_is_not_played_as_a_win() {
        // Three kings against one off the main road: a table win in 23 plies, but 7.2.4 leaves
        // only 2 plies.
        let tb = tablebases();
        let position: Position = "W:WKa1,Kc3,Ke1:BKf8".parse().unwrap();
        let entry = tb.probe(&position).unwrap();
        assert!(entry.wdl == Wdl::Win && entry.distance > 2);
        let engine = engine(EngineConfig {
            tablebases: Some(tb),
            ..EngineConfig::default()
        });
        let game =
            crate::rules::Game::with_draw_state(position, crate::rules::DrawState::with_plies(28));
        let result = engine.search(&game, SearchLimit::Depth(4), |_| {});
        assert_eq!(result.source, MoveSource::Search);
        assert!(!result.score.is_win(), "{:?}", result.score);
    }

    #[test]
    fn a_table_win_is_converted_under_the_draw_rules() {
        // 7.2.4 gives three kings 15 moves against a lone king off the main road; 7.2.8 only 5
        // once a capture leaves two pieces. Both sides play with the tables: White must win.
        let tb = tablebases();
        let engine = engine(EngineConfig {
            tablebases: Some(tb),
            ..EngineConfig::default()
        });
        // The first needs 23 of the 26 plies its counter leaves.
        for (fen, plies) in [("W:WKa1,Kc3,Ke1:BKf8", 4), ("W:WKh2,Kb2,Ka5:BKe7", 0)] {
            let position: Position = fen.parse().unwrap();
            let state = crate::rules::DrawState::with_plies(plies);
            let mut game = crate::rules::Game::with_draw_state(position, state);
            play_out(&engine, &mut game, 6, 40);
            assert!(
                matches!(game.status(), crate::rules::GameStatus::Won { winner, .. } if winner == crate::rules::Color::White),
                "{fen}: {:?} after {:?}",
                game.status(),
                game.move_texts(crate::formats::Notation::Algebraic)
            );
        }
    }

    #[test]
    fn the_tree_uses_exact_tablebase_scores() {
        // Five pieces (beyond the tables) where White must capture into four-piece positions:
        // the search's score must be the best exact value over those captures.
        let tb = tablebases();
        let position: Position = "W:WKa1,Kc1,Ke1:Bb2,Kh8".parse().unwrap();
        assert!(position.has_capture());
        let expected = best_child_table_score(&tb, &position);
        let engine = engine(EngineConfig {
            tablebases: Some(tb),
            ..EngineConfig::default()
        });
        let result = engine.search_position(&position, &[], SearchLimit::Depth(3), |_| {});
        assert_eq!(result.source, MoveSource::Search);
        assert_eq!(result.score, Score(expected));
    }

    #[test]
    fn table_draws_can_score_their_material() {
        // Two kings against a king on the main road: the replies are table draws or decided; with
        // `table_draw_divisor` a draw scores the material balance / divisor for the side to move.
        let tb = tablebases();
        let position: Position = "W:WKc1,Kg1:BKa1".parse().unwrap();
        let divisor = 8;
        // The search counts material with the evaluation's man and king weights.
        let weights = crate::eval::EvalParams::DEFAULT;
        let (man, king) = (
            weights.weight(crate::eval::Feature::Man),
            weights.weight(crate::eval::Feature::King),
        );
        let material = |p: &Position, c: crate::rules::Color| {
            man * p.men(c).count() as i32 + king * p.kings(c).count() as i32
        };
        let mut draws_with_material = 0;
        let expected = position
            .legal_moves()
            .iter()
            .map(|mv| {
                let child = position.play_unchecked(mv);
                let entry = tb.probe(&child).unwrap();
                if entry.wdl == Wdl::Draw {
                    let us = child.side_to_move();
                    let balance = material(&child, us) - material(&child, us.opposite());
                    draws_with_material += i32::from(balance / divisor != 0);
                    -(balance / divisor)
                } else {
                    -entry_score(entry, 1)
                }
            })
            .max()
            .unwrap();
        assert!(draws_with_material > 0, "no draw with a material balance");
        let mut params = crate::search::SearchParams::DEFAULT;
        assert!(params.set("table_draw_divisor", i64::from(divisor)));
        // Draws at 0 apart from the material (no contempt for the side ahead).
        assert!(params.set("winning_contempt_divisor", 0));
        let engine = engine(EngineConfig {
            tablebases: Some(tb),
            params,
            ..EngineConfig::default()
        });
        // Depth 2: the children are search nodes, which probe the tables (at depth 1 they would
        // be quiescence leaves, scored by the static evaluation).
        let result = engine.search_position(&position, &[], SearchLimit::Depth(2), |_| {});
        assert_eq!(result.source, MoveSource::Search);
        assert_eq!(result.score, Score(expected));
    }

    #[test]
    fn contempt_never_reaches_the_reported_score_of_a_table_draw() {
        // Two kings against a king on the main road: every reply is a table draw or loses, so
        // the root's line ends in a draw, which contempt scores against the side to move inside
        // the tree; the score reported is the tables' draw all the same.
        let tb = tablebases();
        let position: Position = "W:WKc1,Kg1:BKa1".parse().unwrap();
        let best_table_score = best_child_table_score(&tb, &position);
        assert_eq!(best_table_score, 0, "the position must be a draw");
        for contempt in [0, 30, -30] {
            let mut params = crate::search::SearchParams::DEFAULT;
            assert!(params.set("contempt", contempt));
            let engine = engine(EngineConfig {
                tablebases: Some(tb.clone()),
                params,
                ..EngineConfig::default()
            });
            let result = engine.search_position(&position, &[], SearchLimit::Depth(3), |_| {});
            assert_eq!(result.score, Score(0), "contempt {contempt}");
        }
    }

    #[test]
    fn the_book_answers_at_the_root() {
        let start = Position::start();
        let mv = start.parse_move("c3-d4").unwrap();
        let mut book = Book::new();
        book.add(BookEntry {
            position: start,
            name: None,
            comment: None,
            moves: vec![BookMove {
                mv,
                weight: 1,
                score: Some(0.25),
                comment: None,
            }],
        });
        let engine = engine(EngineConfig {
            book: Some(Arc::new(book)),
            ..EngineConfig::default()
        });
        let result = engine.search_position(&start, &[], SearchLimit::Depth(4), |_| {});
        assert_eq!(result.source, MoveSource::Book);
        assert_eq!(result.best_move, Some(mv));
        assert_eq!(result.score, Score(25));
        let out_of_book = start.play_unchecked(&mv);
        let result = engine.search_position(&out_of_book, &[], SearchLimit::Depth(2), |_| {});
        assert_eq!(result.source, MoveSource::Search);
    }
}
