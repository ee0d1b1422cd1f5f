//! Board diagrams as SVG (feature `svg`): a position drawn the Russian way for books, puzzle
//! sheets, web pages and notebooks.
//!
//! A [`Diagram`] holds a copy of the position and how to draw it (turned or not, with
//! coordinates, highlighted squares, one move's path, a size); [`Diagram::to_svg`] writes one
//! self-contained `<svg>` element with no scripts, fonts or ids of its own, so any number of them
//! can stand in one HTML page. The board is as [docs/RULES.md §1.1](crate::docs::rules) sets it: a1 is a dark square in
//! White's lower left corner; turned, Black is at the bottom. The colours are the game window's
//! (`game/src/ground/palette.rs`): the same squares, frame, pieces and gold crowns.
//!
//! Every element that stands for something carries its meaning in a `class` and a
//! `data-square` attribute (`<g class="piece white king" data-square="c3">`), so a test or a
//! script can read a diagram back; the geometry alone places it (square `s` is at column
//! [`Diagram::column`], row [`Diagram::row`]).

use std::fmt::{self, Write};

use crate::rules::{Bitboard, Color, IllegalMove, Move, Position, Square};

/// The side of one square in the SVG's own units (its `viewBox`); the picture is scaled to the
/// size asked for.
pub const SQUARE: u32 = 40;
/// The frame around the squares when coordinates are drawn in it.
const MARGIN_WITH_COORDINATES: u32 = 18;
/// The frame around the squares without coordinates.
const MARGIN_PLAIN: u32 = 6;

/// The game's palette (`game/src/ground/palette.rs`) in SVG's hexadecimal sRGB.
mod colors {
    /// The wooden frame: sRGB (0.27, 0.18, 0.11).
    pub const FRAME: &str = "#452e1c";
    /// Light squares: (0.93, 0.85, 0.70).
    pub const LIGHT: &str = "#edd9b3";
    /// Dark, playing squares: (0.55, 0.37, 0.23).
    pub const DARK: &str = "#8c5e3b";
    /// White pieces: (0.98, 0.95, 0.88).
    pub const WHITE_PIECE: &str = "#faf2e0";
    /// White pieces' rim and groove: the texture's grey levels (0.45, 0.72) on the piece.
    pub const WHITE_RIM: &str = "#706d65";
    /// Black pieces: (0.16, 0.14, 0.13).
    pub const BLACK_PIECE: &str = "#292421";
    /// Black pieces' rim (darker) and groove (lighter, so it shows).
    pub const BLACK_RIM: &str = "#0d0b0a";
    /// Black pieces' groove.
    pub const BLACK_GROOVE: &str = "#5a524c";
    /// Crowns of kings: (0.93, 0.70, 0.15).
    pub const CROWN: &str = "#edb326";
    /// The crown's band: the texture's grey level 0.8 on the crown.
    pub const CROWN_BAND: &str = "#be8f1e";
    /// Coordinates: (0.80, 0.78, 0.72).
    pub const LABEL: &str = "#ccc7b8";
    /// The move's first and last squares (the game's last-move colour, drawn at its alpha 0.45).
    pub const LAST_MOVE: &str = "#f2d940";
    /// Highlighted squares (the game's hint blue, alpha 0.55).
    pub const HIGHLIGHT: &str = "#408cff";
    /// The move's route (the game's capture-route orange).
    pub const ROUTE: &str = "#ff8c1a";
    /// Captured pieces' cross (the game's illegal-click red).
    pub const CAPTURED: &str = "#f21a1a";
    /// The cross's light edge (the white pieces' colour).
    pub const CAPTURED_EDGE: &str = "#faf2e0";
}

/// A position drawn as an SVG board diagram.
///
/// ```
/// use shashki::{Position, Square, svg::Diagram};
///
/// let position: Position = "W:WKa1:Bb2,f4".parse()?;
/// let mv = position.parse_move("a1:e5:g3")?;
/// let svg = Diagram::new(&position)
///     .size(320)
///     .with_move(&mv)?
///     .to_svg();
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches(r#"class="captured""#).count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    position: Position,
    flipped: bool,
    size: u32,
    coordinates: bool,
    highlights: Bitboard,
    /// The squares of the move that led to the position (tinted as the game tints them).
    last_move: Bitboard,
    shown: Option<ShownMove>,
}

