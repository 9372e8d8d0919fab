/// Any JSON value, kept whole: the settings file is read into one so that a save changes the
/// fields Kazu knows and keeps every other key (a newer kazu's) as it was.
///
/// ```swift
/// let file = try JSONDecoder().decode(JSONValue.self, from: bytes)
/// let known = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(settings))
/// let saved = file.overlaid(with: known, nested: ["speech"])
/// ```
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !list.isAtEnd { values.append(try list.decode(JSONValue.self)) }
            self = .array(values)
        } else if let keyed = try? decoder.container(keyedBy: Key.self) {
            var fields: [String: JSONValue] = [:]
            for key in keyed.allKeys { fields[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(fields)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let value = try? single.decode(Bool.self) { self = .bool(value) }
            else if let value = try? single.decode(Int64.self) { self = .integer(value) }
            else if let value = try? single.decode(Double.self) { self = .number(value) }
            else { self = .string(try single.decode(String.self)) }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case let .bool(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .integer(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .number(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .string(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .array(values):
            var list = encoder.unkeyedContainer()
            for value in values { try list.encode(value) }
        case let .object(fields):
            var keyed = encoder.container(keyedBy: Key.self)
            for (name, value) in fields { try keyed.encode(value, forKey: Key(stringValue: name)) }
        }
    }

    /// This object with `other`'s fields put over it, keeping the keys only this one has; the
    /// objects under `nested` are overlaid the same way, key by key, and other values replaced
    /// whole (a quiz mode's fields go together). Either not an object: `other`.
    func overlaid(with other: JSONValue, nested: Set<String> = []) -> JSONValue {
        guard case var .object(fields) = self, case let .object(changes) = other else { return other }
        for (name, value) in changes {
            fields[name] = nested.contains(name) ? fields[name].map { $0.overlaid(with: value) } ?? value : value
        }
        return .object(fields)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
