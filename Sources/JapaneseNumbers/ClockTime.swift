/// A time of day, read the 24-hour way (14時45分) or with 午前/午後 (午後2時45分).
///
/// ```swift
/// let t = try ClockTime(hour: 14, minute: 45)
/// t.reading().hiragana                     // "じゅうよじよんじゅうごふん"
/// t.reading(.twelveHour).kanji             // "午後二時四十五分"
/// try ClockTime(hour: 19, minute: 30).reading(.twelveHour, half: true).hiragana  // "ごごしちじはん"
/// ```
///
/// In the 12-hour style noon and midnight are 午後0時 and 午前0時 (the style
/// of Japanese timetables and broadcasting); 12時 is accepted by ear for noon.
public struct ClockTime: Sendable, Hashable {
    public var hour: Int
    public var minute: Int
    public var second: Int?

    public enum Style: Sendable, Hashable {
        /// 14時45分.
        case twentyFourHour
        /// 午後2時45分.
        case twelveHour
    }

    public init(hour: Int, minute: Int = 0, second: Int? = nil) throws(CalendarError) {
        guard (0...24).contains(hour) else { throw CalendarError("hour", Int64(hour), 0...24) }
        guard (0...59).contains(minute) else { throw CalendarError("minute", Int64(minute), 0...59) }
        if let second, !(0...59).contains(second) { throw CalendarError("second", Int64(second), 0...59) }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// "14:45" or "14:45:30".
    public var written: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        var text = "\(hour):\(two(minute))"
        if let second { text += ":\(two(second))" }
        return text
    }

    /// The reading; with `half`, :30 is read 半 (canonical) and 三十分 is the alternative.
    /// Without it, 三十分 is canonical and 半 the alternative.
    public func reading(_ style: Style = .twentyFourHour, half: Bool = false) -> Phrase {
        let canHalve = minute == 30 && (second ?? 0) == 0
        let main = phrase(style, half: half && canHalve)
        guard canHalve else { return main }
        let other = phrase(style, half: !half)
        return PhraseBuilder.merge(main, other)
    }

    private func phrase(_ style: Style, half: Bool) -> Phrase {
        var builder = PhraseBuilder()
        var shownHour = hour
        if style == .twelveHour {
            let afternoon = hour >= 12 && hour < 24
            builder.add(kana: afternoon ? "ごご" : "ごぜん", kanji: afternoon ? "午後" : "午前")
            shownHour = hour % 12
        }
        builder.add(counted(Int64(shownHour), "時"))
        if half {
            builder.add(kana: "はん", kanji: "半")
        } else if minute > 0 || (second ?? 0) > 0 {
            builder.add(counted(Int64(minute), "分"))
        }
        if let second, second > 0 { builder.add(counted(Int64(second), "秒")) }
        return builder.build(written: style == .twentyFourHour ? written : nil)
    }
}

extension PhraseBuilder {
    /// `main` with every reading of `other` added as an alternative.
    static func merge(_ main: Phrase, _ other: Phrase) -> Phrase {
        var result = main
        for form in [other.hiragana] + other.alternatives where form != main.hiragana && !result.alternatives.contains(form) {
            result.alternatives.append(form)
        }
        return result
    }
}
