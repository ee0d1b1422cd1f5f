//! The PDN writer: games → text. [`write_game_with`] sets the `Result`, `GameType` and `FEN`
//! tags, orders the tag section ([`TagOrder`]), writes each move as the [`WriteOptions`] ask
//! (squares, capture separator, shortened captures) with its move number, strength mark,
//! comment and variations, and wraps the move text. [`PdnStyle`] names the option sets other
//! programs read; what the writer produces the reader takes back (tag values escaped as the
//! lexer unescapes them).

use std::fmt;

use super::record::PdnGame;
use crate::formats::Notation;
use crate::formats::fen;
use crate::rules::{Color, Game, Move, Position, Square};

/// A tag value as the lexer takes it back (its `closing_quote`): `\\` and `"` escaped, and a line
/// break or other control character (which would end or split the tag's line) written as a space.
fn escape_tag(value: &str) -> String {
    let mut text = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                text.push('\\');
                text.push(c);
            }
            c if c.is_control() => text.push(' '),
            c => text.push(c),
        }
    }
    text
}

fn escape_comment(text: &str) -> String {
    text.replace('}', ")")
}

/// Joins words into lines of at most `width` columns (a longer word gets a line of its own).
fn wrap(words: &[String], width: usize) -> String {
    let mut text = String::new();
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.chars().count() > width {
            text.push('\n');
            column = 0;
        } else if column > 0 {
            text.push(' ');
            column += 1;
        }
        text.push_str(word);
        column += word.chars().count();
    }
    text
}

/// Line width of written move text ([`WriteOptions::line_width`] of the PDN 3.0 and pydraughts
/// styles).
pub(super) const LINE_WIDTH: usize = 80;

/// The tags most programs expect first, in this order (PGN's seven-tag roster).
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tags lidraughts.org writes after the roster in its Russian exports, in its order (the
/// `FEN` tag comes last).
const LIDRAUGHTS_TAGS: [&str; 9] = [
    "UTCDate",
    "UTCTime",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "GameType",
    "TimeControl",
    "Termination",
];

/// The order of the tag section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TagOrder {
    /// The game's own order; `Result`, `GameType` and `FEN` appended when missing.
    #[default]
    File,
    /// The seven usual tags first (Event, Site, Date, Round, White, Black, Result; `?` where
    /// unknown), then the others in the game's order.
    Roster,
    /// As lidraughts.org exports: the seven usual tags, then the ones lidraughts writes next, in
    /// its order (`UTCDate`, `UTCTime`, `WhiteElo`, `BlackElo`,
    /// `WhiteRatingDiff`, `BlackRatingDiff`, `GameType`, `TimeControl`, `Termination`), the
    /// game's other tags, and `FEN` last.
    Lidraughts,
}

/// When the writer adds a `FEN` tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FenTag {
    /// When the game does not start from the start position (or already had one).
    #[default]
    WhenNeeded,
    /// Always, as lidraughts and pydraughts write it.
    Always,
}

/// How [`write_game_with`] writes a game. [`WriteOptions::default`] is [`PdnStyle::Pdn3`]; start
/// from a style and change a field: `WriteOptions { capture_separator: Some(':'),
/// ..PdnStyle::Lidraughts.options() }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WriteOptions {
    /// Numeric (`22-18`) or algebraic (`c3-d4`) squares; `None` keeps each game's own notation.
    pub notation: Option<Notation>,
    /// Between the squares of a capture: `x` or `:`; `None`: `:` for algebraic moves, `x` for
    /// numeric ones (the PDN 3.0 habit).
    pub capture_separator: Option<char>,
    /// Write a capture as its origin and destination only (`22x13`), unless another legal move
    /// shares them; the full path (`22x15x13`) otherwise.
    pub shorten_captures: bool,
    /// `GameType` in its long form `25,W,8,8,A0,0` (pydraughts) instead of `25`.
    pub long_game_type: bool,
    /// When to write the `FEN` tag.
    pub fen_tag: FenTag,
    /// The squares of the `FEN` tag; `None`: as the moves.
    pub fen_squares: Option<Notation>,
    /// Comments, move-strength marks and variations (some readers take them for moves).
    pub annotations: bool,
    /// The order of the tags.
    pub tag_order: TagOrder,
    /// The width the move text is wrapped at (a move number stays with its move); `None`: the
    /// whole move text on one line, as lidraughts writes it.
    pub line_width: Option<usize>,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        PdnStyle::Pdn3.options()
    }
}

