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
        let hinting = !arguments.values("NUMBER").isEmpty
        // A line of digits, the common line of a long input, is read from its bytes and its row
        // written straight into the output's buffer: no String for the line nor the row.
        let quick: (Span<UInt8>) throws -> Bool = { line in
            guard let number = digitsValue(line) else { return false }
            try io.output.appendInPlace { try JapaneseNumbers.appendTabSeparatedLine(of: number, counter: counter, to: &$0) }
            return true
        }
        return InputLines.process(arguments.values("NUMBER"), io: io, quick: json ? nil : quick) { text in
            // With --counter, a number may come with it, as the line shows it (3本, さんぼん).
            let number = try Int64(text) ?? CounterOption.value(of: text, counter: counter, hinting: hinting)
            if json {
                let rules = JapaneseNumbers.soundRules(of: number, counter: counter)
                io.output.writeLine(try JapaneseNumbers.reading(of: number, counter: counter).json(rules: rules))
            } else {
                try io.output.appendInPlace { try JapaneseNumbers.appendTabSeparatedLine(of: number, counter: counter, to: &$0) }
            }
        }
    }

    /// The value of a line of 1 to 18 ASCII digits (any such line fits an `Int64`); nil for
    /// any other line, which `Int64(_:)` and the parser read instead.
    static func digitsValue(_ line: Span<UInt8>) -> Int64? {
        guard line.count > 0 && line.count <= 18 else { return nil }
        var value: Int64 = 0
        for index in line.indices {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return value
    }
}
