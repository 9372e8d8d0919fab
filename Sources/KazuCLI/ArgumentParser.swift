/// Reads a command's arguments (everything after the command's name) against its
/// declaration, the way swift-argument-parser users expect:
///
/// - `--counter 本`, `--counter=本`, `-c 本`, `-c本`; combined flags `-jq`;
/// - `--` ends the options, everything after it is positional;
/// - `-5`, `-1.5` are numbers, not options (no short option can be a digit);
///   `-三`, `-さん` too: a dash before a character that is not ASCII is a value
///   (short options are ASCII letters);
/// - the last of a repeated option wins.
///
/// `--help` and `-h` are handled before parsing, by ``Program``.
///
/// ```swift
/// let parsed = try ArgumentParser(spec: ReadCommand.spec).parse(["-c", "本", "--", "-5"])
/// ```
public struct ArgumentParser: Sendable {
    public let spec: CommandSpec

    public init(spec: CommandSpec) {
        self.spec = spec
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false

        /// The value for an option given as a separate argument: the next one,
        /// unless that is itself an option.
        func nextValue(for option: OptionSpec) throws(UsageError) -> String {
            let next = index + 1
            guard next < arguments.count, !Self.looksLikeOption(arguments[next]) else {
                throw UsageError("missing value for \(Self.usageSpelling(of: option))")
            }
            index = next
            return arguments[next]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !Self.looksLikeOption(argument) {
                positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                guard let option = spec.option(named: name) else {
                    throw unknownOption("--" + name)
                }
                switch option.kind {
                case .flag:
                    if inlineValue != nil {
                        throw UsageError("\(option.longSpelling) takes no value, got \(UserText.quoted(argument))")
                    }
                    parsed.setFlag(option.name)
                case .value:
                    if let inlineValue {
                        try set(option, to: inlineValue, in: &parsed)
                    } else {
                        try set(option, to: nextValue(for: option), in: &parsed)
                    }
                }
            } else {
                // A cluster of short options: `-j`, `-jq`, `-c本`, `-jc 本`.
                var characters = argument.dropFirst()[...]
                while let short = characters.popFirst() {
                    guard let option = spec.option(short: short) else {
                        throw unknownOption("-\(short)", within: argument)
                    }
                    switch option.kind {
                    case .flag:
                        parsed.setFlag(option.name)
                    case .value:
                        let attached = characters.first == "=" ? characters.dropFirst() : characters
                        let text = try attached.isEmpty ? nextValue(for: option) : String(attached)
                        try set(option, to: text, in: &parsed)
                        characters = ""
                    }
                }
            }
            index += 1
        }
        try assign(positionals, to: &parsed)
        return parsed
    }

    private func set(_ option: OptionSpec, to text: String, in parsed: inout ParsedArguments) throws(UsageError) {
        guard let conversion = option.conversion else { return }
        switch conversion.convert(text) {
        case .value(let value):
            parsed.setValue(value, text: text, for: option.name)
        case .invalid(let problem):
            throw UsageError("\(option.longSpelling) \(problem)")
        }
    }

    private func assign(_ positionals: [String], to parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = positionals[...]
        for argument in spec.arguments {
            let taken: ArraySlice<String>
            switch argument.arity {
            case .required:
                guard let first = remaining.first else {
                    throw UsageError("missing argument <\(argument.name)>")
                }
                taken = [first]
            case .optional:
                // Required arguments are declared first, so they have had theirs.
                taken = remaining.prefix(1)
            case .variadic:
                taken = remaining
            }
            remaining = remaining.dropFirst(taken.count)
            for text in taken {
                switch argument.conversion.convert(text) {
                case .value(let value):
                    parsed.appendPositional(value, text: text, for: argument.name)
                case .invalid(let problem):
                    throw UsageError("<\(argument.name)> \(problem)")
                }
            }
        }
        if let extra = remaining.first {
            let hint = spec.arguments.isEmpty ? " ('\(spec.name)' takes no arguments)" : ""
            throw UsageError("unexpected argument \(UserText.quoted(extra))\(hint)")
        }
    }

    private func unknownOption(_ spelling: String, within argument: String? = nil) -> UsageError {
        var message = "unknown option \(UserText.quoted(spelling))"
        if let argument, argument != spelling {
            message += " in \(UserText.quoted(argument))"
        }
        let candidates = spec.options.map(\.longSpelling) + ["--help"]
        if spelling.hasPrefix("--"), let suggestion = Suggestion.closest(to: spelling, among: candidates) {
            message += "; did you mean '\(suggestion)'?"
        }
        return UsageError(message)
    }

    static func usageSpelling(of option: OptionSpec) -> String {
        switch option.kind {
        case .flag: option.longSpelling
        case .value(let valueName): "\(option.longSpelling) <\(valueName)>"
        }
    }

    /// Whether `argument` is an option (or `--`) rather than a positional value.
    /// `-` alone (standard input, by convention) and negative numbers (`-5`, `-.5`) are values,
    /// and so is anything else whose second character is not a letter or a second `-` (`-+5`,
    /// `- 5`, `-マイナス5`, which `kazu parse` explains): no option is spelled that way.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1, let second = argument.unicodeScalars.dropFirst().first else { return false }
        return second == "-" || second.isASCII && second.properties.isAlphabetic
    }
}
