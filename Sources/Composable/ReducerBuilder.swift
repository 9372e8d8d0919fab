/// Builds one reducer from several written in a `body`, running them top to bottom and
/// merging their effects.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.settings, action: \.settings) { Settings() }
///   Reduce { state, action in .none }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
    public static func buildExpression<R: Reducer>(_ reducer: consuming R) -> R
    where R.State == State, R.Action == Action {
        reducer
    }

    public static func buildBlock() -> EmptyReducer<State, Action> {
        EmptyReducer()
    }

    public static func buildPartialBlock<R: Reducer>(first: consuming R) -> R
    where R.State == State, R.Action == Action {
        first
    }

    public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
        accumulated: consuming R0, next: consuming R1
    ) -> ReducerSequence<R0, R1> {
        ReducerSequence(accumulated, next)
    }

    public static func buildOptional<R: Reducer>(_ wrapped: R?) -> OptionalReducer<R>
    where R.State == State, R.Action == Action {
        OptionalReducer(wrapped)
    }

    public static func buildEither<First: Reducer, Second: Reducer>(
        first: First
    ) -> EitherReducer<First, Second>
    where First.State == State, First.Action == Action {
        .first(first)
    }

    public static func buildEither<First: Reducer, Second: Reducer>(
        second: Second
    ) -> EitherReducer<First, Second>
    where Second.State == State, Second.Action == Action {
        .second(second)
    }

    public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
    where R.State == State, R.Action == Action {
        ReducerArray(reducers)
    }
}

/// Two reducers run one after the other; what a builder makes of consecutive lines.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
    let r0: R0
    let r1: R1

    init(_ r0: R0, _ r1: R1) {
        self.r0 = r0
        self.r1 = r1
    }

    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
        let first = r0.reduce(into: &state, action: action)
        return first.merge(with: r1.reduce(into: &state, action: action))
    }
}

/// A reducer that is there or not; what a builder makes of an `if` without `else`.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
    let wrapped: Wrapped?

    init(_ wrapped: Wrapped?) { self.wrapped = wrapped }

    public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
        wrapped?.reduce(into: &state, action: action) ?? .none
    }
}

/// One of two reducers; what a builder makes of `if`/`else` and `switch`.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
    case first(First)
    case second(Second)

    public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
        switch self {
        case let .first(reducer): reducer.reduce(into: &state, action: action)
        case let .second(reducer): reducer.reduce(into: &state, action: action)
        }
    }
}

/// Reducers of one type run in order; what a builder makes of a `for` loop.
public struct ReducerArray<Element: Reducer>: Reducer {
    let reducers: [Element]

    init(_ reducers: [Element]) { self.reducers = reducers }

    public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
        var effect = Effect<Element.Action>.none
        for reducer in reducers {
            effect = effect.merge(with: reducer.reduce(into: &state, action: action))
        }
        return effect
    }
}
