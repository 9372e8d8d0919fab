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
        let hinting = !arguments.values("TEXT").isEmpty
        return InputLines.process(arguments.values("TEXT"), io: io) { text in
            io.output.writeLine(String(try CounterOption.value(of: text, counter: counter, hinting: hinting)))
        }
    }
}
