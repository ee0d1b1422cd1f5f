//! The printable sheet: one HTML page of board diagrams, each with a caption and the moves under
//! it, for a teacher's puzzle set or a game to go through on paper.
//!
//! `diagram --sheet` turns each game or puzzle into [`Figure`]s (an SVG from the library's
//! `svg::Diagram`, a caption, the moves) and [`sheet_html`] lays them out: a self-contained
//! page (no script, no external file) that prints two diagrams to a row on A4 and never splits
//! a diagram from its moves across pages.

/// One diagram of the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// The diagram, one `<svg>` element.
    pub svg: String,
    /// What it shows (the game, the ply, whose move), plain text.
    pub caption: String,
    /// The moves under it, plain text (empty: none).
    pub moves: String,
}

/// The page holding `figures` under `title`.
#[must_use]
pub fn sheet_html(title: &str, figures: &[Figure]) -> String {
    let mut html = String::with_capacity(figures.len() * 12 * 1024 + 1024);
    html.push_str("<!DOCTYPE html>\n<html lang=\"ru\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str(&format!("<title>{}</title>\n", escape(title)));
    html.push_str(STYLE);
    html.push_str("</head>\n<body>\n");
    html.push_str(&format!("<h1>{}</h1>\n<main>\n", escape(title)));
    for (i, figure) in figures.iter().enumerate() {
        html.push_str("<figure>\n");
        html.push_str(&figure.svg);
        html.push_str(&format!(
            "<figcaption><b>{}.</b> {}</figcaption>\n",
            i + 1,
            escape(&figure.caption)
        ));
        if !figure.moves.is_empty() {
            html.push_str(&format!(
                "<p class=\"moves\">{}</p>\n",
                escape(&figure.moves)
            ));
        }
        html.push_str("</figure>\n");
    }
    html.push_str("</main>\n</body>\n</html>\n");
    html
}

/// Two columns on screen and on paper; a figure is never split across pages.
const STYLE: &str = "<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; margin: 0 0 1em; }
main { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1.5em 2em; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { width: 100%; height: auto; max-width: 400px; display: block; }
figcaption { margin-top: 0.4em; font-size: 0.95em; }
.moves { margin: 0.3em 0 0; font-size: 0.95em; line-height: 1.4; }
@page { size: A4; margin: 1.5cm; }
@media print { body { margin: 0; } }
</style>
";

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_is_on_the_page_with_its_text_escaped() {
        let figures = [
            Figure {
                svg: "<svg id=\"one\"></svg>\n".to_string(),
                caption: "Иванов – Петров <1985>".to_string(),
                moves: "1. c3-d4 f6-g5".to_string(),
            },
            Figure {
                svg: "<svg id=\"two\"></svg>\n".to_string(),
                caption: "White to move & win".to_string(),
                moves: String::new(),
            },
        ];
        let html = sheet_html("Задачи", &figures);
        assert_eq!(html.matches("<figure>").count(), 2);
        assert!(html.contains("<svg id=\"one\">") && html.contains("<svg id=\"two\">"));
        assert!(html.contains("Иванов – Петров &lt;1985&gt;"));
        assert!(html.contains("move &amp; win"));
        assert!(html.contains("<p class=\"moves\">1. c3-d4 f6-g5</p>"));
        assert_eq!(html.matches("class=\"moves\"").count(), 1);
        assert!(html.contains("<title>Задачи</title>"));
    }
}
