/// One option of a command, `--counter <C>` or the flag `--json`, declared once:
/// the parser reads it and the help text describes it from this declaration.
///
/// ```swift
/// options: [
///     .option("counter", short: "c", value: "C", help: "Read each number with counter C (本, 人, 日, ...)."),
///     .option("rate", short: "r", value: "WPM", as: Double.self, in: 80...450,
///             help: "Speaking rate in words per minute.", default: 175),
///     .flag("json", help: "One JSON object per line."),
/// ]
/// ```
///
/// Long names are kebab-case (`--max-number`); the short alias is one character
/// (`-c`). `-h` and `--help` belong to every command and cannot be declared.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent: `--json`.
        case flag
        /// Takes one value, named in usage text: `--counter <C>`.
        case value(name: String)
    }

    /// The long name without dashes: `counter` for `--counter`.
    public var name: String
    public var short: Character?
    public var kind: Kind
    public var help: String
    /// The default as help text shows it, `(default: 175)`; nil when there is none.
    public var defaultDescription: String?

    let defaultValue: (any Sendable)?
    let conversion: ValueConversion?

    /// `--name` with a dash-dash, the way messages and help spell it.
    public var longSpelling: String { "--" + name }

    /// A flag: true when present on the command line, false otherwise.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .flag, help: help,
                   defaultDescription: nil, defaultValue: nil, conversion: nil)
    }

    /// An option taking text as it is typed.
    public static func option(
        _ name: String, short: Character? = nil, value: String, help: String, default defaultValue: String? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(name: value), help: help,
                   defaultDescription: defaultValue, defaultValue: defaultValue, conversion: .of(String.self))
    }

    /// An option converted to `Value`; a value that does not convert is a usage error.
    public static func option<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, value: String, as type: Value.Type = Value.self,
        help: String, default defaultValue: Value? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(name: value), help: help,
                   defaultDescription: defaultValue?.argumentDescription, defaultValue: defaultValue,
                   conversion: .of(type))
    }

    /// An option converted to `Value` that must lie in `range`:
    /// "error: --rate must be between 80 and 450, got 500".
    public static func option<Value: ArgumentValue & Comparable>(
        _ name: String, short: Character? = nil, value: String, as type: Value.Type = Value.self,
        in range: ClosedRange<Value>, help: String, default defaultValue: Value? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(name: value), help: help,
                   defaultDescription: defaultValue?.argumentDescription, defaultValue: defaultValue,
                   conversion: .of(type, in: range))
    }

    /// An option converted to `Value` that must be at least `range.lowerBound`:
    /// "error: --count must be at least 1, got 0".
    public static func option<Value: ArgumentValue & Comparable>(
        _ name: String, short: Character? = nil, value: String, as type: Value.Type = Value.self,
        in range: PartialRangeFrom<Value>, help: String, default defaultValue: Value? = nil
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, kind: .value(name: value), help: help,
                   defaultDescription: defaultValue?.argumentDescription, defaultValue: defaultValue,
                   conversion: .of(type, in: range))
    }
}
