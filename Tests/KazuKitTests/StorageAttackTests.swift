import Foundation
@testable import KazuKit
import Testing

/// What is kept when kazus share their files, on real files in a temporary folder: changes
/// saved at once, damaged files kept aside, a file's mode and keys, what a killed save leaves,
/// and folders others can write in.
@Suite struct SettingsSharingTests {
    func locations(_ directory: String) -> StorageLocations {
        StorageLocations(configDirectory: directory + "/config", dataDirectory: directory + "/data")
    }

    /// Two kazus that loaded the same settings each save their own change: both are kept,
    /// and a quiz that only marked a topic played does not undo a favorite added meanwhile.
    @Test func twoKazusSavingKeepEachOthersChanges() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let quiz = SettingsClient.live(locations(directory))
        let favorite = SettingsClient.live(locations(directory))
        let other = SettingsClient.live(locations(directory))
        var quizSettings = quiz.load().settings
        var favoriteSettings = favorite.load().settings
        var otherSettings = other.load().settings
        favoriteSettings.favorites.append("number.oku")
        try favorite.save(favoriteSettings)
        otherSettings.speech.rate = 120
        otherSettings.favorites.append("money.rent")
        try other.save(otherSettings)
        quizSettings.markPlayed("money.conbini")
        quizSettings.speech.pitch = 60
        try quiz.save(quizSettings)
        let saved = SettingsClient.live(locations(directory)).load().settings
        #expect(saved.favorites == ["number.oku", "money.rent"])
        #expect(saved.recentTopics == ["money.conbini"])
        #expect(saved.speech == SpeechPreferences(rate: 120, pitch: 60))
        // A favorite removed by one is removed, the other's added one kept.
        favoriteSettings.favorites.removeAll { $0 == "number.oku" }
        try favorite.save(favoriteSettings)
        #expect(SettingsClient.live(locations(directory)).load().settings.favorites == ["money.rent"])
    }

    /// Topics played are put first on the list as it is now, the others' order kept.
    @Test func topicsPlayedAreMarkedOnTheListAsItIsNow() {
        let old = KazuSettings(recentTopics: ["a", "b", "c"])
        var new = old
        new.markPlayed("c")
        new.markPlayed("x")
        let onDisk = KazuSettings(recentTopics: ["y", "a", "b", "c"])
        #expect(onDisk.applying(changesFrom: old, to: new).recentTopics == ["x", "c", "y", "a", "b"])
        #expect(onDisk.applying(changesFrom: old, to: old) == onDisk)
    }

    /// A save keeps the file's mode and the keys this kazu does not know, at the top and
    /// inside an object it knows.
    @Test func savingKeepsTheModeAndKeysItDoesNotKnow() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let client = SettingsClient.live(locations(directory))
        let path = locations(directory).settingsFile
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        try #"{"skill": "reading", "colour": {"name": "blue", "shades": [1, 2.5, true, null]}, "speech": {"rate": 130, "volume": 0.5}, "mode": {"kind": "questions", "limit": 20}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        var settings = client.load().settings
        settings.favorites.append("number.oku")
        settings.mode = .infinite
        try client.save(settings)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let colour = saved?["colour"] as? [String: Any]
        #expect(colour?["name"] as? String == "blue" && (colour?["shades"] as? [Any])?.count == 4)
        let speech = saved?["speech"] as? [String: Any]
        #expect(speech?["volume"] as? Double == 0.5 && speech?["rate"] as? Int == 130)
        #expect(saved?["favorites"] as? [String] == ["number.oku"] && saved?["skill"] as? String == "reading")
        #expect((saved?["mode"] as? [String: Any])?.keys.sorted() == ["kind"], "a mode's fields are replaced together")
    }

    /// Damaged files found in the same second are each kept under a name of their own, and a
    /// folder in the way of that name is passed by, not named as the problem.
    @Test func damagedFilesKeptAsideInOneSecondAreEachKept() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let path = locations(directory).settingsFile
        let client = SettingsClient.live(locations(directory), now: { Date(timeIntervalSince1970: 1_800_000_000) })
        try FileManager.default.createDirectory(atPath: path + ".bad-20270115T080000Z", withIntermediateDirectories: true)
        var kept: [String] = []
        for damaged in ["{ one", "{ two", "{ three"] {
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            let problem = try #require(client.load().problem)
            let name = try #require(problem.split(separator: " ").first { $0.hasPrefix(path) }.map(String.init))
            #expect(try String(contentsOfFile: name, encoding: .utf8) == damaged, "\(problem)")
            kept.append(name)
        }
        #expect(Set(kept).count == 3)
        #expect(kept[0] == path + ".bad-20270115T080000Z-2")
    }

    /// Temporary files of saves whose process was killed are removed by the next save; one
    /// of a process still running is left alone.
    @Test func aSaveRemovesTheTemporaryFilesOfKilledSaves() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let path = locations(directory).settingsFile
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stale = "\(path).tmp-\(gone.processIdentifier)-12345"
        let live = "\(path).tmp-\(getppid())-678"
        for file in [stale, live] { try "{".write(toFile: file, atomically: false, encoding: .utf8) }
        let client = SettingsClient.live(locations(directory))
        try client.save(client.load().settings)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    /// A settings or history folder other users can write in, or that belongs to another
    /// user, is refused with the fix; a link planted there leaves its target as it was.
    @Test func aFolderOthersCanWriteInIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let shared = directory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o777) == 0)
        let victim = directory + "/victim"
        try "mine\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = StorageLocations(configDirectory: shared, dataDirectory: shared)
        #expect(symlink(victim, planted.settingsFile) == 0 && symlink(victim, planted.historyFile) == 0)
        #expect(planted.unsafeFolderProblem?.message.contains("chmod go-w \(shared)") == true)
        #expect(throws: StorageError.self) { try SettingsClient.live(planted).save(KazuSettings(skill: .reading)) }
        #expect(throws: StorageError.self) { try HistoryClient.live(planted).append(sampleRecord(answers: [("5", [.correct])])) }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
        // Below a folder others can write in, a folder of one's own can be moved away and replaced.
        #expect(StorageLocations(configDirectory: shared + "/kazu", dataDirectory: directory).unsafeFolderProblem != nil)
        // Writable by a group others are in: refused; by the user's own group (umask 002): kept.
        #expect(chmod(shared, 0o775) == 0 && chown(shared, geteuid(), 65_534) == 0)
        #expect(planted.unsafeFolderProblem?.message.contains("chmod go-w \(shared)") == true)
        if let own = DiskFile.privateGroup {
            #expect(chown(shared, geteuid(), own) == 0)
            #expect(planted.unsafeFolderProblem == nil)
        }
        #expect(chmod(shared, 0o755) == 0 && chown(shared, 65_534, 65_534) == 0)
        #expect(planted.unsafeFolderProblem?.message.contains("belongs to another user") == true)
        #expect(chmod(shared, 0o1777) == 0 && chown(shared, 0, 0) == 0)
        #expect(planted.unsafeFolderProblem != nil, "sticky, but others can still plant a file in it")
        #expect(StorageLocations(configDirectory: shared + "/kazu", dataDirectory: directory).unsafeFolderProblem == nil,
                "a sticky folder above, as /tmp is, keeps one's own folder in it")
    }
}

