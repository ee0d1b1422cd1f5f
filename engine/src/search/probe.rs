//! Opening book and endgame tablebases as the search uses them (branch `books`).
//!
//! At the root, [`root_move`] answers without searching when the configured book has the position
//! (a move by the configured [`BookPolicy`](crate::BookPolicy)) or when the tablebases know it is won or lost (the
//! fastest win, the longest defence, with the line that follows). Drawn tablebase positions are
//! searched normally so the engine still picks the most testing drawing move; inside the tree,
//! [`tree_score`] replaces the search of every position the tablebases cover by its exact score.
//! Tablebase values ignore the counting draw rules (see [`crate::egtb`]).

use std::time::Instant;

use super::score::{MAX_PLY, WIN};
use super::{EngineConfig, MoveSource, Score, SearchResult};
use crate::egtb::{Tablebases, TbEntry, Wdl};
use crate::{Move, Position};

/// Longest tablebase line reported as the principal variation.
const MAX_TB_PV: usize = 64;

/// The search score (side to move, plies counted from the root) of a tablebase entry met at `ply`.
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

/// The exact score of `position` at `ply` if the tablebases cover it.
#[must_use]
#[inline]
pub fn tree_score(tablebases: Option<&Tablebases>, position: &Position, ply: usize) -> Option<i32> {
    let tb = tablebases?;
    if position.piece_count() > tb.max_pieces() {
        return None;
    }
    tb.probe(position).map(|entry| entry_score(entry, ply))
}

/// The book move or the decisive tablebase move of the root, if there is one.
#[must_use]
pub fn root_move(config: &EngineConfig, root: &Position, start: Instant) -> Option<SearchResult> {
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
    if let Some(book) = &config.book
        && let Some(mv) = book.choose(root, config.book_policy, config.book_seed)
    {
        let score = book
            .probe(root)
            .and_then(|moves| moves.iter().find(|m| m.mv == mv))
            .and_then(|m| m.score)
            .map_or(0, |s| (s * 100.0).round() as i32);
        return Some(answer(mv, score, vec![mv], MoveSource::Book));
    }
    if let Some(tb) = &config.tablebases
        && root.piece_count() <= tb.max_pieces()
        && let Some((mv, entry)) = tb.best_move(root)
        && entry.wdl != Wdl::Draw
    {
        let mut pv = vec![mv];
        let mut position = root.play(&mv);
        while pv.len() < MAX_TB_PV {
            let Some((next, _)) = tb.best_move(&position) else {
                break;
            };
            pv.push(next);
            position = position.play(&next);
        }
        return Some(answer(mv, entry_score(entry, 0), pv, MoveSource::Tablebase));
    }
    None
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::book::{Book, BookEntry, BookMove};
    use crate::{Engine, SearchLimit};

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

    fn engine(config: EngineConfig) -> Engine {
        Engine::new(EngineConfig {
            hash_mb: 4,
            ..config
        })
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
            .probe(&position.play(&result.best_move.unwrap()))
            .unwrap();
        assert_eq!(after, TbEntry::decided(entry.distance - 1));
        assert_eq!(result.pv.len(), usize::from(entry.distance));
    }

    #[test]
    fn the_tree_uses_exact_tablebase_scores() {
        // Five pieces (beyond the tables) where White must capture into four-piece positions:
        // the search's score must be the best exact value over those captures.
        let tb = tablebases();
        let position: Position = "W:WKa1,Kc1,Ke1:Bb2,Kh8".parse().unwrap();
        assert!(position.has_capture());
        let expected = position
            .legal_moves()
            .iter()
            .map(|mv| -entry_score(tb.probe(&position.play(mv)).unwrap(), 1))
            .max()
            .unwrap();
        let engine = engine(EngineConfig {
            tablebases: Some(tb),
            ..EngineConfig::default()
        });
        let result = engine.search_position(&position, &[], SearchLimit::Depth(3), |_| {});
        assert_eq!(result.source, MoveSource::Search);
        assert_eq!(result.score, Score(expected));
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
        let out_of_book = start.play(&mv);
        let result = engine.search_position(&out_of_book, &[], SearchLimit::Depth(2), |_| {});
        assert_eq!(result.source, MoveSource::Search);
    }
}
