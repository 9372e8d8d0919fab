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
    /// The value in a `TestStore` that does not override it; the live one unless given.
    static var testValue: Value { get }
}

extension DependencyKey {
    public static var testValue: Value { liveValue }
}

/// Whether dependencies take their live or their test values; a `TestStore` uses `.test`.
///
/// ```swift
/// let values = DependencyValues(context: .test)   // the clock is an UnimplementedClock
/// ```
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
    /// The values in force for the current task: inside a reducer or an effect, the store's.
    @TaskLocal public static var current = DependencyValues()

    private var storage: [ObjectIdentifier: any Sendable] = [:]
    /// Live or test: picks the value of a dependency nobody overrode.
    public var context: DependencyContext

    public init(context: DependencyContext = .live) {
        self.context = context
    }

    /// The value of the dependency `key`.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
            switch context {
            case .live: return Key.liveValue
            case .test: return Key.testValue
            }
        }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// Reads a dependency from the current `DependencyValues` when used, inside a reducer or an
/// effect.
///
/// ```swift
/// struct Quiz: Reducer {
///   @Dependency(\.clock) var clock
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
    private let keyPath: KeyPath<DependencyValues, Value> & Sendable

    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    public var wrappedValue: Value {
        DependencyValues.current[keyPath: keyPath]
    }
}

/// Runs `operation` with dependencies changed by `update`.
///
/// ```swift
/// let quiz = withDependencies { $0.random = .seeded(1) } operation: { Quiz.State.start() }
/// ```
public func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: () throws -> R
) rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    return try DependencyValues.$current.withValue(values, operation: operation)
}
