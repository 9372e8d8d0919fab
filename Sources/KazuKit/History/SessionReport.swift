#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session written out on its own, as `kazu quiz --json-report` does: the JSON the history
/// keeps for it with the summary the terminal shows (`summary`) and, for each question that
/// was spoken, the kana that was (`spoken`); pretty-printed, written atomically.
///
/// ```swift
/// try SessionReport.write(record, to: "/tmp/session.json")
/// print(try SessionReport.json(record))   // {"ending": ..., "summary": {"rightFirstTime": 8, ...}, ...}
/// ```
public enum SessionReport {
    /// The report as pretty-printed JSON.
    public static func json(_ record: SessionRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(Report(record)), as: UTF8.self)
    }

    /// The totals of a session, as the summary line says them: "8/10 right first time (80%),
    /// 1 wrong, 1 skipped, 3.2 s per question".
    public struct Totals: Codable, Hashable, Sendable {
        public var rightFirstTime: Int
        public var wrong: Int
        public var skipped: Int
        public var total: Int
        /// Right first time, as a share of the questions: 0 to 1.
        public var accuracy: Double
        public var secondsPerQuestion: Double

        public init(_ record: SessionRecord) {
            rightFirstTime = record.correctCount
            wrong = record.incorrectCount
            skipped = record.skippedCount
            total = record.questions.count
            accuracy = record.accuracy
            secondsPerQuestion = total == 0 ? 0 : record.questions.map(\.seconds).reduce(0, +) / Double(total)
        }
    }

    /// The record's own fields, its questions with what was spoken, and the totals.
    private struct Report: Encodable {
        let record: SessionRecord

        init(_ record: SessionRecord) { self.record = record }

        enum Key: String, CodingKey { case questions, summary }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(record.questions.map(ReportedQuestion.init), forKey: .questions)
            try container.encode(Totals(record), forKey: .summary)
        }
    }

    /// A question as the history keeps it and, when nothing was shown (a listening question,
    /// whose prompt is empty), the kana that was spoken: for a sentence, the whole sentence.
    private struct ReportedQuestion: Encodable {
        let question: QuestionRecord

        enum Key: String, CodingKey { case spoken }

        func encode(to encoder: any Encoder) throws {
            try question.encode(to: encoder)
            if question.prompt.isEmpty {
                var container = encoder.container(keyedBy: Key.self)
                let sentence = question.frameID.flatMap {
                    TopicCatalog.topic(id: question.topicID)?.question(valueKey: question.valueKey, skill: .sentences, frameID: $0)
                }
                try container.encode(sentence?.spokenKana ?? question.reading, forKey: .spoken)
            }
        }
    }

    /// Why no report could be written to `path`, by the same rules `write` follows: checked
    /// before a session, so that the learner does not play one whose report is then lost. Nil
    /// when a write may work. `kept` are files a report must never replace (the history, the
    /// settings): `.keptFile` when `path` is one of them, through a link or not.
    public static func problem(writingTo path: String, sparing kept: [String] = []) -> WriteProblem? {
        DiskFile.problemWriting(to: path, sparing: kept)
    }

    /// Writes the record to `path` through a temporary file, so that a reader never sees half.
    public static func write(_ record: SessionRecord, to path: String) throws {
        let text: String
        do { text = try json(record) } catch { throw StorageError("report not written: \(error)") }
        do {
            try DiskFile.writeAtomically(Array(text.utf8) + [0x0A], to: path, makingDirectories: false)
        } catch {
            throw StorageError("report not written: \(error)")
        }
    }
}
