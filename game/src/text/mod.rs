//! Every word the window shows, in Russian and English: one typed catalogue per language.
//!
//! Why a typed table and not `fluent` or `rust-i18n`: the game has about a hundred strings and
//! two languages. A [`Catalogue`] is a struct whose fields are the keys, so a key missing from one
//! language is a compile error (not a runtime fallback to the key's name), texts with values are
//! plain `fn` fields checked by the compiler (no string-keyed arguments), and nothing is read from
//! files at run time. Russian plural forms, the one thing Fluent would add, are handled by one
//! helper ([`plural_ru`]). The test `every_text_is_present_and_translated` fails when a text is
//! empty in a language or the Russian one is left in English.
//!
//! Data flow: the core keeps typed values ([`Say`] for notices, the record for the status); the
//! view asks [`Lang::text`] for the current [`Language`]'s catalogue when it draws, so switching
//! the language rewrites every text at once. Moves stay in the notation Russian players write
//! (`c3-d4`, `c3:e5`) in both languages.
//!
//! Floor: imports only [`crate::ground`]; the core keeps its notices as [`Say`]s, so it builds on
//! this floor, never the other way. One file per part: the catalogue's keys (`catalogue.rs`),
//! the Russian and English words (`ru.rs`, `en.rs`), the typed notices (`say.rs`) and the
//! puzzle mode's own table in both languages ([`PuzzleText`], `puzzle_text.rs`).

mod catalogue;
mod en;
mod puzzle_text;
mod ru;
mod say;

use bevy::prelude::*;

pub use catalogue::{Catalogue, plural_ru};
pub use en::EN;
pub use puzzle_text::PuzzleText;
pub use ru::RU;
pub use say::{Say, ServiceFault, SettingsFault, TypedRefusal};

/// A language of the interface.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Russian.
    #[default]
    Ru,
    /// English.
    En,
}

impl Lang {
    /// Both languages, in the order the panel offers them.
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    /// The catalogue of this language.
    #[must_use]
    pub fn text(self) -> &'static Catalogue {
        match self {
            Lang::Ru => &RU,
            Lang::En => &EN,
        }
    }

    /// The language a `LANG`/`LC_ALL`/`LC_MESSAGES` value asks for: Russian for `ru…`,
    /// English for anything else that is set, `None` when unset or `C`/`POSIX`.
    #[must_use]
    pub fn from_locale(value: &str) -> Option<Lang> {
        let value = value.trim();
        if value.is_empty() || value == "C" || value == "POSIX" || value.starts_with("C.") {
            return None;
        }
        Some(if value.to_ascii_lowercase().starts_with("ru") {
            Lang::Ru
        } else {
            Lang::En
        })
    }

    /// The language of the environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), or `default`.
    #[must_use]
    pub fn from_env(default: Lang) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find_map(|v| Lang::from_locale(&v))
            .unwrap_or(default)
    }

    /// The language's code, as its button shows it.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "RU",
            Lang::En => "EN",
        }
    }

    /// The language's own name.
    #[must_use]
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::Ru => "Русский",
            Lang::En => "English",
        }
    }
}

/// The interface language in use.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Language(pub Lang);

/// A request to show the interface in another language (the panel's language buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwitchLanguage(pub Lang);

/// Registers the language and its switch.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Language>()
        .add_message::<SwitchLanguage>()
        .add_systems(
            Update,
            switch_language.in_set(crate::ground::GameSet::Rules),
        );
}

fn switch_language(mut requests: MessageReader<SwitchLanguage>, mut language: ResMut<Language>) {
    if let Some(&SwitchLanguage(lang)) = requests.read().last()
        && language.0 != lang
    {
        language.0 = lang;
    }
}

