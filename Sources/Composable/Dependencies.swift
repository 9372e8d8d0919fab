import Synchronization

/// A dependency that features reach through `DependencyValues`: its value in the running
/// program, and the value tests get unless they override it.
///
/// ```swift
/// enum SpeechKey: DependencyKey {
///   static let liveValue = SpeechClient.silent
/// }
/// extension DependencyValues {
///   var speech: SpeechClient {
///     get { self[SpeechKey.self] }
///     set { self[SpeechKey.self] = newValue }
///   }
/// }
/// ```
public protocol DependencyKey {
    associatedtype Value: Sendable
    /// The value in the running program.
    static var liveValue: Value { get }
    /// The value in a `TestStore` that does not override it. A key that gives none makes a
    /// test that reads it fail (and then get the live value): a test must say what it uses.
    static var testValue: Value { get }
}

extension DependencyKey {
    public static var testValue: Value {
        RuntimeWarnings.report(
            "A test read the dependency \(Self.self), which has no test value. Override it in the test: "
                + "withDependencies: { $0[\(Self.self).self] = ... }, or give the key a testValue.")
        return liveValue
    }
}

/// Whether dependencies take their live or their test values; a `TestStore` uses `.test`
/// (where, for one, the clock is an `UnimplementedClock`).
public enum DependencyContext: Sendable {
    case live
    case test
}

/// The dependencies a store hands to its reducers and effects, each overridable.
///
/// ```swift
/// let store = Store(initialState: Quiz.State(), reducer: { Quiz() }) {
///   $0.clock = TestClock()
///   $0.random = .seeded(42)
/// }
/// ```
public struct DependencyValues: Sendable {
    /// The values in force here: inside a reducer or an effect, the store's. A `Task` made
    /// there inherits them.
    public static var current: DependencyValues { ofTask }

    /// Set by a store while it reduces, by an effect while it runs, by `withDependencies`.
    @TaskLocal static var ofTask = DependencyValues()

    private var overrides: [ObjectIdentifier: any Sendable] = [:]
    /// The live or test values resolved so far, shared by copies of these values.
    private var resolved = ResolvedDependencies()

    /// Live or test: picks the value of a dependency nobody overrode.
    public var context: DependencyContext

    public init(context: DependencyContext = .live) {
        self.context = context
    }

    /// The value of the dependency `key`: the override if one was set, otherwise its live or
    /// test value, made on first use and then kept (so two reads of `uuid` or `random` see
    /// one generator, and a client that is costly to build is built once).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
            return resolved.value(for: key, context: context)
        }
        set { overrides[ObjectIdentifier(key)] = newValue }
    }

    /// These values with an empty cache of resolved ones: what a new store starts from, so
    /// that stores do not share the generators and clients they did not override.
    public func resolvingAnew() -> Self {
        var copy = self
        copy.resolved = ResolvedDependencies()
        return copy
    }
}

/// The dependency values one store has resolved, by key.
private final class ResolvedDependencies: Sendable {
    private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

    func value<Key: DependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
        let id = ObjectIdentifier(key)
        if let value = values.withLock({ $0[id] }) as? Key.Value { return value }
        // Made outside the lock: a value may read other dependencies while it is made.
        let made: Key.Value = switch context {
        case .live: Key.liveValue
        case .test: Key.testValue
        }
        return values.withLock { stored in
            if let earlier = stored[id] as? Key.Value { return earlier }
            stored[id] = made
            return made
        }
    }
}

/// Reads a dependency from the current `DependencyValues` when used, inside a reducer or an
/// effect: `@Dependency(\.clock) var clock`.
@propertyWrapper
public struct Dependency<Value>: Sendable {
    let keyPath: KeyPath<DependencyValues, Value> & Sendable

    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        DependencyValues.current[keyPath: keyPath]
    }
}

/// Runs `operation` with dependencies changed by `update`; a `Task` made inside inherits them.
/// `withDependencies { $0.random = .seeded(1) } operation: { Quiz.State.start() }`
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try DependencyValues.$ofTask.withValue(values, operation: operation)
}

/// Runs asynchronous `operation` with dependencies changed by `update`, on the caller's
/// executor; a `Task` made inside inherits them.
public nonisolated(nonsending) func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try await DependencyValues.$ofTask.withValue(values, keepingExecutor: operation)
}
