/// One positional argument of a command, declared once for parsing and help.
///
/// ```swift
/// arguments: [.variadic("NUMBER", help: "Numbers to read; standard input, one per line, when none are given.")]
/// arguments: [.argument("TOPIC", help: "The topic to drill."), .optionalArgument("COUNT", as: Int.self, help: "How many questions.")]
/// ```
///
/// Positionals are filled in order: required ones, then optional ones, then a
/// variadic one (which must come last) takes the rest.
public struct ArgumentSpec: Sendable {
    public enum Arity: Sendable, Equatable {
        case required
        case optional
        /// Zero or more.
        case variadic
    }

    /// The name as usage shows it, `<NUMBER>`, and as `values("NUMBER")` reads it.
    public var name: String
    public var arity: Arity
    public var help: String

    let conversion: ValueConversion

    /// One argument that must be given.
    public static func argument(_ name: String, help: String) -> ArgumentSpec {
        argument(name, as: String.self, help: help)
    }

    /// One argument that must be given, converted to `Value`.
    public static func argument<Value: ArgumentValue>(
        _ name: String, as type: Value.Type, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .required, help: help, conversion: .of(type))
    }

    /// One argument that may be left out.
    public static func optionalArgument(_ name: String, help: String) -> ArgumentSpec {
        optionalArgument(name, as: String.self, help: help)
    }

    /// One argument that may be left out, converted to `Value`.
    public static func optionalArgument<Value: ArgumentValue>(
        _ name: String, as type: Value.Type, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .optional, help: help, conversion: .of(type))
    }

    /// Any number of arguments, zero included; must be the last one declared.
    public static func variadic(_ name: String, help: String) -> ArgumentSpec {
        variadic(name, as: String.self, help: help)
    }

    /// Any number of arguments converted to `Value`; must be the last one declared.
    public static func variadic<Value: ArgumentValue>(
        _ name: String, as type: Value.Type, help: String
    ) -> ArgumentSpec {
        ArgumentSpec(name: name, arity: .variadic, help: help, conversion: .of(type))
    }
}
