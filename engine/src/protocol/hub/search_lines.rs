//! A search's progress and answer as Hub lines: an `info` line from each [`SearchInfo`] and the
//! `done` line from the [`SearchResult`] — the one place that turns the engine's reports into
//! the protocol, for the `shashki hub` program and the web package's Hub session alike. The
//! `done` line never names an illegal move, and names one whenever one exists; its `ponder` is
//! the principal variation's reply when that line starts with the move played.

use super::messages::{InfoReport, done_line, hub_score, info_line};
use super::position::write_line;
use crate::formats::Notation;
use crate::rules::Position;
use crate::search::{SearchInfo, SearchResult};

/// The `info` line for one completed iteration of a search from `root`.
#[must_use]
pub fn search_info_line(root: &Position, info: &SearchInfo) -> String {
    let plies = info
        .score
        .plies_to_end()
        .map(|plies| if info.score.is_loss() { -plies } else { plies });
    info_line(&InfoReport {
        depth: info.depth,
        max_depth: info.seldepth,
        score: hub_score(info.score.value(), plies),
        nodes: info.nodes,
        time: info.time,
        pv: write_line(root, &info.pv),
    })
}

/// The `done` line for a search from `root`: its best move if legal, else the first legal move,
/// and the expected reply.
#[must_use]
pub fn search_done_line(root: &Position, result: &SearchResult) -> String {
    let best = result
        .best_move
        .filter(|mv| root.is_legal(mv))
        .or_else(|| root.legal_moves().first().copied());
    let ponder = best.and_then(|mv| {
        let after = root.play_unchecked(&mv);
        result
            .pv
            .get(1)
            .filter(|reply| result.pv.first() == Some(&mv) && after.is_legal(reply))
            .map(|reply| after.write_move(reply, Notation::Hub))
    });
    let best_text = best.map(|mv| root.write_move(&mv, Notation::Hub));
    done_line(best_text.as_deref(), ponder.as_deref())
}
