import JapaneseNumbers

extension Topic {
    /// The sound-change rules the reading of a value of this topic uses (its `key`, as kept in
    /// the history); nil when the key is not one of this topic's values.
    ///
    /// ```swift
    /// TopicCatalog.topic(id: "number.1-1000")?.soundRules(valueKey: "300")   // [.voicing]
    /// ```
    public func soundRules(valueKey: String) -> [SoundRule]? {
        kind.value(fromKey: valueKey).map(soundRules(of:))
    }

    /// The rules of `value`: its numbers read with the counters the question reads them with.
    func soundRules(of value: QuestionValue) -> [SoundRule] {
        func read(_ n: Int64, _ counter: String?) -> [SoundRule] {
            JapaneseNumbers.soundRules(of: n, counter: counter.flatMap(Counter.named))
        }
        var rules: [SoundRule]
        switch value {
        case let .number(n):
            if case let .number(drill) = kind { rules = JapaneseNumbers.soundRules(of: n, counter: drill.counter) } else { rules = read(n, nil) }
        case let .counted(n, counter):
            rules = read(n, counter)
        case let .clock(hour, minute):
            let twelveHour: Bool
            switch kind {
            case .twelveHourHour, .clockTime(twelveHour: true): twelveHour = true
            default: twelveHour = false
            }
            rules = read(Int64(twelveHour ? hour % 12 : hour), "時") + (minute > 0 ? read(Int64(minute), "分") : [])
        case let .date(year, month, day):
            rules = read(year, "年") + read(Int64(month), "月") + read(Int64(day), "日")
        case let .dateTime(year, month, day, hour, minute):
            rules = read(year, "年") + read(Int64(month), "月") + read(Int64(day), "日") + read(Int64(hour), "時")
                + (minute > 0 ? read(Int64(minute), "分") : [])
        case let .span(hours, minutes, seconds):
            // 1時間半 says no minutes.
            rules = read(hours, "時間") + (minutes > 0 && !isHalfHours ? read(Int64(minutes), "分") : [])
                + (seconds > 0 ? read(Int64(seconds), "秒") : [])
        case let .halfYears(halves):
            rules = halves / 2 > 0 ? read(halves / 2, "年") : []
        case let .eraYear(_, year):
            rules = year == 1 ? [.eraFirstYear] : read(year, "年")
        case .phone:
            rules = [.phoneDigits]
        }
        return Array(Set(rules)).sorted()
    }

    private var isHalfHours: Bool {
        if case .halfHours = kind { return true }
        return false
    }
}
