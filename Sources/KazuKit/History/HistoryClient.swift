import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps the history of sessions: appends one JSON line per session, loads them back
/// skipping (and counting) the lines it cannot read: damaged ones, and those a newer kazu
/// wrote, which stay in the file for it. A struct of closures, live on a file, and whether
/// they wait on a disk.
///
/// ```swift
/// let history = HistoryClient.live(locations)
/// try history.append(record)
/// let loaded = try history.load()
/// print(loaded.records.count, loaded.skipped.damaged, loaded.skipped.newer)
/// ```
public struct HistoryClient: Sendable {
    public var append: @Sendable (SessionRecord) throws -> Void
    public var load: @Sendable () throws -> HistoryLoad
    /// Hands over the records one at a time, oldest first, without keeping them all, and
    /// returns the lines skipped: for statistics over a long history.
    public var scan: @Sendable (_ each: (SessionRecord) -> Void) throws -> SkippedLines
    /// `scan`, but a session kept in several lines comes as its parts, in order, each saying
    /// whether it continues the session handed over before it: for statistics, which need no
    /// session whole, so that a long one is never held whole. With an `end` from
    /// `appendTellingEnd`, only the history as it was before that append.
    var scanParts: @Sendable (_ end: Int?, _ each: (SessionRecord, _ continuesLast: Bool) -> Void) throws -> SkippedLines
    /// `append`, returning where the history ended before the record (a file's length, a count
    /// of records); nil from a history made with `init`, which cannot tell.
    var appendTellingEnd: @Sendable (SessionRecord) throws -> Int?
    /// Whether its work waits on a disk (an fsync, a read of the whole history): a feature
    /// then does it away from the main actor, so the next screen does not wait behind it.
    /// Work on memory is done where it is asked for: a hop to another thread and back costs
    /// more than the work (a session's save and read-back took four, about 100 microseconds).
    public var waitsOnDisk: Bool

    /// A history from its operations; one that does not say is taken to wait on a disk.
    public init(append: @escaping @Sendable (SessionRecord) throws -> Void, load: @escaping @Sendable () throws -> HistoryLoad,
                scan: (@Sendable (_ each: (SessionRecord) -> Void) throws -> SkippedLines)? = nil, waitsOnDisk: Bool = true) {
        self.append = append
        self.load = load
        self.waitsOnDisk = waitsOnDisk
        let scan = scan ?? { each in
            let loaded = try load()
            loaded.records.forEach(each)
            return loaded.skipped
        }
        self.scan = scan
        scanParts = { _, each in try scan { each($0, false) } }
        appendTellingEnd = { record in
            try append(record)
            return nil
        }
    }

    /// The statistics of the whole history, read one record at a time, and a session kept in
    /// several lines a part at a time (`including` sees its first part); `alongside` is handed
    /// each part included, for other tallies made in the same reading.
    public func statistics(now: Date, including: (SessionRecord) -> Bool = { _ in true },
                           alongside: (SessionRecord) -> Void = { _ in }) throws -> (HistoryStatistics, skipped: SkippedLines) {
        try statistics(now: now, upTo: nil, including: including, alongside: alongside)
    }

    /// `statistics` of the history up to `end` (see `scanParts`), or of the whole history.
    func statistics(now: Date, upTo end: Int?, including: (SessionRecord) -> Bool = { _ in true },
                    alongside: (SessionRecord) -> Void = { _ in }) throws -> (HistoryStatistics, skipped: SkippedLines) {
        var statistics = HistoryStatistics(now: now)
        var included = false
        var earlier = (questions: 0, correct: 0)
        let skipped = try scanParts(end) { part, continuesLast in
            if !continuesLast { (included, earlier) = (including(part), (0, 0)) }
            guard included else { return }
            statistics.add(part, continuing: continuesLast ? earlier : nil)
            alongside(part)
            earlier = (earlier.questions + part.questions.count, earlier.correct + part.correctCount)
        }
        return (statistics, skipped)
    }

    /// What the review topic asks, in its order: the values missed, those SM-2 has due by
    /// the end of `now`'s day first (see `ReviewSchedule.review`).
    public func review(now: Date) throws -> [ReviewEntry] {
        try review(now: now, upTo: nil, adding: nil)
    }

