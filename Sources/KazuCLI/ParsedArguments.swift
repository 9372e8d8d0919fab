/// A command line read against a ``CommandSpec``: the options that were given
/// (or their defaults) and the positional arguments, already converted to the
/// types the declaration asked for.
///
/// ```swift
/// let counter = arguments.value("counter")              // String?, as typed
/// let limit = arguments.value("limit", as: Int.self)    // Int?, nil when not given and no default
/// let rate = arguments.defaultedValue("rate", as: Double.self) // Double: declared with a default
/// let json = arguments.flag("json")                     // Bool
/// let numbers = arguments.values("NUMBER")              // [String]
/// ```
///
/// Names are the ones in the declaration. Asking for a name that was not
/// declared, or for a type other than the declared one, is a programming error
/// and stops the program with a message saying which.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    /// Options given on the command line: long name to the text as typed.
    private var givenText: [String: String] = [:]
    /// Options given on the command line: long name to the converted value.
    private var givenValues: [String: any Sendable] = [:]
    private var givenFlags: Set<String> = []
    /// Positional arguments: declared name to the converted values, in order.
    private var positionals: [String: [any Sendable]] = [:]
    private var positionalText: [String: [String]] = [:]

    init(spec: CommandSpec) {
        self.spec = spec
    }

    mutating func setFlag(_ name: String) {
        givenFlags.insert(name)
    }

    mutating func setValue(_ value: any Sendable, text: String, for name: String) {
        givenValues[name] = value
        givenText[name] = text
    }

    mutating func appendPositional(_ value: any Sendable, text: String, for name: String) {
        positionals[name, default: []].append(value)
        positionalText[name, default: []].append(text)
    }

    // MARK: Flags and options

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool {
        let option = declaredOption(name)
        precondition(option.kind == .flag, "'--\(name)' of '\(spec.name)' is an option with a value; read it with value(_:)")
        return givenFlags.contains(name)
    }

    /// Whether `--name` appeared on the command line (as opposed to falling back to its default).
    public func wasGiven(_ name: String) -> Bool {
        _ = declaredOption(name)
        return givenFlags.contains(name) || givenValues[name] != nil
    }

    /// The value of `--name` as the user typed it, or the default's text; nil when neither.
    public func value(_ name: String) -> String? {
        let option = declaredOption(name)
        return givenText[name] ?? option.defaultDescription
    }

    /// The value of `--name` converted to its declared type, or the default; nil when neither.
    public func value<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        let option = declaredOption(name)
        guard let value = givenValues[name] ?? option.defaultValue else { return nil }
        guard let typed = value as? Value else {
            preconditionFailure("'--\(name)' of '\(spec.name)' is declared as \(option.conversion?.typeName ?? "a flag"), not \(Value.self)")
        }
        return typed
    }

    /// The value of an option declared with a default, converted to its declared
    /// type: never nil, so no unwrapping. (Named apart from `value(_:as:)` so an
    /// expression like `value("rate") == "175"` can never pick it by accident.)
    public func defaultedValue<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) -> Value {
        guard let value = value(name, as: Value.self) else {
            preconditionFailure("'--\(name)' of '\(spec.name)' has no default; read it with value(_:as:)")
        }
        return value
    }

    // MARK: Positional arguments

    /// The positional arguments declared as `name`, as typed; empty when none were given.
    public func values(_ name: String) -> [String] {
        _ = declaredArgument(name)
        return positionalText[name] ?? []
    }

    /// The positional arguments declared as `name`, converted to their declared type.
    public func values<Value: ArgumentValue>(_ name: String, as type: Value.Type) -> [Value] {
        let argument = declaredArgument(name)
        return (positionals[name] ?? []).map { value in
            guard let typed = value as? Value else {
                preconditionFailure("argument '\(name)' of '\(spec.name)' is declared as \(argument.conversion.typeName), not \(Value.self)")
            }
            return typed
        }
    }

    /// A single positional argument (required or optional) as typed; nil when left out.
    public func argument(_ name: String) -> String? {
        values(name).first
    }

    /// A single positional argument converted to its declared type; nil when left out.
    public func argument<Value: ArgumentValue>(_ name: String, as type: Value.Type) -> Value? {
        values(name, as: type).first
    }

    private func declaredOption(_ name: String) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            preconditionFailure("'\(spec.name)' declares no option '--\(name)'")
        }
        return option
    }

    private func declaredArgument(_ name: String) -> ArgumentSpec {
        guard let argument = spec.argument(named: name) else {
            preconditionFailure("'\(spec.name)' declares no argument '\(name)'")
        }
        return argument
    }
}
