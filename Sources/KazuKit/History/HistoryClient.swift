import Dispatch
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
    /// Hands over the records one at a time, oldest first, without keeping them all, and
    /// returns how many lines were skipped: for statistics over a long history.
    public var scan: @Sendable (_ each: (SessionRecord) -> Void) throws -> Int

    public init(append: @escaping @Sendable (SessionRecord) throws -> Void, load: @escaping @Sendable () throws -> HistoryLoad,
                scan: (@Sendable (_ each: (SessionRecord) -> Void) throws -> Int)? = nil) {
        self.append = append
        self.load = load
        self.scan = scan ?? { each in
            let loaded = try load()
            loaded.records.forEach(each)
            return loaded.skippedLines
        }
    }

    /// The statistics of the whole history, read one record at a time.
    public func statistics(now: Date, including: (SessionRecord) -> Bool = { _ in true }) throws -> (HistoryStatistics, skippedLines: Int) {
        var statistics = HistoryStatistics(now: now)
        let skipped = try scan { record in
            if including(record) { statistics.add(record) }
        }
        return (statistics, skipped)
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
                var load = HistoryLoad()
                load.skippedLines = try scanLines(path) { load.records.append($0) }
                return load
            },
            scan: { each in try scanLines(path, each) })
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
        // Appended in place: `+` would copy a long session's line once more.
        var line = HistoryLine.encode(record)
        line.append(0x0A)
        return line
    }

    /// Reads the file at `path` a block at a time and hands over each record it holds; returns
    /// the number of lines skipped. No file is an empty history.
    static func scanLines(_ path: String, _ each: (SessionRecord) -> Void) throws(StorageError) -> Int {
        var skipped = 0
        let found = try DiskFile.readLines(path, longest: longestLine) { lines in
            // Decoding is most of the work: the block's lines are decoded on every core, then
            // handed over in order.
            let decoded = decodeInParallel(lines)
            for (line, record) in zip(lines, decoded) {
                if let record { each(record) } else if let line, isBlank(line) {} else { skipped += 1 }
            }
        }
        return found ? skipped : 0
    }

    private static func decodeInParallel(_ lines: [ArraySlice<UInt8>?]) -> [SessionRecord?] {
        let parts = lines.count < 64 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8)
        if parts == 1 { return lines.map { $0.flatMap(record(in:)) } }
        let results = UnsafeMutableBufferPointer<SessionRecord?>.allocate(capacity: lines.count)
        results.initialize(repeating: nil)
        defer { results.deinitialize(); results.deallocate() }
        let output = UnsafeSendable(results)
        lines.withUnsafeBufferPointer { input in
            let shared = UnsafeSendable(input)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (shared.value.count * part / parts)..<(shared.value.count * (part + 1) / parts)
                for index in range { output.value[index] = shared.value[index].flatMap(record(in:)) }
            }
        }
        return Array(results)
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x0D }
    }

    private static func record(in line: ArraySlice<UInt8>) -> SessionRecord? {
        guard let record = try? HistoryLine.decode(line), record.version == SessionRecord.currentVersion else { return nil }
        return record
    }

    /// The records in a history file's bytes: a line that is damaged, cut short, too long or
    /// of an unknown format is skipped and counted.
    public static func decode(_ bytes: [UInt8]) -> HistoryLoad {
        var load = HistoryLoad()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if isBlank(line) { continue }
            guard line.count <= longestLine, let record = record(in: line) else {
                load.skippedLines += 1
                continue
            }
            load.records.append(record)
        }
        return load
    }
}

/// A pointer handed to the threads of `concurrentPerform`, each of which touches its own part.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
