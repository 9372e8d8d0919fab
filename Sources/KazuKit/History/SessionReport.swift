#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A session written out on its own, as `kazu quiz --json-report` does: the same JSON the
/// history keeps for it, pretty-printed, written atomically.
///
/// ```swift
/// try SessionReport.write(record, to: "/tmp/session.json")
/// print(try SessionReport.json(record))
/// ```
public enum SessionReport {
    /// The record as pretty-printed JSON.
    public static func json(_ record: SessionRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(record), as: UTF8.self)
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
