/// The command-line values when there are any, else the lines of standard input,
/// each with its line number so errors can say where.
///
/// ```swift
/// var lines = InputLines(arguments.values("TEXT"), io: io)
/// for line in lines {
///     io.errors.writeLine("error: \(line.location)\(problem)")   // "error: line 3: ..."
/// }
/// if let failure = lines.readFailure { ... }   // "cannot read standard input: Is a directory"
/// ```
///
/// Blank (whitespace-only) lines of standard input are skipped: a trailing empty
/// line or spacing between numbers is not a mistake. A value given on the command
/// line is always handed over, blank or not.
struct InputLines: Sequence, IteratorProtocol {
    struct Line {
        var text: String
        /// The line of standard input it came from; nil for a command-line value.
        var number: Int?
        /// The line was longer than ``InputLines/longestLine`` and `text` is only its start.
        var wasCut = false

        /// `line 3: ` for standard input, nothing for a command-line value.
        var location: String {
            number.map { "line \($0): " } ?? ""
        }
    }

    private var given: IndexingIterator<[String]>
    private let reader: LineReader?
    private var lineNumber = 0

    /// No number is written in more bytes: a longer line of standard input is cut as it is
    /// read, so that memory stays bounded whatever arrives (a 100 MB line, a binary file).
    static let longestLine = 4_096

    init(_ values: [String], io: TerminalIO) {
        given = values.makeIterator()
        reader = values.isEmpty ? io.input : nil
        reader?.longestLine = Self.longestLine
    }

    mutating func next() -> Line? {
        guard let reader else { return given.next().map { Line(text: $0, number: nil) } }
        while let text = reader.next() {
            lineNumber += 1
            if reader.lastLineWasCut { return Line(text: text, number: lineNumber, wasCut: true) }
            if Self.isBlank(text) { continue }
            return Line(text: text, number: lineNumber)
        }
        return nil
    }

    /// Whether a line is whitespace only. A first byte that is printable ASCII other than
    /// a space settles it at once (every number line); anything else is checked Character
    /// by Character as before.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20 && first < 0x7F { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    /// The error that ended standard input early, in words ("Is a directory"); nil
    /// when it ended normally or the values came from the command line.
    var readFailure: String? {
        reader?.readFailureDescription
    }
}

extension InputLines {
    /// Runs `handle` on each line of input in turn: the work of a streaming command. An error
    /// `handle` throws is reported on standard error with the line's place, and the next
    /// line goes on; output closed by its reader ends the loop quietly. Returns 1 when any
    /// line failed or standard input could not be read, else 0.
    ///
    /// ```swift
    /// return InputLines.process(arguments.values("TEXT"), io: io) { text in
    ///     io.output.writeLine(String(try JapaneseNumbers.parse(text).get()))
    /// }
    /// ```
    ///
    /// `quick`, when given, sees each line of standard input first, as bytes, and returns false
    /// for one it leaves to `handle`: the common lines of a long input then go by without a
    /// String each.
    static func process(
        _ values: [String], io: TerminalIO, quick: ((Span<UInt8>) throws -> Bool)? = nil,
        _ handle: (String) throws -> Void
    ) -> ExitCode {
        var failed = false
        var lines = InputLines(values, io: io)
        if let quick, let reader = lines.reader {
            var number = 0
            reader.forEachLine { bytes, wasCut in
                number += 1
                if io.output.isClosed { return false }
                if !wasCut {
                    do {
                        if try quick(bytes) { return true }
                    } catch {
                        io.errors.writeLine("error: line \(number): \(error)")
                        failed = true
                        return true
                    }
                }
                let text = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                if wasCut || !isBlank(text) {
                    failed = !run(handle, on: Line(text: text, number: number, wasCut: wasCut), io: io) || failed
                }
                return true
            }
        } else {
            while let line = lines.next() {
                if io.output.isClosed { break }
                failed = !run(handle, on: line, io: io) || failed
            }
        }
        if let reason = lines.readFailure {
            io.errors.writeLine("error: cannot read standard input: \(reason)")
            return .failure
        }
        return failed ? .failure : .success
    }

    /// Hands `line` to `handle`, reporting a line too long or what `handle` threw; false then.
    private static func run(_ handle: (String) throws -> Void, on line: Line, io: TerminalIO) -> Bool {
        if line.wasCut {
            io.errors.writeLine("error: \(line.location)longer than \(longestLine) bytes, too long to be a number; skipped")
            return false
        }
        do {
            try handle(line.text)
            return true
        } catch {
            io.errors.writeLine("error: \(line.location)\(error)")
            return false
        }
    }
}
