//! A search's progress and answer as Hub lines: an `info` line from each [`SearchInfo`] and the
//! `done` line from the [`SearchResult`] (or, for a search ended from outside, from its last
//! iteration) — the one place that turns the engine's reports into
//! the protocol, for the `shashki hub` program and the web package's Hub session alike. The
//! `done` line never names an illegal move, and names one whenever one exists; its `ponder` is
//! the principal variation's reply when that line starts with the move played.

use super::messages::{InfoReport, done_line, hub_score, info_line};
use super::position::write_line;
use crate::formats::Notation;
use crate::rules::{Move, Position};
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
    done_for(root, result.best_move, &result.pv)
}

/// The `done` line a search from `root` would answer if it were stopped now, after the
/// iteration `last` (its principal variation's first move and reply), or before its first
/// iteration (`None`: the first legal move). A program that cannot ask the search itself — the
/// web package ends its Worker to stop one — answers `stop` with it.
#[must_use]
pub fn search_stopped_line(root: &Position, last: Option<&SearchInfo>) -> String {
    let pv = last.map_or(&[][..], |info| &info.pv[..]);
    done_for(root, pv.first().copied(), pv)
}

/// `best` if legal (else the first legal move), and `pv`'s reply when `pv` starts with it.
fn done_for(root: &Position, best: Option<Move>, pv: &[Move]) -> String {
    let best = best
        .filter(|mv| root.is_legal(mv))
        .or_else(|| root.legal_moves().first().copied());
    let ponder = best.and_then(|mv| {
        let after = root.play_unchecked(&mv);
        pv.get(1)
            .filter(|reply| pv.first() == Some(&mv) && after.is_legal(reply))
            .map(|reply| after.write_move(reply, Notation::Hub))
    });
    let best_text = best.map(|mv| root.write_move(&mv, Notation::Hub));
    done_line(best_text.as_deref(), ponder.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Score;
    use std::time::Duration;

    #[test]
    fn a_stopped_search_answers_its_last_iteration_or_the_first_legal_move() {
        let root = Position::start();
        assert_eq!(search_stopped_line(&root, None), "done move=21-17");
        let mv = root.parse_move("c3-d4").unwrap();
        let reply = root.play_unchecked(&mv).parse_move("f6-g5").unwrap();
        let info = SearchInfo {
            depth: 3,
            seldepth: 5,
            score: Score(10),
            nodes: 100,
            time: Duration::from_millis(5),
            pv: vec![mv, reply],
        };
        assert_eq!(
            search_stopped_line(&root, Some(&info)),
            "done move=22-18 ponder=11-16"
        );
    }
}