impl PuzzleText {
    /// The puzzle mode's texts in `lang`.
    #[must_use]
    pub fn of(lang: Lang) -> &'static PuzzleText {
        match lang {
            Lang::Ru => &puzzle_text::RU,
            Lang::En => &puzzle_text::EN,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::TimeControl;
    use shashki::{Color, DrawRule, DrawRules};

    /// Texts that are the same word in both languages.
    const SAME_IN_BOTH: &[&str] = &[];

    #[test]
    fn every_text_is_present_and_translated() {
        let (ru, en) = (RU.texts(), EN.texts());
        assert_eq!(ru.len(), en.len());
        for ((key, r), (_, e)) in ru.iter().zip(&en) {
            assert!(!r.trim().is_empty(), "{key} is empty in Russian");
            assert!(!e.trim().is_empty(), "{key} is empty in English");
            if !SAME_IN_BOTH.contains(key) {
                assert_ne!(r, e, "{key} is not translated into Russian");
                assert!(
                    r.chars()
                        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
                    "{key}: the Russian text {r:?} has no Russian letter"
                );
            }
        }
    }

    #[test]
    fn every_text_with_values_is_present_in_both_languages() {
        for lang in Lang::ALL {
            let t = lang.text();
            for color in Color::ALL {
                for text in [
                    (t.side)(color),
                    (t.you_play)(color),
                    (t.to_move)(color),
                    (t.side_won)(color),
                    (t.no_legal_move)(color),
                    (t.resigned)(color),
                    (t.time_ran_out)(color),
                ] {
                    assert!(!text.is_empty(), "{lang:?}");
                }
                for text in [
                    (t.position_set)(color),
                    (t.opened)("a.pdn", Some("A — B"), Some(color)),
                    (t.sides_switched)(color),
                ] {
                    assert!(text.len() > 8, "{lang:?}: {text}");
                }
            }
            for rule in [
                DrawRule::Repetition,
                DrawRule::ThreeKingsVsOne,
                DrawRule::KingsOnly15,
                DrawRule::BalancedKings,
                DrawRule::MainRoad,
                DrawRule::SmallKings,
            ] {
                assert!((t.draw_rule)(rule).len() > 10, "{lang:?} {rule:?}");
            }
            for rules in DrawRules::ALL {
                assert!((t.draw_rules_name)(rules).len() > 3, "{lang:?} {rules:?}");
            }
            for text in [
                (t.reviewing_start)(3),
                (t.reviewing_after)("2. c3-d4", 3, 5),
                (t.level_set)(1, "x"),
                (t.level_line)(1, "x"),
                (t.opened)("a.pdn", None, None),
                (t.engine_time_line)("3 s"),
                (t.seconds)("1.5"),
                (t.recorded_result)("2-0"),
                (t.saved)("f", 2),
                (t.game_list_opened)("f", 3, 1),
                (t.game_list_heading)("f", 3, 1),
                (t.reviewing_opened)("f #2", Some("A — B, 2-0")),
                (t.games_not_read)(2, 3, 40, "w"),
                (t.illegal_move_in_file)(3, "...", "c3-d4"),
                (t.full_moves)(21),
                (t.more_games)(400),
                (t.typed_move_refused)("c3d4", "w"),
                (t.typed_ambiguous)("a, b"),
                (t.settings_ignored)("f", "w"),
                (t.settings_not_saved)("f", "w"),
                (t.bad_fen)("w"),
                (t.cannot_read)("f", "w"),
                (t.bad_pdn)("f", "w"),
                (t.no_game_in)("f"),
                (t.cannot_write)("f", "w"),
                (t.book_not_used)("w"),
                (t.tablebase_problem)("w"),
                (t.no_tablebases)("d"),
                (t.tablebase_service)("http://h:1", "w"),
                (t.service_bad_url)("w"),
                (t.service_unreachable)("w"),
                (t.service_timeout)(2),
                (t.service_status)(503, "w"),
                (t.service_bad_answer)("w"),
                (t.bad_fen_option)("w"),
                (t.hint_is)("c3-d4"),
                (t.depth_score)(3, "+0.10"),
                (t.cannot_play)("c3-d4", "w"),
                (t.clock)(Color::White, "5:00"),
                (t.clock_set)(Some(TimeControl::new(5, 3))),
                (t.clock_set)(None),
                (t.draw_rules_set)(DrawRules::Full),
                (t.draw_rules_set)(DrawRules::Basic),
                (t.draw_rules_set)(DrawRules::Repetition),
                (t.copy_failed)("w"),
                (t.eval_score)("+0.35"),
                (t.eval_win)(Color::Black, 7, true),
                (t.eval_win)(Color::White, 1, false),
                (t.tb_building)(5, 40, "2x1"),
                (t.tb_ready)(5),
                (t.tb_failed)("w"),
                (t.win_in)(3),
                (t.loss_in)(1),
            ] {
                assert!(text.len() > 3, "{lang:?}: {text}");
            }
        }
        assert_ne!((RU.to_move)(Color::White), (EN.to_move)(Color::White));
        assert_eq!(
            (RU.draw_rule)(DrawRule::Repetition),
            "троекратное повторение позиции"
        );
    }

    #[test]
    fn refusals_read_as_one_sentence_after_their_heading() {
        // The panel writes "Нельзя: <reason>": a reason with a colon of its own reads badly.
        for t in [&RU, &EN] {
            for reason in [
                t.game_is_over,
                t.wait_for_engine,
                t.not_your_piece,
                t.must_capture,
                t.blocked,
                t.not_a_destination,
            ] {
                assert!(!reason.contains(':'), "{reason}");
            }
        }
    }

    #[test]
    fn a_game_already_won_is_not_a_win_in_zero_moves() {
        // The engine's score of a finished game is a win in 0 plies: the bar says who has won.
        assert_eq!(
            (RU.eval_win)(Color::Black, 0, false),
            "Оценка: чёрные выиграли"
        );
        assert_eq!(
            (EN.eval_win)(Color::White, 0, true),
            "Tablebase: White has won"
        );
        assert_eq!(
            (RU.eval_win)(Color::White, 2, false),
            "Оценка: белые выигрывают за 2 хода"
        );
        assert_eq!(
            (EN.eval_win)(Color::Black, 1, false),
            "Evaluation: Black wins in 1 move"
        );
    }

    #[test]
    fn russian_plurals() {
        let p = |n| plural_ru(n, "полуход", "полухода", "полуходов");
        assert_eq!(
            [p(1), p(2), p(5), p(11), p(21), p(22), p(112)],
            [
                "полуход",
                "полухода",
                "полуходов",
                "полуходов",
                "полуход",
                "полухода",
                "полуходов"
            ]
        );
    }

    #[test]
    fn the_locale_picks_the_language() {
        assert_eq!(Lang::from_locale("ru_RU.UTF-8"), Some(Lang::Ru));
        assert_eq!(Lang::from_locale("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_locale("de_DE"), Some(Lang::En));
        assert_eq!(Lang::from_locale("C.UTF-8"), None);
        assert_eq!(Lang::from_locale(""), None);
    }
}
