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
}
