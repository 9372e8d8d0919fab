import Foundation
import KazuKit
import Testing

/// A new, empty temporary directory; the test removes it with `removeTemporaryDirectory`.
func makeTemporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-kit-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a directory `makeTemporaryDirectory` made, with everything in it.
func removeTemporaryDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// What `write` writes into a named pipe made at `path`. The pipe is opened for reading
/// first, without waiting, so that the writer's open finds a reader.
func bytesThroughPipe(at path: String, _ write: () throws -> Void) throws -> [UInt8] {
    try #require(mkfifo(path, 0o644) == 0)
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try write()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = read(reader, &buffer, buffer.count)
    return Array(buffer[..<max(0, count)])
}

func sampleRecord(id: String = UUID().uuidString, topicID: String = "number.1-100", ended: Date = Date(timeIntervalSince1970: 1_800_000_000),
                  answers: [(String, [SubmissionRecord.Verdict])]) -> SessionRecord {
    let topic = TopicCatalog.topic(id: topicID)!
    let questions = answers.map { key, verdicts in
        QuestionRecord(question: topic.question(valueKey: key, skill: .listening)!,
                       submissions: verdicts.enumerated().map { SubmissionRecord(typed: "x", verdict: $1, seconds: Double($0 + 1)) })
    }
    return SessionRecord(id: id, topicID: topicID, skill: .listening, mode: .questionLimit(answers.count), seed: 1,
                         startedAt: ended.addingTimeInterval(-60), endedAt: ended, ending: .completed, questions: questions)
}

@Suite struct StorageLocationTests {
    @Test func xdgRulesAreFollowed() throws {
        let home = try StorageLocations(environment: ["HOME": "/home/aiko"])
        #expect(home.settingsFile == "/home/aiko/.config/kazu/settings.json")
        #expect(home.historyFile == "/home/aiko/.local/share/kazu/history.jsonl")
        let xdg = try StorageLocations(environment: ["HOME": "/home/aiko", "XDG_CONFIG_HOME": "/c/", "XDG_DATA_HOME": "/d"])
        #expect(xdg.settingsFile == "/c/kazu/settings.json" && xdg.historyFile == "/d/kazu/history.jsonl")
        // Empty or relative XDG variables are ignored.
        let ignored = try StorageLocations(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "rel/ative"])
        #expect(ignored.configDirectory == "/h/.config/kazu" && ignored.dataDirectory == "/h/.local/share/kazu")
        let overridden = try StorageLocations(environment: ["KAZU_CONFIG_DIR": "/x", "KAZU_DATA_DIR": "/y"])
        #expect(overridden.configDirectory == "/x" && overridden.dataDirectory == "/y")
    }

    /// Kazu's own variables set to a relative path are named as the mistake, not ignored in
    /// favour of the home folder (nor blamed on HOME).
    @Test func aRelativeKazuFolderIsNamed() {
        #expect(throws: StorageError("KAZU_DATA_DIR must be an absolute path, not 'data'; as in KAZU_DATA_DIR=$PWD/data")) {
            try StorageLocations(environment: ["HOME": "/h", "KAZU_DATA_DIR": "data"])
        }
        #expect(throws: StorageError("KAZU_CONFIG_DIR must be an absolute path, not 'c'; as in KAZU_CONFIG_DIR=$PWD/c")) {
            try StorageLocations(environment: ["KAZU_CONFIG_DIR": "c"])
        }
        #expect(throws: StorageError("KAZU_CONFIG_DIR must be an absolute path, not '~/k'; as in KAZU_CONFIG_DIR=$HOME/k")) {
            try StorageLocations(environment: ["KAZU_CONFIG_DIR": "~/k"])
        }
        #expect((try? StorageLocations(environment: ["HOME": "/h", "KAZU_CONFIG_DIR": ""]))?.configDirectory == "/h/.config/kazu")
    }

    @Test func noPlaceLeftIsAClearError() {
        #expect(throws: StorageError.self) { try StorageLocations(environment: [:]) }
        #expect(throws: StorageError.self) { try StorageLocations(environment: ["HOME": "relative", "XDG_DATA_HOME": "/d"]) }
        do {
            _ = try StorageLocations(environment: ["HOME": ""])
        } catch {
            #expect(error.message.contains("HOME is unset"))
        }
    }
}

