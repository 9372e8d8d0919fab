import Foundation
import JapaneseNumbers
import KazuKit
import KazuTestSupport
import Testing

/// `kazu stats` naming the sounds a learner misses, and `kazu quiz weak-spots`, on a history
/// of a learner who misses voicing after ん (300 as 310, 3本 as 4) and nothing else.
@Suite("the learner model, end to end", .serialized)
struct LearnerCommandTests {
    let home: TemporaryDirectory
    let environment: [String: String]

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-learner")
    }

    /// `sessions` sessions a day apart, the last `latest` seconds ago.
    func writeHistory(sessions: Int, latest: TimeInterval = 2 * 86_400) throws {
        let plan: [(topic: String, right: [String], missed: [String])] = [
            ("number.1-1000", ["12", "45", "250", "801", "999", "74"], ["300", "333"]),
            ("counter.long", ["1本", "5本", "10本", "22本", "6本"], ["3本", "13本"]),
        ]
        var lines = ""
        for index in 0..<sessions {
            let (topicID, right, missed) = plan[index % plan.count]
            let topic = try #require(TopicCatalog.topic(id: topicID))
            let questions = try (right.map { ($0, true) } + missed.map { ($0, false) }).map { key, isRight in
                QuestionRecord(question: try #require(topic.question(valueKey: key, skill: .reading)),
                               submissions: [SubmissionRecord(typed: isRight ? key : "4", verdict: isRight ? .correct : .incorrect, seconds: 1)])
            }
            // A day apart, by default the last two days ago: every value missed is due again by
            // now (SM-2: a miss is due a day later).
            let end = Date().addingTimeInterval(-latest - Double(sessions - index - 1) * 86_400)
            let record = SessionRecord(topicID: topicID, skill: .reading, mode: .questionLimit(questions.count), seed: 1,
                                       startedAt: end.addingTimeInterval(-60), endedAt: end, ending: .completed, questions: questions)
            lines += String(decoding: try HistoryClient.encodedLine(record), as: UTF8.self)
        }
        try FileManager.default.createDirectory(atPath: home.path + "/data", withIntermediateDirectories: true)
        try lines.write(toFile: home.path + "/data/history.jsonl", atomically: true, encoding: .utf8)
    }

    @Test func statsNamesTheMissedSoundFirstWithAnExample() throws {
        try writeHistory(sessions: 6)
        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.status == 0, "\(stats.errors)")
        let lines = stats.output.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "sounds missed most (recent sessions count most)"))
        #expect(lines[heading + 1].hasPrefix("  0%  \(SoundRule.voicing.title)  e.g. "), "\(stats.output)")
        #expect(stats.output.contains("drill them with 'kazu quiz weak-spots'"))
        // 300, 333, 3本 and 13本 were missed, each at least a day ago.
        #expect(stats.output.contains("\ndue today (SM-2): 4 values, 1 sound rule (voicing); 'kazu quiz review' asks the due values first\n"),
                "\(stats.output)")
        let json = try KazuProcess.run(["stats", "--json"], environment: environment)
        #expect(json.output.contains("\"rulesMissedMost\" : ["))
        #expect(json.output.contains("\"dueToday\" : 4"))
        #expect(json.output.contains("\"rulesDueToday\" : [\n    \"voicing\"\n  ]"), "\(json.output)")
        let first = try #require(json.output.range(of: "\"rule\" : \""))
        #expect(json.output[first.upperBound...].hasPrefix("voicing\""), "\(json.output)")
    }

    /// "Due today" ends at the learner's midnight, in the zone `TZ` names: a value due in an
    /// hour is due today where it is noon, and tomorrow where it is half past eleven at night.
    @Test func dueTodayEndsAtMidnightInTheLearnersTimeZone() throws {
        // Missed 23 hours ago: due again (SM-2, a day after a miss) an hour from now.
        try writeHistory(sessions: 1, latest: 23 * 3_600)
        let secondsIntoUTCDay = Int(Date().timeIntervalSince1970) % 86_400 / 60 * 60
        /// A zone where the clock now reads `local` seconds into the day, as a POSIX `TZ`
        /// (its sign counts west of UTC).
        func zone(whereItIs local: Int) -> String {
            var east = (local - secondsIntoUTCDay) % 86_400
            if east > 43_200 { east -= 86_400 } else if east <= -43_200 { east += 86_400 }
            let west = -east
            return "KZU\(west < 0 ? "-" : "+")\(abs(west) / 3_600):\(abs(west) % 3_600 / 60)"
        }
        for (local, due) in [(12 * 3_600, 2), (23 * 3_600 + 30 * 60, 0)] {
            let tz = zone(whereItIs: local)
            let json = try KazuProcess.run(["stats", "--json"], environment: environment.merging(["TZ": tz]) { $1 })
            #expect(json.output.contains("\"dueToday\" : \(due)"), "TZ=\(tz): \(json.output)")
        }
    }

    /// The menu says how many values are due; with none due (all missed just now), that the
    /// review still asks, ahead of the schedule.
    @Test(arguments: [(2 * 86_400.0, "2 values due for review today ('review' asks them first)"),
                      (0, "nothing due for review today ('review' reviews ahead: the values due soonest)")])
    func theMenuSaysWhatIsDueForReview(latest: TimeInterval, line: String) throws {
        try writeHistory(sessions: 1, latest: latest)
        let dialog = try KazuDialog(["script", "-qec", KazuProcess.executablePath, "/dev/null"],
                                    environment: environment.merging(["KAZU_PLAYER": "none", "TERM": "xterm"]) { $1 },
                                    executable: "/usr/bin/env")
        try dialog.readLine(containing: "Pick a topic by number or id")
        let next = try dialog.readLine()
        #expect(next?.hasPrefix(line) == true, "\(next ?? "")")   // the terminal ends it with \r
        try dialog.readLine(containing: "Review — review")
        try dialog.type([0x04])    // Ctrl-D leaves the menu
        #expect(try dialog.waitForExit() == 0)
    }

    @Test func weakSpotsIsRefusedUntilThereIsHistoryThenSaysWhatItDrills() throws {
        let early = try KazuProcess.run(["quiz", "weak-spots", "-n", "1", "--no-audio"], environment: environment)
        #expect(early.status == 64)
        #expect(early.errors.contains("no weak spots yet"), "\(early.errors)")
        try writeHistory(sessions: 6)
        let session = try KazuProcess.run(["quiz", "weak-spots", "-s", "reading", "-n", "1", "--seed", "3", "--no-audio"],
                                          input: ":q\n", environment: environment)
        #expect(session.status == 0, "\(session.errors)")
        #expect(session.output.contains("Weak spots"), "\(session.output)")
        #expect(session.output.contains(SoundRule.voicing.title), "\(session.output)")
    }
}
