/// How an effect sends actions back into its store: `await send(.playbackFinished)`.
///
/// Sending after the effect has been cancelled does nothing.
public struct Send<Action>: Sendable {
    let send: @MainActor @Sendable (Action) -> Void

    public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
        self.send = send
    }

    /// Sends `action` to the store.
    @MainActor
    public func callAsFunction(_ action: Action) {
        guard !Task.isCancelled else { return }
        send(action)
    }
}
