import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The values in force here: inside a reducer or an effect, the store's.
    ///
    /// A store reducing actions, and a reducer's `dependency` override, keep their scope per
    /// thread, and it wins; everything else (effects, `withDependencies`) keeps its values
    /// in a task-local. Entering a task-local scope costs a fifth of sending an action
    /// through Kazu's whole tree, and a store enters one for every send; a thread's scope
    /// costs two pthread calls. It is sound because reducing is synchronous and cannot
    /// suspend: nothing else runs on the thread while the scope is open.
    ///
    /// One consequence: a `Task` a reducer creates does not inherit the store's values (a
    /// `Task` copies task-locals only). Do asynchronous work in an effect, which captures
    /// the values where it is made; inside `withDependencies`, a `Task` does inherit them.
    public static var current: DependencyValues {
        SynchronousScope.innermost ?? ofTask
    }

    /// The values of the innermost synchronous scope (a store reducing), as the pointer
    /// `unretained` gives; nil outside one.
    @usableFromInline
    static var currentScope: UnsafeMutableRawPointer? { SynchronousScope.innermostBox }

    /// The values of the running task: what effects, which are asynchronous, run under.
    @TaskLocal static var ofTask = DependencyValues()

    /// Runs `operation` with `values` in force; synchronous work only (see `current`).
    @usableFromInline
    static func with<R>(_ values: DependencyValues, _ operation: () throws -> R) rethrows -> R {
        try SynchronousScope.with(values.box, operation)
    }

    /// These values as a pointer that holds nothing: for `with(unretained:_:)`, by a caller
    /// that keeps the values themselves for longer than the scope.
    @usableFromInline
    var unretained: UnsafeMutableRawPointer { Unmanaged.passUnretained(box).toOpaque() }

    /// Runs `operation` with the values `unretained` points to in force, taking no reference
    /// to them (an atomic retain and release a send, on the store's hottest path): the caller
    /// keeps them alive, and unchanged, until it returns.
    @usableFromInline
    static func with<R>(unretained values: UnsafeMutableRawPointer, _ operation: () throws -> R) rethrows -> R {
        try SynchronousScope.with(unretained: values, operation)
    }

    /// Everything in one reference, so that handing these values to a task (once per action)
    /// costs one retain; copied before a change when shared.
    fileprivate var box: Box

    fileprivate init(box: Box) { self.box = box }

    /// The object these values are stored in. A change to values another owner also holds
    /// copies them first, so whoever holds this object sees it unchanged.
    @usableFromInline var identity: AnyObject { box }

    public init(context: DependencyContext = .live) {
        box = Box(overrides: [:], resolved: ResolvedDependencies(), context: context)
    }

    /// Live or test: picks the value of a dependency nobody overrode.
    public var context: DependencyContext {
        get { box.context }
        set { unique().context = newValue }
    }

    /// The value of the dependency `key`: the override if one was set, otherwise its live or
    /// test value, made on first use and then kept (so two reads of `uuid` or `random` see
    /// one generator, and a client that is costly to build is built once).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = box.overrides[ObjectIdentifier(key)] { return value.unbox(as: Key.self) }
            return box.resolved.value(for: key, context: box.context)
        }
        set { unique().overrides[ObjectIdentifier(key)] = DependencyValueBox<Key.Value>(newValue) }
    }

    /// These values with an empty cache of resolved ones: what a new store starts from, so
    /// that stores do not share the generators and clients they did not override.
    public func resolvingAnew() -> Self {
        var copy = self
        copy.unique().resolved = ResolvedDependencies()
        return copy
    }

    /// The box, copied first if another value shares it.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) {
            box = Box(overrides: box.overrides, resolved: box.resolved, context: box.context)
        }
        return box
    }

    // Changed only through `unique()`, so a box is never changed while it is shared.
    fileprivate final class Box: @unchecked Sendable {
        var overrides: [ObjectIdentifier: AnyDependencyValueBox]
        /// The live or test values resolved so far, shared by copies of these values.
        var resolved: ResolvedDependencies
        var context: DependencyContext

        init(overrides: [ObjectIdentifier: AnyDependencyValueBox], resolved: ResolvedDependencies, context: DependencyContext) {
            self.overrides = overrides
            self.resolved = resolved
            self.context = context
        }
    }
}

/// The dependency values one store has resolved, by key.
private final class ResolvedDependencies: Sendable {
    private let values = Mutex<[ObjectIdentifier: AnyDependencyValueBox]>([:])

    func value<Key: DependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
        let id = ObjectIdentifier(key)
        if let value = values.withLock({ $0[id] }) { return value.unbox(as: Key.self) }
        // Made outside the lock: a value may read other dependencies while it is made.
        let made: Key.Value = switch context {
        case .live: Key.liveValue
        case .test: Key.testValue
        }
        return values.withLock { stored in
            if let earlier = stored[id] { return earlier.unbox(as: Key.self) }
            stored[id] = DependencyValueBox(made)
            return made
        }
    }
}

/// A dependency's value, stored under its key. Only `DependencyValues`' subscript stores one,
/// and always a `Key.Value` under `Key`, so reading it back is a plain downcast of a class,
/// where an `any Sendable` took a dynamic cast (and a copy) on every read.
private class AnyDependencyValueBox: @unchecked Sendable {
    final func unbox<Key: DependencyKey>(as key: Key.Type) -> Key.Value {
        unsafeDowncast(self, to: DependencyValueBox<Key.Value>.self).value
    }
}

