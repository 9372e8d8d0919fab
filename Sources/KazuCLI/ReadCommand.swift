import JapaneseNumbers

/// `kazu read`: the Japanese readings of numbers, one line each, streamed.
enum ReadCommand: Command {
    static let spec = CommandSpec(
        name: "read",
        abstract: "Print the Japanese readings of numbers.",
        discussion: """
            Each number becomes one tab-separated line: the number as written, kanji, \
            hiragana, romaji (3本	三本	さんぼん	sanbon with --counter 本). Numbers may be \
            written in digits, kanji or kana, and with --counter with the counter too \
            (3本, さんぼん). With no NUMBER, reads standard input, one \
            number per line. A line that is not a number is reported on standard error \
            and skipped; the exit status is then 1.
            """,
        options: [
            .option("counter", short: "c", value: "C", help: "Read each number with counter C, one of: \(CounterOption.examples)."),
            .flag("json", short: "j", help: "One JSON object per line, with katakana, the accepted alternatives and the sound-change rules."),
        ],
        arguments: [.variadic("NUMBER", help: "Numbers to read; standard input, one per line, when none are given.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let counter = try CounterOption.counter(from: arguments)
        let json = arguments.flag("json")
        // The tab-separated line is built as bytes in one reused buffer: no String per field.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        return InputLines.process(arguments.values("NUMBER"), io: io) { text in
            // With --counter, a number may come with it, as the line shows it (3本, さんぼん).
            let number = try Int64(text) ?? JapaneseNumbers.parse(text, counter: counter).get()
            if json {
                let rules = JapaneseNumbers.soundRules(of: number, counter: counter)
                io.output.writeLine(try JapaneseNumbers.reading(of: number, counter: counter).json(rules: rules))
            } else {
                bytes.removeAll(keepingCapacity: true)
                try JapaneseNumbers.appendTabSeparatedLine(of: number, counter: counter, to: &bytes)
                bytes.withUnsafeBufferPointer { io.output.write(bytes: $0) }
            }
        }
    }
}
