/// Why a learner's answer is not a number: the input and a reason they can act on.
///
/// ```swift
/// JapaneseNumbers.parse("よんじゅうじゅう")
/// // .failure: "よんじゅうじゅう": 十 cannot follow 十
/// ```
public struct ParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What the learner typed.
    public var input: String
    /// What is wrong with it, in words a learner understands.
    public var reason: String

    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    public var description: String { "\"\(input)\": \(reason)" }
}
