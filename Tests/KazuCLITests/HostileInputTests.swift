import Foundation
import JapaneseNumbers
import KazuKit
import KazuTestSupport
import Testing

/// What an attacker can hand kazu (a named pipe for a history, a 100 MB line, control
/// characters in a name, in a path, in a history, a seed at the top of the range), through
/// the built binary: a clear answer, bounded work, nothing printed raw, nothing lost.
@Suite("hostile input", .serialized)
struct HostileInputTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let environment: [String: String]
    var directory: String { home.path }

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-hostile")
    }

    /// What a terminal would act on: C0 and C1 controls, DEL, and the bidirectional overrides.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value))
        }
    }

    /// A named pipe where the history should be: refused before anything is written, as
    /// reading refuses it, and the session is printed on standard error as when the disk is
    /// full. A pipe nobody reads would hold a long session's line, and kazu, for ever.
    @Test func aHistoryThatIsANamedPipeIsRefusedAndTheSessionPrinted() throws {
        #expect(mkfifo(directory + "/data/history.jsonl", 0o600) == 0)
        let run = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--seed", "3", "--no-audio"],
                                      input: ":a\n\n", environment: environment)
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: history not saved: \(directory)/data/history.jsonl: is not a regular file") == true,
                "\(run.errors)")
        let record = try HistoryLine.decode(Array(try #require(lines.last).utf8)[...])
        #expect(record.topicID == "number.1-10" && record.questions.count == 1)
    }

    /// A full disk under a history that is a regular file (a 4 KB tmpfs, filled, in a mount
    /// namespace of kazu's own; /dev/full is refused as a device before anything is written):
    /// the line that could not be appended is taken back, and printed on standard error.
    @Test(.enabled(if: FaultTests.ownMountNamespaces, "this machine gives a process no user and mount namespace of its own"))
    func aFullDiskUnderARegularHistoryPrintsTheSession() throws {
        let disk = directory + "/small-disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let fillAndPlay = #"mount -t tmpfs -o size=4k tmpfs "$1" && mkdir "$1/data" && "#
            + #"{ head -c 100000 /dev/zero > "$1/data/filler" 2>/dev/null; true; } && "#
            + #"KAZU_DATA_DIR="$1/data" KAZU_CONFIG_DIR="$1/config" "$2" quiz number.1-10 -n 1 --seed 3 --no-audio; "#
            + #"echo "exit $? history $(wc -c < "$1/data/history.jsonl")" >&2"#
        let run = try KazuProcess.run(["-r", "-m", "sh", "-c", fillAndPlay, "sh", disk, KazuProcess.executablePath],
                                      input: ":a\n\n", environment: environment, executable: "/usr/bin/unshare")
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: history not saved: \(disk)/data/history.jsonl: No space left on device; "
            + "the session follows on standard error as one history line", "\(run.errors)")
        let record = try HistoryLine.decode(Array(try #require(lines.dropFirst().first).utf8)[...])
        #expect(record.topicID == "number.1-10" && record.questions.count == 1)
        #expect(lines.last == "exit 1 history 0", "the line taken back: \(run.errors)")
    }

    /// Every seed kazu prints replays: they run to 2^64 - 1.
    @Test func aSeedAboveTwoToTheSixtyThreeReplays() throws {
        let seed = "18446744073709551615"
        let first = try KazuProcess.run(["quiz", "number.1-1000", "-s", "reading", "-n", "3", "--seed", seed, "--no-audio"],
                                        input: ":a\n\n:a\n\n:a\n\n", environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("seed \(seed)"))
        let again = try KazuProcess.run(["quiz", "number.1-1000", "-s", "reading", "-n", "3", "--seed", seed, "--no-audio"],
                                        input: ":a\n\n:a\n\n:a\n\n", environment: environment)
        #expect(again.output == first.output, "the same seed, the same session")
        let beyond = try KazuProcess.run(["quiz", "number.1-10", "--seed", "18446744073709551616"], environment: environment)
        #expect(beyond.status == 64 && beyond.errors.hasPrefix("error: --seed must be a whole number from 0 to 18446744073709551615"),
                "\(beyond.errors)")
    }

    /// A line of 10 MB on the standard input of `kazu read` and `kazu parse` is cut as it is
    /// read (memory stays bounded) and reported as a bad line; the lines around it are read.
    @Test(arguments: ["read", "parse"])
    func anOverlongInputLineIsCutAndReportedAsABadLine(command: String) throws {
        let input = "3\n" + String(repeating: "1", count: 10_000_000) + "\n5\n"
        let run = try KazuProcess.run([command], input: input, environment: environment)
        #expect(run.status == 1)
        #expect(run.errors == "error: line 2: longer than 4096 bytes, too long to be a number; skipped\n")
        #expect(run.output.split(separator: "\n").count == 2)
    }

    /// Names from outside (a topic typed as an argument, with `favorite add`, a relative
    /// KAZU_CONFIG_DIR) are echoed escaped: an escape sequence in one is shown, not run.
    @Test func controlCharactersInNamesAreShownEscaped() throws {
        let hostile = "x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{202E}\u{85}"
        for arguments in [["quiz", hostile, "--no-audio"], ["favorite", "add", hostile], ["favorite", "remove", hostile],
                          ["stats", "--topic", hostile]] {
            let run = try KazuProcess.run(arguments, environment: environment)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.errors.contains(#"x\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{202E}\u{85}"#), "\(arguments): \(run.errors)")
            #expect(!Self.hasControlCharacters(run.errors + run.output), "\(arguments): \(run.errors)")
        }
        let relative = try KazuProcess.run(["stats"], environment: environment.merging(["KAZU_CONFIG_DIR": "rel\u{1B}[2J"]) { $1 })
        #expect(relative.status == 1)
        #expect(relative.errors.contains(#"not 'rel\u{1B}[2J'; as in KAZU_CONFIG_DIR=$PWD/rel\u{1B}[2J"#), "\(relative.errors)")
        #expect(!Self.hasControlCharacters(relative.errors))
    }

    /// A history edited to hold control characters in its topic ids and readings: `kazu
    /// stats` shows them escaped. So does `kazu favorite list` for a settings file's favorites.
    @Test func controlCharactersFromTheHistoryAndSettingsAreShownEscaped() throws {
        let hostile = "\u{1B}[2J\u{202E}\u{85}"
        let topic = try #require(TopicCatalog.topic(id: "number.1-10"))
        var question = QuestionRecord(question: try #require(topic.question(valueKey: "4", skill: .listening)),
                                      submissions: [SubmissionRecord(typed: "5", verdict: .incorrect, seconds: 1)])
        question.topicID += hostile
        question.written += hostile
        question.reading += hostile
        let record = SessionRecord(topicID: "number.1-10" + hostile, skill: .listening, mode: .questionLimit(1), seed: 1,
                                   startedAt: Date(), endedAt: Date(), ending: .completed, questions: [question])
        try Data(try HistoryClient.encodedLine(record)).write(to: URL(fileURLWithPath: directory + "/data/history.jsonl"))
        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.status == 0, "\(stats.errors)")
        #expect(stats.output.contains(#"number.1-10\u{1B}[2J\u{202E}\u{85} listening"#), "\(stats.output)")
        #expect(stats.output.contains(#"  4\u{1B}[2J\u{202E}\u{85}  よん\u{1B}[2J\u{202E}\u{85}  ×1"#), "\(stats.output)")
        #expect(!Self.hasControlCharacters(stats.output + stats.errors), "\(stats.output)")

        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try Data(#"{"favorites": ["money.conbini\u001b[2J"]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/config/settings.json"))
        let list = try KazuProcess.run(["favorite", "list"], environment: environment)
        #expect(list.output.hasPrefix(#"money.conbini\u{1B}[2J"#), "\(list.output) \(list.errors)")
        #expect(!Self.hasControlCharacters(list.output.replacingOccurrences(of: "\t", with: " ")), "\(list.output)")
    }

    /// A topic name of 131 KB (about the longest argument Linux passes on): the did-you-mean
    /// search compares only what could come close, so kazu answers at once, where comparing it
    /// whole with every id took minutes.
    @Test(.timeLimit(.minutes(1)))
    func aHugeTopicNameIsAnsweredAtOnce() throws {
        let run = try KazuProcess.run(["quiz", String(repeating: "x", count: 131_000), "--no-audio"], environment: environment)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: no topic '\(String(repeating: "x", count: 40))…'; 'kazu topics' lists them"), "\(run.errors)")
        // What is close is still found.
        #expect(TopicCatalog.closest(to: "money.conbni").first == "money.conbini")
    }

    /// A history of 2 million junk lines (4 MB of `x` lines): each is counted as damaged
    /// without being decoded, so `kazu stats` holds no decode result per line and reads junk
    /// at the speed of reading it. It stays within 64 MB, where it took 140 MB (and 35 s for
    /// 100 MB of such lines).
    @Test func aHistoryOfJunkLinesIsSkippedWithoutDecodingThem() throws {
        let lines = 2 << 20
        var junk = [UInt8](repeating: UInt8(ascii: "x"), count: 2 * lines)
        for index in stride(from: 1, to: junk.count, by: 2) { junk[index] = 0x0A }
        try Data(junk).write(to: URL(fileURLWithPath: directory + "/data/history.jsonl"))
        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.status == 0)
        #expect(stats.errors == "warning: skipped \(lines) damaged lines in the history\n", "\(stats.errors)")
        let (ended, peak) = try waitForExitMeasuringMemory(try spawnKazu(["stats"], environment: environment))
        #expect(ended == .status(0))
        #expect(peak < 64 * 1024, "peak memory \(peak) KB")
    }
}
