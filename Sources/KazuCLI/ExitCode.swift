/// The status a command hands back to the shell.
///
/// ```swift
/// static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
///     io.output.writeLine("ok")
///     return .success
/// }
/// ```
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The command did what was asked.
    public static let success = ExitCode(0)
    /// The command line was fine, but the work failed (a file could not be read, ...).
    public static let failure = ExitCode(1)
    /// The command line itself was wrong: sysexits.h `EX_USAGE`.
    public static let usage = ExitCode(64)

    public var description: String { String(rawValue) }
}
