//! The puzzle mode's words in Russian and English, beside the main catalogue: the mode's panel
//! has its own table ([`PuzzleText`]) because the catalogue only names the mode's button. The
//! core's `panel_lines` and the view's puzzle panel read it in the language in use.

use shashki::Color;
use shashki::puzzles::Theme;

/// The puzzle mode's words in one language (kept apart from the main catalogue,
/// [`super::Catalogue`], which only names the mode's button).
#[derive(Debug)]
pub struct PuzzleText {
    /// The panel's title.
    pub title: &'static str,
    /// "Puzzle 3 of 312".
    pub counter: fn(usize, usize) -> String,
    /// The set's name: the shipped one, or a file's.
    pub set_name: fn(Option<&str>) -> String,
    /// A theme's name.
    pub theme: fn(Theme) -> &'static str,
    /// "Theme: shot · difficulty 3 of 5".
    pub about: fn(&str, u8) -> String,
    /// The task, for the side to move.
    pub task: fn(Color) -> &'static str,
    /// After a right move.
    pub right: &'static str,
    /// A wrong move, written out.
    pub wrong: fn(&str) -> String,
    /// The hint: the piece on this square moves (said so that it never reads as a move to it).
    pub hint_text: fn(&str) -> String,
    /// Solved.
    pub solved: &'static str,
    /// Solved, but not at the first try (counted as failed).
    pub solved_late: &'static str,
    /// The heading of the solution.
    pub solution: &'static str,
    /// The counts: solved, failed.
    pub counts: fn(u32, u32) -> String,
    /// The set has no puzzles.
    pub empty: &'static str,
    /// A set file could not be opened (the reason follows).
    pub load_failed: &'static str,
    /// Button: hint.
    pub hint: &'static str,
    /// Button: show the solution.
    pub show: &'static str,
    /// Button: next puzzle.
    pub next: &'static str,
    /// Button: previous puzzle.
    pub previous: &'static str,
    /// Button: the puzzle again.
    pub retry: &'static str,
    /// Button: back to the game.
    pub exit: &'static str,
    /// Button: turn the board.
    pub flip: &'static str,
}

impl PuzzleText {
    /// The plain texts, for the completeness test.
    #[must_use]
    pub fn texts(&self) -> Vec<&'static str> {
        let mut texts = vec![
            self.title,
            self.right,
            self.solved,
            self.solved_late,
            self.solution,
            self.empty,
            self.load_failed,
            self.hint,
            self.show,
            self.next,
            self.previous,
            self.retry,
            self.exit,
            self.flip,
            (self.task)(Color::White),
            (self.task)(Color::Black),
        ];
        texts.extend(Theme::ALL.map(self.theme));
        texts
    }
}

/// The Russian texts.
pub(super) static RU: PuzzleText = PuzzleText {
    title: "Задачи",
    counter: |n, total| format!("Задача {n} из {total}"),
    set_name: |file| match file {
        None => "Набор: из партий программы".to_string(),
        Some(name) => format!("Набор: {name}"),
    },
    theme: |theme| match theme {
        Theme::Shot => "удар",
        Theme::Breakthrough => "прорыв в дамки",
        Theme::Trap => "ловушка",
        _ => "комбинация",
    },
    about: |theme, difficulty| format!("Тема: {theme} · сложность {difficulty} из 5"),
    task: |side| match side {
        Color::White => "Ход белых: найдите выигрыш",
        Color::Black => "Ход чёрных: найдите выигрыш",
    },
    right: "Верно! Продолжайте",
    wrong: |mv| format!("{mv} — не решение. Попробуйте ещё раз"),
    hint_text: |square| format!("Подсказка: ходите шашкой с поля {square}"),
    solved: "Решено!",
    solved_late: "Решено, но не с первой попытки",
    solution: "Решение:",
    counts: |solved, failed| format!("Решено: {solved} · Не решено: {failed}"),
    empty: "В наборе нет задач",
    load_failed: "Набор задач не открыт:",
    hint: "Подсказка",
    show: "Решение",
    next: "Следующая",
    previous: "Предыдущая",
    retry: "Заново",
    exit: "К партии",
    flip: "Перевернуть",
};

/// The English texts.
pub(super) static EN: PuzzleText = PuzzleText {
    title: "Puzzles",
    counter: |n, total| format!("Puzzle {n} of {total}"),
    set_name: |file| match file {
        None => "Set: from the engine's own games".to_string(),
        Some(name) => format!("Set: {name}"),
    },
    theme: |theme| match theme {
        Theme::Shot => "shot",
        Theme::Breakthrough => "breakthrough to king",
        Theme::Trap => "trap",
        _ => "combination",
    },
    about: |theme, difficulty| format!("Theme: {theme} · difficulty {difficulty} of 5"),
    task: |side| match side {
        Color::White => "White to move: find the win",
        Color::Black => "Black to move: find the win",
    },
    right: "Correct! Go on",
    wrong: |mv| format!("{mv} is not the solution. Try again"),
    hint_text: |square| format!("Hint: move the piece on {square}"),
    solved: "Solved!",
    solved_late: "Solved, but not at the first try",
    solution: "Solution:",
    counts: |solved, failed| format!("Solved: {solved} · Failed: {failed}"),
    empty: "The set has no puzzles",
    load_failed: "The puzzle set was not opened:",
    hint: "Hint",
    show: "Solution",
    next: "Next",
    previous: "Previous",
    retry: "Retry",
    exit: "Back to game",
    flip: "Flip",
};
