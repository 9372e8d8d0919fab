import JapaneseNumbers

/// `kazu parse`: the value of what a learner typed, one line each, streamed.
enum ParseCommand: Command {
    static let spec = CommandSpec(
        name: "parse",
        abstract: "Print the value of numbers written in digits, kanji, kana or romaji.",
        discussion: """
            Accepts what a learner types: 12,345 or １２３４５, 三百二十一 or 3万2千, \
            さんびゃく, サンビャク, sanbyaku or sambyaku. With --counter, the counter must be \
            read the way it is said (さんぼん for 3本; さんほん is rejected), and a number \
            without the counter is accepted as it is. With no TEXT, \
            reads standard input, one per line. A line that cannot be read is reported on \
            standard error and skipped; the exit status is then 1.
            """,
        options: [
            .option("counter", short: "c", value: "C", help: "When counter C is typed, check its sound change (さんぼん, not さんほん); a bare number (さん, 3) is accepted too. C is one of: \(CounterOption.examples)."),
        ],
        arguments: [.variadic("TEXT", help: "Texts to read; standard input, one per line, when none are given.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let counter = try CounterOption.counter(from: arguments)
        // The counter hint tries every counter: for texts typed on the command line, not for
        // each bad line of a file, which it made twelve times slower.
        let hints = counter == nil && !arguments.values("TEXT").isEmpty
        return InputLines.process(arguments.values("TEXT"), io: io) { text in
            switch JapaneseNumbers.parse(text, counter: counter) {
            case let .success(value):
                io.output.writeLine(String(value))
            case var .failure(error):
                if hints, let name = counterReadingIt(of: text) {
                    error.reason += "; to read it with its counter, add --counter \(name)"
                }
                throw error
            }
        }
    }

    /// The counter `text` reads as a number with (`3本`, `さんぼん`, `ふたり`), when it does not
    /// read without one: the first such in `Counter.names`, for lines of at most 100 characters.
    static func counterReadingIt(of text: String) -> String? {
        guard text.unicodeScalars.count <= 100 else { return nil }
        for name in Counter.names {
            if let counter = Counter.named(name), case .success = JapaneseNumbers.parse(text, counter: counter) { return name }
        }
        return nil
    }
}