    /// The review once `record` is appended, `end` being where the history ended before it
    /// (from `appendTellingEnd`): the history up to there, and `record` counted from memory,
    /// so that a long session is not decoded back from its lines. With no end, all is read.
    func review(now: Date, appended record: SessionRecord, at end: Int?) throws -> [ReviewEntry] {
        guard let end else { return try review(now: now) }
        return try review(now: now, upTo: end, adding: record)
    }

    private func review(now: Date, upTo end: Int?, adding record: SessionRecord?) throws -> [ReviewEntry] {
        var schedule = ReviewSchedule(schedulesRules: false)
        // The values missed, from statistics let go before the schedule puts them in order.
        func missed() throws -> [ReviewEntry] {
            var (statistics, _) = try statistics(now: now, upTo: end, alongside: { schedule.add($0) })
            if let record {
                statistics.add(record)
                schedule.add(record)
            }
            return statistics.review
        }
        let entries = try missed()
        return schedule.review(entries, by: ReviewSchedule.endOfDay(containing: now))
    }
}

/// The sessions read from the history, oldest first, and the lines that could not be read.
public struct HistoryLoad: Hashable, Sendable {
    public var records: [SessionRecord]
    public var skipped: SkippedLines
    /// All the lines skipped, whatever the reason.
    public var skippedLines: Int { skipped.total }

    public init(records: [SessionRecord] = [], skipped: SkippedLines = SkippedLines()) {
        self.records = records
        self.skipped = skipped
    }
}

/// The lines of a history that were not read, by why: a line a newer kazu wrote is whole, and
/// kept in the file for that kazu, so it is not called damaged.
///
/// ```swift
/// let skipped = try history.scan { _ in }
/// if skipped.newer > 0 { print("\(skipped.newer) lines from a newer kazu") }
/// ```
public struct SkippedLines: Hashable, Sendable {
    /// Damaged, cut short, over `HistoryClient.longestLine`, or of no format a kazu writes.
    public var damaged: Int
    /// Written by a newer kazu (a `version` above `SessionRecord.currentVersion`).
    public var newer: Int

    public var total: Int { damaged + newer }

    public init(damaged: Int = 0, newer: Int = 0) {
        self.damaged = damaged
        self.newer = newer
    }
}

extension HistoryClient {
    /// The longest line read; longer ones are skipped as damaged.
    public static let longestLine = 1 << 20

    /// History in `history.jsonl` under the locations' data directory.
    public static func live(_ locations: StorageLocations) -> Self {
        let path = locations.historyFile
        @Sendable func appendRecord(_ record: SessionRecord) throws -> Int {
            if let problem = DiskFile.unsafeFolderProblem(locations.dataDirectory) {
                throw StorageError("history not saved: \(problem)")
            }
            do {
                // A part at a time: a long session's lines are never all in memory at once.
                return try DiskFile.appendLines(to: path) { write throws(StorageError) in
                    try forEachLine(record) { line throws(StorageError) in try write(line) }
                }
            } catch {
                throw StorageError("history not saved: \(error)")
            }
        }
        var client = Self(
            append: { _ = try appendRecord($0) },
            load: {
                var load = HistoryLoad()
                load.skipped = try scanLines(path) { load.records.append($0) }
                return load
            },
            scan: { each in try scanLines(path, each) })
        client.scanParts = { end, each in try scanLinesInParts(path, length: end, each) }
        client.appendTellingEnd = { try appendRecord($0) }
        return client
    }

    /// History kept in memory: for tests.
    public static func inMemory(_ initial: [SessionRecord] = []) -> Self {
        let records = LockedValue(initial)
        var client = Self(
            append: { record in records.withLock { $0.append(record) } },
            load: { HistoryLoad(records: records.value) },
            waitsOnDisk: false)
        client.scanParts = { end, each in
            records.value.prefix(end ?? Int.max).forEach { each($0, false) }
            return SkippedLines()
        }
        client.appendTellingEnd = { record in
            records.withLock { records in
                records.append(record)
                return records.count - 1
            }
        }
        return client
    }

