import Foundation
import KazuTestSupport
import SpeechClient
import Testing

/// `kazu say --wav`: the path is written through, never replaced; `-` is standard output.
@Suite("kazu say --wav")
struct SayWAVTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-wav-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a symlink stays a symlink; its target receives the WAV")
    func writesThroughSymlink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.wav", link = directory + "/link.wav"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let result = try KazuProcess.run(["say", "--wav", link, "3"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try WAVFile.read(from: target).samples.count > 1000)
    }

    @Test("--wav /dev/stdout writes into a pipe")
    func writesToDevStdout() throws {
        let result = try KazuProcess.run(
            ["-c", "\"$0\" say --wav /dev/stdout 3 | head -c 4", KazuProcess.executablePath], executable: "/bin/sh")
        #expect(result.errors == "")
        #expect(result.output == "RIFF")
    }

    @Test("--wav - writes the WAV, and only the WAV, to standard output")
    func dashIsStandardOutput() throws {
        let result = try KazuProcess.run(["say", "--wav", "-", "3"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        let bytes = [UInt8](result.output.utf8)
        #expect(bytes.starts(with: Array("RIFF".utf8)))
        let pipe = try KazuProcess.run(
            ["-c", "\"$0\" say --wav - 3 | wc -c", KazuProcess.executablePath], executable: "/bin/sh")
        let size = Int(pipe.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(size > WAVFile.headerSize + 1000)
    }

    @Test("a path that cannot be opened is one line with the system's reason, exit 1")
    func unwritablePath() throws {
        let result = try KazuProcess.run(["say", "--wav", "/nonexistent-kazu-dir/x.wav", "3"])
        #expect(result.status == 1)
        #expect(result.errors == "error: cannot write /nonexistent-kazu-dir/x.wav: No such file or directory\n")
        #expect(result.output == "")
    }

    @Test("an empty --wav is a usage error")
    func emptyPath() throws {
        let result = try KazuProcess.run(["say", "--wav", "", "3"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: --wav needs a file name, or - for standard output\n"))
    }
}
