import Foundation
import JapaneseNumbers
import KazuTestSupport
import Testing

/// Grading through the built binary: what the learner types at the prompt, and the ✓ or ✗
/// kazu prints.
@Suite("grading, end to end", .serialized)
struct GradingEndToEndTests {
    let home: TemporaryDirectory
    let environment: [String: String]

    init() throws {
        (home, environment) = try temporaryKazuHome("kazu-grading")
    }

    /// Each 12-hour time shown (午後五時五十八分) answered first with the other half of the
    /// day (午前5時58分, wrong), then with the right one in English (5:58pm, right).
    @Test func theOtherHalfOfTheDayIsWrongAndTheRightOneRight() throws {
        let count = 6
        let dialog = try KazuDialog(["quiz", "time.clock-12", "-s", "reading", "-n", String(count), "--seed", "1", "--no-audio"],
                                    environment: environment)
        for number in 1...count {
            let line = try dialog.readLine(containing: "[\(number)/\(count)]")
            let time = try Self.time(shownIn: line)
            let other = time.afternoon ? "午前" : "午後"
            let wrong = "\(other)\(time.hour)時\(time.minute)分"
            try dialog.send(wrong)
            let graded = try #require(try dialog.readLine())
            // Required: past a wrong grade the dialog is out of step with the questions.
            try #require(graded.hasPrefix("✗ "), "\(line): \(wrong) gave \(graded)")
            try #require(try dialog.readLine() == line, "the question is asked again")
            let right = "\(time.hour):\(time.minute < 10 ? "0" : "")\(time.minute)\(time.afternoon ? "pm" : "am")"
            try dialog.send(right)
            let second = try #require(try dialog.readLine())
            #expect(second.hasPrefix("✓ "), "\(line): \(right) gave \(second)")
        }
        try dialog.readLine(containing: "summary:")
        #expect(try dialog.waitForExit() == 0)
        #expect(dialog.errors.isEmpty)
    }

    /// The 12-hour time a reading question shows: 午後五時五十八分 is (5, 58, afternoon);
    /// 午前零時 is (0, 0, morning).
    static func time(shownIn line: String) throws -> (hour: Int64, minute: Int64, afternoon: Bool) {
        let afterProgress = try #require(line.split(separator: "]", maxSplits: 1).last, "no progress in \(line)")
        let shown = String(try #require(afterProgress.split(separator: " ").first, "no prompt in \(line)"))
        let afternoon = shown.hasPrefix("午後")
        #expect(afternoon || shown.hasPrefix("午前"), "\(shown)")
        let parts = shown.dropFirst(2).split(separator: "時", omittingEmptySubsequences: false)
        let hour = try JapaneseNumbers.parse(String(parts[0])).get()
        let minuteText = parts.count > 1 ? parts[1].replacingOccurrences(of: "分", with: "") : ""
        let minute = minuteText.isEmpty ? 0 : try JapaneseNumbers.parse(minuteText).get()
        return (hour, minute, afternoon)
    }
}
