import Foundation
import JapaneseNumbers
import KazuKit
import KazuTestSupport
import Testing

/// The README's fault table, row by row, through the built binary: what kazu says, and that
/// nothing the learner did is lost.
@Suite("faults: kazu's answer to each", .serialized)
struct FaultTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let environment: [String: String]
    var directory: String { home.path }

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-faults")
    }

    var historyLines: [String] { KazuCLITests.historyLines(in: directory) }

    /// The test's environment with paplay chosen and no sound server to play to.
    var noSoundServer: [String: String] {
        environment.merging(["KAZU_PLAYER": "paplay", "PULSE_SERVER": "unix:\(directory)/no-server"]) { $1 }
    }

    /// After a speech fault on the first of two questions: the answer is shown, the second
    /// question comes with subtitles, and the session ends and is saved once.
    func expectTheQuizGoesOnWithSubtitlesAndIsSaved(_ dialog: KazuDialog) throws {
        try dialog.send(":a")
        try dialog.send("")
        #expect(try dialog.readLine(containing: "[2/2]").contains("「"))
        try dialog.send(":q")
        try dialog.readLine(containing: "summary:")
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 1)
    }

    /// Waits until kazu has written `text` on standard error.
    func waitForErrors(_ dialog: KazuDialog, containing text: String, timeout: Duration = .seconds(15)) {
        let clock = ContinuousClock(), deadline = clock.now.advanced(by: timeout)
        while !dialog.errors.contains(text) && clock.now < deadline { _ = try? dialog.readLine(timeout: .milliseconds(50)) }
    }

    @Test func invalidUTF8NULsAHugeLineAndCRLFEachGetAReason() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--seed", "1", "--no-audio"],
                                    environment: environment)
        let question = try dialog.readLine(containing: "[1/1]")
        try dialog.type([0xFF, 0xFE, 0x0A])
        #expect(try dialog.readLine()?.hasPrefix("? ") == true)
        try dialog.type(Array("a\u{0}b\n".utf8))
        #expect(try dialog.readLine()?.hasPrefix("? ") == true)
        try dialog.type(Array(repeating: UInt8(ascii: "5"), count: 10_000_000) + [0x0A])
        #expect(try dialog.readLine() == "? that line is over 1024 bytes, too long for an answer; type the answer and Enter")
        try dialog.type(Array((try answer(toReadingLine: question) + "\r\n").utf8))
        #expect(try dialog.readLine()?.hasPrefix("✓ ") == true)
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 1)
    }

    /// `kazu quiz ... | head`: the reader goes away; the session is saved once and kazu exits
    /// with the status a shell gives a process that SIGPIPE ended.
    @Test func aClosedOutputPipeEndsTheSessionSaved() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "5", "--seed", "2", "--no-audio"],
                                    environment: environment)
        let question = try dialog.readLine(containing: "[1/5]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "[2/5]")
        dialog.closeOutput()
        try dialog.send(":h")   // its output finds the pipe closed
        #expect(try dialog.waitForExit() == 141)
        #expect(historyLines.count == 1)
        let record = try HistoryLine.decode(Array(historyLines[0].utf8)[...])
        #expect(record.questions.count == 1 && record.correctCount == 1 && record.ending == .stopped)
    }

    /// A program started while a dialog runs, as a test beside this one starts a kazu (through
    /// `posix_spawn`, which hands a child every descriptor not closed on exec), holds none of
    /// the dialog's pipes: closing kazu's output still fails its next write, closing its input
    /// still ends it.
    @Test func aProgramStartedMeanwhileDoesNotHoldTheDialogsPipesOpen() throws {
        let arguments = ["quiz", "number.1-10", "-s", "reading", "-n", "5", "--seed", "2", "--no-audio"]
        let reader = try KazuDialog(arguments, environment: environment)
        let typist = try KazuDialog(arguments, environment: environment)
        try reader.readLine(containing: "[1/5]")
        try typist.readLine(containing: "[1/5]")
        let bystander = try spawnKazu(["quiz", "number.1-10", "--infinite", "--no-audio"], environment: environment)
        defer {
            kill(bystander, SIGKILL)
            _ = try? waitForExit(bystander)
        }
        reader.closeOutput()
        try reader.send(":h")
        typist.closeInput()
        #expect(try reader.waitForExit() == 141)
        #expect(try typist.waitForExit() == 0)
    }

    /// A full disk: the history line that could not be appended is printed on standard error
    /// (ready to append by hand), the report that could not be written is named, exit 1.
    @Test func aFullDiskPrintsTheSessionInsteadOfLosingIt() throws {
        try FileManager.default.createSymbolicLink(atPath: directory + "/data/history.jsonl", withDestinationPath: "/dev/full")
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--seed", "3", "--no-audio",
                                     "--json-report", "/dev/full"], environment: environment)
        let question = try dialog.readLine(containing: "[1/1]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == 1)
        let errors = dialog.errors.split(separator: "\n").map(String.init)
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.first == "error: report not written: /dev/full: No space left on device")
        // A device in place of the history is refused before anything is written to it.
        #expect(errors.dropFirst().first == "error: history not saved: \(directory)/data/history.jsonl: is not a regular file; "
            + "move it away and kazu will make one; the session follows on standard error as one history line")
        let record = try HistoryLine.decode(Array(try #require(errors.last).utf8)[...])
        #expect(record.questions.count == 1 && record.correctCount == 1)
        // A miss not saved: the summary does not send the learner to a review that cannot ask it.
        let missed = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--no-audio"], input: ":a\n\n", environment: environment)
        #expect(missed.status == 1 && missed.output.contains("missed: "), "\(missed.output)")
        #expect(!missed.output.contains("kazu quiz review"), "\(missed.output)")
    }

    /// A session too long for one history line, on a full disk: printed as the parts the
    /// history keeps it in, each a line kazu reads back, together the whole session.
    @Test func aLongUnsavedSessionIsPrintedInTheHistorysParts() throws {
        try FileManager.default.createSymbolicLink(atPath: directory + "/data/history.jsonl", withDestinationPath: "/dev/full")
        let questions = 5_000
        let run = try KazuProcess.run(["quiz", "number.1-10", "-n", "\(questions)", "--no-audio"],
                                      input: String(repeating: ":a\n\n", count: questions), environment: environment)
        #expect(run.status == 1)
        let errors = run.errors.split(separator: "\n").map(String.init)
        let lines = errors.drop { !$0.hasPrefix("{") }
        #expect(errors.first?.hasSuffix("the session follows on standard error as \(lines.count) history lines, to append in this order") == true,
                "\(errors.first ?? "")")
        let parts = try lines.map { try HistoryLine.decodePart(Array($0.utf8)[...]) }
        #expect(parts.count > 1 && parts.map { $0.part?.index } == Array(1...parts.count).map { Optional($0) })
        #expect(parts.map(\.record.questions.count).reduce(0, +) == questions)
    }

    /// A report that could never be written (no path, a folder, a folder that is not there) is
    /// refused before the session, not after the learner has played it; `-` is standard output.
    @Test func aReportPathThatCannotBeWrittenIsRefusedAtOnce() throws {
        // Long paths are shortened in messages: the part after the path is what is checked.
        try "{}".write(toFile: directory + "/file.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: directory + "/nowhere", withDestinationPath: "missing/report.json")
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let refusals = [
            ("", "error: --json-report needs a file's path"),
            (directory, "' names a folder; name a file"),
            (directory + "/file.json/", "' is a file, not a folder"),
            (directory + "/no-such-folder/report.json", "': there is no folder '"),
            (directory + "/loop", "' is a link that leads back to itself"),
            (directory + "/nowhere", "': there is no folder '"),
            (directory + "/file.json/report.json", "' is a file, not a folder"),
            (directory + "/data/history.jsonl", "' is where kazu keeps its history or settings"),
        ]
        for (path, message) in refusals {
            let run = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--no-audio", "--json-report", path], environment: environment)
            #expect(run.status == 64 && run.errors.hasPrefix("error: --json-report") && run.errors.contains(message), "\(path): \(run.errors)")
            #expect(!run.output.contains("[1/1]"))
        }
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--seed", "3", "--no-audio",
                                     "--json-report", "-"], environment: environment)
        try dialog.send(try answer(toReadingLine: try dialog.readLine(containing: "[1/1]")))
        try dialog.readLine(containing: "\"topicID\" : \"number.1-10\"")
        #expect(try dialog.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: "-"))
        // Ended before any answer: no summary, so no report, and that is said.
        let unanswered = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--no-audio", "--json-report", directory + "/r.json"],
                                             input: ":q\n", environment: environment)
        #expect(unanswered.status == 0 && unanswered.errors.hasPrefix("note: nothing was answered, so no report was written (--json-report '"), "\(unanswered.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/r.json"))
        // Into a file the shell opened: the report follows the session's lines, over none of
        // them, however standard output is named (a link to it too).
        try FileManager.default.createSymbolicLink(atPath: directory + "/to-stdout", withDestinationPath: "/dev/stdout")
        for path in ["-", "/dev/stdout", "/proc/self/fd/1", directory + "/to-stdout"] {
            let out = directory + "/out.txt"
            let run = try KazuProcess.run(
                ["-c", "\"$0\" quiz number.1-10 -n 1 --seed 3 --no-audio --json-report \(path) > '\(out)'", KazuProcess.executablePath],
                input: ":a\n\n", environment: environment, executable: "/bin/sh")
            #expect(run.status == 0, "\(run.errors)")
            let written = try String(contentsOfFile: out, encoding: .utf8)
            let summary = try #require(written.range(of: "summary: 0/1"), "\(written)")
            let report = try #require(written.range(of: "{\n"), "\(written)")
            #expect(summary.lowerBound < report.lowerBound && written.hasSuffix("}\n"))
        }
    }

    /// A report into the file standard output and standard error share (2>&1), named through
    /// /dev or /proc, is whole: the error lines after it (here, a history that cannot be saved)
    /// were written over its start, from the shared offset it had been appended past.
    @Test func aReportIntoTheFileStandardErrorSharesIsNotWrittenOver() throws {
        try FileManager.default.createSymbolicLink(atPath: directory + "/data/history.jsonl",
                                                   withDestinationPath: directory + "/missing/history.jsonl")
        for path in ["/dev/fd/1", "/dev/stderr", "/proc/self/fd/2"] {
            let out = directory + "/out.txt"
            let run = try KazuProcess.run(
                ["-c", "\"$0\" quiz number.1-10 -n 1 --seed 3 --no-audio --json-report \(path) > '\(out)' 2>&1", KazuProcess.executablePath],
                input: ":a\n\n", environment: environment, executable: "/bin/sh")
            #expect(run.status == 1)
            let written = try String(contentsOfFile: out, encoding: .utf8)
            let start = try #require(written.range(of: "\n{\n"), "\(path): \(written)")
            let end = try #require(written.range(of: "\n}\n", range: start.upperBound..<written.endIndex), "\(path): \(written)")
            let report = written[written.index(after: start.lowerBound)..<end.upperBound]
            #expect((try? JSONSerialization.jsonObject(with: Data(report.utf8))) != nil, "\(path): \(written)")
            #expect(written.contains("error: history not saved"), "\(path): \(written)")
        }
    }

    /// Settings that cannot be written (a folder that cannot be made) or read (a directory where
    /// the file should be): one warning, defaults used, the session played and saved.
    @Test(arguments: ["unwritable", "directory"])
    func settingsThatCannotBeKeptAreAWarningAndTheSessionRuns(fault: String) throws {
        var environment = environment
        if fault == "unwritable" {
            environment["KAZU_CONFIG_DIR"] = "/proc/kazu-\(UUID())"
        } else {
            try FileManager.default.createDirectory(atPath: directory + "/config/settings.json", withIntermediateDirectories: true)
        }
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--seed", "4", "--no-audio"],
                                    environment: environment)
        let question = try dialog.readLine(containing: "[1/1]")
        try dialog.send(":s")
        try dialog.send("rate 120")
        try dialog.send("")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 1)
        let warnings = dialog.errors.split(separator: "\n")
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") } && warnings.contains { $0.contains("settings") }, "\(warnings)")
    }

    /// No HOME and only a relative XDG_DATA_HOME: XDG's rules leave no place, and kazu says
    /// which variables would give it one.
    @Test func noPlaceForSettingsAndHistoryIsAClearError() throws {
        let result = try KazuProcess.run(["-u", "HOME", "-u", "KAZU_CONFIG_DIR", "-u", "KAZU_DATA_DIR", "XDG_CONFIG_HOME=",
                                          "XDG_DATA_HOME=relative/path", KazuProcess.executablePath, "stats"],
                                         executable: "/usr/bin/env")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("error: no place to keep settings and history: HOME is unset or not an absolute path; set HOME"))
    }

    /// The voice the settings name is gone (espeak-ng-data changed): one line naming the
    /// package, and the quiz goes on with subtitles.
    @Test func aVoiceThatIsGoneNamesThePackageAndTheQuizGoesOn() throws {
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try #"{"speech": {"voice": "xx-gone", "rate": 150, "pitch": 50}}"#.write(
            toFile: directory + "/config/settings.json", atomically: true, encoding: .utf8)
        let dialog = try KazuDialog(["quiz", "number.1-10", "-n", "2", "--seed", "6"],
                                    environment: noSoundServer)
        try dialog.readLine(containing: "[1/2]")
        waitForErrors(dialog, containing: "\n")
        #expect(dialog.errors.hasPrefix("no audio output: no Japanese voice \"xx-gone\": install espeak-ng-data"), "\(dialog.errors)")
        try expectTheQuizGoesOnWithSubtitlesAndIsSaved(dialog)
    }

    /// espeak-ng's data directory as the library was built to find it, on the machines we know.
    static let espeakData = ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
                             "/usr/share/espeak-ng-data"].first { FileManager.default.fileExists(atPath: $0) }

    /// Whether a process may make a user and mount namespace of its own here. Not inside a
    /// chroot, such as `scripts/fresh-machine-check`'s: the kernel refuses a new user namespace
    /// there, and mounting over a directory without one could reach the machine's own mounts.
    static let ownMountNamespaces = (try? KazuProcess.run(["-r", "-m", "true"], executable: "/usr/bin/unshare"))?.status == 0

    /// espeak-ng's data gone (an empty directory mounted over it, in a mount namespace of the
    /// kazu process's own): one line naming the package that installs it, and the quiz goes on
    /// silent. `ESPEAK_DATA_PATH` cannot stand for this: espeak-ng falls back to its built-in path.
    @Test(.enabled(if: espeakData != nil, "espeak-ng-data is not where Debian and Ubuntu put it"),
          .enabled(if: ownMountNamespaces, "this machine gives a process no user and mount namespace of its own (a chroot?)"))
    func espeakDataMissingNamesThePackageAndTheQuizGoesOn() throws {
        let empty = directory + "/empty-espeak-ng-data"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        // unshare -r -m: a user and mount namespace for this process alone (no privileges needed).
        let hideData = #"mount --bind "$1" "$2" && shift 2 && exec "$@""#
        let dialog = try KazuDialog(["-r", "-m", "sh", "-c", hideData, "sh", empty, Self.espeakData!,
                                     KazuProcess.executablePath, "quiz", "number.1-10", "-n", "2", "--seed", "6"],
                                    environment: noSoundServer,
                                    executable: "/usr/bin/unshare")
        try dialog.readLine(containing: "[1/2]")
        waitForErrors(dialog, containing: "\n")
        #expect(dialog.errors.hasPrefix("no audio output: speech synthesiser unavailable (espeak-ng data: "), "\(dialog.errors)")
        #expect(dialog.errors.contains("install espeak-ng-data (apt install espeak-ng-data)"), "\(dialog.errors)")
        #expect(dialog.errors.split(separator: "\n").count == 1, "\(dialog.errors)")
        try expectTheQuizGoesOnWithSubtitlesAndIsSaved(dialog)
    }

    /// The sound server goes away mid-session: one line, subtitles from then on, the session saved.
    @Test func theSoundServerDyingMidSessionIsSaidOnce() throws {
        let server = try PulseAudioHarness.start(sinkName: "kazu-faults")
        let dialog = try KazuDialog(["quiz", "number.1-10", "-n", "2", "--seed", "5"],
                                    environment: environment.merging(server.environment) { $1 })
        let first = try dialog.readLine(containing: "[1/2]")
        #expect(!first.contains("「"))
        server.shutDown()
        // :r stops the question while it plays, else plays it again, and a replay finds the
        // server gone. A player stopped as it fails says nothing (the next sound will), and a
        // second :r can stop the first one's replay: so :r, one at a time, until it is said.
        for _ in 0..<6 where !dialog.errors.contains("\n") {
            try dialog.send(":r")
            waitForErrors(dialog, containing: "\n", timeout: .seconds(3))
        }
        #expect(dialog.errors.hasPrefix("no audio output: paplay failed ("), "\(dialog.errors)")
        try dialog.send(":a")
        try dialog.send("")
        let second = try dialog.readLine(containing: "[2/2]")
        #expect(second.contains("「"), "subtitles once there is no sound")
        try dialog.send(":r")
        try dialog.send(":q")
        try dialog.readLine(containing: "summary:")
        #expect(try dialog.waitForExit() == 0)
        #expect(dialog.errors.components(separatedBy: "no audio output").count == 2, "said once: \(dialog.errors)")
        #expect(historyLines.count == 1)
    }
}
