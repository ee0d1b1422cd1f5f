//! Opening book and endgame tablebases as the search uses them.
//!
//! At the root, [`root_move`] answers without searching when the configured book has the position
//! (a move by the configured `BookPolicy`) or when the tablebases know it is won or lost (the
//! fastest win, the longest defence, with the line that follows). Drawn tablebase positions are
//! searched normally so the engine still picks the most testing drawing move; inside the tree,
//! [`tree_score`] replaces the search of every position the tablebases cover by its exact score.
//! Where only a win/draw/loss table covers a position (`Tablebases::with_wdl`), its draws are
//! exact scores too (the counting rules only add draws); its wins and losses, which have no
//! distance to weigh against the counters, are searched. Tablebase values ignore the counting
//! draw rules (see `crate::egtb`).

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

/// The exact score of `position` at `ply` if the tablebases cover it (and the draw counters
/// `draw` cannot change it, see `trusted_entry`).
#[must_use]
#[inline]
pub fn tree_score<D: DrawHook>(
    tablebases: Option<&Tables>,
    position: &Position,
    ply: usize,
    draw: D,
) -> Option<i32> {
    #[cfg(feature = "tablebases")]
    {
        let tb = tablebases?;
        if let Some(entry) = trusted_entry(tb, position, draw) {
            return Some(entry_score(entry, ply));
        }
        wdl_draw(tb, position).then_some(DRAW)
    }
    #[cfg(not(feature = "tablebases"))]
    {
        let _ = (tablebases?, position, ply, draw);
        None
    }
}

/// Whether the WDL tables held beside the full ones (if any) know `position` to be a draw.
#[cfg(feature = "tablebases")]
#[inline]
fn wdl_draw(tb: &Tables, position: &Position) -> bool {
    tb.wdl().is_some_and(|wdl| {
        position.piece_count() <= wdl.max_pieces() && wdl.probe(position) == Some(Wdl::Draw)
    })
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
            -tree_score(Some(tablebases), &child, 1, NoCounters)?
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

    #[test]
    #[cfg(feature = "tuning")]
    fn wdl_tables_alone_make_drawn_endings_exact_draws() {
        let shared = crate::egtb::tests::tables();
        let wdl = crate::egtb::WdlTables::from_bytes(shared.materials().into_iter().map(|m| {
            let table = shared.table(m).expect("listed");
            let bytes = crate::egtb::derive_wdl(table).expect("derives");
            (crate::egtb::wdl_file_name(m), bytes.into())
        }));
        let only_wdl = Arc::new(Tablebases::empty().with_wdl(wdl));
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
