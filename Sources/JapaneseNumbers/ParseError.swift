/// Why a learner's answer is not a number: the input and a reason they can act on.
///
/// ```swift
/// JapaneseNumbers.parse("よんじゅうじゅう")
/// // .failure: "よんじゅうじゅう": 十 cannot follow 十
/// ```
///
/// The description shows the input as an ``excerpt(of:limit:)``: a 10 MB line makes
/// a one-line message, and control characters never reach the terminal raw.
/// ``input`` itself keeps everything that was typed.
public struct ParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What the learner typed.
    public var input: String
    /// What is wrong with it, in words a learner understands.
    public var reason: String

    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    public var description: String { "\"\(Self.excerpt(of: input))\": \(reason)" }

    /// How a message shows what someone typed: at most `limit` characters (Unicode
    /// scalars), then `…` when there was more; control characters and the
    /// invisible ones that reorder text are written as escapes, `\u{1B}`.
    ///
    /// ```swift
    /// ParseError.excerpt(of: "\u{1B}[31mさん")            // \u{1B}[31mさん
    /// ParseError.excerpt(of: String(repeating: "a", count: 1_000_000)).count   // 41
    /// ```
    public static func excerpt(of text: some StringProtocol, limit: Int = 40) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                shown += "…"
                break
            }
            count += 1
            if isHidden(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Control characters (C0, DEL, C1), line and paragraph separators, and the
    /// bidirectional marks and overrides, which would rearrange the message.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}
