//! The shipped opening book loads (every FEN and move checked against the rules) and covers the
//! start position and the ballots.

use shashki::Position;
use shashki::book::{Book, BookPolicy};

#[test]
fn the_shipped_book_is_valid_and_covers_the_start() {
    let book = Book::shipped();
    assert!(book.len() > 745, "{} positions", book.len());
    let start = Position::start();
    assert!(book.probe(&start).is_some_and(|moves| moves.len() >= 2));
    let mv = book.choose(&start, BookPolicy::Best, 0).expect("a move").mv;
    assert!(start.is_legal(&mv));
    // Every entry has at least one move, and every named entry is a root (start or a ballot).
    assert!(book.entries().iter().all(|e| !e.moves.is_empty()));
    assert!(book.entries().iter().filter(|e| e.name.is_some()).count() > 700);
}
