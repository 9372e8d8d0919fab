import Foundation
import JapaneseNumbers
import KazuKit
import KazuTestSupport
import Testing

/// `kazu quiz --rate auto` through the built binary, heard through a private PulseAudio
/// server: the rate it reaches is in the summary, the report, the history and `kazu stats`,
/// and is the learner's rate afterwards. Questions not heard move no rate.
@Suite("kazu quiz --rate auto, end to end", .serialized)
final class AutoRateCommandTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let pulse: PulseAudioHarness
    let environment: [String: String]
    var directory: String { home.path }

    init() throws {
        let (home, kazuEnvironment) = try temporaryKazuHome("kazu-autorate")
        pulse = try PulseAudioHarness.start()
        self.home = home
        environment = kazuEnvironment.merging(pulse.environment) { _, server in server }
    }

    deinit {
        pulse.shutDown()
    }

    func history() throws -> [SessionRecord] {
        try HistoryClient.live(StorageLocations(configDirectory: directory + "/config", dataDirectory: directory + "/data")).load().records
    }

    func savedRate() throws -> Int {
        let saved = try Data(contentsOf: URL(fileURLWithPath: directory + "/config/settings.json"))
        return try JSONDecoder().decode(KazuSettings.self, from: saved).speech.rate
    }

    @Test func theRateReachedIsSummedUpSavedAndShownInStats() throws {
        let dialog = try KazuDialog(["quiz", "number.1-10", "-s", "listening", "-n", "6", "--seed", "3", "--rate", "auto", "--subtitles"],
                                    environment: environment)
        #expect(try dialog.readLine(containing: "rate auto:")
                == "rate auto: starts at 150 wpm; after each 3 spoken questions, 10 up if all were right first time, else 10 down; within 110-350")
        for number in 1...6 {
            let question = try dialog.readLine(containing: "[\(number)/6]")
            let kana = try #require(question.split(separator: "「").last?.split(separator: "」").first, "subtitle in \(question)")
            if number == 4 {
                // The settings show the rate three right answers reached.
                try dialog.send(":s")
                #expect(try dialog.readLine(containing: "settings (time stands still)")
                    .hasSuffix("; now voice ja, rate 160 (auto, 110-350), pitch 50"))
                try dialog.send("")
                try dialog.readLine(containing: "[4/6]")
            }
            try dialog.send(String(try JapaneseNumbers.parse(kana).get()))
            #expect(try dialog.readLine()?.hasPrefix("✓ ") == true)
        }
        #expect(try dialog.readLine(containing: "summary:").hasPrefix("summary: 6/6 right first time"))
        #expect(try dialog.readLine() == "rate reached: 170 wpm (--rate auto; your rate from now on)")
        #expect(try dialog.waitForExit() == 0)
        #expect(try history().last?.rateReached == 170)
        #expect(try savedRate() == 170, "the next session starts where this one ended")

        // Bounds below the saved rate: the session starts at the top one and misses step it down.
        let bounded = try KazuProcess.run(["quiz", "number.1-10", "-n", "3", "--rate", "auto:100-120", "--subtitles", "--json-report", "-"],
                                          input: ":a\n\n:a\n\n:a\n\n", environment: environment)
        #expect(bounded.status == 0, "\(bounded.errors)")
        #expect(bounded.output.contains("rate auto: starts at 120 wpm;") && bounded.output.contains("within 100-120\n"))
        #expect(bounded.output.contains("\nrate reached: 110 wpm"))
        let json = try #require(bounded.output.range(of: "\n{").map { String(bounded.output[$0.lowerBound...]) })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(report["rateReached"] as? Int == 110)
        #expect(try savedRate() == 110)

        // A fixed rate and a skill that is not spoken reach no rate; the saved one stays.
        let reading = try KazuProcess.run(["quiz", "number.1-10", "-s", "reading", "-n", "1", "--rate", "auto"],
                                          input: ":a\n\n", environment: environment)
        #expect(reading.output.contains("note: --rate auto changes nothing here: reading questions are not spoken\n"))
        #expect(!reading.output.contains("rate reached"))
        #expect(try history().last?.rateReached == nil && (try savedRate()) == 110)

        // Questions not heard (--no-audio, KAZU_PLAYER=none) say nothing of the ear: no rate moves.
        for (silence, player) in [(["--no-audio"], [:]), ([], ["KAZU_PLAYER": "none"])] {
            let unheard = try KazuProcess.run(["quiz", "number.1-10", "-n", "3", "--rate", "auto:100-120"] + silence,
                                              input: ":a\n\n:a\n\n:a\n\n", environment: environment.merging(player) { $1 })
            #expect(unheard.status == 0, "\(unheard.errors)")
            #expect(unheard.output.contains("note: --rate auto changes nothing here: questions are not heard"), "\(silence) \(player)")
            #expect(!unheard.output.contains("rate reached"), "\(silence) \(player)")
            #expect(try savedRate() == 110, "\(silence) \(player)")
        }

        let stats = try KazuProcess.run(["stats"], environment: environment)
        #expect(stats.output.contains("\nrate   170 110  (reached with --rate auto, last 2 sessions, oldest first)\n"), "\(stats.output)")
        let statsJSON = try KazuProcess.run(["stats", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(statsJSON.output.utf8)) as? [String: Any])
        let rates = try #require(object["rateReached"] as? [[String: Any]])
        #expect(rates.map { $0["rate"] as? Int } == [170, 110] && rates.allSatisfy { $0["topic"] as? String == "number.1-10" })
        #expect((rates.first?["endedAt"] as? String)?.hasSuffix("Z") == true)
    }

    /// A bad `--rate` is a usage error that says what it takes, before any session.
    @Test(arguments: ["fast", "auto:300-200", "auto:50-120", "auto:120", "auto:-", "400"])
    func aBadRateIsRefusedWithWhatItTakes(rate: String) throws {
        let run = try KazuProcess.run(["quiz", "number.1-10", "--rate", rate, "--no-audio"], input: "", environment: environment)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("error: --rate must be a whole number from 80 to 350, auto, or auto:MIN-MAX"
            + " with 80 ≤ MIN ≤ MAX ≤ 350 (as auto:120-220), got '\(rate)'\n"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/data/history.jsonl"))
    }
}