/// Named sets of [`WriteOptions`] matching what other programs read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PdnStyle {
    /// PDN 3.0 as this project writes it: each game's notation, `:` captures in algebraic and `x`
    /// in numeric moves with full paths, `GameType "25"`, the `FEN` tag when needed (in the moves'
    /// squares), annotations kept.
    #[default]
    Pdn3,
    /// As lidraughts.org exports Russian games: algebraic squares (`c3-d4`), `x` for captures,
    /// shortened to origin and destination unless ambiguous (`c1xc5`), the tags in lidraughts'
    /// order ([`TagOrder::Lidraughts`]: the seven usual ones, `GameType "25"`, `FEN` last),
    /// always an algebraic `FEN` tag (`W:Wa3,c3,…:Bb8,d8,…`), the whole move text on one line
    /// ending in the result (`2-0`, `0-2`, `1-1`, `*`), annotations kept. Compared with the real
    /// exports in issue 44 (lidraughts.org, May 2025).
    Lidraughts,
    /// The same with numeric squares (`22-18`, `22x13`) and a numeric `FEN` tag (`W:W21,22,…`):
    /// how lidraughts writes draughts without its algebraic option, and what this style was
    /// called `lidraughts` for before.
    LidraughtsNumeric,
    /// What pydraughts reads: algebraic squares, `x`, full capture paths, the long `GameType`,
    /// always an algebraic `FEN` tag (its numeric squares count from a1, not from b8), no
    /// annotations.
    Pydraughts,
}

impl PdnStyle {
    /// Every style, for listing.
    pub const ALL: [PdnStyle; 4] = [
        PdnStyle::Pdn3,
        PdnStyle::Lidraughts,
        PdnStyle::LidraughtsNumeric,
        PdnStyle::Pydraughts,
    ];

    /// The style's name, as given to [`PdnStyle::from_name`].
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PdnStyle::Pdn3 => "pdn3",
            PdnStyle::Lidraughts => "lidraughts",
            PdnStyle::LidraughtsNumeric => "lidraughts-numeric",
            PdnStyle::Pydraughts => "pydraughts",
        }
    }

    /// The style named `name` (`pdn3`, `lidraughts`, `lidraughts-numeric`, `pydraughts`), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<PdnStyle> {
        PdnStyle::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The writer options of this style.
    #[must_use]
    pub const fn options(self) -> WriteOptions {
        match self {
            PdnStyle::Pdn3 => WriteOptions {
                notation: None,
                capture_separator: None,
                shorten_captures: false,
                long_game_type: false,
                fen_tag: FenTag::WhenNeeded,
                fen_squares: None,
                annotations: true,
                tag_order: TagOrder::File,
                line_width: Some(LINE_WIDTH),
            },
            PdnStyle::Lidraughts => WriteOptions {
                notation: Some(Notation::Algebraic),
                capture_separator: Some('x'),
                shorten_captures: true,
                long_game_type: false,
                fen_tag: FenTag::Always,
                fen_squares: Some(Notation::Algebraic),
                annotations: true,
                tag_order: TagOrder::Lidraughts,
                line_width: None,
            },
            PdnStyle::LidraughtsNumeric => WriteOptions {
                notation: Some(Notation::Numeric),
                fen_squares: Some(Notation::Numeric),
                ..PdnStyle::Lidraughts.options()
            },
            PdnStyle::Pydraughts => WriteOptions {
                notation: Some(Notation::Algebraic),
                capture_separator: Some('x'),
                shorten_captures: false,
                long_game_type: true,
                fen_tag: FenTag::Always,
                fen_squares: Some(Notation::Algebraic),
                annotations: false,
                tag_order: TagOrder::File,
                line_width: Some(LINE_WIDTH),
            },
        }
    }
}

impl fmt::Display for PdnStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `mv` (legal in `position`) as the options write it.
fn move_text(position: &Position, mv: &Move, notation: Notation, options: &WriteOptions) -> String {
    let mut text = position.write_move(mv, notation);
    if mv.is_capture() {
        let separator = match notation {
            Notation::Algebraic => ':',
            Notation::Numeric | Notation::Hub => 'x',
        };
        if options.shorten_captures {
            let name = |square: Square| match notation {
                Notation::Algebraic => square.to_string(),
                Notation::Numeric | Notation::Hub => square.number().to_string(),
            };
            let short = format!("{}{separator}{}", name(mv.from()), name(mv.to()));
            if position.parse_move(&short).ok() == Some(*mv) {
                text = short;
            }
        }
        if let Some(wanted) = options.capture_separator
            && wanted != separator
        {
            text = text.replace(separator, &wanted.to_string());
        }
    }
    text
}

