import Foundation

/// Runs blocking work (waiting for a process, reading a terminal) on a thread of its own and
/// awaits its result, so that a test that waits for seconds leaves the cooperative pool, two
/// threads on two cores, to the tests running beside it.
///
/// ```swift
/// let status = try await onItsOwnThread { try dialog.waitForExit() }
/// #expect(status == 0)      // expectations stay in the test's task
/// ```
public func onItsOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: work)) }.start()
    }
}