/// A move drawn on the diagram: the squares it visits, the pieces it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ShownMove {
    path: Vec<Square>,
    captured: Bitboard,
}

impl Diagram {
    /// The default width and height in pixels.
    pub const DEFAULT_SIZE: u32 = 400;

    /// A diagram of `position`: White at the bottom, with coordinates, nothing highlighted,
    /// [`Diagram::DEFAULT_SIZE`] pixels wide.
    #[must_use]
    pub fn new(position: &Position) -> Diagram {
        Diagram {
            position: *position,
            flipped: false,
            size: Diagram::DEFAULT_SIZE,
            coordinates: true,
            highlights: Bitboard::EMPTY,
            last_move: Bitboard::EMPTY,
            shown: None,
        }
    }

    /// Tints the squares a move that was just played left and reached (its origin and
    /// destination), in the colour the game gives the last move. The move belongs to the
    /// position before this one, so it is not checked here.
    #[must_use]
    pub fn last_move(mut self, mv: &Move) -> Diagram {
        self.last_move = Bitboard::EMPTY.with(mv.from()).with(mv.to());
        self
    }

    /// Turned (`true`: Black at the bottom, h8 in the lower left corner) or not.
    #[must_use]
    pub fn flipped(mut self, flipped: bool) -> Diagram {
        self.flipped = flipped;
        self
    }

    /// The width and height of the picture in pixels (the `width` and `height` attributes; the
    /// drawing scales to them). At least 1: a size of 0 is taken as 1.
    #[must_use]
    pub fn size(mut self, pixels: u32) -> Diagram {
        self.size = pixels.max(1);
        self
    }

    /// With the files' letters and the ranks' numbers in the frame (the default) or without.
    #[must_use]
    pub fn coordinates(mut self, shown: bool) -> Diagram {
        self.coordinates = shown;
        self
    }

    /// Tints these squares (added to any highlighted before).
    #[must_use]
    pub fn highlight(mut self, squares: impl IntoIterator<Item = Square>) -> Diagram {
        self.highlights = squares
            .into_iter()
            .fold(self.highlights, |board, square| board.with(square));
        self
    }

    /// Draws `mv` on the position, before it is played: its first and last squares tinted, a
    /// line with an arrow through every landing square of a multi-capture (the first route
    /// when several take the same pieces to the same square), and a cross on every piece it
    /// takes.
    ///
    /// # Errors
    /// [`IllegalMove`] (handing the move and the position back) when `mv` is not legal in the
    /// diagram's position.
    pub fn with_move(mut self, mv: &Move) -> Result<Diagram, IllegalMove> {
        if !self.position.is_legal(mv) {
            return Err(IllegalMove {
                mv: *mv,
                position: self.position,
            });
        }
        self.shown = Some(ShownMove {
            path: self.position.move_path(mv),
            captured: mv.captured(),
        });
        Ok(self)
    }

    /// The position drawn.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The column (0 = left) at which `square` is drawn.
    #[must_use]
    pub const fn column(&self, square: Square) -> u8 {
        if self.flipped {
            7 - square.file()
        } else {
            square.file()
        }
    }

    /// The row (0 = top) at which `square` is drawn.
    #[must_use]
    pub const fn row(&self, square: Square) -> u8 {
        if self.flipped {
            square.rank()
        } else {
            7 - square.rank()
        }
    }

    /// The width of the frame around the squares, in the SVG's units.
    #[must_use]
    pub const fn margin(&self) -> u32 {
        if self.coordinates {
            MARGIN_WITH_COORDINATES
        } else {
            MARGIN_PLAIN
        }
    }

