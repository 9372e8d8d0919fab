import Foundation
import JapaneseNumbers
import KazuTestSupport
import Testing

/// A folder for one test's settings (`config`) and history (`data`), removed when the test's
/// suite lets go of it, and the environment that points kazu at it, with colour off.
func temporaryKazuHome(_ name: String) throws -> (home: TemporaryDirectory, environment: [String: String]) {
    let home = try TemporaryDirectory(name)
    let directory = home.path
    try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
    return (home, ["KAZU_CONFIG_DIR": directory + "/config", "KAZU_DATA_DIR": directory + "/data", "NO_COLOR": ""])
}

/// The lines of the history kazu keeps under `directory`.
func historyLines(in directory: String) -> [String] {
    ((try? String(contentsOfFile: directory + "/data/history.jsonl", encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
}

/// The answer to a reading question: the kanji between the progress and the answer box, read.
func answer(toReadingLine line: String) throws -> String {
    let afterProgress = try #require(line.split(separator: "]", maxSplits: 1).last, "no progress in \(line)")
    let kanji = try #require(afterProgress.split(separator: " ").first, "no prompt in \(line)")
    return String(try JapaneseNumbers.parse(kanji).get())
}
