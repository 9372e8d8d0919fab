/// A type an option value or a positional argument can be converted to.
///
/// The parser converts and checks every value while it reads the command line,
/// so a bad one is reported as a usage error before the command runs:
///
/// ```
/// error: --rate must be a number, got 'fast'
/// ```
///
/// Conform your own types by saying how to read one and what was expected:
///
/// ```swift
/// enum Mode: String, CaseIterable, ArgumentValue { case listening, reading }
/// // "--mode must be one of listening, reading, got 'talking'"
/// ```
public protocol ArgumentValue: Sendable {
    /// Reads a value from its command-line spelling; nil when it is not one.
    init?(argument: String)

    /// What a valid value looks like, to finish "--rate must be ...":
    /// "a number", "a whole number", "one of listening, reading".
    static var expectation: String { get }

    /// The value as a user would type it; used for defaults and range messages.
    var argumentDescription: String { get }
}

extension ArgumentValue where Self: CustomStringConvertible {
    public var argumentDescription: String { description }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var expectation: String { "text" }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number" }
}

/// A whole number from 0 to 2^64 - 1, as seeds are printed.
extension UInt64: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number from 0 to \(UInt64.max)" }
}

extension Double: ArgumentValue {
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }

    public static var expectation: String { "a number" }

    /// `80` rather than `80.0`, so range messages read the way the user typed them.
    public var argumentDescription: String {
        if rounded() == self, abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}

extension Bool: ArgumentValue {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: return nil
        }
    }

    public static var expectation: String { "true or false" }
}

extension ArgumentValue where Self: RawRepresentable, Self.RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var argumentDescription: String { rawValue }
}

extension ArgumentValue where Self: RawRepresentable, Self.RawValue == String, Self: CaseIterable {
    public static var expectation: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
}
