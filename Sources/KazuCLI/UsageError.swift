/// A mistake in the command line: printed as `error: <message>` followed by the
/// command's usage, and the program exits with ``ExitCode/usage`` (64).
///
/// Commands throw it from `run` for checks the declaration cannot express:
///
/// ```swift
/// guard low <= high else {
///     throw UsageError("--from must not be larger than --to, got \(low) > \(high)")
/// }
/// ```
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong and, where it helps, how to fix it; no `error:` prefix.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
