import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A conversation with the built `kazu` executable: read what it prints, line by line, and
/// answer on its standard input, as a learner (or a script) would.
///
/// ```swift
/// let dialog = try KazuDialog(["quiz", "number.1-10", "--no-audio"], environment: env)
/// let question = try dialog.readLine(containing: "[1/")
/// try dialog.send("3")
/// dialog.closeInput()                 // Ctrl-D
/// let status = try dialog.waitForExit()
/// ```
public final class KazuDialog {
    public struct Timeout: Error, CustomStringConvertible {
        public var waitingFor: String
        public var seen: [String]
        public var description: String { "no line \(waitingFor) within the time allowed; kazu printed:\n" + seen.joined(separator: "\n") }
    }

    private let process = Process()
    private let input = ClosedOnExecPipe()
    private let output = ClosedOnExecPipe()
    private let errorFile: URL
    private var pending = Data()
    private var outputClosed = false
    /// Every line read so far.
    public private(set) var lines: [String] = []

    /// Starts `kazu arguments...`; `executable` runs another program instead (`script`, to
    /// give kazu a terminal).
    public init(_ arguments: [String], environment: [String: String] = [:], executable: String? = nil) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-dialog-\(UUID()).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable ?? KazuProcess.executablePath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input.fileHandleForReading
        process.standardOutput = output.fileHandleForWriting
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.runHoldingSpawnLock()
        // kazu's ends are kazu's: here they would keep its input from ending and its output open.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: errorFile)
    }

    /// kazu's process (or the program run instead of it).
    public var processIdentifier: pid_t { process.processIdentifier }

    /// What kazu wrote on standard error so far.
    public var errors: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// The next line, waiting up to `timeout`; nil at the end of the output.
    public func readLine(timeout: Duration = .seconds(15)) throws -> String? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                lines.append(line)
                return line
            }
            if outputClosed {
                guard !pending.isEmpty else { return nil }
                let line = String(decoding: pending, as: UTF8.self)
                pending.removeAll()
                lines.append(line)
                return line
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Timeout(waitingFor: "at all", seen: lines) }
            var poller = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(1_000, max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(output.fileHandleForReading.fileDescriptor, &chunk, chunk.count)
            if count <= 0 { outputClosed = true } else { pending.append(contentsOf: chunk[0..<count]) }
        }
    }

    /// Reads lines until one contains `text`, and returns it.
    @discardableResult
    public func readLine(containing text: String, timeout: Duration = .seconds(15)) throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while let line = try readLine(timeout: ContinuousClock.now.duration(to: deadline)) {
            if line.contains(text) { return line }
        }
        throw Timeout(waitingFor: "containing \(text)", seen: lines)
    }

    /// Everything left on standard output, to its end.
    public func readToEnd(timeout: Duration = .seconds(15)) throws -> [String] {
        var rest: [String] = []
        while let line = try readLine(timeout: timeout) { rest.append(line) }
        return rest
    }

    /// Types `line` and Enter.
    public func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Ctrl-D: the end of standard input.
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Stops reading kazu's output, as `kazu quiz | head -3` does: its next write finds the pipe closed.
    public func closeOutput() {
        try? output.fileHandleForReading.close()
        outputClosed = true
    }

    /// Types raw bytes, such as Ctrl-C (0x03) on a terminal.
    public func type(_ bytes: [UInt8]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Sends a signal to kazu (SIGINT for Ctrl-C, SIGTERM, SIGHUP).
    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for kazu to exit and returns its status; kills it after `timeout`.
    public func waitForExit(timeout: Duration = .seconds(15)) throws -> Int32 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning && ContinuousClock.now < deadline {
            usleep(2_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw Timeout(waitingFor: "(exit)", seen: lines)
        }
        return process.terminationStatus
    }
}