    /// The longest line written. A session whose line would be longer is kept in several
    /// lines, parts a reader joins, each with some of its questions; a question's length is
    /// bounded (by `QuestionRecord.keptTries` and `SubmissionRecord.longestTyped`), so every
    /// part is well under `longestLine`, and what kazu writes it reads back.
    public static let longestWrittenLine = 1 << 19

    /// A record as its line, JSON and a newline; or, for a long session, as its lines.
    public static func encodedLine(_ record: SessionRecord) throws -> [UInt8] {
        var lines: [UInt8] = []
        try forEachLine(record) { line in
            // The first line is taken as it is: appended to an empty array, it would be copied.
            if lines.isEmpty { lines = line } else { lines.append(contentsOf: line) }
        }
        return lines
    }

    /// Hands over the lines of `record`, each JSON and a newline, made one at a time: one line,
    /// or for a long session its parts, in order; stops at the first error `each` throws.
    static func forEachLine(_ record: SessionRecord, _ each: ([UInt8]) throws(StorageError) -> Void) throws(StorageError) {
        var empty = record
        empty.questions = []
        let frame = HistoryLine.encode(empty, part: HistoryLine.Part(index: Int.max, count: Int.max)).count
        // The parts are planned from each question's length before anything long is made: a
        // long session's whole line, made and thrown away, left its memory to the process.
        var parts: [(range: Range<Int>, length: Int)] = []
        var start = 0, length = frame
        for (index, question) in record.questions.enumerated() {
            let size = HistoryLine.encode(question).count + 1
            if index > start && length + size > longestWrittenLine {
                parts.append((start..<index, length))
                (start, length) = (index, frame)
            }
            length += size
        }
        parts.append((start..<record.questions.count, length))
        if parts.count == 1 {
            // Appended in place: `+` would copy a long session's line once more.
            var line = HistoryLine.encode(record)
            line.append(0x0A)
            return try each(line)
        }
        for (index, part) in parts.enumerated() {
            var line: [UInt8] = []
            line.reserveCapacity(part.length + 1)
            HistoryLine.write(empty, questions: record.questions[part.range], part: HistoryLine.Part(index: index + 1, count: parts.count), to: &line)
            line.append(0x0A)
            try each(line)
        }
    }

    /// Reads the file at `path` a block at a time and hands over each record it holds; returns
    /// the lines skipped. No file is an empty history.
    static func scanLines(_ path: String, _ each: (SessionRecord) -> Void) throws(StorageError) -> SkippedLines {
        var joiner = PartJoiner()
        let skipped = try readRecords(path) { record, part in joiner.take(record, part: part, each) }
        joiner.finish(each)
        return skipped
    }

    /// `scanLines`, with a session kept in several lines handed over a part at a time, each
    /// saying whether it continues the session of the one before; of the file's first `length`
    /// bytes when given (the history before an append), else of all of it.
    static func scanLinesInParts(_ path: String, length: Int? = nil,
                                 _ each: (SessionRecord, _ continuesLast: Bool) -> Void) throws(StorageError) -> SkippedLines {
        var order = PartOrder()
        return try readRecords(path, length: length) { record, part in each(record, order.continues(record, part: part)) }
    }

    /// Hands over the record of each line of the file at `path` that holds one, with which part
    /// of its session it is; returns the lines skipped. No file is an empty history.
    private static func readRecords(
        _ path: String, length: Int? = nil, _ each: (SessionRecord, HistoryLine.Part?) -> Void
    ) throws(StorageError) -> SkippedLines {
        var skipped = SkippedLines()
        let found = try DiskFile.readLines(path, longest: longestLine, length: length) { lines in
            // A line that does not start as a JSON object is damaged (or blank): counted in one
            // pass, so that junk costs no more than reading it, and only the others are decoded.
            let objects = lines.filter { line in
                guard let line, !startsAsObject(line) else { return true }
                if !isBlank(line) { skipped.damaged += 1 }
                return false
            }
            // Decoding is most of the work: the block's lines are decoded on every core, then
            // handed over in order.
            let decoded = decodeInParallel(objects)
            for read in decoded {
                switch read {
                case let .record(record, part): each(record, part)
                case .newer: skipped.newer += 1
                // Blank lines were left out above: what is damaged here is a line too long to
                // read, or an object that does not decode.
                case .damaged: skipped.damaged += 1
                }
            }
        }
        return found ? skipped : SkippedLines()
    }

