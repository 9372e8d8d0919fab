import JapaneseNumbers

/// How kazu's messages show what the user typed: quoted, cut to about 40
/// characters with `…`, and with control characters escaped (`\u{1B}`), so a
/// 10 MB argument or an escape sequence makes a short, inert message.
///
/// ```swift
/// throw UsageError("unknown counter \(UserText.quoted(name))")   // unknown counter '箱'
/// ```
enum UserText {
    /// `'text'`, shortened and escaped.
    static func quoted(_ text: some StringProtocol) -> String {
        "'" + ParseError.excerpt(of: text) + "'"
    }

    /// The text shortened and escaped, without quotes.
    static func shown(_ text: some StringProtocol) -> String {
        ParseError.excerpt(of: text)
    }

    /// The text whole, with control characters escaped: for what kazu shows from its own
    /// files (a history's topic ids and readings), which anyone may have edited.
    static func escaped(_ text: some StringProtocol) -> String {
        ParseError.excerpt(of: text, limit: .max)
    }

    /// The text without the spaces and tabs at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (tab and Unicode spaces such as the
    /// ideographic space U+3000), which FoundationEssentials lacks.
    static func trimmed(_ text: some StringProtocol) -> String {
        let scalars = String(text).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(Substring(scalars[first...last]))
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