/// `tags` (the game's, with `Result`, `GameType` and `FEN` set) in `order`.
fn order_tags(mut tags: Vec<(String, String)>, order: TagOrder) -> Vec<(String, String)> {
    let (first, later): (&[&str], &[&str]) = match order {
        TagOrder::File => return tags,
        TagOrder::Roster => (&[], &[]),
        TagOrder::Lidraughts => (&LIDRAUGHTS_TAGS, &["FEN"]),
    };
    let mut take = |name: &str| {
        tags.iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|at| tags.remove(at))
    };
    let mut ordered: Vec<(String, String)> = ROSTER
        .iter()
        .map(|name| take(name).unwrap_or_else(|| (name.to_string(), "?".to_string())))
        .collect();
    ordered.extend(first.iter().filter_map(|name| take(name)));
    let last: Vec<_> = later.iter().filter_map(|name| take(name)).collect();
    ordered.append(&mut tags);
    ordered.extend(last);
    ordered
}

/// Writes one game as PDN in the PDN 3.0 style ([`PdnStyle::Pdn3`]): tags, a blank line, the
/// move text, a blank line.
///
/// The `Result` tag is set from `record.result`, `GameType "25"` is added when missing, and a
/// `FEN` tag is written when the game does not start from the start position (or already had
/// one).
#[must_use]
pub fn write_game(record: &PdnGame) -> String {
    write_game_with(record, &WriteOptions::default())
}

/// Writes one game as PDN with `options` (see [`PdnStyle`] for the named sets).
#[must_use]
pub fn write_game_with(record: &PdnGame, options: &WriteOptions) -> String {
    let notation = options.notation.unwrap_or(record.notation);
    let mut tags = record.tags.clone();
    let mut set = |name: &str, value: String, always: bool| match tags
        .iter_mut()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        Some((_, v)) => *v = value,
        None if always => tags.push((name.to_string(), value)),
        None => {}
    };
    set("Result", record.result.to_pdn().to_string(), true);
    let game_type = if options.long_game_type {
        "25,W,8,8,A0,0"
    } else {
        "25"
    };
    set("GameType", game_type.to_string(), true);
    let game = &record.game;
    let from_start = *game.start_position() == Position::start()
        && game.first_move_number() == 1
        && game.draw_states()[0].plies() == 0;
    let fen_squares = options.fen_squares.unwrap_or(notation);
    set(
        "FEN",
        fen::write_game_start(game, fen_squares),
        !from_start || options.fen_tag == FenTag::Always,
    );
    let tags = order_tags(tags, options.tag_order);

    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');

    let mut words = Vec::new();
    if options.annotations
        && let Some(comment) = &record.comment
    {
        words.push(format!("{{{}}}", escape_comment(comment)));
    }
    let mut need_number = true;
    for (ply, (mv, position)) in game.moves().iter().zip(game.positions()).enumerate() {
        let number = game.move_number(ply);
        let black = position.side_to_move() == Color::Black;
        let annotation = record.annotations.get(ply).filter(|_| options.annotations);
        let suffix = annotation.map_or("", |a| a.suffix.as_str());
        let move_text = format!("{}{suffix}", move_text(position, mv, notation, options));
        // A move number stays on the same line as its move.
        if !black {
            words.push(format!("{number}. {move_text}"));
        } else if need_number {
            words.push(format!("{number}... {move_text}"));
        } else {
            words.push(move_text);
        }
        need_number = false;
        if let Some(annotation) = annotation {
            if let Some(comment) = &annotation.comment {
                words.push(format!("{{{}}}", escape_comment(comment)));
                need_number = true;
            }
            for variation in &annotation.variations {
                words.push(format!("({})", variation.trim()));
                need_number = true;
            }
        }
    }
    words.push(record.result.to_pdn().to_string());
    match options.line_width {
        Some(width) => text.push_str(&wrap(&words, width)),
        None => text.push_str(&words.join(" ")),
    }
    text.push_str("\n\n");
    text
}

/// Writes several games, one after the other, in the PDN 3.0 style.
#[must_use]
pub fn write_games(records: &[PdnGame]) -> String {
    records.iter().map(write_game).collect()
}

/// Writes several games, one after the other, with `options`.
#[must_use]
pub fn write_games_with(records: &[PdnGame], options: &WriteOptions) -> String {
    records
        .iter()
        .map(|record| write_game_with(record, options))
        .collect()
}

impl Game {
    /// This game as a PDN text with no tags but `GameType`, `Result` (from [`Game::status`]) and,
    /// when needed, `FEN`; moves in algebraic notation.
    #[must_use]
    pub fn to_pdn(&self) -> String {
        write_game(&PdnGame::new(self.clone()))
    }
}