    /// The SVG text: one `<svg>` element, its `viewBox` square with side
    /// `8 × SQUARE + 2 × margin`.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let mut out = String::with_capacity(8 * 1024);
        self.write_svg(&mut out)
            .expect("writing to a String cannot fail");
        out
    }

    fn write_svg(&self, out: &mut String) -> fmt::Result {
        let margin = self.margin();
        let side = 8 * SQUARE + 2 * margin;
        writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" height="{size}" viewBox="0 0 {side} {side}">"#,
            size = self.size,
        )?;
        writeln!(out, "<title>{}</title>", escape(&self.position.to_fen()))?;
        writeln!(
            out,
            r#"<rect class="frame" x="0" y="0" width="{side}" height="{side}" fill="{}"/>"#,
            colors::FRAME
        )?;
        self.write_squares(out)?;
        if self.coordinates {
            self.write_coordinates(out)?;
        }
        self.write_pieces(out)?;
        if let Some(shown) = &self.shown {
            self.write_move(out, shown)?;
        }
        out.push_str("</svg>\n");
        Ok(())
    }

    /// The upper left corner of the cell at `column`, `row`.
    fn corner(&self, column: u8, row: u8) -> (u32, u32) {
        let margin = self.margin();
        (
            margin + u32::from(column) * SQUARE,
            margin + u32::from(row) * SQUARE,
        )
    }

    /// The centre of `square`.
    fn centre(&self, square: Square) -> (f64, f64) {
        let (x, y) = self.corner(self.column(square), self.row(square));
        let half = f64::from(SQUARE) / 2.0;
        (f64::from(x) + half, f64::from(y) + half)
    }

    fn write_squares(&self, out: &mut String) -> fmt::Result {
        for row in 0..8u8 {
            for column in 0..8u8 {
                let (x, y) = self.corner(column, row);
                // The square drawn there, if it is a dark one (a1 dark: file + rank even).
                let (file, rank) = if self.flipped {
                    (7 - column, row)
                } else {
                    (column, 7 - row)
                };
                match Square::from_coords(file, rank) {
                    Some(square) => {
                        writeln!(
                            out,
                            r#"<rect class="square dark" data-square="{square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}"/>"#,
                            colors::DARK
                        )?;
                        let tint = if self.highlights.contains(square) {
                            Some(("highlight", colors::HIGHLIGHT, "0.55"))
                        } else if self.last_move.contains(square) {
                            Some(("last-move", colors::LAST_MOVE, "0.45"))
                        } else if self.shown.as_ref().is_some_and(|shown| {
                            shown.path.first() == Some(&square)
                                || shown.path.last() == Some(&square)
                        }) {
                            Some(("move-end", colors::LAST_MOVE, "0.45"))
                        } else {
                            None
                        };
                        if let Some((class, fill, opacity)) = tint {
                            writeln!(
                                out,
                                r#"<rect class="{class}" data-square="{square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" fill-opacity="{opacity}"/>"#,
                            )?;
                        }
                    }
                    None => writeln!(
                        out,
                        r#"<rect class="square light" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}"/>"#,
                        colors::LIGHT
                    )?,
                }
            }
        }
        Ok(())
    }

    fn write_coordinates(&self, out: &mut String) -> fmt::Result {
        let margin = f64::from(self.margin());
        let board = f64::from(8 * SQUARE);
        let half = f64::from(SQUARE) / 2.0;
        for i in 0..8u8 {
            let (file, rank) = if self.flipped { (7 - i, 7 - i) } else { (i, i) };
            let letter = char::from(b'a' + file);
            let number = char::from(b'1' + rank);
            // Letters under the board, numbers on its left, centred in the frame.
            let x = margin + f64::from(i) * f64::from(SQUARE) + half;
            let y = margin + board + margin / 2.0;
            writeln!(
                out,
                r#"<text class="coordinate" x="{}" y="{}" font-family="sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central" fill="{}">{letter}</text>"#,
                number_text(x),
                number_text(y),
                colors::LABEL
            )?;
            let y = margin + board - f64::from(i) * f64::from(SQUARE) - half;
            writeln!(
                out,
                r#"<text class="coordinate" x="{}" y="{}" font-family="sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central" fill="{}">{number}</text>"#,
                number_text(margin / 2.0),
                number_text(y),
                colors::LABEL
            )?;
        }
        Ok(())
    }

    fn write_pieces(&self, out: &mut String) -> fmt::Result {
        let radius = 0.43 * f64::from(SQUARE);
        for color in Color::ALL {
            let (fill, rim, groove, name) = match color {
                Color::White => (
                    colors::WHITE_PIECE,
                    colors::WHITE_RIM,
                    colors::WHITE_RIM,
                    "white",
                ),
                Color::Black => (
                    colors::BLACK_PIECE,
                    colors::BLACK_RIM,
                    colors::BLACK_GROOVE,
                    "black",
                ),
            };
            for square in self.position.pieces(color) {
                let king = self.position.kings(color).contains(square);
                let role = if king { "king" } else { "man" };
                let (cx, cy) = self.centre(square);
                writeln!(
                    out,
                    r#"<g class="piece {name} {role}" data-square="{square}">"#
                )?;
                writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{rim}" stroke-width="2.5"/>"#,
                    number_text(cx),
                    number_text(cy),
                    number_text(radius - 1.25),
                )?;
                writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{groove}" stroke-width="1.2"/>"#,
                    number_text(cx),
                    number_text(cy),
                    number_text(0.65 * radius),
                )?;
                if king {
                    write_crown(out, cx, cy, radius)?;
                }
                out.push_str("</g>\n");
            }
        }
        Ok(())
    }

    fn write_move(&self, out: &mut String, shown: &ShownMove) -> fmt::Result {
        let radius = 0.43 * f64::from(SQUARE);
        for square in shown.captured {
            let (cx, cy) = self.centre(square);
            let arm = 0.55 * radius;
            let cross = format!(
                "M{} {}L{} {}M{} {}L{} {}",
                number_text(cx - arm),
                number_text(cy - arm),
                number_text(cx + arm),
                number_text(cy + arm),
                number_text(cx - arm),
                number_text(cy + arm),
                number_text(cx + arm),
                number_text(cy - arm),
            );
            // A light edge under the red cross keeps it visible on black pieces.
            writeln!(
                out,
                r#"<g class="captured" data-square="{square}" stroke-linecap="round" fill="none">"#
            )?;
            writeln!(
                out,
                r#"<path d="{cross}" stroke="{}" stroke-width="7"/>"#,
                colors::CAPTURED_EDGE
            )?;
            writeln!(
                out,
                r#"<path d="{cross}" stroke="{}" stroke-width="4"/>"#,
                colors::CAPTURED
            )?;
            out.push_str("</g>\n");
        }
        let points: Vec<(f64, f64)> = shown.path.iter().map(|&s| self.centre(s)).collect();
        // The line stops short of the last centre, where the arrow's head takes over.
        let head = 0.45 * f64::from(SQUARE);
        let (Some(&last), Some(&before)) = (points.last(), points.iter().rev().nth(1)) else {
            return Ok(());
        };
        let (dx, dy) = (last.0 - before.0, last.1 - before.1);
        let length = dx.hypot(dy);
        let (ux, uy) = (dx / length, dy / length);
        let base = (last.0 - ux * head, last.1 - uy * head);
        // The line leaves the moving piece at its rim, so the piece (a king's crown) stays
        // visible under it.
        let mut starts = points[..points.len() - 1].to_vec();
        let next = points[1];
        let (fx, fy) = (next.0 - starts[0].0, next.1 - starts[0].1);
        let first_length = fx.hypot(fy);
        starts[0].0 += fx / first_length * radius;
        starts[0].1 += fy / first_length * radius;
        let mut line = String::new();
        for &(x, y) in &starts {
            write!(line, "{},{} ", number_text(x), number_text(y))?;
        }
        write!(line, "{},{}", number_text(base.0), number_text(base.1))?;
        let route: Vec<String> = shown.path.iter().map(|s| s.name()).collect();
        writeln!(
            out,
            r#"<g class="move" data-path="{}" fill="{route_colour}" stroke="{route_colour}" opacity="0.85">"#,
            route.join(" "),
            route_colour = colors::ROUTE,
        )?;
        writeln!(
            out,
            r#"<polyline points="{line}" fill="none" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>"#
        )?;
        let wing = 0.5 * head;
        writeln!(
            out,
            r#"<polygon points="{},{} {},{} {},{}" stroke="none"/>"#,
            number_text(last.0),
            number_text(last.1),
            number_text(base.0 - uy * wing),
            number_text(base.1 + ux * wing),
            number_text(base.0 + uy * wing),
            number_text(base.1 - ux * wing),
        )?;
        for &(x, y) in &points[1..points.len() - 1] {
            writeln!(
                out,
                r#"<circle class="landing" cx="{}" cy="{}" r="6" stroke="none"/>"#,
                number_text(x),
                number_text(y),
            )?;
        }
        out.push_str("</g>\n");
        Ok(())
    }
}