@Suite struct SettingsClientTests {
    func client(_ directory: String) -> (SettingsClient, String) {
        let locations = StorageLocations(configDirectory: directory + "/config", dataDirectory: directory + "/data")
        return (SettingsClient.live(locations, now: { Date(timeIntervalSince1970: 1_800_000_000) }), locations.settingsFile)
    }

    @Test func settingsRoundTripThroughTheFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        #expect(client.load() == SettingsLoad(settings: KazuSettings()))
        var settings = KazuSettings(skill: .writing, mode: .timeLimit(seconds: 90))
        settings.speech = SpeechPreferences(voice: "ja+f2", rate: 120, pitch: 60)
        settings.favorites = ["money.conbini"]
        settings.markPlayed("number.1-100")
        try client.save(settings)
        #expect(client.load() == SettingsLoad(settings: settings))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"kind\" : \"seconds\"") && text.contains("\"limit\" : 90"))
    }

    @Test func unknownFieldsAreIgnoredAndMissingOrBadOnesTakeTheirDefaults() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try #"{"skill": "reading", "speech": {"rate": "fast", "pitch": 70}, "colour": "blue", "mode": {"kind": "questions", "limit": -3}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = client.load()
        #expect(loaded.problem == nil)
        #expect(loaded.settings == KazuSettings(skill: .reading, speech: SpeechPreferences(pitch: 70)))
    }

    /// One topic id written where a list belongs (a hand edit) is a list of one, and a list
    /// with something else in it keeps its ids: not a bad field that the next save would drop.
    @Test func favoritesEditedByHandAreKept() throws {
        let decoded = try JSONDecoder().decode(KazuSettings.self, from: Data(#"{"favorites": "money.rent", "recentTopics": 3}"#.utf8))
        #expect(decoded.favorites == ["money.rent"] && decoded.recentTopics.isEmpty)
        let mixed = try JSONDecoder().decode(KazuSettings.self, from: Data(#"{"favorites": ["money.conbini", null, 7, "number.oku"]}"#.utf8))
        #expect(mixed.favorites == ["money.conbini", "number.oku"])
    }

    // The settings keep their fields in a shared box; copies stay independent, equal values
    // in different boxes are equal and hash alike, and they print as their fields.
    @Test func settingsAreValuesWhateverHoldsThem() {
        var first = KazuSettings(favorites: ["money.conbini"])
        let copy = first
        first.speech.rate += 10
        first.favorites.append("number.1-100")
        first.markPlayed("time.clock")
        #expect(copy.speech.rate == SpeechPreferences().rate)
        #expect(copy.favorites == ["money.conbini"] && copy.recentTopics.isEmpty)
        var rebuilt = KazuSettings(favorites: ["money.conbini", "number.1-100"])
        rebuilt.speech.rate = first.speech.rate
        rebuilt.markPlayed("time.clock")
        #expect(rebuilt == first)
        #expect(rebuilt.hashValue == first.hashValue)
        #expect(rebuilt != copy)
        let printed = "\(first)"
        #expect(printed.contains("favorites: [\"money.conbini\", \"number.1-100\"]"))
        #expect(!printed.contains("Box"))
    }

    @Test func anUndecodableFileIsKeptAsideAndReportedOnce() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try "{ this is not json".write(toFile: path, atomically: true, encoding: .utf8)
        let first = client.load()
        #expect(first.settings == KazuSettings())
        #expect(first.problem == "settings file could not be read; kept it as \(path).bad-20270115T080000Z and using the defaults")
        #expect(try String(contentsOfFile: path + ".bad-20270115T080000Z", encoding: .utf8) == "{ this is not json")
        #expect(client.load() == SettingsLoad(settings: KazuSettings()), "reported once: the file is gone")
        try client.save(KazuSettings(skill: .reading))
        #expect(client.load().settings.skill == .reading)
    }

    @Test func aDirectoryWhereTheFileShouldBeIsReportedAndNotSavedOver() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let loaded = client.load()
        #expect(loaded.settings == KazuSettings())
        #expect(loaded.problem?.contains("is a directory") == true)
        #expect(throws: StorageError.self) { try client.save(KazuSettings()) }
    }

    /// A file kazu cannot read (for a learner, most often its permissions; here, as tests may
    /// run as root, a link to itself) is reported, and the settings in it are not replaced by
    /// the defaults when something is saved, until a load finds the file readable again.
    @Test func aFileThatCannotBeReadIsNotSavedOver() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "settings.json")
        let loaded = client.load()
        #expect(loaded.settings == KazuSettings())
        #expect(loaded.problem?.hasSuffix("using the defaults, and not saving over the file") == true)
        #expect(throws: StorageError.self) { try client.save(KazuSettings(skill: .reading)) }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == "settings.json")
        // Fixed by the learner: the next load reads it, and saving works again.
        try FileManager.default.removeItem(atPath: path)
        #expect(client.load() == SettingsLoad(settings: KazuSettings()))
        try client.save(KazuSettings(skill: .reading))
        #expect(client.load().settings.skill == .reading)
    }

    /// A settings file that is a link (kept with someone's dotfiles) stays a link: saving
    /// replaces the file it names. So does a link to a file not made yet.
    @Test func savingThroughALinkKeepsTheLink() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../dotfiles/kazu.json")
        try client.save(KazuSettings(skill: .writing))
        try client.save(KazuSettings(skill: .reading))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == "../dotfiles/kazu.json")
        #expect(client.load().settings.skill == .reading)
        let kept = try String(contentsOfFile: directory + "/dotfiles/kazu.json", encoding: .utf8)
        #expect(kept.contains("\"reading\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/dotfiles") == ["kazu.json"])
    }

    /// A pipe where the file should be is refused at once: opening it to read would wait for
    /// a writer for ever.
    @Test func aPipeWhereTheFileShouldBeIsReportedWithoutWaiting() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let (client, path) = client(directory)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o644) == 0)
        #expect(client.load().problem?.contains("is not a regular file") == true)
    }
}

