/// Keeps an observation alive; cancel it, or let it go, to stop observing.
///
/// ```swift
/// let token = store.observe { render($0) }
/// token.cancel()
/// ```
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    init(_ onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    isolated deinit {
        onCancel?()
    }
}

extension Store {
    /// Calls `observer` with one value read from the state, now and whenever it changes (an
    /// action that leaves it equal is not reported): how a front end redraws only what changed,
    /// as in `store.observe(\.quiz?.progress) { print($0 ?? "") }`.
    public func observe<Value: Equatable>(
        _ toValue: @escaping (State) -> Value, _ observer: @escaping (Value) -> Void
    ) -> ObservationToken {
        var last: Value?
        return observe { state in
            let value = toValue(state)
            if let last, last == value { return }
            last = value
            observer(value)
        }
    }
}

extension Store where State: Sendable {
    /// The states, now and after every action, as an async sequence. It ends when the store
    /// has gone, or when observing stops (the iterating task is cancelled).
    public var states: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(1))
        let end = StreamEnd(continuation)
        let token = observe { end.continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in token.cancel() } }
        return stream
    }
}

/// Finishes a stream when the last reference to it goes: held by the observer, so a store
/// that goes, letting go of its observers, ends the stream and the `for await` over it.
private final class StreamEnd<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) { self.continuation = continuation }

    deinit { continuation.finish() }
}
