import Foundation
import KazuKit
import KazuTestSupport
import Testing

/// Kazus sharing their files, through the built binary: many at once, one started before
/// another's change, hostile folders, and what `kazu say` leaves behind.
@Suite("storage shared between kazus")
struct SharedStorageTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let environment: [String: String]
    var directory: String { home.path }

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-shared")
    }

    /// Starts `kazu arguments...` reading `input`, without waiting for it.
    func start(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) throws -> Process {
        let inputPath = directory + "/input-\(UUID())"
        try input.write(toFile: inputPath, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KazuProcess.executablePath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { $1 }) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    var favorites: [String] {
        get throws {
            let listed = try KazuProcess.run(["favorite", "list"], environment: environment)
            return listed.output.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        }
    }

    /// Ten `kazu favorite add` at once, while ten quizzes end at once: all ten favorites kept,
    /// and the topic the quizzes played is marked played.
    @Test func tenFavoritesAddedAtOnceAreAllKept() throws {
        let topics = Array(TopicCatalog.all.map(\.id).prefix(10))
        var processes: [Process] = []
        for topic in topics {
            processes.append(try start(["favorite", "add", topic]))
            processes.append(try start(["quiz", "money.conbini", "--no-audio"], input: ":q\n"))
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        #expect(Set(try favorites) == Set(topics))
        let settings = try String(contentsOfFile: directory + "/config/settings.json", encoding: .utf8)
        #expect(settings.contains("\"money.conbini\""))
    }

    /// A quiz started before a `favorite add` does not undo it when it ends and saves.
    @Test func aQuizStartedBeforeAFavoriteAddDoesNotUndoIt() throws {
        let dialog = try KazuDialog(["quiz", "money.conbini", "--no-audio", "-n", "2"], environment: environment)
        try dialog.readLine(containing: "[1/2]")
        let added = try KazuProcess.run(["favorite", "add", "number.oku"], environment: environment)
        #expect(added.status == 0 && added.output == "added number.oku\n")
        try dialog.send(":a")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        #expect(try favorites == ["number.oku"])
    }

    /// In a folder others can write in, a link planted as the settings or the history is not
    /// written through: kazu refuses the folder with the fix, exit 1, and the file it names is
    /// as it was. A folder of another user's is refused too.
    @Test func aFolderOthersCanWriteInIsRefusedWithTheFix() throws {
        let shared = directory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o777) == 0)
        let victim = directory + "/victim"
        try "mine\n".write(toFile: victim, atomically: false, encoding: .utf8)
        #expect(symlink(victim, shared + "/settings.json") == 0 && symlink(victim, shared + "/history.jsonl") == 0)
        let planted = environment.merging(["KAZU_CONFIG_DIR": shared, "KAZU_DATA_DIR": shared]) { $1 }
        for arguments in [["favorite", "add", "number.oku"], ["quiz", "number.1-10", "-n", "1", "--no-audio"], ["stats"]] {
            let result = try KazuProcess.run(arguments, input: "5\n", environment: planted)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errors.contains("can be written by other users") && result.errors.contains("chmod go-w \(shared)"),
                    "\(result.errors)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
        #expect(chmod(shared, 0o755) == 0 && chown(shared, 65_534, 65_534) == 0)
        let result = try KazuProcess.run(["favorite", "add", "number.oku"], environment: planted)
        #expect(result.status == 1 && result.errors.contains("belongs to another user"), "\(result.errors)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
    }

    /// Three damaged settings files in a row each keep a copy of their own, beside folders
    /// that have the names the copies would take.
    @Test func damagedSettingsInARowAreEachKept() throws {
        let path = directory + "/config/settings.json"
        // Folders where the copies of the next seconds would go: passed by, not written into.
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.timeZone = TimeZone(identifier: "UTC")
        stamp.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        for second in 0..<10 {
            try FileManager.default.createDirectory(atPath: path + ".bad-" + stamp.string(from: Date().addingTimeInterval(Double(second))),
                                                    withIntermediateDirectories: true)
        }
        for damaged in ["{ one", "{ two", "{ three"] {
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            let result = try KazuProcess.run(["favorite", "list"], environment: environment)
            #expect(result.status == 0 && result.errors.contains("kept it as"), "\(result.errors)")
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory + "/config").filter { $0.contains(".bad-") }
        let contents = kept.compactMap { try? String(contentsOfFile: directory + "/config/" + $0, encoding: .utf8) }
        #expect(Set(contents) == ["{ one", "{ two", "{ three"])
    }

    /// A save keeps the file's mode and the keys this kazu does not know, and removes what a
    /// save killed midway left behind.
    @Test func aSaveKeepsTheModeAndUnknownKeysAndClearsKilledSaves() throws {
        let path = directory + "/config/settings.json"
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try #"{"favorites": ["money.rent"], "newerKazu": {"x": [1, "two"]}, "speech": {"rate": 130, "volume": 5}}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        let gone = try start(["--version"])
        gone.waitUntilExit()
        let stale = "\(path).tmp-\(gone.processIdentifier)-1234"
        try "{".write(toFile: stale, atomically: false, encoding: .utf8)
        #expect(try KazuProcess.run(["favorite", "add", "number.oku"], environment: environment).status == 0)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let saved = try String(contentsOfFile: path, encoding: .utf8).filter { !$0.isWhitespace }
        #expect(saved.contains(#""newerKazu":{"x":[1,"two"]}"#) && saved.contains(#""volume":5"#), "\(saved)")
        #expect(try favorites == ["money.rent", "number.oku"])
        #expect(!FileManager.default.fileExists(atPath: stale))
    }

    /// A question answered wrong many times makes a short line: its first and last tries and
    /// the count of the others, which the summary shows between them.
    @Test func aQuestionTriedManyTimesMakesAShortLine() throws {
        let result = try KazuProcess.run(["quiz", "money.conbini", "--infinite", "--no-audio"],
                                         input: String(repeating: "1\n", count: 3_000), environment: environment)
        #expect(result.status == 0)
        let lines = historyLines(in: directory)
        #expect(lines.count == 1 && lines[0].utf8.count < 2_000)
        #expect(lines.first?.contains("\"omittedTries\":\(3_000 - 8)") == true, "\(lines)")
        #expect(result.output.contains("(you typed 1, 1, 1, 1, … 2992 more, 1, 1, 1, 1)"), "\(result.output.suffix(300))")
    }

    /// `kazu say --wav` plays nothing, so nothing of a sound server's is made in the home folder.
    @Test func sayingIntoAFileLeavesNothingInTheHomeFolder() throws {
        let result = try KazuProcess.run(["say", "100", "--wav", directory + "/100.wav"],
                                         environment: environment.merging(["HOME": directory, "KAZU_PLAYER": "none"]) { $1 })
        #expect(result.status == 0, "\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: directory + "/100.wav"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/.config"))
    }
}