@Suite struct SessionReportTests {
    /// A report sent to a named pipe (or a device: /dev/null, /dev/stdout) is written into
    /// it; the pipe is not replaced by a file.
    @Test func aReportToAPipeIsWrittenIntoIt() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let pipe = directory + "/report"
        let record = sampleRecord(answers: [("3", [.correct])])
        let written = try bytesThroughPipe(at: pipe) { try SessionReport.write(record, to: pipe) }
        #expect(String(decoding: written, as: UTF8.self) == (try SessionReport.json(record)) + "\n")
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// The check made before a session follows the writer's own rules: where the writer
    /// would fail for want of a folder, the check says so, and where it would write (into a
    /// device, through a link, beside a file), the check finds nothing wrong.
    @Test func theCheckBeforeASessionFollowsTheWritersRules() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let manager = FileManager.default
        try "{}".write(toFile: directory + "/old.json", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: "loop")
        try manager.createSymbolicLink(atPath: directory + "/nowhere", withDestinationPath: "missing/report.json")
        try manager.createSymbolicLink(atPath: directory + "/later", withDestinationPath: "later.json")
        try manager.createSymbolicLink(atPath: directory + "/old", withDestinationPath: directory + "/old.json")
        try manager.createSymbolicLink(atPath: directory + "/out", withDestinationPath: "/dev/stdout")
        try manager.createSymbolicLink(atPath: directory + "/chain", withDestinationPath: "nowhere")
        let long = String(repeating: "c", count: 240) + ".json"
        let cases: [(String, WriteProblem?)] = [
            ("", .noPath),
            (directory, .folder),
            (directory + "/old.json/", .notAFolder(directory + "/old.json")),
            (directory + "/old.json//", .notAFolder(directory + "/old.json")),
            (directory + "/none/", .folder),
            (directory + "/loop", .linkLoop),
            (directory + "/none/report.json", .noFolder(directory + "/none")),
            (directory + "/nowhere", .noFolder(directory + "/missing")),
            (directory + "/new.json", nil),
            (directory + "/old.json", nil),
            (directory + "/later", nil),
            (directory + "/old", nil),
            (directory + "/out", nil),
            ("/dev/null", nil),
            (directory + "/chain", .noFolder(directory + "/missing")),
            (directory + "/old.json/x.json", .notAFolder(directory + "/old.json")),
            (directory + "/" + String(repeating: "c", count: 300), .nameTooLong),
            (directory + "/" + long, nil),
        ]
        for (path, problem) in cases {
            #expect(SessionReport.problem(writingTo: path) == problem, "\(path)")
        }
        // Where the check finds nothing wrong, the writer writes (a long name too: the
        // temporary file beside it must not be longer than a folder takes).
        let record = sampleRecord(answers: [("3", [.correct])])
        for name in ["/new.json", "/old.json", "/later", "/old", "/" + long] {
            try SessionReport.write(record, to: directory + name)
        }
        #expect(manager.fileExists(atPath: directory + "/later.json"))
    }

    /// A descriptor of this process named through /proc or /dev however the path is spelled
    /// ('//proc/self/fd/N', '/./dev/fd/N', a link holding a relative path to one) is written
    /// into: replacing the file it names would lose what the shell sent there (the session's
    /// lines, with standard output in a file).
    @Test func aDescriptorNamedAnyWayIsWrittenInto() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let descriptor = open(directory + "/out.txt", O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let depth = directory.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + "proc/self/fd/\(descriptor)"
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: relative)
        let lines = "the session's lines\n"
        #expect(write(descriptor, lines, lines.utf8.count) == lines.utf8.count)
        let record = sampleRecord(answers: [("3", [.correct])])
        let paths = ["/proc/self/fd/\(descriptor)", "//proc/self/fd/\(descriptor)", "/./proc/self/fd/\(descriptor)",
                     "//dev/fd/\(descriptor)", "/dev/../dev/fd/\(descriptor)", directory + "/link"]
        for path in paths {
            try SessionReport.write(record, to: path)
            let text = try String(contentsOfFile: directory + "/out.txt", encoding: .utf8)
            #expect(text.hasPrefix(lines), "\(path) replaced the file its descriptor writes")
        }
        let text = try String(contentsOfFile: directory + "/out.txt", encoding: .utf8)
        #expect(text.components(separatedBy: "\"endedAt\"").count == paths.count + 1)
    }

    /// A report never replaces the history or the settings, named as they are, through a
    /// link, or before they exist; nor goes into a socket.
    @Test func theCheckSparesKazusOwnFilesAndRefusesASocket() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let history = directory + "/data/history.jsonl", settings = directory + "/config/settings.json"
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        let kept = [history, settings]
        // Before they exist, by name; once they do, however they are reached.
        #expect(SessionReport.problem(writingTo: history, sparing: kept) == .keptFile)
        #expect(SessionReport.problem(writingTo: directory + "/config/../config/settings.json", sparing: kept) == .keptFile)
        try "{}\n".write(toFile: history, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: history)
        #expect(SessionReport.problem(writingTo: history, sparing: kept) == .keptFile)
        #expect(SessionReport.problem(writingTo: directory + "/link", sparing: kept) == .keptFile)
        #expect(SessionReport.problem(writingTo: directory + "/data/report.json", sparing: kept) == nil)

        // Settings kept elsewhere through a link to a file not made yet (with one's dotfiles):
        // the report must not make or replace the file the link will lead to.
        try FileManager.default.createDirectory(atPath: directory + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: directory + "/dotfiles/kazu.json")
        #expect(SessionReport.problem(writingTo: settings, sparing: kept) == .keptFile)
        #expect(SessionReport.problem(writingTo: directory + "/dotfiles/kazu.json", sparing: kept) == .keptFile)
        #expect(SessionReport.problem(writingTo: directory + "/dotfiles/report.json", sparing: kept) == nil)

        let socketPath = directory + "/socket"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(SessionReport.problem(writingTo: socketPath) == .socket)
    }
}

