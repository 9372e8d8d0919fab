import Foundation
@testable import KazuCLI
import KazuTestSupport
import Testing

/// `kazu say` command lines that are refused before anything is spoken.
///
/// Run through the binary: `say` waits for speech on a semaphore, which must not
/// block the test runner's own few threads.
@Suite("kazu say arguments")
struct SayArgumentsTests {
    func run(_ arguments: String...) throws -> (status: ExitCode, output: String, errors: String) {
        let result = try KazuProcess.run(["say"] + arguments)
        return (ExitCode(result.status), result.output, result.errors)
    }

    private var scratchWAV: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kazu-say-\(UUID()).wav").path
    }

    @Test("an unknown voice is a usage error listing the voices, not missing data")
    func unknownVoice() throws {
        let path = scratchWAV
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run("--voice", "zz", "--wav", path, "3")
        #expect(result.status == .usage)
        #expect(result.errors.hasPrefix("error: unknown voice 'zz'; the voices are: ja, ja+f1, ja+f2, ja+f3, ja+m1, ja+m2, ja+m3 (see 'kazu say --list-voices')\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let binary = try KazuProcess.run(["say", "--voice", "zz", "--player", "none", "3"])
        #expect(binary.status == 64)
        #expect(binary.errors.hasPrefix("error: unknown voice 'zz'; the voices are: ja, ja+f1"))
    }

    @Test("empty or blank text is a usage error", arguments: ["", " ", "\u{3000}", "\t"])
    func blankText(_ text: String) throws {
        let result = try run("--wav", "-", text)
        #expect(result.status == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error: nothing to say: give a number or kana, as in 'kazu say 300'\n"))
    }

    @Test("--list-voices takes no text, --wav or --counter")
    func listVoicesAlone() throws {
        for extra in [["3"], ["--wav", "x.wav"], ["--counter", "本"], ["-c", "本", "さん"]] {
            let result = try KazuProcess.run(["say", "--list-voices"] + extra)
            #expect(result.status == 64, "\(extra)")
            #expect(result.output == "")
            #expect(result.errors.hasPrefix("error: --list-voices takes no other arguments"), "\(extra)")
        }
        let alone = try run("--list-voices")
        #expect(alone.status == .success)
        #expect(alone.output.hasPrefix("ja\t"))
    }

    @Test("a failure to read a number is one sentence with one hint")
    func oneCleanSentence() throws {
        let decimal = try run("--wav", "-", "3.14")
        #expect(decimal.status == .usage)
        #expect(decimal.errors.hasPrefix("error: cannot say '3.14': decimals are not supported; type a whole number\n"))
        let word = try run("--wav", "-", "hello")
        #expect(word.errors.hasPrefix("error: cannot say 'hello': give a number (300, 三百, さんびゃく) or text in kana\n"))
    }

    @Test("a counter with text that is not a number says counters go with numbers")
    func counterNeedsANumber() throws {
        let result = try run("-c", "本", "--wav", "-", "ねこ")
        #expect(result.status == .usage)
        #expect(result.errors.hasPrefix(
            "error: cannot say 'ねこ' with --counter 本: a counter goes with a number, as in 'kazu say --counter 本 3'\n"))
        #expect(throws: UsageError.self) { try SayCommand.kana(for: "ねこ", counter: .named("本")) }
        #expect(try SayCommand.kana(for: "ねこ", counter: nil) == "ねこ")
        // A number with its counter is a number.
        #expect(try SayCommand.kana(for: "3本", counter: .named("本")) == "さんぼん")
        #expect(try SayCommand.kana(for: "さんぼん", counter: .named("本")) == "さんぼん")
        #expect(try SayCommand.kana(for: "3", counter: .named("本")) == "さんぼん")
        let wrong = try run("-c", "本", "--wav", "-", "さんほん")
        #expect(wrong.status == .usage && wrong.errors.hasPrefix("error: cannot say 'さんほん': 3本 is read さんぼん (sanbon)\n"))
    }
}
