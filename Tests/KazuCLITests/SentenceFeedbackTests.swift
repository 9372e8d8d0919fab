import Foundation
import KazuKit
import KazuTestSupport
import Testing

/// The sentences skill through the built binary: the sentence shown after a right answer is
/// the one that was heard, the last answer's (shown from the session's record) too.
@Suite("kazu quiz --skill sentences, end to end", .serialized)
struct SentenceFeedbackTests {
    /// Removed when the test ends, with the suite's instance.
    let home: TemporaryDirectory
    let environment: [String: String]

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-sentences")
    }

    @Test func theSentenceShownAfterARightAnswerIsTheOneHeard() throws {
        // Every question of 1 to 10 is answered right by trying 1 to 10 in turn.
        let tries = (0..<12).flatMap { _ in (1...10).map(String.init) }.joined(separator: "\n") + "\n"
        let run = try KazuProcess.run(["quiz", "number.1-10", "--skill", "sentences", "-n", "12", "--seed", "4", "--no-audio"],
                                      input: tries, environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var heard: String?, rightAnswers = 0
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("[") {
                heard = line.split(separator: "「").last?.split(separator: "」").first.map(String.init)
            } else if line.hasPrefix("✓ ") {
                rightAnswers += 1
                #expect(index + 2 < lines.count && lines[index + 2] == "  " + (heard ?? "?"), "after \(line): \(lines[index...].prefix(5))")
            }
        }
        #expect(rightAnswers == 12)
    }

    /// `--json-report` says what was spoken: for a sentence, the whole sentence, as subtitled.
    @Test func theReportCarriesTheSentenceSpoken() throws {
        let run = try KazuProcess.run(["quiz", "number.1-10", "--skill", "sentences", "-n", "3", "--seed", "4", "--no-audio",
                                       "--json-report", "-"], input: ":a\n\n:a\n\n:a\n\n", environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        let subtitles = run.output.split(separator: "\n").filter { $0.hasPrefix("[") }
            .compactMap { $0.split(separator: "「").last?.split(separator: "」").first.map(String.init) }
        let json = try #require(run.output.range(of: "\n{").map { String(run.output[$0.lowerBound...]) })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let questions = try #require(report["questions"] as? [[String: Any]])
        // What was said is what was shown, but for the particles, shown は and へ and said わ and え.
        let spoken = questions.map { $0["spoken"] as? String ?? "" }
        #expect(spoken.count == 3 && subtitles.count == 3, "\(spoken) \(subtitles)")
        for (said, shown) in zip(spoken, subtitles) {
            let pairs = zip(said, shown)
            #expect(said.count == shown.count && pairs.allSatisfy { $0 == $1 || [$0, $1] == ["わ", "は"] || [$0, $1] == ["え", "へ"] },
                    "said \(said), shown \(shown)")
        }
        #expect(questions.allSatisfy { ($0["frameID"] as? String)?.hasPrefix("numbers.") == true })
    }
}
