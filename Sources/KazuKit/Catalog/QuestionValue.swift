import JapaneseNumbers

/// The value a question asks about: a number (perhaps counted), a time, a date, a length of
/// time, an era year or a phone number. Its `key` is a stable text form, kept in the history
/// so that a question can be asked again.
///
/// ```swift
/// QuestionValue.number(300).key                       // "300"
/// QuestionValue.clock(hour: 14, minute: 45).key       // "14:45"
/// QuestionValue.date(year: 2017, month: 9, day: 30).key   // "2017-09-30"
/// ```
public enum QuestionValue: Hashable, Sendable, Codable {
    case number(Int64)
    /// A number with the counter it counts with, for topics that mix counters: 3本.
    case counted(Int64, counter: String)
    case clock(hour: Int, minute: Int)
    case date(year: Int64, month: Int, day: Int)
    case dateTime(year: Int64, month: Int, day: Int, hour: Int, minute: Int)
    /// A length of time: 2時間30分, 1時間半 (with `half`), 45分10秒.
    case span(hours: Int64, minutes: Int, seconds: Int)
    /// Half years: 1 is 半年, 3 is 1年半.
    case halfYears(Int64)
    case eraYear(era: String, year: Int64)
    /// Digits in groups, as written: "090-1234-5678".
    case phone(String)

    /// The stable text of the value.
    public var key: String {
        switch self {
        case let .number(n): String(n)
        case let .counted(n, counter): "\(n)\(counter)"
        case let .clock(hour, minute): "\(hour):\(Self.two(minute))"
        case let .date(year, month, day): "\(year)-\(Self.two(month))-\(Self.two(day))"
        case let .dateTime(year, month, day, hour, minute):
            "\(year)-\(Self.two(month))-\(Self.two(day)) \(hour):\(Self.two(minute))"
        case let .span(hours, minutes, seconds): "\(hours):\(Self.two(minutes)):\(Self.two(seconds))"
        case let .halfYears(halves): halves % 2 == 0 ? "\(halves / 2)y" : "\(halves / 2).5y"
        case let .eraYear(era, year): "\(era)\(year)"
        case let .phone(digits): digits
        }
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
