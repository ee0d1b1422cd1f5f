//! Shared fixtures of the benchmarks: the positions they measure. The benchmarks themselves live in
//! `benches/` (run `cargo bench -p shashki-benches`).

use shashki::Position;

/// Middle-game and king-endgame positions for move-generation benchmarks.
pub const MOVEGEN_FENS: &[&str] = &[
    "B:Wh6,b4,f4,e3,b2,f2,a1:Bb8,f8,h8,e7,g7,d6,f6,Ka5,c5",
    "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
    "W:WKe1:Bc3,b6,e7,e5,c5",
    "W:W18,19,21,22,23,25,26,27,29,30,31:B1,2,3,4,6,7,9,10,11,13,16",
    "B:W17,21,22,23,24,26,27,28,30,32:B1,2,3,5,6,8,9,11,12,14",
    "W:WK1,K10,K29:BK32,K5",
    "B:WK22,K15,26,27:BK3,K8,12",
];

/// The benchmark positions, parsed.
#[must_use]
pub fn movegen_positions() -> Vec<Position> {
    MOVEGEN_FENS
        .iter()
        .map(|fen| fen.parse().expect("benchmark FEN is valid"))
        .collect()
}
