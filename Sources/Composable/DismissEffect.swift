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

    /// Runs an effect's `body` with no presentation in force but the one its own feature
    /// sets (`ifLet` sets it inside `body` for a presented child's effects). A task inherits
    /// the task-locals of whoever made it, and an effect's task may be made while a presented
    /// child's effect sends an action: without this, the parent's effect would dismiss the child.
    nonisolated(nonsending) static func withoutInheritedPresentation(
        _ body: nonisolated(nonsending) () async -> Void
    ) async {
        if presentation == nil {
            await body()
        } else {
            await $presentation.withValue(nil, keepingExecutor: body)
        }
    }

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
