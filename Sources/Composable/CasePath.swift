/// The path from an enum to one of its cases: embeds a value as that case and extracts
/// it back. Written once per case, with no reflection.
///
/// ```swift
/// enum Action {
///   case counter(Counter.Action)
///   static let counterCase = CasePath<Action, Counter.Action>(
///     embed: Action.counter,
///     extract: { if case let .counter(action) = $0 { action } else { nil } }
///   )
/// }
/// ```
///
/// Declare the paths in an `AllCasePaths` struct (see `CasePathable`) to refer to them
/// as key paths, `\.counter`, the way TCA users write them.
@dynamicMemberLookup
public struct CasePath<Root, Value>: Sendable {
    // The value is taken, not borrowed: a case is built around it without copying it.
    let _embed: @Sendable (consuming Value) -> Root
    let _extract: @Sendable (Root) -> Value?

    public init(
        embed: @escaping @Sendable (consuming Value) -> Root,
        extract: @escaping @Sendable (Root) -> Value?
    ) {
        self._embed = embed
        self._extract = extract
    }

    /// Wraps `value` as the case.
    public func embed(_ value: consuming Value) -> Root { _embed(value) }

    /// The case's value, or nil when `root` is another case.
    public func extract(from root: Root) -> Value? { _extract(root) }
}

extension CasePath where Value: CasePathable {
    /// The path on into a case of `Value`: how `\.quiz.delegate.sessionEnded` names a child's
    /// delegate action from the root, for `receive` in tests or `action[case:]` anywhere.
    public subscript<Inner>(dynamicMember keyPath: KeyPath<Value.AllCasePaths, CasePath<Value, Inner>>) -> CasePath<Root, Inner> {
        let outer = self
        let inner = Value.allCasePaths[keyPath: keyPath]
        return CasePath<Root, Inner>(
            embed: { outer.embed(inner.embed($0)) },
            extract: { outer.extract(from: $0).flatMap(inner.extract(from:)) })
    }
}

extension CasePath where Value == Void {
    /// The path to a case without a payload.
    ///
    /// ```swift
    /// static let resetCase = CasePath(Action.reset) { if case .reset = $0 { true } else { false } }
    /// ```
    public init(_ root: Root, matches: @escaping @Sendable (Root) -> Bool) where Root: Sendable {
        self.init(embed: { root }, extract: { matches($0) ? () : nil })
    }
}

/// An enum that lists the paths to its cases in `allCasePaths`, so that APIs taking a
/// `CasePath` also take a key path into that list: `Scope(state: \.child, action: \.child)`.
///
/// ```swift
/// enum Action: CasePathable {
///   case child(Child.Action)
///   struct AllCasePaths {
///     let child = CasePath<Action, Child.Action>(embed: Action.child) {
///       if case let .child(action) = $0 { action } else { nil }
///     }
///   }
///   static let allCasePaths = AllCasePaths()
/// }
/// ```
public protocol CasePathable {
    associatedtype AllCasePaths
    static var allCasePaths: AllCasePaths { get }
}

/// A key path to a case path in an enum's `allCasePaths`: `\.child`.
public typealias CaseKeyPath<Root: CasePathable, Value> = KeyPath<Root.AllCasePaths, CasePath<Root, Value>>

extension CasePathable {
    /// Looks up the case path a key path names.
    public static func casePath<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> CasePath<Self, Value> {
        allCasePaths[keyPath: keyPath]
    }

    /// Whether this value is the case at `keyPath`: `action.is(\.child)`.
    public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
        Self.casePath(keyPath).extract(from: self) != nil
    }

    /// This value's payload when it is the case at `keyPath`.
    public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
        Self.casePath(keyPath).extract(from: self)
    }
}