@Suite struct HistoryClientTests {
    /// A history that is a named pipe or a device (/dev/null) is refused before anything is
    /// written, as reading refuses it: a pipe nobody reads would hold a long line, and the save,
    /// for ever. The pipe is left as it was, with nothing in it.
    @Test func aHistoryThatIsAPipeOrADeviceIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let history = HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory))
        let record = sampleRecord(answers: [("3", [.correct])])
        var refusal = ""
        let written = try bytesThroughPipe(at: directory + "/history.jsonl") {
            do { try history.append(record) } catch { refusal = "\(error)" }
        }
        #expect(written.isEmpty)
        #expect(refusal.hasPrefix("history not saved: \(directory)/history.jsonl: is not a regular file"), "\(refusal)")
        let device = directory + "/device"
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: device + "/history.jsonl", withDestinationPath: "/dev/null")
        #expect(throws: StorageError.self) {
            try HistoryClient.live(StorageLocations(configDirectory: device, dataDirectory: device)).append(record)
        }
    }

    @Test func theHistoryOnDiskSaysItWaitsOnTheDiskAndOneInMemoryDoesNot() {
        let locations = StorageLocations(configDirectory: "/nowhere", dataDirectory: "/nowhere")
        #expect(HistoryClient.live(locations).waitsOnDisk)
        #expect(!HistoryClient.inMemory().waitsOnDisk)
        // One a caller makes is taken to wait on a disk unless it says otherwise.
        #expect(HistoryClient(append: { _ in }, load: { HistoryLoad() }).waitsOnDisk)
        #expect(!HistoryClient(append: { _ in }, load: { HistoryLoad() }, waitsOnDisk: false).waitsOnDisk)
    }

    @Test func recordsRoundTripOneLineEach() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let history = HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory + "/data"))
        #expect(try history.load() == HistoryLoad())
        let first = sampleRecord(answers: [("3", [.correct]), ("4", [.incorrect, .correct])])
        let second = sampleRecord(answers: [("5", [.skipped])])
        try history.append(first)
        try history.append(second)
        #expect(try history.load() == HistoryLoad(records: [first, second]))
        let lines = try String(contentsOfFile: directory + "/data/history.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("\"version\":1"))
    }

    /// A history whose last line lost its newline (a crash, a hand edit): the next session
    /// starts a line of its own instead of joining that one, which would lose both.
    @Test func aSessionAppendedAfterALastLineWithoutItsNewlineKeepsBoth() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let history = HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory))
        let first = sampleRecord(answers: [("3", [.correct])])
        let second = sampleRecord(answers: [("5", [.incorrect, .correct])])
        try history.append(first)
        let file = directory + "/history.jsonl"
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(whole.last == 0x0A)
        try whole.dropLast().write(to: URL(fileURLWithPath: file))
        try history.append(second)
        let load = try history.load()
        #expect(load.records == [first, second] && load.skippedLines == 0)
        // And one at the very start of an empty file needs no newline before it.
        try Data().write(to: URL(fileURLWithPath: file))
        try history.append(first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).first == UInt8(ascii: "{"))
    }

    /// Damaged lines are skipped and counted; so are a newer kazu's, apart, as newer: one this
    /// kazu could decode, and one with a skill it does not know.
    @Test func damagedTruncatedAndHugeLinesAreSkippedAndCountedApartFromNewerOnes() throws {
        let good = sampleRecord(answers: [("3", [.correct])])
        let line = try HistoryClient.encodedLine(good)
        let text = String(decoding: line, as: UTF8.self)
        var bytes = line
        bytes += Array("{\"not\": \"a session\"}\n".utf8)
        bytes += Array(line.prefix(line.count / 2)) + [0x0A]                       // cut short
        bytes += Array(repeating: 0x41, count: HistoryClient.longestLine + 1) + [0x0A]   // huge
        bytes += [0xFF, 0xFE, 0x0A]                                                 // not UTF-8
        bytes += Array(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":0").utf8)   // no kazu's
        bytes += Array(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":99").utf8)
        bytes += Array(text.replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
            .replacingOccurrences(of: "\"skill\":\"listening\"", with: "\"skill\":\"speaking\"").utf8)
        bytes += Array("{\"skill\": [1, {\"a\": null}], \"version\": 7}\n".utf8)        // a shape of its own, but newer
        bytes += Array("{\"version\": 7\n".utf8)                                     // cut short
        bytes += line
        let load = HistoryClient.decode(bytes)
        #expect(load.records == [good, good])
        #expect(load.skipped == SkippedLines(damaged: 6, newer: 3) && load.skippedLines == 9)
    }

    /// The file is read a block (1 MiB) at a time: lines that straddle blocks, a line of
    /// 3 MiB, damaged lines and a last line without its newline read as the whole bytes do.
    @Test func aLongHistoryIsReadInBlocksAsTheWholeBytesAre() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let history = HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory))
        var bytes: [UInt8] = []
        var expected: [SessionRecord] = []
        for index in 0..<3_000 {
            let record = sampleRecord(answers: [("\(index % 10 + 1)", [index % 3 == 0 ? .incorrect : .correct])])
            expected.append(record)
            bytes += try HistoryClient.encodedLine(record)
            if index == 1_500 { bytes += Array(repeating: 0x7B, count: 3 << 20) + [0x0A] }   // a 3 MiB line
            if index % 700 == 0 { bytes += Array("{damaged\n\n  \n".utf8) }
        }
        bytes.removeLast()   // no newline at the end
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/history.jsonl"))
        #expect(bytes.count > 2 << 20)
        let load = try history.load()
        #expect(load == HistoryClient.decode(bytes))
        #expect(load.records == expected && load.skippedLines == 6)
        let now = Date()
        let (statistics, skipped) = try history.statistics(now: now)
        #expect(statistics == HistoryStatistics(records: expected, now: now))
        #expect(skipped == SkippedLines(damaged: 6) && statistics.overall.sessions == 3_000 && statistics.overall.correct == 2_000)
    }

    /// Two real processes append to the history and save settings at once: every line arrives
    /// whole and the settings file holds both writers' changes.
    @Test func twoProcessesSavingAtOnceLoseNothing() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let writers = try (0..<2).map { index -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: testBinary)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "HistoryWriterProcess"]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["KAZU_TEST_HISTORY_WRITER": directory, "KAZU_TEST_WRITER_NAME": "writer\(index)"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        let load = try HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory)).load()
        #expect(load.skippedLines == 0)
        #expect(load.records.count == 2 * HistoryWriterProcess.sessions)
        #expect(Set(load.records.map(\.id)).count == load.records.count)
        // Both saved settings all the while: the file is whole, with both favorites and the
        // rate both set last, no temporary left.
        let settings = SettingsClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory)).load()
        #expect(settings.problem == nil)
        #expect(Set(settings.settings.favorites) == ["writer0", "writer1"])
        #expect(settings.settings.speech.rate == 100 + HistoryWriterProcess.sessions - 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp") }.isEmpty)
    }
}

