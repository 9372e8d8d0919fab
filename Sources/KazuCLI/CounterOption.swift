import JapaneseNumbers

/// The `--counter` option several commands share: its examples and its checking.
enum CounterOption {
    /// Every counter's name, for help text and errors: `つ 人 個 本 …`.
    static let examples = Counter.names.joined(separator: " ")

    /// The counter named on the command line, or nil; an unknown name is a usage error.
    static func counter(from arguments: ParsedArguments) throws -> Counter? {
        guard let name = arguments.value("counter") else { return nil }
        guard let counter = Counter.named(name) else {
            throw UsageError("unknown counter \(UserText.quoted(name)); the counters are \(examples)")
        }
        return counter
    }
}
