/// A length of time in hours, minutes and seconds: 2時間30分, 1時間半, 45秒.
///
/// ```swift
/// try TimeSpan(hours: 1, minutes: 30).reading(half: true).hiragana   // "いちじかんはん"
/// try TimeSpan(hours: 2, minutes: 30).reading().hiragana             // "にじかんさんじゅっぷん"
/// ```
public struct TimeSpan: Sendable, Hashable {
    public var hours: Int64
    public var minutes: Int
    public var seconds: Int

    public init(hours: Int64 = 0, minutes: Int = 0, seconds: Int = 0) throws(CalendarError) {
        guard hours >= 0 else { throw CalendarError("hours must not be negative") }
        guard (0...59).contains(minutes) else { throw CalendarError("minutes", Int64(minutes), 0...59) }
        guard (0...59).contains(seconds) else { throw CalendarError("seconds", Int64(seconds), 0...59) }
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// With `half`, 30 minutes after whole hours is read 半 (1時間半).
    public func reading(half: Bool = false) -> Phrase {
        let canHalve = hours > 0 && minutes == 30 && seconds == 0
        let main = phrase(half: half && canHalve)
        return canHalve ? PhraseBuilder.merge(main, phrase(half: !half)) : main
    }

    private func phrase(half: Bool) -> Phrase {
        var builder = PhraseBuilder()
        if hours > 0 { builder.add(counted(hours, "時間")) }
        if half {
            builder.add(kana: "はん", kanji: "半")
        } else if minutes > 0 || (hours == 0 && seconds == 0) {
            builder.add(counted(Int64(minutes), "分"))
        }
        if seconds > 0 { builder.add(counted(Int64(seconds), "秒")) }
        return builder.build()
    }
}