/// A session's history stays bounded and is read back however long it is.
@Suite struct LongSessionHistoryTests {
    /// A question tried a million times keeps its first and last few tries and the count.
    @Test func aQuestionKeepsItsFirstAndLastTriesAndCountsTheRest() {
        var submissions: [SubmissionRecord] = []
        var omitted = 0
        for attempt in 0..<1_000_000 {
            QuestionRecord.add(SubmissionRecord(typed: "\(attempt)", verdict: .incorrect, seconds: 1), to: &submissions, omitted: &omitted)
        }
        QuestionRecord.add(SubmissionRecord(typed: String(repeating: "9", count: 5_000), verdict: .correct, seconds: 2),
                           to: &submissions, omitted: &omitted)
        #expect(submissions.map(\.typed.count) == [1, 1, 1, 1, 6, 6, 6, 1_024])
        #expect(submissions.prefix(4).map(\.typed) == ["0", "1", "2", "3"])
        #expect(omitted == 1_000_001 - QuestionRecord.keptTries)
        let question = QuestionRecord(topicID: "t", valueKey: "9", prompt: "9", answer: "9", written: "9", reading: "きゅう",
                                      romaji: "kyuu", submissions: submissions, omittedTries: omitted)
        #expect(question.outcome == .incorrect)
    }

