import JapaneseNumbers

extension QuestionMaker {
    /// A question in the sentences skill: the value's reading said inside one of its frames,
    /// answered and graded as in listening; a bare number with a unit in its frame (4番線) also
    /// takes the unit typed after it (4番).
    /// `frame`: the frame drawn for the question; nil for the value's own.
    static func sentenceQuestion(topic: Topic, value: QuestionValue, frame: SentenceFrame? = nil) -> Question {
        let frame = frame ?? SentenceFrame.frame(for: topic, value: value)
        var facts = facts(topic.kind, value)
        if let unit = frame.unit, case let .number(n) = value, facts.expected == .number(n, counter: nil) {
            let yen = unit == "円"
            facts = countedFacts(n, counter: Counter.named(unit), prefix: yen ? "￥" : nil, postfix: yen ? nil : unit)
        }
        var (answer, expected, postfix) = (facts.numerals, facts.expected, facts.postfix)
        if topic.listeningAsksCounter, case let .counted(n, counter) = value {
            (answer, expected, postfix) = (facts.written, .countedNumber(n, counter: counter), nil)
        }
        // In a sentence an amount is written 1,204円, as Japanese text writes it; ￥1,204 is for a price tag.
        let writtenValue = facts.written.hasPrefix("￥") ? String(facts.written.dropFirst()) + "円" : facts.written
        let sentence = Sentence(
            frameID: frame.id, written: frame.written(value: writtenValue), kana: frame.shownKana(reading: facts.spoken),
            romaji: frame.romaji(numberRomaji: facts.romaji),
            gloss: frame.gloss(value: glossValue(topic, value, counter: counterName(facts.expected)), number: number(value)))
        return Question(
            topicID: topic.id, skill: .sentences, valueKey: value.key, prompt: "", spokenKana: frame.spokenKana(reading: facts.spoken),
            prefix: facts.prefix, postfix: postfix, answer: answer, written: facts.written, reading: facts.spoken,
            romaji: facts.romaji, expected: expected, sentence: sentence)
    }

    private static func counterName(_ expected: Expected) -> String? {
        switch expected {
        case let .number(_, counter): counter
        case let .countedNumber(_, counter): counter
        default: nil
        }
    }

    private static func number(_ value: QuestionValue) -> Int64? {
        switch value {
        case let .number(n), let .counted(n, _): n
        default: nil
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// The value as the English gloss says it: ¥1,204, 3 hours, 2:45 p.m., 30 September 2017.
    static func glossValue(_ topic: Topic, _ value: QuestionValue, counter: String?) -> String {
        func counted(_ n: Int64, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        func twelveHour(_ hour: Int, _ minute: Int) -> String {
            "\(hour % 12 == 0 ? 12 : hour % 12)" + (minute > 0 ? ":\(QuestionValue.two(minute))" : "") + (hour < 12 ? " a.m." : " p.m.")
        }
        switch value {
        case let .number(n), let .counted(n, _):
            switch counter {
            case "円": return "¥" + groupedDigits(n)
            case "時": return "\(n):00"
            case "分" where topic.category == .datesAndTimes: return ":" + QuestionValue.two(Int(n))
            case "日":
                let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
                return "the \(n)\(suffix)"
            case "月": return monthNames[Int(n - 1)]
            case "年": return String(n)
            case "時間": return counted(n, "hour")
            case "分": return counted(n, "minute")
            case "秒": return counted(n, "second")
            case "日間": return counted(n, "day")
            case "週間": return counted(n, "week")
            case "ヶ月": return counted(n, "month")
            case "年間": return counted(n, "year")
            default: return groupedDigits(n)
            }
        case let .clock(hour, minute):
            switch topic.kind {
            case .twelveHourHour, .clockTime(twelveHour: true): return twelveHour(hour, minute)
            default: return "\(hour):\(QuestionValue.two(minute))"
            }
        case let .date(year, month, day):
            return "\(day) \(monthNames[month - 1]) \(year)"
        case let .dateTime(year, month, day, hour, minute):
            return "\(day) \(monthNames[month - 1]) \(year), \(hour):\(QuestionValue.two(minute))"
        case let .span(hours, minutes, seconds):
            if case .halfHours = topic.kind { return "\(hours) and a half hours" }
            var parts = [counted(hours, "hour")]
            if minutes > 0 { parts.append(counted(Int64(minutes), "minute")) }
            if seconds > 0 { parts.append(counted(Int64(seconds), "second")) }
            return parts.joined(separator: " ")
        case let .halfYears(halves):
            return halves == 1 ? "half a year" : "\(halves / 2) and a half years"
        case .eraYear:
            if case let .gregorianYear(year) = facts(topic.kind, value).expected { return String(year) }
            return value.key
        case let .phone(number):
            return number
        }
    }
}

extension TopicCatalog {
    /// The sentence a question on this value was said in when asked in `skill` (as a review
    /// asks it: a topic without sentences in its first skill): in the frame `frameID` that the
    /// question's record keeps, else the value's own; nil when the skill is not sentences.
    ///
    /// ```swift
    /// TopicCatalog.sentence(topicID: "money.conbini", valueKey: "1204", skill: .sentences, frameID: "money.change")?.gloss
    /// ```
    public static func sentence(topicID: String, valueKey: String, skill: Skill, frameID: String? = nil) -> Sentence? {
        guard skill == .sentences, let topic = topic(id: topicID), topic.skills.contains(.sentences) else { return nil }
        return topic.question(valueKey: valueKey, skill: .sentences, frameID: frameID)?.sentence
    }
}
