/// An action that sets one field of state to a value: what a settings screen sends when a
/// slider moves, without an action case per field.
///
/// ```swift
/// enum Action: BindableAction { case binding(BindingAction<State>) }
/// store.send(.set(\.rate, 1.25))
/// ```
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
    // Safe: the key path and the value are immutable, and the value is Sendable.
    /// The field being set.
    public let keyPath: PartialKeyPath<Root>
    let value: Any
    let assign: (inout Root) -> Void
    let valueIsEqual: (Any) -> Bool
    let valueDescription: () -> String

    /// The action that sets `keyPath` to `value`.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
    ) -> Self {
        Self(
            keyPath: keyPath,
            value: value,
            assign: { $0[keyPath: keyPath] = value },
            valueIsEqual: { ($0 as? Value) == value },
            valueDescription: { String(reflecting: value) })
    }

    init(
        keyPath: PartialKeyPath<Root>, value: Any, assign: @escaping (inout Root) -> Void,
        valueIsEqual: @escaping (Any) -> Bool, valueDescription: @escaping () -> String
    ) {
        self.keyPath = keyPath
        self.value = value
        self.assign = assign
        self.valueIsEqual = valueIsEqual
        self.valueDescription = valueDescription
    }

    /// Applies the change to `root`.
    public func apply(to root: inout Root) { assign(&root) }

    /// The new value, when this action sets `keyPath`.
    public func value<Value>(of keyPath: WritableKeyPath<Root, Value>) -> Value? {
        self.keyPath == keyPath ? value as? Value : nil
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.valueIsEqual(rhs.value)
    }
}

extension BindingAction: CustomStringConvertible {
    public var description: String { "set(\(keyPath), \(valueDescription()))" }
}

/// An action enum with a case carrying a `BindingAction`, so `BindingReducer` can apply it.
public protocol BindableAction {
    associatedtype State
    /// Embeds a binding action.
    static func binding(_ action: BindingAction<State>) -> Self
    /// The binding action, when this is one.
    var binding: BindingAction<State>? { get }
}

extension BindableAction {
    /// The action that sets `keyPath` to `value`: `.set(\.pitch, 1.0)`.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<State, Value>, _ value: Value
    ) -> Self {
        .binding(.set(keyPath, value))
    }
}

/// Applies binding actions to state. Put it first in `body` so the feature's own logic sees
/// the new value.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in ... }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        action.binding?.apply(to: &state)
        return .none
    }
}
