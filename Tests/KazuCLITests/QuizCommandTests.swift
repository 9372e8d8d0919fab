import Foundation
import JapaneseNumbers
import KazuKit
import KazuTestSupport
import Testing

/// `kazu quiz`, `stats`, `topics` and `favorite` through the built binary, with settings and
/// history in a temporary directory.
@Suite("kazu quiz and friends, end to end", .serialized)
struct QuizCommandTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let environment: [String: String]
    var directory: String { home.path }

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-quiz")
    }

    var historyLines: [String] { KazuCLITests.historyLines(in: directory) }

    func history() throws -> [SessionRecord] {
        try HistoryClient.live(StorageLocations(configDirectory: directory + "/config", dataDirectory: directory + "/data")).load().records
    }

    @Test func aSeededReadingSessionAnsweredFromTheScreenIsAllRightAndSavedOnce() throws {
        let dialog = try KazuDialog(["quiz", "number.1-1000", "--skill", "reading", "--questions", "10", "--seed", "7", "--no-audio"],
                                    environment: environment)
        #expect(try dialog.readLine()?.contains("(number.1-1000) · reading · 10 questions · seed 7") == true)
        for number in 1...10 {
            let question = try dialog.readLine(containing: "[\(number)/10]")
            try dialog.send(try answer(toReadingLine: question))
            #expect(try dialog.readLine()?.hasPrefix("✓ ") == true)
        }
        let summary = try dialog.readLine(containing: "summary:")
        #expect(summary.hasPrefix("summary: 10/10 right first time (100%)"))
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 1)
        let record = try #require(try history().first)
        #expect(record.seed == 7 && record.correctCount == 10 && record.ending == .completed)
        #expect(!dialog.lines.joined().contains("\u{1B}"), "piped output has no escape sequences")
        #expect(dialog.errors.isEmpty)
    }

    @Test func wrongUnreadableShowAnswerReplayAndLineCommands() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "3", "--seed", "1", "--no-audio"],
                                    environment: environment)
        let first = try dialog.readLine(containing: "[1/3]")
        let right = try answer(toReadingLine: first)
        let wrong = right == "1" ? "2" : "1"
        try dialog.send("x5")
        #expect(try dialog.readLine()?.hasPrefix("? ") == true, "unreadable: a reason, no penalty")
        try dialog.send(wrong)
        #expect(try dialog.readLine() == "✗ not \(wrong); try once more (:a shows the answer)", "nothing to listen to")
        #expect(try dialog.readLine() == first, "the question is asked again")
        try dialog.send(":r")
        #expect(try dialog.readLine() == first, "a question that is not spoken is shown again")
        try dialog.send(":x")
        #expect(try dialog.readLine() == "unknown command :x; :h lists them")
        try dialog.send(":h")
        #expect(try dialog.readLine() == "line commands:")
        try dialog.readLine(containing: ":h        this list")
        try dialog.send(right)
        #expect(try dialog.readLine()?.hasPrefix("✓ ") == true)
        try dialog.readLine(containing: "[2/3]")
        try dialog.send(":a")
        #expect(try dialog.readLine()?.hasPrefix("answer: ") == true)
        try dialog.send("")
        try dialog.readLine(containing: "[3/3]")
        try dialog.send(":q")
        let summary = try dialog.readLine(containing: "summary:")
        #expect(summary.hasPrefix("summary: 0/2 right first time (0%), 1 wrong, 1 skipped"))
        #expect(try dialog.readLine()?.hasPrefix("missed: ") == true)
        #expect(try dialog.readLine()?.hasPrefix("missed: ") == true)
        #expect(try dialog.readLine() == "'kazu quiz review' asks what you missed again when due: in a day, then further apart as you get it right")
        #expect(try dialog.waitForExit() == 0)
        let record = try #require(try history().first)
        #expect(record.questions.map(\.outcome) == [.incorrect, .skipped] && record.ending == .stopped)
    }

    /// A writing question's kana is its answer and a reading question's reads the number out:
    /// neither is spoken nor subtitled, even with --no-audio and --subtitles; Enter shows the
    /// question again.
    @Test(arguments: ["writing", "reading"])
    func readingAndWritingQuestionsShowNoKana(skill: String) throws {
        let dialog = try KazuDialog(["quiz", "number.1-1000", "-s", skill, "-n", "2", "--seed", "1", "--no-audio", "--subtitles"],
                                    environment: environment)
        let first = try dialog.readLine(containing: "[1/2]")
        #expect(!first.unicodeScalars.contains { (0x3041...0x309F).contains($0.value) }, "no kana: \(first)")
        try dialog.send("")
        #expect(try dialog.readLine() == first, "Enter shows the question again")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        #expect(dialog.errors.isEmpty)
    }

    /// With nothing spoken (--no-audio) a wrong answer is not told to listen again, and a
    /// writing session's notes say how to write the reading, not how to type the amount.
    @Test func feedbackAndNotesFitWhatIsPlayed() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-n", "1", "--seed", "2", "--no-audio"], environment: environment)
        let first = try dialog.readLine(containing: "[1/1]")
        let kana = try #require(first.split(separator: "「").last?.split(separator: "」").first, "subtitle in \(first)")
        let right = try JapaneseNumbers.parse(kana).get()
        let wrong = right == 1 ? "2" : "1"
        try dialog.send(wrong)
        #expect(try dialog.readLine() == "✗ not \(wrong); try once more (:a shows the answer)", "nothing was heard")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        let writing = try KazuProcess.run(["quiz", "money.conbini", "-s", "writing", "-n", "1", "--no-audio"], input: ":q\n",
                                          environment: environment)
        let listening = try KazuProcess.run(["quiz", "money.conbini", "-s", "listening", "-n", "1", "--no-audio"], input: ":q\n",
                                            environment: environment)
        #expect(!writing.output.contains("Type the amount") && listening.output.contains("note: Type the amount"), "\(writing.output)")
    }

    /// `--json-report` carries the summary the terminal shows and, for a listening question,
    /// the kana that was spoken.
    @Test func theReportCarriesTheSummaryAndTheSpokenKana() throws {
        let run = try KazuProcess.run(["quiz", "number.1-10", "-n", "2", "--seed", "5", "--no-audio", "--json-report", "-"],
                                      input: ":a\n\n0\n:q\n", environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let summaryLine = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("summary:") })
        #expect(summaryLine.hasPrefix("summary: 0/2 right first time (0%), 1 wrong, 1 skipped"))
        let json = try #require(run.output.range(of: "\n{").map { String(run.output[$0.lowerBound...]) })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["rightFirstTime"] as? Int == 0 && summary["wrong"] as? Int == 1 && summary["skipped"] as? Int == 1)
        #expect(summary["total"] as? Int == 2 && summary["accuracy"] as? Int == 0 && summary["secondsPerQuestion"] != nil)
        let questions = try #require(report["questions"] as? [[String: Any]])
        #expect(questions.count == 2)
        for question in questions {
            let spoken = try #require(question["spoken"] as? String)
            #expect(spoken == question["reading"] as? String && run.output.contains("「\(spoken)」"), "\(question)")
        }
    }

    @Test func endOfInputMidSessionSavesAndNothingAnsweredSavesNothing() throws {
        let quiet = try KazuDialog(["quiz", "money", "--no-audio"], environment: environment)
        quiet.closeInput()
        #expect(try quiet.waitForExit() == 64, "money is ambiguous")
        #expect(quiet.errors.contains("could be money.conbini, money.restaurant"))

        let nothing = try KazuDialog(["quiz", "money.conbini", "--no-audio"], environment: environment)
        try nothing.readLine(containing: "[1/")
        nothing.closeInput()
        #expect(try nothing.waitForExit() == 0)
        #expect(!nothing.lines.contains { $0.contains("summary") } && historyLines.isEmpty)

        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"], environment: environment)
        let question = try dialog.readLine(containing: "[#1]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "[#2]")
        dialog.closeInput()
        #expect(try dialog.readLine(containing: "summary:").hasPrefix("summary: 1/1"))
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 1)
    }

    @Test func aTimeLimitSessionEndsByItselfWhileTheLearnerIsSilent() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--time", "2", "--no-audio"], environment: environment)
        let question = try dialog.readLine(containing: "[0:02 left]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "time's up", timeout: .seconds(10))
        #expect(try dialog.readLine()?.hasPrefix("summary: 1/1") == true)
        #expect(try dialog.waitForExit() == 0, "stdin still open: the session ended by itself")
        #expect(try history().first?.ending == .timeUp)
    }

    // SIGQUIT (Ctrl-\) was caught by Swift's crash reporter: a backtrace, and the session went on.
    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131))])
    func aSignalMidSessionSavesTheSessionOnce(signal: Int32, status: Int32) throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"], environment: environment)
        let question = try dialog.readLine(containing: "[#1]")
        try dialog.send(try answer(toReadingLine: question))
        try dialog.readLine(containing: "[#2]")
        dialog.signal(signal)
        dialog.signal(signal)   // a second one while saving changes nothing
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == status)
        #expect(historyLines.count == 1)
    }

    /// Through a real terminal (`script` gives kazu one): the menu, the choices with their
    /// defaults, subtitles since KAZU_PLAYER=none, a wrong answer, then Ctrl-C, which saves the
    /// session and exits 130.
    @Test func theInteractiveMenuThroughATerminalAndCtrlC() throws {
        let dialog = try KazuDialog(["script", "-qec", KazuProcess.executablePath, "/dev/null"],
                                    environment: environment.merging(["KAZU_PLAYER": "none", "TERM": "xterm"]) { $1 },
                                    executable: "/usr/bin/env")
        try dialog.readLine(containing: "Pick a topic by number or id")
        try dialog.readLine(containing: "1. 1 to 10 — number.1-10")
        try dialog.send("number.1-10")
        try dialog.send("listening")
        try dialog.send("")        // Enter keeps the saved mode: 10 questions
        let question = try dialog.readLine(containing: "[1/10]")
        #expect(question.contains("「"), "silence by choice: subtitles from the first question")
        try dialog.send("99")
        #expect(try dialog.readLine(containing: "not 99").contains("\u{1B}["), "colours on a terminal")
        try dialog.type([0x03])    // Ctrl-C
        try dialog.readLine(containing: "summary: 0/1")
        #expect(try dialog.waitForExit() == 130)
        #expect(try history().first?.ending == .stopped)
    }

    /// The menu's skill and mode answers are PreSettings' to take or refuse: a limit it
    /// refuses is said, with its reason, and asked again, never taken and refused later.
    @Test func theMenuSaysWhatPreSettingsRefuses() throws {
        let dialog = try KazuDialog(["script", "-qec", KazuProcess.executablePath, "/dev/null"],
                                    environment: environment.merging(["KAZU_PLAYER": "none", "TERM": "xterm"]) { $1 },
                                    executable: "/usr/bin/env")
        try dialog.readLine(containing: "Pick a topic by number or id")
        try dialog.send("number.1-10")
        try dialog.send("singing")
        try dialog.readLine(containing: "? type one of")
        try dialog.send("listening")
        try dialog.send("86400")
        try dialog.readLine(containing: "? at most 10000 questions")
        try dialog.send("90000 seconds")
        try dialog.readLine(containing: "? at most 86400 seconds")
        try dialog.send("3 questions")
        try dialog.readLine(containing: "[1/3]")
        try dialog.type([0x03])    // Ctrl-C
        #expect(try dialog.waitForExit() == 130)
    }

    /// NO_COLOR is honoured on a terminal too (the test above shows colours without it).
    @Test func noColourOnATerminalWhenNoColorIsSet() throws {
        let command = KazuProcess.executablePath + " quiz number.1-10 -s reading -n 1 --seed 2 --no-audio"
        let dialog = try KazuDialog(["script", "-qec", command, "/dev/null"],
                                    environment: environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { $1 },
                                    executable: "/usr/bin/env")
        let question = try dialog.readLine(containing: "[1/1]")
        try dialog.send(try answer(toReadingLine: question.replacingOccurrences(of: "\r", with: "")))
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == 0)
        #expect(!dialog.lines.joined().contains("\u{1B}"), "no escape sequences with NO_COLOR=1")
    }

    /// KAZU_PLAYER=none is silence by choice, as --no-audio is: subtitles from the first
    /// question, Enter shows it again, and no message.
    @Test func kazuPlayerNoneShowsSubtitlesFromTheFirstQuestion() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-n", "2", "--seed", "7"],
                                    environment: environment.merging(["KAZU_PLAYER": "none"]) { $1 })
        let first = try dialog.readLine(containing: "[1/2]")
        #expect(first.contains("「") && first.contains("」"), "subtitles from the first question: \(first)")
        try dialog.send("")
        #expect(try dialog.readLine() == first, "Enter shows the subtitle again")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        #expect(dialog.errors.isEmpty)
    }

    /// A sound server that is not there: one line on standard error, the question that was not
    /// heard shown again with its subtitle (and again on Enter), subtitles from then on, and the
    /// session goes on to its end.
    @Test func noAudioOutputIsSaidOnceAndTheQuizGoesOnWithSubtitles() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-n", "2", "--seed", "4"],
                                    environment: environment.merging(["KAZU_PLAYER": "paplay",
                                                                      "PULSE_SERVER": "unix:\(directory)/no-server"]) { $1 })
        let first = try dialog.readLine(containing: "[1/2]")
        #expect(!first.contains("「"), "subtitles only once there is no sound")
        // Standard error is written before the question is shown again.
        let again = try dialog.readLine(containing: "[1/2]")
        #expect(again.contains("「") && again.contains("」"), "shown again with its subtitle: \(again)")
        #expect(dialog.errors.hasPrefix("no audio output: paplay failed ("))
        try dialog.send("")
        #expect(try dialog.readLine() == again, "Enter shows the subtitle again")
        #expect(dialog.errors.hasSuffix("; playing with subtitles\n") && !dialog.errors.contains("--wav"))
        try dialog.send(":a")
        try dialog.send("")
        let second = try dialog.readLine(containing: "[2/2]")
        #expect(second.contains("「") && second.contains("」"), "subtitles turned on: \(second)")
        try dialog.send(":a")
        try dialog.send("")
        try dialog.readLine(containing: "summary: 0/2")
        #expect(try dialog.waitForExit() == 0)
        #expect(dialog.errors.components(separatedBy: "no audio output").count == 2, "said once: \(dialog.errors)")
        #expect(historyLines.count == 1)
    }

    @Test(":q inside :s closes the settings, says so, and asks the question again; a second :q ends the session")
    func quitInsideSettings() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "2", "--seed", "5", "--no-audio"],
                                    environment: environment)
        let question = try dialog.readLine(containing: "[1/2]")
        try dialog.send(":s")
        try dialog.readLine(containing: "settings (time stands still)")
        try dialog.send(":q")
        #expect(try dialog.readLine() == "settings closed; :q again ends the session")
        #expect(try dialog.readLine() == question, "the question is asked again")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
    }

    /// `:s` stops time, changes the voice's rate, refuses nonsense with the list of what it
    /// takes, and goes back on Enter; the change is saved, and only it: flags are not.
    @Test func inSessionSettingsAreSavedAndFlagsAreNot() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--pitch", "70", "--no-audio"],
                                    environment: environment)
        try dialog.readLine(containing: "[1/1]")
        try dialog.send(":s")
        try dialog.readLine(containing: "settings (time stands still)")
        try dialog.send("rate 120")
        #expect(try dialog.readLine()?.hasSuffix(", rate 120, pitch 70") == true)
        try dialog.send("pitch high")
        #expect(try dialog.readLine()?.hasPrefix("settings take: rate N, pitch N") == true)
        #expect(try dialog.readLine()?.hasSuffix(", rate 120, pitch 70") == true)
        // Out of range is said, and nothing changes.
        try dialog.send("pitch 999")
        #expect(try dialog.readLine() == "? pitch goes from 0 to 100")
        #expect(try dialog.readLine()?.hasSuffix(", rate 120, pitch 70") == true)
        // A problem is said once, not again after the next command.
        try dialog.send("voice xx-none")
        #expect(try dialog.readLine()?.hasPrefix("? no voice xx-none") == true)
        #expect(try dialog.readLine()?.hasSuffix(", rate 120, pitch 70") == true)
        try dialog.send("rate 130")
        #expect(try dialog.readLine()?.hasSuffix(", rate 130, pitch 70") == true)
        try dialog.send("rate 120")
        #expect(try dialog.readLine()?.hasSuffix(", rate 120, pitch 70") == true)
        try dialog.send("")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        let saved = try #require(try? String(contentsOfFile: directory + "/config/settings.json", encoding: .utf8))
        let settings = try JSONDecoder().decode(KazuSettings.self, from: Data(saved.utf8))
        #expect(settings.speech.rate == 120, "changed in the session: saved")
        #expect(settings.speech.pitch == 50, "the flag's pitch is not saved with the rate changed in the session")

        let flagsOnly = try KazuDialog(["quiz", "number.1-10", "-s", "listening", "-n", "3", "--rate", "300", "--no-audio"],
                                       environment: environment)
        try flagsOnly.readLine(containing: "[1/3]")
        try flagsOnly.send(":q")
        #expect(try flagsOnly.waitForExit() == 0)
        let after = try JSONDecoder().decode(KazuSettings.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/config/settings.json")))
        #expect(after.speech.rate == 120 && after.skill == settings.skill && after.mode == settings.mode,
                "flags hold for one session only")
    }

    /// The settings' status line names the voice by its id, before the voices are listed and
    /// after: it said `voice ja` at first and `voice Japanese` once they were.
    @Test func theSettingsNameTheVoiceTheSameWayBeforeAndAfterListingThem() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--no-audio"], environment: environment)
        try dialog.readLine(containing: "[1/1]")
        try dialog.send(":s")
        try dialog.readLine(containing: "settings (time stands still)")
        try dialog.send("rate 120")
        #expect(try dialog.readLine() == "voice ja, rate 120, pitch 50")
        try dialog.send("voices")
        #expect(try dialog.readLine() == "  ja  Japanese")
        #expect(try dialog.readLine(containing: "voice ja, ") == "voice ja, rate 120, pitch 50")
        try dialog.send("rate 130")
        #expect(try dialog.readLine() == "voice ja, rate 130, pitch 50")
        try dialog.send("")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
        // All of it piped at once, read before the voices are listed or after.
        let piped = try KazuProcess.run(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--no-audio"],
                                        input: ":s\nrate 120\nvoices\nrate 130\n\n:q\n", environment: environment)
        let status = piped.output.split(separator: "\n").filter { $0.hasPrefix("voice ") }
        #expect(piped.status == 0 && status == ["voice ja, rate 120, pitch 50", "voice ja, rate 120, pitch 50", "voice ja, rate 130, pitch 50"])
    }

    /// The voices are listed before the line after `:s` is read: a voice named right away, as
    /// a script pipes it, is checked against them, and `voices` lists them: the installed ones,
    /// under --no-audio too, so that one can be chosen for later sessions.
    @Test func aVoicePipedRightAfterColonSIsCheckedAgainstTheVoices() throws {
        let piped = try KazuProcess.run(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--no-audio"],
                                        input: ":s\nvoice xx\nvoices\nvoice ja+f1\n\n:q\n", environment: environment)
        #expect(piped.status == 0)
        #expect(piped.output.contains("? no voice xx; the voices are ja, ja+f1"), "\(piped.output)")
        #expect(piped.output.contains("  ja  Japanese\n  ja+f1  Japanese, female 1\n"), "\(piped.output)")
        #expect(piped.output.contains("voice ja+f1, rate "), "\(piped.output)")
        let saved = (try? String(contentsOfFile: directory + "/config/settings.json", encoding: .utf8)) ?? ""
        #expect(!saved.contains("xx"))
    }

    /// A voice that is not installed is refused before the session, as `kazu say` refuses it;
    /// one that is, is taken.
    @Test func anUnknownVoiceIsRefusedBeforeTheSession() throws {
        let unknown = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--voice", "xx"], input: ":q\n", environment: environment)
        #expect(unknown.status == 64, "\(unknown.errors)")
        #expect(unknown.errors.hasPrefix("error: unknown voice 'xx'; the voices are: ja, "), "\(unknown.errors)")
        #expect(!unknown.output.contains("[1/1]"))
        let known = try KazuProcess.run(["quiz", "number.1-10", "-n", "1", "--voice", "ja+f1"], input: ":q\n",
                                        environment: environment.merging(["KAZU_PLAYER": "none"]) { $1 })
        #expect(known.status == 0 && known.output.contains("[1/1]"), "\(known.errors)")
    }

    @Test func twoSessionsEndingAtOnceBothLand() throws {
        let dialogs = try (0..<2).map { _ in
            try KazuDialog(["quiz", "number.1-10", "-s", "reading", "--infinite", "--no-audio"], environment: environment)
        }
        for dialog in dialogs {
            let question = try dialog.readLine(containing: "[#1]")
            try dialog.send(try answer(toReadingLine: question))
            try dialog.readLine(containing: "[#2]")
        }
        for dialog in dialogs { dialog.closeInput() }
        for dialog in dialogs { #expect(try dialog.waitForExit() == 0) }
        #expect(try history().count == 2)
    }

    @Test func statsReportsAroundADamagedLineAndSaysWhenThereIsNothingYet() throws {
        let empty = try KazuProcess.run(["stats"], environment: environment)
        #expect(empty.status == 0 && empty.output.hasPrefix("nothing yet"))
        let record = SessionRecord(topicID: "number.1-10", skill: .listening, mode: .questionLimit(1), seed: 1,
                                   startedAt: Date(), endedAt: Date(), ending: .completed,
                                   questions: [QuestionRecord(question: TopicCatalog.topic(id: "number.1-10")!.question(valueKey: "4", skill: .listening)!,
                                                              submissions: [SubmissionRecord(typed: "5", verdict: .incorrect, seconds: 1)])])
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let line = String(decoding: try HistoryClient.encodedLine(record), as: UTF8.self)
        try line.write(toFile: directory + "/data/history.jsonl", atomically: true, encoding: .utf8)
        let one = try KazuProcess.run(["stats"], environment: environment)
        #expect(one.output.hasPrefix("1 session, 1 question, 0% right first time\ntrend  ▁  (the one session)\n"))
        try (line + "{damaged\n" + line).write(toFile: directory + "/data/history.jsonl", atomically: true, encoding: .utf8)
        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.status == 0)
        #expect(stats.errors == "warning: skipped 1 damaged line in the history\n")
        #expect(stats.output.hasPrefix("2 sessions, 2 questions, 0% right first time"))
        #expect(stats.output.contains("  4  よん  ×2  (number.1-10)"))
        let json = try KazuProcess.run(["stats", "--json", "--topic", "number"], environment: environment)
        #expect(json.status == 0 && json.output.contains("\"skippedLines\" : 1"))
    }

    /// A line a newer kazu wrote (a higher version) is not called damaged: stats says whose it
    /// is, and neither stats nor a session saved after it changes or drops it.
    @Test func historyLinesOfANewerKazuAreSkippedAsSuchAndKept() throws {
        let topic = try #require(TopicCatalog.topic(id: "number.1-10"))
        let record = SessionRecord(topicID: topic.id, skill: .listening, mode: .questionLimit(1), seed: 1,
                                   startedAt: Date(), endedAt: Date(), ending: .completed,
                                   questions: [QuestionRecord(question: topic.question(valueKey: "4", skill: .listening)!,
                                                              submissions: [SubmissionRecord(typed: "4", verdict: .correct, seconds: 1)])])
        let line = String(decoding: try HistoryClient.encodedLine(record), as: UTF8.self)
        let newer = line.replacingOccurrences(of: "\"version\":1", with: "\"version\":99")
        #expect(newer != line)
        try (line + newer).write(toFile: directory + "/data/history.jsonl", atomically: true, encoding: .utf8)
        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.status == 0 && stats.output.hasPrefix("1 session, 1 question, 100% right first time"))
        #expect(stats.errors == "warning: skipped 1 line written by a newer kazu (kept in the history; update kazu to count it)\n")
        let json = try KazuProcess.run(["stats", "--json"], environment: environment)
        #expect(json.output.contains("\"newerLines\" : 1") && json.output.contains("\"skippedLines\" : 1"))
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--no-audio"], environment: environment)
        try dialog.send(try answer(toReadingLine: try dialog.readLine(containing: "[1/1]")))
        try dialog.readLine(containing: "summary: 1/1")
        #expect(try dialog.waitForExit() == 0)
        #expect(historyLines.count == 3 && historyLines[0] + "\n" == line && historyLines[1] + "\n" == newer)
    }

    /// A reading review of a missed phone number (never read, only heard or written) asks it
    /// by listening: the line says so, with its subtitle, not an empty prompt.
    @Test func aReviewLabelsEachQuestionByItsOwnSkill() throws {
        let phone = try #require(TopicCatalog.topic(id: "phone.mobile"))
        let question = phone.makeQuestion(skill: .listening, using: .seeded(1))
        let record = SessionRecord(topicID: phone.id, skill: .listening, mode: .questionLimit(1), seed: 1,
                                   startedAt: Date(), endedAt: Date(), ending: .completed,
                                   questions: [QuestionRecord(question: question, submissions: [SubmissionRecord(typed: "1", verdict: .incorrect, seconds: 1)])])
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        try Data(try HistoryClient.encodedLine(record)).write(to: URL(fileURLWithPath: directory + "/data/history.jsonl"))
        let dialog = try KazuDialog(["quiz", "review", "--skill", "reading", "-n", "1", "--no-audio"], environment: environment)
        let line = try dialog.readLine(containing: "[1/1]")
        #expect(line.contains("(listen)") && line.contains("「\(question.spokenKana)」"), "\(line)")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
    }

    /// One value left to review and the saved limit of 10 questions: the review asks it once,
    /// says so in its first line (and that, missed just now, it is not due until tomorrow),
    /// and completes.
    @Test func aReviewAsksEachValueLeftOnceAndSaysHowManyThereAre() throws {
        let topic = try #require(TopicCatalog.topic(id: "number.1-10"))
        let eight = try #require(topic.question(valueKey: "8", skill: .reading))
        let record = SessionRecord(topicID: topic.id, skill: .reading, mode: .questionLimit(1), seed: 1,
                                   startedAt: Date(), endedAt: Date(), ending: .completed,
                                   questions: [QuestionRecord(question: eight, submissions: [SubmissionRecord(typed: "9", verdict: .incorrect, seconds: 1)])])
        try Data(try HistoryClient.encodedLine(record)).write(to: URL(fileURLWithPath: directory + "/data/history.jsonl"))
        let dialog = try KazuDialog(["quiz", "review", "--skill", "reading", "--no-audio"], environment: environment)
        #expect(try dialog.readLine()?.contains("(review) · reading · 1 value to review, none due today: reviewing ahead · seed ") == true)
        let line = try dialog.readLine(containing: "[1/1]")
        #expect(line == "[1/1]  八  ___")
        try dialog.send("8")
        #expect(try dialog.readLine()?.hasPrefix("✓ 8") == true)
        #expect(try dialog.readLine(containing: "summary:").hasPrefix("summary: 1/1 right first time"))
        #expect(try dialog.waitForExit() == 0)
        #expect(try history().last?.mode == .questionLimit(1))
        // With no question limit, in rounds: the value missed is still there (a miss stays in the schedule).
        let rounds = try KazuProcess.run(["quiz", "review", "--skill", "reading", "--infinite", "--no-audio"], input: "8\n8\n:q\n",
                                         environment: environment)
        #expect(rounds.output.hasPrefix("Review (review) · reading · Infinite, 1 value to review in rounds, none due today: reviewing ahead · seed "),
                "\(rounds.output)")
        #expect(rounds.output.contains("[#2]  八  ___"), "\(rounds.output)")
    }

    /// --kana changes how reading questions are written and nothing else: with another skill,
    /// given or saved, it is refused with what to do, not ignored.
    @Test func kanaWithASkillOtherThanReadingIsRefused() throws {
        for skill in ["listening", "writing"] {
            let result = try KazuProcess.run(["quiz", "number.1-10", "--skill", skill, "--kana", "--no-audio"], environment: environment)
            #expect(result.status == 64 && result.output.isEmpty)
            #expect(result.errors.hasPrefix("error: --kana applies to the reading skill only, and this session's skill is \(skill); add --skill reading, or drop --kana\nusage: kazu quiz"))
        }
        // Without --skill the saved one is the session's: listening, the default.
        let saved = try KazuProcess.run(["quiz", "number.1-10", "--kana", "--no-audio"], environment: environment)
        #expect(saved.status == 64)
        #expect(saved.errors.hasPrefix("error: --kana applies to the reading skill only, and this session's skill is listening (no --skill given); add --skill reading"))
        let phone = try KazuProcess.run(["quiz", "phone.mobile", "--kana", "--no-audio"], environment: environment)
        #expect(phone.status == 64)
        #expect(phone.errors.hasPrefix("error: --kana applies to the reading skill only, and phone.mobile is drilled by listening, writing and sentences; drop --kana"))
        #expect(historyLines.isEmpty)
        // With reading it shows kana.
        let dialog = try KazuDialog(["quiz", "number.1-10", "--skill", "reading", "--kana", "-n", "1", "--no-audio"], environment: environment)
        let line = try dialog.readLine(containing: "[1/1]")
        #expect(line.unicodeScalars.contains { (0x3041...0x309F).contains($0.value) }, "kana: \(line)")
        try dialog.send(":q")
        #expect(try dialog.waitForExit() == 0)
    }

    /// A sentences session without sound: the subtitle is the kana sentence, and the answer
    /// shown is followed by the whole sentence, written, in kana, romaji and English.
    @Test func aSentencesSessionShowsTheSentenceAfterTheAnswer() throws {
        let run = try KazuProcess.run(["quiz", "money.conbini", "--skill", "sentences", "-n", "1", "--seed", "3", "--no-audio"],
                                      input: ":a\n\n", environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let question = try #require(lines.first { $0.hasPrefix("[1/1]") })
        #expect(question.contains("(listen)") && question.hasSuffix("￥ ___"), "\(question)")
        let subtitle = try #require(question.split(separator: "「").last?.split(separator: "」").first.map(String.init))
        let answer = try #require(lines.firstIndex { $0.hasPrefix("answer: ") })
        let sentence = Array(lines[(answer + 1)...].prefix(4))
        #expect(sentence.count == 4 && sentence.allSatisfy { $0.hasPrefix("  ") }, "\(sentence)")
        #expect(sentence[0].contains("円") && !sentence[0].contains("￥"), "written: \(sentence[0])")
        #expect(sentence[1] == "  " + subtitle, "kana: \(sentence[1])")
        #expect(sentence[2].allSatisfy { $0.isASCII }, "romaji: \(sentence[2])")
        #expect(sentence[3].hasPrefix("  “") && sentence[3].contains("¥"), "gloss: \(sentence[3])")
        // A topic no frame fits says so, in the error and in `kazu topics`.
        let none = try KazuProcess.run(["quiz", "date.year-1-2500", "--skill", "sentences"], environment: environment)
        #expect(none.status == 64 && none.errors.hasPrefix("error: date.year-1-2500 is drilled by listening, reading and writing, not sentences"))
        let topics = try KazuProcess.run(["topics"], environment: environment)
        #expect(topics.output.hasSuffix("no sentences (--skill sentences) for: date.year-1-2500\n"), "\(topics.output.suffix(80))")
    }

    @Test func topicsFavoritesAndBadCommandLines() throws {
        let topics = try KazuProcess.run(["topics", "--json"], environment: environment)
        let decoded = try JSONSerialization.jsonObject(with: Data(topics.output.utf8)) as? [[String: Any]]
        #expect(decoded?.count == TopicCatalog.all.count)
        #expect(try KazuProcess.run(["favorite", "add", "money.conbini"], environment: environment).output == "added money.conbini\n")
        #expect(try KazuProcess.run(["favorite", "list"], environment: environment).output == "money.conbini\tConbini\n")
        // A favorite whose topic is gone is listed as unknown, and removed by its id.
        let settingsFile = directory + "/config/settings.json"
        let saved = try String(contentsOfFile: settingsFile, encoding: .utf8)
        try saved.replacingOccurrences(of: "\"money.conbini\"", with: "\"money.conbini\", \"old.topic\"")
            .write(toFile: settingsFile, atomically: true, encoding: .utf8)
        #expect(try KazuProcess.run(["favorite", "list"], environment: environment).output.hasSuffix("old.topic\t(unknown topic)\n"))
        let gone = try KazuProcess.run(["favorite", "remove", "old.topic"], environment: environment)
        #expect(gone.status == 0 && gone.output == "removed old.topic\n")
        #expect(try KazuProcess.run(["favorite", "list"], environment: environment).output == "money.conbini\tConbini\n")
        let unknown = try KazuProcess.run(["quiz", "mony.conbini"], environment: environment)
        #expect(unknown.status == 64 && unknown.errors.hasPrefix("error: no topic 'mony.conbini'; did you mean money.conbini?"))
        let both = try KazuProcess.run(["quiz", "money.conbini", "--questions", "5", "--time", "60"], environment: environment)
        #expect(both.status == 64 && both.errors.hasPrefix("error: --questions and --time both set the session's limit"))
        let skill = try KazuProcess.run(["quiz", "phone.mobile", "--skill", "reading"], environment: environment)
        #expect(skill.status == 64 && skill.errors.hasPrefix("error: phone.mobile is drilled by listening, writing and sentences, not reading"))
    }
}
