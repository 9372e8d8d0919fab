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
