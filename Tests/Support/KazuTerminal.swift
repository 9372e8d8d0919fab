import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `kazu` on a pseudo-terminal of its own (made by `script`), as its controlling
/// terminal: typed to and read as a learner's terminal, and closed as a terminal window is,
/// which sends kazu SIGHUP and ends its input together.
///
/// ```swift
/// let terminal = try KazuTerminal(["quiz", "number.1-10", "--no-audio"], environment: env)
/// try terminal.readLine(containing: "[1/")
/// terminal.hangUp()                   // the window closed
/// try terminal.waitForExit()
/// ```
public final class KazuTerminal {
    public struct Timeout: Error, CustomStringConvertible {
        public var waitingFor: String
        public var seen: String
        public var description: String { "nothing \(waitingFor) within the time allowed; kazu printed:\n\(seen)" }
    }

    private let process = Process()
    private let input = ClosedOnExecPipe()
    private let output = ClosedOnExecPipe()
    private let pidFile: String
    private var seen: [UInt8] = []
    private var outputClosed = false
    /// How far `readLine(containing:)` has read in `seen`.
    private var readUpTo = 0

    /// Starts `kazu arguments...` under `script`, which gives it a pseudo-terminal: kazu leads
    /// the terminal's session, standard input and output on it, standard error to nowhere. As
    /// the session's leader it is sent SIGHUP when the terminal closes, as a shell is (which
    /// sends it on to its jobs).
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-terminal-\(UUID()).pid").path
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        // The shell's process becomes kazu's: its number is kazu's.
        let command = "echo $$ > \(quoted(pidFile)); exec "
            + ([KazuProcess.executablePath] + arguments).map(quoted).joined(separator: " ") + " 2>/dev/null"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(["SHELL": "/bin/sh"]) { $1 }
        process.standardInput = input.fileHandleForReading
        process.standardOutput = output.fileHandleForWriting
        process.standardError = FileHandle.nullDevice
        try process.runHoldingSpawnLock()
        // The child's ends are the child's: here they would keep its input and output open.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        if let kazu { kill(kazu, SIGKILL) }
        try? FileManager.default.removeItem(atPath: pidFile)
    }

    /// kazu's process, once the shell has written its number.
    private var kazu: pid_t? {
        (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Everything kazu printed so far, with the terminal's CR LF read as LF.
    public var printed: String {
        String(decoding: seen, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Reads until a line holding `text` has come whole (its newline printed), and returns it.
    @discardableResult
    public func readLine(containing text: String, timeout: Duration = .seconds(15)) throws -> String {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            // Split as bytes: in a String, a terminal's CR LF is one Character, not an LF.
            while let newline = seen[readUpTo...].firstIndex(of: 0x0A) {
                let line = String(decoding: seen[readUpTo..<newline], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
                readUpTo = newline + 1
                if line.contains(text) { return line }
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Timeout(waitingFor: "containing \(text)", seen: printed) }
            guard !outputClosed else { throw Timeout(waitingFor: "containing \(text) (the terminal closed)", seen: printed) }
            let descriptor = output.fileHandleForReading.fileDescriptor
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            if count <= 0 { outputClosed = true } else { seen.append(contentsOf: chunk[0..<count]) }
        }
    }

    /// Types `line` and Enter.
    public func send(_ line: String) throws {
        try type(Array((line + "\n").utf8))
    }

    /// Types raw bytes, such as Ctrl-C (0x03) and Ctrl-D (0x04).
    public func type(_ bytes: [UInt8]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Closes the terminal, as closing its window does: `script`, which holds the terminal's
    /// other end, is killed, and the kernel sends kazu SIGHUP, ends its reads and fails its
    /// writes, all at once.
    public func hangUp() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for kazu to exit; fails after `timeout`. Its status is not known here: once the
    /// terminal is closed, kazu's parent (`script`) is gone.
    public func waitForExit(timeout: Duration = .seconds(15)) throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if let kazu, !Self.isRunning(kazu) { return }
            usleep(2_000)
        }
        throw Timeout(waitingFor: "(exit)", seen: printed)
    }

    /// Whether the process is there and not a zombie waiting for a parent to collect it.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ", options: .backwards) else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }
}
