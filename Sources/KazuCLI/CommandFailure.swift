/// A failure while doing the work (not a mistake in the command line): printed as
/// `error: <message>`, and the program exits with ``ExitCode/failure`` (1).
///
/// ```swift
/// guard let history = try? HistoryStore.load(from: path) else {
///     throw CommandFailure("cannot read \(path); run 'kazu stats --reset' to start afresh")
/// }
/// ```
///
/// Any other error thrown from `run` is reported the same way, using its
/// `description`.
public struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
