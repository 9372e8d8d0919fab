import Foundation
import KazuCLI
import KazuTestSupport
import Testing

@Suite struct TerminalOutputTests {
    @Test func inMemoryOutputKeepsEverything() {
        let output = TerminalOutput.inMemory()
        output.write("五")
        output.writeLine("ご")
        output.writeLine("go"[...])
        var stream = output
        print(5, "個", to: &stream)
        #expect(output.text == "五ご\ngo\n5 個\n")
    }

    @Test func bufferedUntilFullOrFlushed() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let output = TerminalOutput(fileDescriptor: descriptors[1], bufferSize: 8)
        output.write("1234")
        #expect(output.text == "1234")  // still buffered
        output.write("56789")           // does not fit: the first four go out
        #expect(output.text == "56789")
        output.flush()
        #expect(output.text == "")
        close(descriptors[1])
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptors[0], &bytes, bytes.count)
        #expect(String(decoding: bytes[..<count], as: UTF8.self) == "123456789")
    }

    @Test func aClosedPipeStopsTheOutputQuietly() {
        signal(SIGPIPE, SIG_IGN)  // as KazuCommandLine.main() does
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        close(descriptors[0])  // the reader goes away: `| head -1`
        defer { close(descriptors[1]) }
        let brokenPipes = Counter()
        let output = TerminalOutput(fileDescriptor: descriptors[1], bufferSize: 64, onBrokenPipe: { brokenPipes.count += 1 })
        for number in 1...1_000 { output.writeLine(String(number)) }
        output.flush()
        #expect(output.isClosed)
        #expect(brokenPipes.count == 1)
    }

    private final class Counter { var count = 0 }
}

@Suite struct WriteFailureTests {
    @Test func aFullDeviceClosesTheOutputAndKeepsTheReason() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = TerminalOutput(fileDescriptor: descriptor, bufferSize: 16)
        output.writeLine("1\t一\tいち\tichi")
        output.flush()
        #expect(output.isClosed)
        #expect(output.writeFailure == ENOSPC)
        #expect(output.writeFailureDescription == "No space left on device")
    }

    @Test("kazu read 1 > /dev/full says so and exits 1")
    func fullStandardOutput() throws {
        let manyLines = (1...100_000).map(String.init).joined(separator: "\n")
        for command in ["\"$0\" read 1 > /dev/full", "\"$0\" read > /dev/full", "\"$0\" --help > /dev/full"] {
            let result = try KazuProcess.run(
                ["-c", command, KazuProcess.executablePath], input: manyLines, executable: "/bin/sh")
            #expect(result.status == 1, "\(command)")
            #expect(result.errors == "error: cannot write standard output: No space left on device\n", "\(command)")
        }
    }

    @Test("kazu quiz > /dev/full says so, exits 1, and still saves the session")
    func quizToFullStandardOutput() throws {
        let home = try TemporaryDirectory("kazu-full")
        let result = try KazuProcess.run(
            ["-c", "\"$0\" quiz number.1-10 -n 2 --seed 3 --no-audio > /dev/full", KazuProcess.executablePath],
            input: "1\n:q\n", environment: ["KAZU_CONFIG_DIR": home.path + "/config", "KAZU_DATA_DIR": home.path + "/data"],
            executable: "/bin/sh")
        #expect(result.status == 1)
        #expect(result.errors == "error: cannot write standard output: No space left on device\n")
        let history = try String(contentsOfFile: home.path + "/data/history.jsonl", encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
    }

    @Test("a closed pipe is still a quiet success")
    func closedPipeStaysQuiet() throws {
        let result = try KazuProcess.run(
            ["-c", "set -o pipefail; \"$0\" read | head -1", KazuProcess.executablePath],
            input: (1...100_000).map(String.init).joined(separator: "\n"), executable: "/bin/bash")
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output == "1\t一\tいち\tichi\n")
    }
}
