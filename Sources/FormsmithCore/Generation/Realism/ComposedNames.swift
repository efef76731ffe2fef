/// Russian names composed from parts, so that a field whose regex is a Cyrillic name pattern
/// gets thousands of different names rather than the few hundred of the shipped lists (1,000
/// surnames drawn from the 150 of `ru-last-names.txt` held about 120 different ones).
///
/// The parts are the ways Russian names are actually built:
/// - surnames: an adjective stem and a noun stem (`Бело` + `зер`), then `ов` or `ский` (`овский`
///   after с, к, г, х), in the masculine and the feminine form (`Белозеров`, `Белозерова`,
///   `Белозерский`, `Белозерская`);
/// - first names: the two stems of Slavic names (`Яро` + `слав`, `Тихо` + `мир`), masculine and
///   feminine (`Ярослав`, `Ярослава`);
/// - patronymics: those first names with `ович` and `овна` (`Тихомирович`, `Тихомировна`).
///
/// Every part is Cyrillic letters without ё, capitalised once, so each name is one word a
/// Cyrillic name pattern accepts; a field's own checks still filter them (``TextSpec``).
enum ComposedNames {
    /// Adjective stems that open a surname.
    static let surnameStems = [
        "Бело", "Черно", "Красно", "Ново", "Старо", "Добро", "Долго", "Мало", "Велико", "Толсто", "Светло",
        "Быстро", "Сухо", "Широко", "Высоко", "Тихо", "Ясно", "Зелено", "Криво", "Золото", "Сине", "Средне",
        "Верхо", "Остро", "Чисто", "Дико", "Горно", "Полно",
    ]
    /// Noun stems that end a surname before its suffix.
    static let surnameRoots = [
        "зер", "дуб", "гор", "лес", "бор", "рук", "пят", "вод", "брод", "мост", "луг", "двор", "град", "дом",
        "ров", "куст", "лист", "цвет", "снег", "дол", "камен", "войт", "сад", "пруд", "холм", "хлеб", "колос",
        "мор", "бок", "нос", "глаз", "ус", "рог", "кос", "бров", "стан", "полян", "клен",
    ]
    /// First stems of Slavic first names.
    static let firstStems = [
        "Свято", "Яро", "Миро", "Влади", "Бори", "Всево", "Добро", "Радо", "Стани", "Любо", "Мсти", "Брони",
        "Вяче", "Рости", "Остро", "Бого", "Вели", "Мило", "Твердо", "Гори", "Буди", "Доро", "Жито", "Звени",
        "Свето", "Бере", "Вито", "Гости", "Дани", "Драго", "Зори", "Крепо", "Лада", "Лето", "Мече", "Мира",
        "Мудро", "Нежи", "Ново", "Пере", "Приби", "Ради", "Сбыго", "Селя", "Сладко", "Слово", "Смело", "Снеже",
        "Судо", "Тихо", "Томи", "Хвали", "Храбро", "Цвето", "Чаро", "Чести", "Ясно", "Благо", "Веле", "Воро",
    ]
    /// Second stems of Slavic first names (masculine; the feminine adds `а`).
    static let firstEndings = [
        "слав", "мир", "мил", "рад", "дан", "люб", "зар", "свет", "вит", "бор", "дар", "лад", "вед", "неж",
        "гост", "мысл", "сил", "волод", "гор", "пут", "род", "буд", "ждан", "мест", "чест", "хвал",
        "дух", "вер", "стан", "вол",
    ]

    /// Composed surnames, masculine and feminine.
    static let lastNames: [String] = surnameStems.flatMap { stem in
        surnameRoots.flatMap { root in
            // After с, к, г, х a bare `ский` piles up consonants (`Кривокосский`): `овский` there.
            let adjective = "скгх".contains(root.last ?? " ") ? "овск" : "ск"
            return ["ов", "ова", adjective + "ий", adjective + "ая"].map { stem + root + $0 }
        }
    }

    /// Composed masculine first names (the stems of ``firstNames`` and ``middleNames``).
    private static let masculineFirstNames: [String] = firstStems.flatMap { stem in firstEndings.map { stem + $0 } }

    /// Composed first names, masculine and feminine.
    static let firstNames: [String] = masculineFirstNames.flatMap { [$0, $0 + "а"] }

    /// Composed patronymics, masculine and feminine.
    static let middleNames: [String] = masculineFirstNames.flatMap { [$0 + "ович", $0 + "овна"] }
}
