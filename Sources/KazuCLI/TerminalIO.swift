#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The streams a command talks through: standard input, output and error.
///
/// ```swift
/// // In the program:
/// let io = TerminalIO.standard()
/// // In a test:
/// let io = TerminalIO.inMemory(input: "1\n2\n")
/// _ = KazuCommandLine.run(arguments: ["kazu", "read"], io: io)
/// #expect(io.output.text == "...")
/// ```
public struct TerminalIO {
    public var input: LineReader
    public var output: TerminalOutput
    public var errors: TerminalOutput

    public init(input: LineReader, output: TerminalOutput, errors: TerminalOutput) {
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// The process's standard streams. Standard error is written at once, after
    /// flushing standard output, so messages stay in order.
    ///
    /// - Parameter onBrokenPipe: what to do when the reader of standard output
    ///   goes away; ``KazuCommandLine/main()`` exits quietly.
    public static func standard(onBrokenPipe: @escaping () -> Void = {}) -> TerminalIO {
        let output = TerminalOutput(fileDescriptor: STDOUT_FILENO, onBrokenPipe: onBrokenPipe)
        return TerminalIO(
            input: LineReader(fileDescriptor: STDIN_FILENO),
            output: output,
            errors: TerminalOutput(fileDescriptor: STDERR_FILENO, bufferSize: 0, flushing: output)
        )
    }

    /// Streams in memory, for tests: `input` is what the command will read.
    public static func inMemory(input: String = "") -> TerminalIO {
        TerminalIO(input: LineReader(text: input), output: .inMemory(), errors: .inMemory())
    }

    /// Writes out anything still buffered.
    public func flush() {
        output.flush()
        errors.flush()
    }
}
