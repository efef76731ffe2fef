/// Common words per script, for free text (a comment or payment purpose) that reads like
/// words of the form's language instead of random letters.
enum BuiltInWords {
    /// Russian words (lower case, written without ё).
    static let cyrillic: [String] = [
        "оплата", "по", "договору", "счету", "за", "услуги", "товары", "аренда", "помещения", "месяц",
        "ноябрь", "октябрь", "декабрь", "январь", "аванс", "остаток", "возврат", "средств", "перевод",
        "собственных", "между", "счетами", "налог", "на", "доходы", "физических", "лиц", "взнос", "страховой",
        "полис", "автомобиль", "ремонт", "доставка", "заказ", "номер", "от", "года", "без", "в", "том", "числе",
        "сумма", "ндс", "не", "облагается", "коммунальные", "платежи", "квартира", "дом", "электроэнергия",
        "водоснабжение", "отопление", "связь", "интернет", "обучение", "курс", "проживание", "гостиница",
        "билеты", "поездка", "командировка", "заработная", "плата", "премия", "материальная", "помощь",
        "погашение", "кредита", "процентов", "займа", "штраф", "пени", "госпошлина", "регистрация",
        "лицензия", "подписка", "обслуживание", "техническое", "поставка", "оборудования", "материалов",
        "работы", "выполненные", "согласно", "акту", "приема", "передачи", "очень", "хороший", "сервис",
        "быстро", "удобно", "спасибо", "вежливый", "персонал", "приложение", "сайт", "цены", "качество",
        "хотелось", "бы", "больше", "меньше", "очереди", "ожидание", "магазин", "отзыв", "клиент",
        "и", "с", "для", "все", "понравилось", "рекомендую", "друзьям", "снова", "буду", "заказывать",
    ]

    /// English words (lower case).
    static let latin: [String] = [
        "the", "app", "was", "easy", "to", "use", "and", "delivery", "arrived", "on", "time", "staff",
        "were", "friendly", "helpful", "prices", "could", "be", "lower", "more", "choice", "in", "store",
        "website", "checkout", "took", "too", "long", "please", "add", "payment", "options", "great",
        "service", "quality", "of", "products", "is", "good", "support", "answered", "quickly", "order",
        "late", "by", "two", "days", "packaging", "damaged", "refund", "process", "simple", "clear",
        "instructions", "would", "recommend", "friends", "family", "shop", "again", "next", "month",
        "discount", "for", "regular", "customers", "opening", "hours", "weekend", "phone", "line", "busy",
        "search", "does", "not", "find", "items", "size", "guide", "helped", "me", "choose", "a", "gift",
        "card", "invoice", "contract", "rent", "office", "services", "consulting", "fee", "deposit",
        "balance", "transfer", "between", "accounts", "with", "thanks", "overall", "happy", "experience",
        "new", "design", "looks", "nice", "but", "menu", "confusing", "mobile", "version", "slow", "fast",
        "shipping", "tracking", "updates", "email", "newsletter", "every", "week", "my", "your", "team",
    ]
}