    /// A 5,000-question session, and one of long tries, are written in lines kazu reads, and
    /// read back whole; the count of tries left out goes through both coders.
    @Test func aLongSessionIsWrittenInLinesKazuReadsBackWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let locations = StorageLocations(configDirectory: directory, dataDirectory: directory)
        let history = HistoryClient.live(locations)
        let long = sampleRecord(answers: (0..<5_000).map { (String($0 % 100 + 1), [.incorrect, .correct]) })
        var tried = sampleRecord(answers: [("5", [.incorrect])])
        tried.questions[0].submissions = Array(repeating: SubmissionRecord(typed: String(repeating: "\u{1}", count: 1_024),
                                                                           verdict: .incorrect, seconds: 1), count: 8)
        tried.questions[0].omittedTries = 42
        tried.questions = Array(repeating: tried.questions[0], count: 200)
        let short = sampleRecord(answers: [("7", [.correct])])
        for record in [short, long, tried, short] { try history.append(record) }
        let lines = try Data(contentsOf: URL(fileURLWithPath: locations.historyFile)).split(separator: 0x0A)
        #expect(lines.count > 6)
        #expect(lines.allSatisfy { $0.count <= HistoryClient.longestWrittenLine })
        let loaded = try history.load()
        #expect(loaded.skipped == SkippedLines())
        #expect(loaded.records == [short, long, tried, short])
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let line = HistoryLine.encode(sampleRecord(answers: [("5", [.incorrect])]).withOmittedTries(3))
        #expect(try decoder.decode(SessionRecord.self, from: Data(line)).questions[0].omittedTries == 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        #expect(Array(try encoder.encode(sampleRecord(id: "x", answers: [("5", [.incorrect])]).withOmittedTries(3)))
                == HistoryLine.encode(sampleRecord(id: "x", answers: [("5", [.incorrect])]).withOmittedTries(3)))
    }

    /// A long session is appended a part at a time (its lines are never all in memory at once)
    /// and the file holds the very bytes of its encoded lines, after a last line that lost its
    /// newline too. The review made from the file up to where it ended before the append, with
    /// the session from memory, is the review read back whole: a long session need not be
    /// decoded again. A session another kazu appends after it is not in that review; a file
    /// that ended at a newline (the long session's last part) reads the same.
    @Test func aLongSessionAppendedInPartsIsItsLinesAndItsReviewFromMemoryIsTheOneReadBack() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let locations = StorageLocations(configDirectory: directory, dataDirectory: directory)
        let history = HistoryClient.live(locations)
        let day = 86_400.0, ended = Date(timeIntervalSince1970: 1_800_000_000)
        let earlier = sampleRecord(ended: ended.addingTimeInterval(-3 * day), answers: [("7", [.incorrect]), ("8", [.skipped])])
        let long = sampleRecord(ended: ended, answers: (0..<5_000).map {
            (String($0 % 100 + 1), $0 % 7 == 0 ? [.incorrect, .correct] : $0 % 11 == 0 ? [.skipped] : [.correct])
        })
        try history.append(earlier)
        let file = URL(fileURLWithPath: locations.historyFile)
        let first = try Data(contentsOf: file).dropLast()
        try first.write(to: file)
        let now = ended.addingTimeInterval(day / 2)
        let end = try history.appendTellingEnd(long)
        #expect(end == first.count)
        let lines = try HistoryClient.encodedLine(long)
        #expect(lines.count(where: { $0 == 0x0A }) > 1)
        #expect(Array(try Data(contentsOf: file)) == Array(first) + [0x0A] + lines)
        let readBack = try history.review(now: now)
        #expect(readBack.count > 2)
        let later = sampleRecord(ended: ended, answers: [("7", [.correct]), ("9", [.incorrect])])
        let laterEnd = try history.appendTellingEnd(later)
        #expect(try history.review(now: now, appended: long, at: end) == readBack)
        #expect(try history.review(now: now, appended: later, at: laterEnd) == history.review(now: now))
    }

    /// Statistics take a long session's lines a part at a time and never join them: they count
    /// as the joined sessions do, a session that lost its last line and a filter too.
    @Test func statisticsOfALongSessionsPartsAreThoseOfTheWholeSession() throws {
        let directory = try makeTemporaryDirectory()
        defer { removeTemporaryDirectory(directory) }
        let locations = StorageLocations(configDirectory: directory, dataDirectory: directory)
        let history = HistoryClient.live(locations)
        let answers: [(String, [SubmissionRecord.Verdict])] = (0..<5_000).map {
            (String($0 % 100 + 1), $0 % 7 == 0 ? [.incorrect, .correct] : $0 % 11 == 0 ? [.skipped] : [.correct])
        }
        let short = sampleRecord(answers: [("7", [.correct]), ("8", [.incorrect])])
        for record in [short, sampleRecord(answers: answers), short, sampleRecord(answers: answers)] { try history.append(record) }
        // The last session loses its last line.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: locations.historyFile))
        bytes.removeLast()
        bytes = bytes[...(bytes.lastIndex(of: 0x0A)!)]
        try bytes.write(to: URL(fileURLWithPath: locations.historyFile))

        let records = try history.load().records
        #expect(records.count == 4 && records[1].questions.count == 5_000 && records[3].questions.count < 5_000)
        let now = Date(timeIntervalSince1970: 1_800_100_000)
        for including in [{ (_: SessionRecord) in true }, { $0.questions.count < 100 }] {
            var expected = HistoryStatistics(now: now)
            for record in records where including(record) { expected.add(record) }
            let (statistics, skipped) = try history.statistics(now: now, including: including)
            #expect(statistics == expected)
            #expect(skipped == SkippedLines())
        }
        #expect(try history.statistics(now: now).0.overall.sessions == 4)
    }

    /// A first part that claims more parts than any session has (the joiner makes room for the
    /// parts it is told of) reads as the session cut off, as any missing part does.
    @Test func aPartClaimingHugeCountsIsReadAsASessionCutOff() {
        let record = sampleRecord(answers: [("5", [.incorrect]), ("6", [.correct])])
        for count in [2, 1_000, Int.max] {
            let line = HistoryLine.encode(record, part: HistoryLine.Part(index: 1, count: count)) + [0x0A]
            let load = HistoryClient.decode(line + line)
            #expect(load.records == [record, record] && load.skippedLines == 0, "\(count) parts")
        }
    }
}

private extension SessionRecord {
    func withOmittedTries(_ count: Int) -> SessionRecord {
        var record = self
        record.questions[0].omittedTries = count
        return record
    }
}
