import Foundation

/// A new, empty directory under the system's temporary directory, removed with all it holds
/// when the last reference to it goes: a suite that keeps one in a stored property cleans up
/// after each test, where test runs used to leave a directory behind per test.
public final class TemporaryDirectory: Sendable {
    public let path: String

    /// Makes `<temporary directory>/<prefix>-<UUID>`.
    public init(_ prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