impl fmt::Display for Diagram {
    /// The SVG text, as [`Diagram::to_svg`] gives it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_svg())
    }
}

/// The game's crown (`game/src/view/textures.rs`): a band, a body with three points, three
/// balls; drawn in the piece's units (1 = the radius), y upwards there and downwards here.
fn write_crown(out: &mut String, cx: f64, cy: f64, radius: f64) -> fmt::Result {
    let at = |x: f64, y: f64| {
        format!(
            "{},{}",
            number_text(cx + x * radius),
            number_text(cy - y * radius)
        )
    };
    let body = [
        (-0.55, -0.25),
        (-0.55, 0.35),
        (-0.275, 0.0),
        (0.0, 0.45),
        (0.275, 0.0),
        (0.55, 0.35),
        (0.55, -0.25),
    ];
    let body: Vec<String> = body.iter().map(|&(x, y)| at(x, y)).collect();
    writeln!(
        out,
        r#"<polygon class="crown" points="{}" fill="{}"/>"#,
        body.join(" "),
        colors::CROWN
    )?;
    writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
        number_text(cx - 0.55 * radius),
        number_text(cy + 0.25 * radius),
        number_text(1.1 * radius),
        number_text(0.2 * radius),
        colors::CROWN_BAND
    )?;
    for (x, y) in [(-0.55, 0.42), (0.0, 0.52), (0.55, 0.42)] {
        writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
            number_text(cx + x * radius),
            number_text(cy - y * radius),
            number_text(0.1 * radius),
            colors::CROWN
        )?;
    }
    Ok(())
}

