/// Everything about one command's command line, in one declaration: its name,
/// what it does, its options and its positional arguments. Parsing, `--help`
/// and the usage line in error messages are all generated from it.
///
/// ```swift
/// static let spec = CommandSpec(
///     name: "read",
///     abstract: "Print the Japanese readings of numbers.",
///     discussion: "Each number is printed with its kanji, kana and romaji.",
///     options: [
///         .option("counter", short: "c", value: "C", help: "Read each number with counter C (本, 人, 日, ...)."),
///         .flag("json", help: "One JSON object per line, with the accepted alternatives."),
///     ],
///     arguments: [.variadic("NUMBER", help: "Numbers to read; standard input, one per line, when none are given.")]
/// )
/// ```
///
/// A declaration that breaks the rules (a name that is not kebab-case, two
/// options with one short alias, a variadic argument that is not last, ...) is a
/// programming error and stops the program at once, so tests catch it.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line, shown in the list of commands and at the top of `--help`.
    public var abstract: String
    /// Paragraphs shown in `--help` after the abstract; may be empty.
    public var discussion: String
    public var options: [OptionSpec]
    public var arguments: [ArgumentSpec]

    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        checkDeclaration()
    }

    public func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    public func argument(named name: String) -> ArgumentSpec? {
        arguments.first { $0.name == name }
    }

    private func checkDeclaration() {
        precondition(Self.isKebabCase(name), "command name '\(name)' must be kebab-case")
        var longNames: Set<String> = ["help"]
        var shortNames: Set<Character> = ["h"]
        for option in options {
            precondition(Self.isKebabCase(option.name), "option '\(option.name)' of '\(name)' must be kebab-case")
            precondition(longNames.insert(option.name).inserted, "option '--\(option.name)' of '\(name)' is declared twice (or is --help)")
            if let short = option.short {
                // ASCII only: a dash before anything else (-三, -さん) is a value, not an option.
                precondition(short.isASCII && short.isLetter,
                             "short option '-\(short)' of '\(name)' must be an ASCII letter")
                precondition(shortNames.insert(short).inserted, "short option '-\(short)' of '\(name)' is declared twice (or is -h)")
            }
        }
        var argumentNames: Set<String> = []
        var seenOptionalOrVariadic = false
        for (index, argument) in arguments.enumerated() {
            precondition(argumentNames.insert(argument.name).inserted, "argument '\(argument.name)' of '\(name)' is declared twice")
            switch argument.arity {
            case .required:
                precondition(!seenOptionalOrVariadic, "required argument '\(argument.name)' of '\(name)' follows an optional one")
            case .optional:
                seenOptionalOrVariadic = true
            case .variadic:
                precondition(index == arguments.count - 1, "variadic argument '\(argument.name)' of '\(name)' must be the last")
                seenOptionalOrVariadic = true
            }
        }
    }

    private static func isKebabCase(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLowercase, name.last != "-" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
            && !name.contains("--")
    }
}
