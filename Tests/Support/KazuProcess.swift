import Foundation

/// Runs the built `kazu` executable as a child process, for end-to-end tests.
///
/// ```swift
/// let result = try KazuProcess.run(["read", "5"], input: "")
/// #expect(result.status == 0)
/// #expect(result.output == "...")
/// ```
///
/// The executable is found next to the test bundle (`.build/debug/kazu`, which
/// `swift test` builds because the test target depends on `kazu`). Standard
/// input, output and error go through temporary files, so a child writing a lot
/// can never block on a full pipe.
public enum KazuProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public struct ExecutableNotFound: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "no kazu executable at \(path); build it with 'swift build --product kazu'" }
    }

    /// `.build/<triple>/debug/kazu`: the directory of the running test bundle.
    public static var executablePath: String {
        let testBundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBundle.deletingLastPathComponent().appendingPathComponent("kazu").path
    }

    /// Runs `kazu arguments...` with `input` on standard input and `environment`
    /// added to the test's own, and waits for it to finish.
    ///
    /// `executable` runs another program instead, such as `/bin/sh` for a pipeline around kazu.
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String] = [:],
        executable: String? = nil
    ) throws -> Result {
        let path = executable ?? executablePath
        guard FileManager.default.isExecutableFile(atPath: path) else { throw ExecutableNotFound(path: path) }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-process-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("stdin")
        let outputURL = directory.appendingPathComponent("stdout")
        let errorsURL = directory.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorsHandle = try FileHandle(forWritingTo: errorsURL)
        defer {
            try? inputHandle.close()
            try? outputHandle.close()
            try? errorsHandle.close()
        }
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorsHandle
        try process.runHoldingSpawnLock()
        process.waitUntilExit()

        return Result(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsURL), as: UTF8.self)
        )
    }
}
