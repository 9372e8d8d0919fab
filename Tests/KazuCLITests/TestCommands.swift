import KazuCLI

/// A stand-in for `kazu read`, declared the way real commands are; it prints
/// what it was given, one `name=value` per line, so tests can see the parse.
enum EchoReadCommand: Command {
    static let spec = CommandSpec(
        name: "read",
        abstract: "Print the Japanese readings of numbers.",
        discussion: "Each number is printed with its kanji, kana and romaji.",
        options: [
            .option("counter", short: "c", value: "C", help: "Read each number with counter C (本, 人, 日, ...)."),
            .option("rate", short: "r", value: "WPM", as: Double.self, in: 80...450,
                    help: "Speaking rate in words per minute.", default: 175),
            .option("limit", value: "N", as: Int.self, in: 1..., help: "Read at most N numbers."),
            .flag("json", short: "j", help: "One JSON object per line, with the accepted alternatives."),
            .flag("quiet", short: "q", help: "Print readings only."),
        ],
        arguments: [.variadic("NUMBER", help: "Numbers to read; standard input, one per line, when none are given.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let rate = arguments.defaultedValue("rate", as: Double.self)
        io.output.writeLine("counter=\(arguments.value("counter") ?? "-")")
        io.output.writeLine("rate=\(rate)")
        io.output.writeLine("limit=\(arguments.value("limit", as: Int.self).map(String.init) ?? "-")")
        io.output.writeLine("json=\(arguments.flag("json")) quiet=\(arguments.flag("quiet"))")
        let numbers = arguments.values("NUMBER")
        io.output.writeLine("numbers=\((numbers.isEmpty ? Array(io.input) : numbers).joined(separator: ","))")
        return .success
    }
}

/// A command with typed positionals and one that fails at run time.
enum RepeatCommand: Command {
    enum Mode: String, CaseIterable, ArgumentValue { case listening, reading }

    static let spec = CommandSpec(
        name: "repeat",
        abstract: "Print a word a number of times.",
        options: [.option("mode", short: "m", value: "MODE", as: Mode.self, help: "How to drill.", default: .listening)],
        arguments: [
            .argument("WORD", help: "The word."),
            .optionalArgument("COUNT", as: Int.self, help: "How many times."),
        ]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let word = arguments.argument("WORD")!
        let count = arguments.argument("COUNT", as: Int.self) ?? 1
        let mode = arguments.defaultedValue("mode", as: Mode.self)
        guard count >= 0 else { throw UsageError("<COUNT> must not be negative, got \(count)") }
        guard word != "fail" else { throw CommandFailure("cannot repeat 'fail'") }
        for _ in 0..<count { io.output.writeLine("\(mode.rawValue) \(word)") }
        return .success
    }
}

let testProgram = Program(
    name: "kazu",
    version: KazuCommandLine.version,
    overview: KazuCommandLine.overview,
    commands: [EchoReadCommand.self, RepeatCommand.self]
)

/// Runs `testProgram` on a command line written as in a shell (`"kazu read -c 本 5"`,
/// split on spaces) with in-memory streams.
func run(_ commandLine: String, input: String = "") -> (status: ExitCode, output: String, errors: String) {
    run(commandLine.split(separator: " ").map(String.init), input: input)
}

func run(_ arguments: [String], input: String = "") -> (status: ExitCode, output: String, errors: String) {
    let io = TerminalIO.inMemory(input: input)
    let status = testProgram.run(arguments: arguments, io: io)
    return (status, io.output.text, io.errors.text)
}
