import JapaneseNumbers

/// The `--counter` option several commands share: its examples, its checking, and numbers
/// read with it.
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

    /// The value of `text` read with `counter`; with `hinting`, a failure to read it without
    /// a counter names the counter it reads with (`3本`: add --counter 本). The hint tries
    /// every counter, so it is for texts on the command line, not each bad line of a file.
    static func value(of text: String, counter: Counter?, hinting: Bool) throws(ParseError) -> Int64 {
        switch JapaneseNumbers.parse(text, counter: counter) {
        case let .success(value):
            return value
        case var .failure(error):
            if hinting, counter == nil, let name = counterReadingIt(of: text) {
                error.reason += "; to read it with its counter, add --counter \(name)"
            }
            throw error
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
