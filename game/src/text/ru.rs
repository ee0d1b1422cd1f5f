//! The Russian words of the interface: one [`Catalogue`] value, checked key by key by the
//! compiler and against the English one by the test `every_text_is_present_and_translated`.

use shashki::{Color, DrawRule, DrawRules};

use crate::text::catalogue::{Catalogue, plural_ru};

/// Russian.
pub static RU: Catalogue = Catalogue {
    title: "Шашки — русские шашки",
    play_white: "Играть белыми",
    play_black: "Играть чёрными",
    two_players: "Вдвоём",
    engine_vs_engine: "Компьютер сам с собой",
    undo: "Назад",
    redo: "Вперёд",
    hint: "Подсказка",
    flip: "Перевернуть",
    switch_sides: "Сменить цвет",
    resign: "Сдаться",
    offer_draw: "Предложить ничью",
    field_label: "Ход (c3-d4), FEN или файл PDN; Enter — применить",
    set_fen: "Позиция FEN",
    load_pdn: "Открыть PDN",
    save_pdn: "Сохранить PDN",
    engine: "компьютер",
    you_won: "Вы выиграли",
    you_lost: "Вы проиграли",
    draw: "Ничья",
    draw_agreed: "по соглашению",
    your_move: "ваш ход",
    engine_moves: "ходит компьютер",
    keys_help: "Клавиши: Enter — ввести ход (c3-d4), ←/→ назад/вперёд, ↑/↓ просмотр партии, \
                H подсказка, F перевернуть, 1–8 уровень, Esc снять выбор",
    back_to_game: "Снова к партии",
    game_is_over: "партия окончена — начните новую или возьмите ход назад",
    wait_for_engine: "сейчас ходит компьютер",
    choose_route: "Туда ведут несколько взятий: щёлкайте поля приземления (оранжевые) по порядку",
    choose_next: "Отсюда взятие продолжается по-разному: щёлкните следующее поле (оранжевое)",
    illegal: "Нельзя",
    not_your_piece: "выберите свою шашку",
    must_capture: "бить обязательно — ходите одной из отмеченных шашек",
    blocked: "этой шашке некуда ходить",
    not_a_destination: "выбранная шашка туда не ходит",
    new_game_started: "Начата новая партия",

    nothing_to_take_back: "Нечего брать назад",
    nothing_to_replay: "Нечего повторять",
    game_over_next: "Партия окончена: начните новую игру или возьмите ходы назад",
    type_fen_first: "Сначала введите или вставьте FEN в поле",
    type_pdn_first: "Сначала введите имя файла PDN в поле",
    hints_for_you: "Подсказка — только в ваш ход",
    only_against_engine: "Это для партии против компьютера, когда она идёт",
    draw_considered: "Компьютер обдумывает предложение ничьей…",
    draw_accepted: "Компьютер согласился на ничью",
    draw_declined: "Компьютер отклонил ничью: играем дальше",
    draw_too_early: "Для ничьей слишком рано: компьютер играет дальше (предложите после 10-го хода)",
    confirm_resign: "Сдать партию? Нажмите «Сдаться» ещё раз",
    confirm_draw_offer: "Предложить ничью? Нажмите «Предложить ничью» ещё раз",
    thinking: "Компьютер думает",
    looking_for_hint: "Ищу подсказку",
    book_mark: "(дебют)",
    tablebase_mark: "(база)",
    end_returns: "End — к партии",
    clock_label: "Часы",
    no_clock: "нет",
    draw_rules_label: "Ничья",
    play_from_here: "Играть отсюда",
    playing_from_here: "Играем с этой позиции; «Вперёд» вернёт снятые ходы",
    analyse: "Анализ",
    analysing: "Анализ",
    copy_fen: "Копировать FEN",
    copy_pdn: "Копировать PDN",
    puzzles: "Задачи",
    fen_copied: "FEN показанной позиции скопирован в буфер обмена",
    pdn_copied: "Партия скопирована в буфер обмена (PDN)",
    no_evaluation: "Оценки ещё нет",
    tablebase_draw: "База: ничья",
    game_list: "Партии файла",
    close_list: "Закрыть",
    filter_label: "Игрок (фильтр):",
    no_game_matches: "Нет партий с таким игроком",
    typed_not_a_move: "это не ход (пишите c3d4, c3-d4, 22-18 или c3:e5)",
    typed_illegal: "такого хода нет в этой позиции",
    typed_must_capture: "бить обязательно — такого взятия нет",
    typed_while_reviewing: "на доске более ранняя позиция — End вернёт к партии",
    no_game_list: "Списка партий нет: откройте файл PDN с несколькими партиями",
    side: |c| match c {
        Color::White => "белые",
        Color::Black => "чёрные",
    },
    you_play: |c| match c {
        Color::White => "Вы играете белыми",
        Color::Black => "Вы играете чёрными",
    },
    to_move: |c| match c {
        Color::White => "Ход белых",
        Color::Black => "Ход чёрных",
    },
    side_won: |c| match c {
        Color::White => "Белые выиграли",
        Color::Black => "Чёрные выиграли",
    },
    no_legal_move: |c| match c {
        Color::White => "у белых нет ходов",
        Color::Black => "у чёрных нет ходов",
    },
    resigned: |c| match c {
        Color::White => "белые сдались",
        Color::Black => "чёрные сдались",
    },
    draw_rule: |r| match r {
        DrawRule::Repetition => "троекратное повторение позиции",
        DrawRule::ThreeKingsVsOne => "три дамки против одной не выиграли за 15 ходов",
        DrawRule::KingsOnly15 => "15 ходов одними дамками без ходов простыми и взятий",
        DrawRule::BalancedKings => "дамки у обеих сторон, соотношение сил долго не менялось",
        DrawRule::MainRoad => "одинокую дамку на большой дороге не поймали за 5 ходов",
        DrawRule::SmallKings => "одинокую дамку не поймали одной-двумя шашками за 5 ходов",
        _ => "по правилам",
    },
    reviewing_start: |total| {
        format!(
            "Просмотр: начальная позиция (в партии {total} {})",
            plural_ru(total as u64, "полуход", "полухода", "полуходов")
        )
    },
    reviewing_after: |mv, ply, total| format!("Просмотр: после {mv} (полуход {ply} из {total})"),
    level_set: |n, name| format!("Уровень {n}: {name}"),
    level_line: |n, name| format!("Уровень: {n} — {name}"),
    engine_time_line: |time| format!("Сила: полная, {time} на ход (без уровня)"),
    seconds: |n| format!("{} с", n.replace('.', ",")),
    position_set: |c| {
        format!(
            "Позиция установлена. Вы играете {} против компьютера; «Сменить цвет» — играть другим цветом",
            match c {
                Color::White => "белыми",
                Color::Black => "чёрными",
            }
        )
    },
    opened: |file, about, human| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        match human {
            Some(c) => format!(
                "Открыт {file}{about}. Вы играете {} против компьютера; «Сменить цвет» — играть другим цветом",
                match c {
                    Color::White => "белыми",
                    Color::Black => "чёрными",
                }
            ),
            None => format!(
                "Открыт {file}{about}. Партия окончена: ↑/↓ — просмотр, «Назад» — играть с более ранней позиции"
            ),
        }
    },
    recorded_result: |result| format!("Партия окончена: результат по записи {result}"),
    sides_switched: |c| {
        format!(
            "Теперь вы играете {}",
            match c {
                Color::White => "белыми",
                Color::Black => "чёрными",
            }
        )
    },
    saved: |file, games| {
        format!(
            "Партия добавлена в {file} (в файле {games} {})",
            plural_ru(games as u64, "партия", "партии", "партий")
        )
    },
    game_list_opened: |file, games, failed| {
        let not_read = if failed == 0 {
            String::new()
        } else {
            format!(", {failed} не прочитано")
        };
        format!(
            "Открыт {file}: {games} {}{not_read}. Выберите партию в списке",
            plural_ru(games as u64, "партия", "партии", "партий")
        )
    },
    reviewing_opened: |file, about| {
        let about = about.map(|a| format!(" ({a})")).unwrap_or_default();
        format!("Открыт {file}{about}. ↓ или ▶ — следующий ход; «Играть отсюда» — играть с позиции")
    },
    game_list_heading: |file, games, shown| {
        let word = plural_ru(games as u64, "партия", "партии", "партий");
        if shown == games {
            format!("{file}: {games} {word}")
        } else {
            format!("{file}: {games} {word}, показано {shown}")
        }
    },
    games_not_read: |count, game, line, why| {
        format!(
            "{count} {} не {}: №{game} (строка {line}): {why}",
            plural_ru(count as u64, "партия", "партии", "партий"),
            plural_ru(count as u64, "прочитана", "прочитаны", "прочитано")
        )
    },
    illegal_move_in_file: |number, dots, text| {
        format!("ход {number}{dots} {text} невозможен в этой позиции")
    },
    full_moves: |n| format!("{n} {}", plural_ru(n as u64, "ход", "хода", "ходов")),
    more_games: |n| {
        format!(
            "… ещё {n} {}: ↑/↓, PgUp/PgDn или фильтр по игроку",
            plural_ru(n as u64, "партия", "партии", "партий")
        )
    },
    typed_move_refused: |text, why| format!("Ход «{text}» не сыгран: {why}"),
    typed_ambiguous: |candidates| format!("подходят несколько ходов, уточните: {candidates}"),
    settings_ignored: |file, why| format!("Настройки не прочитаны, взяты обычные ({why}): {file}"),
    settings_not_saved: |file, why| format!("Настройки не сохранены ({why}): {file}"),
    settings_syntax: |line, column| format!("ошибка в строке {line}, позиция {column}"),
    bad_fen: |why| format!("Неверный FEN: {why}"),
    cannot_read: |file, why| format!("Не удаётся прочитать PDN ({why}): {file}"),
    bad_pdn: |file, why| format!("Ошибка в PDN ({why}): {file}"),
    no_game_in: |file| format!("В PDN {file} нет партии"),
    cannot_write: |file, why| format!("Не удаётся записать PDN {file}: {why}"),
    book_not_used: |why| format!("Дебютная книга не используется: {why}"),
    tablebase_problem: |why| format!("Базы окончаний: {why}"),
    no_tablebases: |dir| {
        format!(
            "В папке {dir} нет баз окончаний: постройте их командой `shashki egtb build --tablebases {dir}`"
        )
    },
    tablebase_service: |url, why| {
        format!("Сервис баз окончаний {url}: {why}; компьютер играет без него")
    },
    service_bad_url: |why| format!("это не адрес сервиса ({why}); нужен вид http://ХОСТ:ПОРТ"),
    service_unreachable: |why| format!("нет связи ({why})"),
    service_timeout: |seconds| format!("нет ответа за {seconds} с"),
    service_status: |status, why| format!("запрос отклонён ({status}: {why})"),
    service_bad_answer: |why| format!("ответ не читается ({why})"),
    bad_fen_option: |why| format!("Неверный --fen: {why}"),
    hint_is: |mv| format!("Подсказка: {mv}"),
    depth_score: |depth, score| format!("глубина {depth}, оценка {score}"),
    cannot_play: |mv, why| format!("Ход {mv} невозможен: {why}"),
    time_ran_out: |c| match c {
        Color::White => "у белых истекло время",
        Color::Black => "у чёрных истекло время",
    },
    clock: |c, time| match c {
        Color::White => format!("Белые {time}"),
        Color::Black => format!("Чёрные {time}"),
    },
    clock_set: |control| match control {
        Some(c) => {
            format!("Часы {c}: минуты на партию + секунды за ход, у обеих сторон с этой позиции")
        }
        None => "Игра без часов".into(),
    },
    draw_rules_name: |rules| match rules {
        DrawRules::Basic => "основные",
        DrawRules::Repetition => "повтор",
        _ => "все правила",
    },
    draw_rules_set: |rules| match rules {
        DrawRules::Basic => "Ничья: троекратное повторение, три дамки против одной и 15 ходов \
                             одними дамками (как в py-draughts и многих программах)"
            .into(),
        DrawRules::Repetition => "Ничья только при троекратном повторении позиции".into(),
        _ => "Ничья по всем правилам 7.2.3–7.2.8 (как на lidraughts)".into(),
    },
    copy_failed: |why| format!("Не удалось скопировать: {why}"),
    eval_score: |score| format!("Оценка за белых: {score}"),
    eval_win: |c, moves, tablebase| {
        let source = if tablebase {
            "База"
        } else {
            "Оценка"
        };
        if moves == 0 {
            let who = match c {
                Color::White => "белые выиграли",
                Color::Black => "чёрные выиграли",
            };
            return format!("{source}: {who}");
        }
        let who = match c {
            Color::White => "белые выигрывают",
            Color::Black => "чёрные выигрывают",
        };
        let moves = format!(
            "{moves} {}",
            plural_ru(u64::from(moves), "ход", "хода", "ходов")
        );
        format!("{source}: {who} за {moves}")
    },
    tb_building: |pieces, percent, slice| {
        let slice = if slice.is_empty() {
            String::new()
        } else {
            format!(" ({slice})")
        };
        format!("строятся базы окончаний до {pieces} фигур: {percent}%{slice}")
    },
    tb_ready: |pieces| format!("Базы окончаний до {pieces} фигур готовы: компьютер их использует"),
    tb_failed: |why| format!("Базы окончаний не построены: {why}"),
    win_in: |n| {
        format!(
            "выигрыш за {n} {}",
            plural_ru(u64::from(n), "ход", "хода", "ходов")
        )
    },
    loss_in: |n| {
        format!(
            "проигрыш за {n} {}",
            plural_ru(u64::from(n), "ход", "хода", "ходов")
        )
    },
    level_names: [
        "новичок",
        "начинающий",
        "любитель",
        "третий разряд",
        "второй разряд",
        "первый разряд",
        "кандидат в мастера",
        "мастер",
    ],
};
