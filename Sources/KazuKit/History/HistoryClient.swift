#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps the history of sessions: appends one JSON line per session, loads them back
/// skipping (and counting) damaged lines. A struct of closures, live on a file.
///
/// ```swift
/// let history = HistoryClient.live(locations)
/// try history.append(record)
/// let loaded = try history.load()
/// print(loaded.records.count, loaded.skippedLines)
/// ```
public struct HistoryClient: Sendable {
    public var append: @Sendable (SessionRecord) throws -> Void
    public var load: @Sendable () throws -> HistoryLoad

    public init(append: @escaping @Sendable (SessionRecord) throws -> Void, load: @escaping @Sendable () throws -> HistoryLoad) {
        self.append = append
        self.load = load
    }
}

/// The sessions read from the history, oldest first, and how many lines could not be read.
public struct HistoryLoad: Hashable, Sendable {
    public var records: [SessionRecord]
    public var skippedLines: Int

    public init(records: [SessionRecord] = [], skippedLines: Int = 0) {
        self.records = records
        self.skippedLines = skippedLines
    }
}

extension HistoryClient {
    /// The longest line read; longer ones are skipped as damaged.
    public static let longestLine = 1 << 20

    /// History in `history.jsonl` under the locations' data directory.
    public static func live(_ locations: StorageLocations) -> Self {
        let path = locations.historyFile
        return Self(
            append: { record in
                do {
                    try DiskFile.appendLine(try encodedLine(record), to: path)
                } catch {
                    throw StorageError("history not saved: \(error)")
                }
            },
            load: {
                guard let bytes = try DiskFile.read(path) else { return HistoryLoad() }
                return decode(bytes)
            })
    }

    /// History kept in memory: for tests.
    public static func inMemory(_ initial: [SessionRecord] = []) -> Self {
        let records = LockedValue(initial)
        return Self(
            append: { record in records.withLock { $0.append(record) } },
            load: { HistoryLoad(records: records.value) })
    }

    /// A record as its line: JSON and a newline.
    public static func encodedLine(_ record: SessionRecord) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(record)) + [0x0A]
    }

    /// The records in a history file's bytes: a line that is damaged, cut short, too long or
    /// of an unknown format is skipped and counted.
    public static func decode(_ bytes: [UInt8]) -> HistoryLoad {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var load = HistoryLoad()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
            guard line.count <= longestLine,
                  let record = try? decoder.decode(SessionRecord.self, from: Data(line)),
                  record.version == SessionRecord.currentVersion
            else {
                load.skippedLines += 1
                continue
            }
            load.records.append(record)
        }
        return load
    }
}
