extension Reducer {
    /// Reports every action this reducer receives to `log`, after it has been reduced, with
    /// whether it changed the field at `keyPath`: a trace of a session for debugging, with
    /// no change to the feature.
    ///
    /// ```swift
    /// Quiz().logActions(watching: \.submissions) { print($0) }
    /// ```
    public func logActions<Value: Equatable>(
        watching keyPath: KeyPath<State, Value>,
        to log: @escaping (String) -> Void
    ) -> LogActionsReducer<Self, Value> {
        LogActionsReducer(base: self, keyPath: keyPath, log: log)
    }
}

/// The reducer `logActions(watching:to:)` builds.
public struct LogActionsReducer<Base: Reducer, Value: Equatable>: Reducer {
    let base: Base
    let keyPath: KeyPath<Base.State, Value>
    let log: (String) -> Void

    init(base: Base, keyPath: KeyPath<Base.State, Value>, log: @escaping (String) -> Void) {
        self.base = base
        self.keyPath = keyPath
        self.log = log
    }

    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
        let before = state[keyPath: keyPath]
        let effect = base.reduce(into: &state, action: action)
        let after = state[keyPath: keyPath]
        log(before == after ? "\(action)" : "\(action): \(before) -> \(after)")
        return effect
    }
}
