/// Lets a presented feature close itself from an effect: `await dismiss()` sends its parent
/// the presentation's `.dismiss`, as if the parent had closed it.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// case .doneTapped:
///   return .run { _ in await dismiss() }
/// ```
public struct DismissEffect: Sendable {
    /// How the current effect reaches its presentation; set by `ifLet` around a presented
    /// child's effects. A class, not a bare optional closure: a task-local of optional
    /// function type crashed in release builds (swift_task_localValuePush, Swift 6.3.1).
    @TaskLocal static var presentation: Presentation?

    /// What `dismiss()` calls.
    final class Presentation: Sendable {
        let dismiss: nonisolated(nonsending) @Sendable () async -> Void
        init(_ dismiss: nonisolated(nonsending) @escaping @Sendable () async -> Void) { self.dismiss = dismiss }
    }

    public init() {}

    /// Dismisses the feature whose effect calls it. Outside a presented feature's effect there
    /// is nothing to dismiss, and that is reported as a runtime warning.
    public nonisolated(nonsending) func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
        guard let presentation = Self.presentation else {
            RuntimeWarnings.report(
                "dismiss() was called at \(fileID):\(line) outside the effect of a presented feature; nothing was dismissed.")
            return
        }
        await presentation.dismiss()
    }
}

extension DependencyValues {
    /// Closes the presented feature whose effect calls it: `await dismiss()`.
    public var dismiss: DismissEffect {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}

private enum DismissKey: DependencyKey {
    static var liveValue: DismissEffect { DismissEffect() }
    static var testValue: DismissEffect { DismissEffect() }
}
