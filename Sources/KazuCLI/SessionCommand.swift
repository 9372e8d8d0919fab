/// A command that plays a session on the main actor (`kazu quiz`): the program awaits
/// ``play(_:io:)`` to the session's end, and its status is the program's.
///
/// ```swift
/// enum QuizCommand: SessionCommand {
///     static let spec = CommandSpec(name: "quiz", abstract: "Play a session.")
///     @MainActor static func play(_ arguments: ParsedArguments, io: TerminalIO) async throws -> ExitCode {
///         await QuizSession(configuration(arguments), io: io).run()
///     }
/// }
/// ```
///
/// Only the program as a whole (``Program/main(arguments:io:)``) plays it; the
/// synchronous run, for commands that print and return, says so and fails.
public protocol SessionCommand: Command {
    @MainActor static func play(_ arguments: ParsedArguments, io: TerminalIO) async throws -> ExitCode
}

extension SessionCommand {
    public static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        throw CommandFailure("'\(spec.name)' plays a session, which only the whole program runs")
    }
}
