/// A `kazu` subcommand: one declaration (``spec``) and what it does (``run(_:io:)``).
///
/// ```swift
/// enum ReadCommand: Command {
///     static let spec = CommandSpec(
///         name: "read",
///         abstract: "Print the Japanese readings of numbers.",
///         options: [.option("counter", short: "c", value: "C", help: "Read each number with counter C (本, 人, 日, ...).")],
///         arguments: [.variadic("NUMBER", help: "Numbers to read; standard input, one per line, when none are given.")]
///     )
///
///     static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
///         let counter = arguments.value("counter")
///         for number in arguments.values("NUMBER") {
///             io.output.writeLine(reading(of: number, counter: counter))
///         }
///         return .success
///     }
/// }
/// ```
///
/// By the time `run` is called, the command line has been checked against
/// ``spec``: unknown options, missing values and values of the wrong type have
/// already been reported. Throw ``UsageError`` for further checks on the command
/// line (exit 64) and ``CommandFailure`` (or any error) when the work fails (exit 1).
public protocol Command: SendableMetatype {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode
}
