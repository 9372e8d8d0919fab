/// How the parser turns one command-line string into a typed, checked value.
///
/// Built from an ``ArgumentValue`` type and, optionally, the range it must fall in.
/// `convert` returns the typed value, or the end of an error message such as
/// "must be between 80 and 450, got 500" that the parser puts after the
/// option's name.
struct ValueConversion: Sendable {
    enum Outcome {
        case value(any Sendable)
        case invalid(String)
    }

    /// The declared type, named only in a programming-error message: `String(describing:)`
    /// here would search the process's protocol conformances at launch, for every command's spec.
    let describeType: @Sendable () -> String
    let convert: @Sendable (String) -> Outcome

    var typeName: String { describeType() }

    static func of<Value: ArgumentValue>(_ type: Value.Type) -> ValueConversion {
        of(type) { _ in nil }
    }

    static func of<Value: ArgumentValue & Comparable>(
        _ type: Value.Type, in range: ClosedRange<Value>
    ) -> ValueConversion {
        of(type) { value in
            range.contains(value)
                ? nil
                : "must be between \(range.lowerBound.argumentDescription) and \(range.upperBound.argumentDescription)"
        }
    }

    static func of<Value: ArgumentValue & Comparable>(
        _ type: Value.Type, in range: PartialRangeFrom<Value>
    ) -> ValueConversion {
        of(type) { value in
            range.contains(value) ? nil : "must be at least \(range.lowerBound.argumentDescription)"
        }
    }

    /// Converts, then applies `problem`, which names what is wrong with a
    /// well-formed value (nil when it is fine).
    private static func of<Value: ArgumentValue>(
        _ type: Value.Type, _ problem: @escaping @Sendable (Value) -> String?
    ) -> ValueConversion {
        ValueConversion(describeType: { String(describing: Value.self) }) { text in
            guard let value = Value(argument: text) else {
                return .invalid("must be \(Value.expectation), got \(UserText.quoted(text))")
            }
            if let problem = problem(value) {
                return .invalid("\(problem), got \(UserText.shown(text))")
            }
            return .value(value)
        }
    }
}