    /// What one line holds. (A line too long to read, nil, is damaged.)
    private enum ReadLine: Sendable {
        case record(SessionRecord, HistoryLine.Part?)
        case newer
        case damaged
    }

    /// Follows the lines of sessions kept in several as they come in order (a session's lines
    /// are appended under one lock, so nothing comes between them): a line continues the session
    /// of the line before when it is that session's next part.
    private struct PartOrder {
        private var session: String?
        private var next = 0, count = 0

        /// Whether a session's parts are being read and more are to come.
        var isInSession: Bool { session != nil }

        /// Whether the line of `record`, `part` of its session, continues the session of the
        /// line before; the line is taken either way.
        mutating func continues(_ record: SessionRecord, part: HistoryLine.Part?) -> Bool {
            if let part, session == record.id, part.index == next, part.count == count {
                next += 1
                if next > count { session = nil }
                return true
            }
            session = nil
            if let part, part.index == 1, part.count > 1 { (session, next, count) = (record.id, 2, part.count) }
            return false
        }
    }

    /// Joins the lines of a session kept in several into its record, as they come in order.
    private struct PartJoiner {
        private var order = PartOrder()
        private var pending: SessionRecord?

        /// Takes a line's record, handing over each record made whole.
        mutating func take(_ record: SessionRecord, part: HistoryLine.Part?, _ each: (SessionRecord) -> Void) {
            if order.continues(record, part: part) {
                pending?.questions.append(contentsOf: record.questions)
                if !order.isInSession { finish(each) }
                return
            }
            finish(each)
            if let part, order.isInSession {
                // Room for every part's questions at once (parts are about the same length):
                // grown part by part, the questions would be copied each time, old and new at
                // once. The count comes from the file: a damaged one asks for no more than 64.
                var first = record
                first.questions.reserveCapacity(record.questions.count * min(part.count, 64))
                pending = first
            } else {
                each(record)
            }
        }

        /// Hands over the session being joined, with the parts there are (the rest cut off).
        mutating func finish(_ each: (SessionRecord) -> Void) {
            if let record = pending { each(record) }
            pending = nil
        }
    }

    private static func decodeInParallel(_ lines: [ArraySlice<UInt8>?]) -> [ReadLine] {
        let parts = lines.count < 64 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 8)
        if parts == 1 { return lines.map { $0.map(read) ?? .damaged } }
        // Each thread decodes its own range into an array of its own; they are joined in order.
        let decoded = LockedValue([[ReadLine]](repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (lines.count * part / parts)..<(lines.count * (part + 1) / parts)
            let results = lines[range].map { $0.map(read) ?? .damaged }
            decoded.withLock { $0[part] = results }
        }
        return decoded.value.flatMap { $0 }
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x0D }
    }

    /// Whether the line starts as a JSON object does, as every line kazu writes does.
    private static func startsAsObject(_ line: ArraySlice<UInt8>) -> Bool {
        line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{")
    }

    private static func read(_ line: ArraySlice<UInt8>) -> ReadLine {
        if case let (record, part)? = try? HistoryLine.decodePart(line) {
            if record.version == SessionRecord.currentVersion { return .record(record, part) }
            return record.version > SessionRecord.currentVersion ? .newer : .damaged
        }
        // A newer kazu may write what this one cannot decode at all (a new skill, a field of
        // another shape); its version says whose line it is.
        if let version = HistoryLine.version(in: line), version > SessionRecord.currentVersion { return .newer }
        return .damaged
    }

    /// The records in a history file's bytes: a line that is damaged, cut short, too long or
    /// of an unknown format is skipped and counted, and so, apart, is one a newer kazu wrote.
    public static func decode(_ bytes: [UInt8]) -> HistoryLoad {
        var load = HistoryLoad()
        var joiner = PartJoiner()
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if isBlank(line) { continue }
            switch line.count <= longestLine ? read(line) : .damaged {
            case let .record(record, part): joiner.take(record, part: part) { load.records.append($0) }
            case .newer: load.skipped.newer += 1
            case .damaged: load.skipped.damaged += 1
            }
        }
        joiner.finish { load.records.append($0) }
        return load
    }
}
