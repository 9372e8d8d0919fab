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

        /// `line 3: ` for standard input, nothing for a command-line value.
        var location: String {
            number.map { "line \($0): " } ?? ""
        }
    }

    private var given: IndexingIterator<[String]>
    private let reader: LineReader?
    private var lineNumber = 0

    init(_ values: [String], io: TerminalIO) {
        given = values.makeIterator()
        reader = values.isEmpty ? io.input : nil
    }

    mutating func next() -> Line? {
        guard let reader else { return given.next().map { Line(text: $0, number: nil) } }
        while let text = reader.next() {
            lineNumber += 1
            if text.allSatisfy(\.isWhitespace) { continue }
            return Line(text: text, number: lineNumber)
        }
        return nil
    }

    /// The error that ended standard input early, in words ("Is a directory"); nil
    /// when it ended normally or the values came from the command line.
    var readFailure: String? {
        reader?.readFailureDescription
    }
}