/// A coordinate with at most two decimals and no trailing zeros (`12`, `12.5`, `7.31`).
fn number_text(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Text made safe inside an XML element or attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Piece, Role};
    use std::collections::BTreeMap;

    /// One element of the SVG as a small reader sees it: its name and attributes.
    #[derive(Debug)]
    struct Element {
        name: String,
        attributes: BTreeMap<String, String>,
        /// The classes of the `<g>` elements it stands in.
        inside: Vec<String>,
    }

    impl Element {
        fn get(&self, name: &str) -> &str {
            self.attributes
                .get(name)
                .unwrap_or_else(|| panic!("{} without {name}: {self:?}", self.name))
        }
        fn number(&self, name: &str) -> f64 {
            self.get(name).parse().expect("a number")
        }
    }

    /// Reads the SVG's elements (start tags, self-closing or not) in order, checking that every
    /// tag closes the one it should: enough XML for what `Diagram` writes, and strict about it.
    fn elements(svg: &str) -> Vec<Element> {
        let mut found = Vec::new();
        let mut open: Vec<(String, String)> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("a tag that ends") + start;
            let tag = &rest[start + 1..end];
            rest = &rest[end + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                let (opened, _) = open.pop().expect("a closing tag with an opening one");
                assert_eq!(opened, name, "tags nest");
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, mut text) = tag.split_once(' ').unwrap_or((tag, ""));
            let mut attributes = BTreeMap::new();
            while let Some(eq) = text.find("=\"") {
                let key = text[..eq].trim().to_string();
                let value_end = text[eq + 2..].find('"').expect("a closing quote") + eq + 2;
                let value = text[eq + 2..value_end].to_string();
                assert!(!value.contains('<'), "an escaped attribute");
                assert!(
                    attributes.insert(key, value).is_none(),
                    "no repeated attribute"
                );
                text = &text[value_end + 1..];
            }
            assert!(text.trim().is_empty(), "attributes only: {text:?}");
            let inside = open.iter().map(|(_, class)| class.clone()).collect();
            let class = attributes.get("class").cloned().unwrap_or_default();
            found.push(Element {
                name: name.to_string(),
                attributes,
                inside,
            });
            if !self_closing {
                open.push((name.to_string(), class));
            }
        }
        assert!(open.is_empty(), "every element closed");
        found
    }

    /// The square whose cell holds the point (x, y) of `diagram`, found from the geometry alone.
    fn square_at(diagram: &Diagram, x: f64, y: f64) -> Square {
        let margin = f64::from(diagram.margin());
        let column = ((x - margin) / f64::from(SQUARE)).floor();
        let row = ((y - margin) / f64::from(SQUARE)).floor();
        assert!((0.0..8.0).contains(&column) && (0.0..8.0).contains(&row));
        let (column, row) = (column as u8, row as u8);
        Square::ALL
            .into_iter()
            .find(|&s| diagram.column(s) == column && diagram.row(s) == row)
            .unwrap_or_else(|| panic!("({x}, {y}) is on a light square"))
    }

    /// The pieces the SVG shows, each placed by its circle's centre.
    fn pieces_drawn(diagram: &Diagram) -> BTreeMap<Square, Piece> {
        let svg = diagram.to_svg();
        let all = elements(&svg);
        let mut drawn = BTreeMap::new();
        for (i, group) in all.iter().enumerate() {
            let class = group.attributes.get("class").map(String::as_str);
            let Some(class) = class.and_then(|c| c.strip_prefix("piece ")) else {
                continue;
            };
            let piece = match class {
                "white man" => Piece::new(Color::White, Role::Man),
                "white king" => Piece::new(Color::White, Role::King),
                "black man" => Piece::new(Color::Black, Role::Man),
                "black king" => Piece::new(Color::Black, Role::King),
                other => panic!("unknown piece class {other}"),
            };
            let disc = &all[i + 1];
            assert_eq!(disc.name, "circle");
            let square = square_at(diagram, disc.number("cx"), disc.number("cy"));
            assert_eq!(group.get("data-square"), square.name());
            // A crown is drawn on kings and only on them.
            let crowned = all[i + 1..]
                .iter()
                .take_while(|e| e.inside.last().is_some_and(|c| c.starts_with("piece ")))
                .any(|e| e.attributes.get("class").is_some_and(|c| c == "crown"));
            assert_eq!(crowned, piece.role == Role::King, "{square}");
            assert!(
                drawn.insert(square, piece).is_none(),
                "one piece on {square}"
            );
        }
        drawn
    }

    fn pieces_of(position: &Position) -> BTreeMap<Square, Piece> {
        Square::ALL
            .into_iter()
            .filter_map(|s| position.piece_at(s).map(|p| (s, p)))
            .collect()
    }

    #[test]
    fn the_pieces_drawn_are_the_positions_in_both_orientations() {
        for fen in [
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "W:WKa1,c3,Kh8:Bb2,Kf4,g7",
            "B:WK1,K5,10:BK32,K28,23",
            "W:W:B",
        ] {
            let position: Position = fen.parse().unwrap();
            for flipped in [false, true] {
                for coordinates in [false, true] {
                    let diagram = Diagram::new(&position)
                        .flipped(flipped)
                        .coordinates(coordinates);
                    assert_eq!(pieces_drawn(&diagram), pieces_of(&position), "{fen}");
                }
            }
        }
    }

    #[test]
    fn a1_is_dark_and_in_whites_lower_left_corner_unless_turned() {
        let start = Position::start();
        for flipped in [false, true] {
            let diagram = Diagram::new(&start).flipped(flipped);
            let svg = diagram.to_svg();
            let all = elements(&svg);
            let squares: Vec<&Element> = all
                .iter()
                .filter(|e| e.get_class().starts_with("square "))
                .collect();
            assert_eq!(squares.len(), 64);
            let dark: Vec<&&Element> = squares
                .iter()
                .filter(|e| e.get_class() == "square dark")
                .collect();
            assert_eq!(dark.len(), 32);
            for rect in &dark {
                let half = f64::from(SQUARE) / 2.0;
                let square = square_at(&diagram, rect.number("x") + half, rect.number("y") + half);
                assert_eq!(rect.get("data-square"), square.name());
            }
            // The lower left cell is dark (a1, or h8 turned): the board is never mirrored.
            let margin = f64::from(diagram.margin());
            let low_left = dark.iter().find(|e| {
                e.number("x") == margin && e.number("y") == margin + 7.0 * f64::from(SQUARE)
            });
            let expected = if flipped { "h8" } else { "a1" };
            assert_eq!(
                low_left.expect("a dark corner").get("data-square"),
                expected
            );
            // The letters run a..h left to right, or h..a turned.
            let letters: String = svg
                .lines()
                .filter(|l| l.contains(r#"class="coordinate""#))
                .filter_map(|l| l.trim_end_matches("</text>").chars().last())
                .filter(char::is_ascii_lowercase)
                .collect();
            let expected = if flipped { "hgfedcba" } else { "abcdefgh" };
            assert_eq!(letters, expected);
        }
    }

    impl Element {
        fn get_class(&self) -> &str {
            self.attributes.get("class").map_or("", String::as_str)
        }
    }

    #[test]
    fn a_multi_capture_shows_every_landing_square_and_marks_the_pieces_taken() {
        // The king on a1 takes b2 and f4: a1 → e5 → g3 (or h2); a man takes twice from c3.
        for (fen, text, path, taken) in [
            ("W:WKa1:Bb2,f4", "a1:e5:g3", "a1 e5 g3", "b2 f4"),
            ("W:Wc3:Bd4,f6,d6", "c3:e5:c7", "c3 e5 c7", "d4 d6"),
            ("W:W22:B18", "22x15", "c3 e5", "d4"),
        ] {
            let position: Position = fen.parse().unwrap();
            let mv = position.parse_move(text).unwrap();
            for flipped in [false, true] {
                let diagram = Diagram::new(&position)
                    .flipped(flipped)
                    .with_move(&mv)
                    .unwrap();
                let svg = diagram.to_svg();
                let all = elements(&svg);
                let group = all.iter().find(|e| e.get_class() == "move").unwrap();
                assert_eq!(group.get("data-path"), path);
                // The line's points, then the arrow's tip, lie on the path's squares in order.
                let line = all.iter().find(|e| e.name == "polyline").unwrap();
                let tip = all
                    .iter()
                    .find(|e| e.name == "polygon" && e.get_class() == "");
                let mut visited: Vec<String> = line
                    .get("points")
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        square_at(&diagram, x.parse().unwrap(), y.parse().unwrap()).name()
                    })
                    .collect();
                let tip = tip.unwrap().get("points").split(' ').next().unwrap();
                let (x, y) = tip.split_once(',').unwrap();
                let tip = square_at(&diagram, x.parse().unwrap(), y.parse().unwrap()).name();
                // The line's last point stops short of the destination, in the cell before it
                // or the destination itself; the tip is on the destination.
                visited.pop();
                visited.push(tip);
                assert_eq!(visited.join(" "), path, "{fen} {text}");
                let landings = all.iter().filter(|e| e.get_class() == "landing").count();
                assert_eq!(landings, path.split(' ').count() - 2);
                let crossed: Vec<String> = all
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.get_class() == "captured")
                    .map(|(i, e)| {
                        let d = all[i + 1].get("d");
                        let (x, rest) = d[1..].split_once(' ').unwrap();
                        let y: String = rest.chars().take_while(|c| *c != 'L').collect();
                        let x: f64 = x.parse().unwrap();
                        let y: f64 = y.parse().unwrap();
                        // The cross's arm starts up and left of the centre, inside the cell.
                        let square = square_at(&diagram, x + 5.0, y + 5.0);
                        assert_eq!(e.get("data-square"), square.name());
                        square.name()
                    })
                    .collect();
                let mut crossed = crossed;
                crossed.sort();
                assert_eq!(crossed.join(" "), taken);
                let ends: Vec<&str> = all
                    .iter()
                    .filter(|e| e.get_class() == "move-end")
                    .map(|e| e.get("data-square"))
                    .collect();
                assert_eq!(ends.len(), 2);
            }
        }
    }

    #[test]
    fn an_illegal_move_is_handed_back() {
        let position = Position::start();
        let other: Position = "W:W22:B18".parse().unwrap();
        let mv = other.legal_moves()[0];
        let error = Diagram::new(&position).with_move(&mv).unwrap_err();
        assert_eq!(error.mv, mv);
        assert_eq!(error.position, position);
    }

    #[test]
    fn highlights_size_and_title() {
        let position = Position::start();
        let squares = ["c3", "d4"].map(|s| s.parse::<Square>().unwrap());
        let diagram = Diagram::new(&position).highlight(squares).size(123);
        let svg = diagram.to_svg();
        let all = elements(&svg);
        let root = &all[0];
        assert_eq!((root.get("width"), root.get("height")), ("123", "123"));
        let tinted: Vec<&str> = all
            .iter()
            .filter(|e| e.get_class() == "highlight")
            .map(|e| e.get("data-square"))
            .collect();
        assert_eq!(tinted, ["d4", "c3"]);
        let played = position.parse_move("c3-d4").unwrap();
        let after = Diagram::new(&position.play(&played).unwrap()).last_move(&played);
        let after_svg = after.to_svg();
        let after_elements = elements(&after_svg);
        let last: Vec<&str> = after_elements
            .iter()
            .filter(|e| e.get_class() == "last-move")
            .map(|e| e.get("data-square"))
            .collect();
        assert_eq!(last, ["d4", "c3"]);
        assert!(svg.contains(&format!("<title>{}</title>", position.to_fen())));
        assert_eq!(Diagram::new(&position).size(0).to_svg(), {
            Diagram::new(&position).size(1).to_svg()
        });
        assert_eq!(number_text(-0.001), "0");
        assert_eq!(number_text(12.50), "12.5");
        assert_eq!(escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
    }
}