private final class DependencyValueBox<Value: Sendable>: AnyDependencyValueBox, @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Reads a dependency from the current `DependencyValues` when used, inside a reducer or an
/// effect.
///
/// ```swift
/// struct Quiz: Reducer {
///   @Dependency(\.clock) var clock
/// }
/// ```
///
/// A dependency is read through its key path once per set of values, then remembered: the
/// property `keyPath` names must read a key (`self[Key.self]`), as in the example on
/// `DependencyKey`, not make a new value on each read.
@propertyWrapper
public struct Dependency<Value>: Sendable {
    @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable
    /// Applying a key path goes through the runtime: reading the speech client that way was
    /// 2.5% of a piped session's time through the store. A reducer reads the same dependency
    /// from the same values action after action.
    @usableFromInline let lastRead = DependencyLastRead<Value>()

    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
        self.keyPath = keyPath
    }

    @inlinable
    public var wrappedValue: Value {
        // Inside a reducer the values are its store's scope, which a pointer names: compared
        // with the values read from last without taking a reference to them (two retains and
        // releases on every read). Outside one, they are the task's, compared the same way.
        let scope = DependencyValues.currentScope
        if let scope, let value = lastRead.value(readFrom: scope) { return value }
        let values = DependencyValues.current
        let source = values.identity
        // Inside a scope, `values` are the scope's, which were just compared.
        if scope == nil, let value = lastRead.value(readFrom: Unmanaged.passUnretained(source).toOpaque()) { return value }
        let value = values[keyPath: keyPath]
        lastRead.remember(value, readFrom: source)
        return value
    }
}

/// The value a `Dependency` read last, and the values it was read from (their box). The box
/// is held, so no other box can take its address, and a box that is held is never changed
/// (`DependencyValues` copies a shared box before a change).
@usableFromInline
final class DependencyLastRead<Value>: @unchecked Sendable {
    // Unchecked: `Value` is a dependency's value, which `DependencyKey` makes Sendable; the key
    // path does not say so. Every access is under the lock.
    @usableFromInline
    struct Entry: @unchecked Sendable {
        @usableFromInline let source: AnyObject
        @usableFromInline let value: Value

        @inlinable
        init(source: AnyObject, value: Value) {
            self.source = source
            self.value = value
        }
    }

    @usableFromInline let entry = Mutex<Entry?>(nil)

    @inlinable
    init() {}

    /// The value when it was read from the values at `source` (their box's address).
    @inlinable
    func value(readFrom source: UnsafeMutableRawPointer) -> Value? {
        entry.withLock { entry in
            // The entry holds its source, so no other values can be at that address.
            guard let entry, Unmanaged.passUnretained(entry.source).toOpaque() == source else { return nil }
            return entry.value
        }
    }

    @inlinable
    func remember(_ value: Value, readFrom source: AnyObject) {
        // The values read before are released after the lock, not under it: their deinit may
        // read a dependency.
        let earlier = entry.withLock { entry in
            let earlier = entry
            entry = Entry(source: source, value: value)
            return earlier
        }
        withExtendedLifetime(earlier) {}
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
    // A task-local, so that a Task made inside inherits the values; the thread's scope is
    // cleared meanwhile so that the task-local is what `current` reads.
    return try SynchronousScope.cleared {
        try DependencyValues.$ofTask.withValue(values, operation: operation)
    }
}

/// Runs asynchronous `operation` with dependencies changed by `update`; a `Task` made
/// inside inherits them.
///
/// ```swift
/// let record = await withDependencies { $0.date = .constant(now) } operation: { await session.finish() }
/// ```
public nonisolated(nonsending) func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void,
    operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
    var values = DependencyValues.current
    try update(&values)
    // No thread scope can be open here (it lives only while a store reduces, which cannot
    // await), so the task-local is what `current` reads inside.
    return try await DependencyValues.$ofTask.withValue(values, keepingExecutor: operation)
}

/// The innermost synchronous dependency scope of each thread: the box of its values,
/// unretained (the scope's caller holds them for as long as it is open).
private enum SynchronousScope {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for the dependency scopes")
        return key
    }()

    static var innermostBox: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    static var innermost: DependencyValues? {
        guard let box = pthread_getspecific(key) else { return nil }
        return DependencyValues(box: Unmanaged<DependencyValues.Box>.fromOpaque(box).takeUnretainedValue())
    }

    static func cleared<R>(_ operation: () throws -> R) rethrows -> R {
        try with(unretained: nil, operation)
    }

    /// The one way a scope opens: `box` (nil for none) is the innermost until `operation`
    /// returns; the caller keeps it alive meanwhile.
    static func with<R>(unretained box: UnsafeMutableRawPointer?, _ operation: () throws -> R) rethrows -> R {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, box)
        defer { pthread_setspecific(key, outer) }
        return try operation()
    }

    static func with<R>(_ box: DependencyValues.Box, _ operation: () throws -> R) rethrows -> R {
        try withExtendedLifetime(box) { try with(unretained: Unmanaged.passUnretained(box).toOpaque(), operation) }
    }
}