/// Runs only inside the child processes `twoProcessesSavingAtOnceLoseNothing` starts.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["KAZU_TEST_HISTORY_WRITER"] != nil))
struct HistoryWriterProcess {
    static let sessions = 150

    @Test func appendSessions() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = environment["KAZU_TEST_HISTORY_WRITER"]!
        let name = environment["KAZU_TEST_WRITER_NAME"] ?? "writer"
        let history = HistoryClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory))
        // Long lines (well past the 4 KiB a pipe writes whole) so that interleaving would show.
        let answers = (1...60).map { (String($0), [SubmissionRecord.Verdict.correct]) }
        let settings = SettingsClient.live(StorageLocations(configDirectory: directory, dataDirectory: directory))
        var mine = KazuSettings()
        mine.favorites = [name]
        for index in 0..<Self.sessions {
            try history.append(sampleRecord(id: "\(name)-\(index)", answers: answers))
            mine.speech.rate = 100 + index
            try settings.save(mine)
        }
    }
}

@Suite struct HistoryStatisticsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func totalsTrendAndMostMissed() {
        let records = [
            sampleRecord(ended: now.addingTimeInterval(-200), answers: [("3", [.correct]), ("4", [.incorrect, .correct])]),
            sampleRecord(topicID: "money.conbini", ended: now.addingTimeInterval(-100), answers: [("1200", [.skipped]), ("900", [.correct])]),
            sampleRecord(ended: now, answers: [("4", [.incorrect]), ("7", [.correct]), ("8", [.correct]), ("9", [.correct])]),
        ]
        let stats = HistoryStatistics(records: records, now: now)
        #expect(stats.overall == HistoryStatistics.Tally(sessions: 3, questions: 8, correct: 5))
        #expect(stats.byTopicAndSkill[.init(topicID: "number.1-100", skill: .listening)]
            == HistoryStatistics.Tally(sessions: 2, questions: 6, correct: 4))
        #expect(stats.trend == [0.5, 0.5, 0.75])
        #expect(stats.mostMissed.map(\.valueKey) == ["4", "1200"])
        #expect(stats.mostMissed.first?.misses == 2 && stats.mostMissed.first?.reading == "よん")
    }

    @Test func reviewLeavesOutValuesOfTopicsThisKazuDoesNotHave() {
        var gone = sampleRecord(ended: now.addingTimeInterval(-60), answers: [("3", [.incorrect])])
        // A newer kazu's topic, or one since removed.
        gone.topicID = "gone.topic"
        gone.questions[0].topicID = "gone.topic"
        let conbini = sampleRecord(topicID: "money.conbini", ended: now, answers: [("1200", [.skipped])])
        #expect(HistoryStatistics(records: [gone], now: now).review.isEmpty, "nothing a review could ask")
        #expect(HistoryStatistics(records: [gone, conbini], now: now).review.map(\.topicID) == ["money.conbini"])
        #expect(HistoryStatistics(records: [gone], now: now).mostMissed.map(\.topicID) == ["gone.topic"], "still counted as missed")
    }

    /// A missed value stays in the review; answered right, it only comes due later.
    @Test func reviewKeepsEveryMissedValueAndTheScheduleSaysWhenEachIsDue() {
        var records = [
            sampleRecord(ended: now.addingTimeInterval(-86_400 * 14), answers: [("3", [.incorrect]), ("5", [.correct])]),
            sampleRecord(ended: now.addingTimeInterval(-60), answers: [("4", [.skipped])]),
        ]
        var stats = HistoryStatistics(records: records, now: now)
        #expect(Set(stats.review.map(\.valueKey)) == ["3", "4"], "only missed values")
        let old = stats.review.first { $0.valueKey == "3" }!.weight, recent = stats.review.first { $0.valueKey == "4" }!.weight
        #expect(recent > old * 2, "recent misses weigh more")
        // 3, missed two weeks ago, is due; 4, skipped a minute ago, is due tomorrow.
        var review = ReviewSchedule(records: records).review(stats.review, by: now)
        #expect(review.map(\.valueKey) == ["3", "4"] && review.map(\.isDue) == [true, false])

        records.append(sampleRecord(ended: now.addingTimeInterval(-30), answers: [("3", [.correct])]))
        records.append(sampleRecord(ended: now.addingTimeInterval(-20), answers: [("3", [.correct])]))
        stats = HistoryStatistics(records: records, now: now)
        #expect(Set(stats.review.map(\.valueKey)) == ["3", "4"], "right twice in a row, still in the review")
        // Right twice since its miss: 3 is due in 6 days (1 day, then 6), after 4.
        review = ReviewSchedule(records: records).review(stats.review, by: now)
        #expect(review.map(\.valueKey) == ["4", "3"])
        #expect(review.map(\.notDueUntil) == [now.addingTimeInterval(86_400 - 60), now.addingTimeInterval(6 * 86_400 - 20)])
    }
}
