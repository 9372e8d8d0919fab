#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import SpeechClient

/// A session record as one line of JSON, written and read without Foundation's coders.
///
/// The history grows with every session and `kazu stats` reads all of it, so a line is
/// written and read straight from bytes: the same JSON `JSONEncoder` writes with sorted keys
/// (either coder reads the other's lines), at a fraction of the time and memory.
///
/// ```swift
/// let line = HistoryLine.encode(record)          // JSON bytes, no newline
/// let back = try HistoryLine.decode(line[...])   // the same record
/// ```
public enum HistoryLine {
    /// Why a line could not be read.
    public struct Damaged: Error, CustomStringConvertible {
        public var description: String
    }

    // MARK: Writing

    /// Which of the lines a long session is kept in a line is: `index` from 1 to `count`.
    public struct Part: Hashable, Sendable {
        public var index: Int
        public var count: Int
    }

    /// The record's JSON, keys sorted, without a newline; with `part`, as that part of a
    /// session kept in several lines (its `questions` are then that part's).
    public static func encode(_ record: SessionRecord, part: Part? = nil) -> [UInt8] {
        var out: [UInt8] = []
        // A question takes about 250 bytes. Room for twice that, and the newline a history line
        // ends with, so that a long session's line is never copied to grow: a large buffer's
        // pages that are not written are not memory the process uses.
        out.reserveCapacity(257 + record.questions.count * 512)
        write(record, questions: record.questions[...], part: part, to: &out)
        return out
    }

    /// Appends the JSON of `record` with `questions` in place of its own to `out`: a part of a
    /// long session written straight into the lines, with no copy of its questions or its bytes.
    static func write(_ record: SessionRecord, questions: ArraySlice<QuestionRecord>, part: Part?, to out: inout [UInt8]) {
        out.append(ascii: "{\"endedAt\":")
        writeString(iso8601(record.endedAt), to: &out)
        out.append(ascii: ",\"ending\":")
        writeString(record.ending.rawValue, to: &out)
        out.append(ascii: ",\"id\":")
        writeString(record.id, to: &out)
        out.append(ascii: ",\"mode\":")
        let saved = SavedMode(record.mode)
        out.append(ascii: "{\"kind\":")
        writeString(saved.kind, to: &out)
        if let limit = saved.limit { out.append(ascii: ",\"limit\":\(limit)") }
        out.append(ascii: "}")
        if let part { out.append(ascii: ",\"part\":\(part.index),\"parts\":\(part.count)") }
        out.append(ascii: ",\"questions\":[")
        for index in questions.indices {
            if index > questions.startIndex { out.append(UInt8(ascii: ",")) }
            writeQuestion(questions[index], to: &out)
        }
        out.append(ascii: "]")
        if let rate = record.rateReached { out.append(ascii: ",\"rateReached\":\(rate)") }
        out.append(ascii: ",\"seed\":\(record.seed),\"skill\":")
        writeString(record.skill.rawValue, to: &out)
        out.append(ascii: ",\"startedAt\":")
        writeString(iso8601(record.startedAt), to: &out)
        out.append(ascii: ",\"topicID\":")
        writeString(record.topicID, to: &out)
        out.append(ascii: ",\"version\":\(record.version)}")
    }

    /// The question's JSON, as it is in its session's line.
    static func encode(_ question: QuestionRecord) -> [UInt8] {
        var out: [UInt8] = []
        writeQuestion(question, to: &out)
        return out
    }

    private static func writeQuestion(_ question: QuestionRecord, to out: inout [UInt8]) {
        // Keys in sorted order, as JSONEncoder's .sortedKeys writes them.
        writeField("answer", question.answer, to: &out, first: true)
        if let frameID = question.frameID { writeField("frameID", frameID, to: &out) }
        if question.omittedTries > 0 { out.append(ascii: ",\"omittedTries\":\(question.omittedTries)") }
        writeField("prompt", question.prompt, to: &out)
        writeField("reading", question.reading, to: &out)
        writeField("romaji", question.romaji, to: &out)
        out.append(ascii: ",\"submissions\":[")
        for (index, submission) in question.submissions.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(ascii: "{\"seconds\":")
            writeNumber(submission.seconds, to: &out)
            writeField("typed", submission.typed, to: &out)
            writeField("verdict", submission.verdict.rawValue, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        writeField("topicID", question.topicID, to: &out)
        writeField("valueKey", question.valueKey, to: &out)
        writeField("written", question.written, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"name":"value"`, or `{"name":"value"` for the first field of an object.
    private static func writeField(_ name: StaticString, _ value: String, to out: inout [UInt8], first: Bool = false) {
        out.append(UInt8(ascii: first ? "{" : ","))
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(ascii: "\":")
        writeString(value, to: &out)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(ascii: "\\\"")
            case UInt8(ascii: "\\"): out.append(ascii: "\\\\")
            case 0x0A: out.append(ascii: "\\n")
            case 0x0D: out.append(ascii: "\\r")
            case 0x09: out.append(ascii: "\\t")
            case 0x08: out.append(ascii: "\\b")
            case 0x0C: out.append(ascii: "\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(ascii: "\\u00")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whole numbers without a fraction, as `JSONEncoder` writes them; others in Swift's
    /// shortest form that reads back to the same value.
    static func writeNumber(_ value: Double, to out: inout [UInt8]) {
        guard value.isFinite else { out.append(ascii: "0"); return }
        if value == value.rounded(), abs(value) < 1e15 {
            out.append(ascii: String(Int64(value)))
        } else {
            out.append(ascii: value.description)
        }
    }

    /// `2026-11-23T07:45:06Z`: whole seconds in UTC, as `JSONEncoder`'s `.iso8601` writes.
    static func iso8601(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(inDay / 3600)):\(two(inDay % 3600 / 60)):\(two(inDay % 60))Z"
    }

    // MARK: Reading

    /// The record in one line of JSON (no newline). Keys may come in any order; unknown keys
    /// are skipped, so a newer writer's extra fields do not make a line unreadable.
    public static func decode(_ line: ArraySlice<UInt8>) throws(Damaged) -> SessionRecord {
        try decodePart(line).record
    }

    /// The record in one line, and which part of its session the line is when the session is
    /// kept in several.
    public static func decodePart(_ line: ArraySlice<UInt8>) throws(Damaged) -> (record: SessionRecord, part: Part?) {
        try line.withUnsafeBufferPointer { buffer throws(Damaged) in
            var reader = JSONReader(buffer)
            let read = try reader.sessionRecord()
            reader.skipSpaces()
            guard reader.isAtEnd else { throw reader.damaged("more after the record") }
            return read
        }
    }

    /// The `version` of a line that is a JSON object, whatever else it holds, or nil: a line a
    /// newer kazu wrote in a shape this one cannot decode is still told from a damaged one.
    static func version(in line: ArraySlice<UInt8>) -> Int? {
        line.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            var version: Int?
            do {
                try reader.object { reader, key throws(Damaged) in
                    switch key {
                    case "version": version = try reader.integer(Int.self)
                    default: try reader.skipValue()
                    }
                }
            } catch {
                return nil
            }
            reader.skipSpaces()
            return reader.isAtEnd ? version : nil
        }
    }

    /// Days since 1970-01-01 to a proleptic Gregorian (year, month, day).
    static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A proleptic Gregorian date to days since 1970-01-01.
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads JSON from UTF-8 bytes, one value at a time, for the shapes the history holds.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    func damaged(_ what: String) -> HistoryLine.Damaged {
        HistoryLine.Damaged(description: "\(what) at byte \(index)")
    }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D || bytes[index] == 0x0A {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(HistoryLine.Damaged) {
        skipSpaces()
        guard index < bytes.count, bytes[index] == byte else { throw damaged("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func next(is byte: UInt8) -> Bool {
        skipSpaces()
        if index < bytes.count, bytes[index] == byte { index += 1; return true }
        return false
    }

    /// A key of an object, compared with the names the reader knows without making a String.
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        static func ~= (name: StaticString, key: Key) -> Bool {
            guard name.utf8CodeUnitCount == key.bytes.count else { return false }
            return key.bytes.isEmpty || memcmp(name.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0
        }
    }

    /// Calls `field` with each key of an object, positioned at its value, which `field` must read or skip.
    mutating func object(_ field: (inout JSONReader, Key) throws(HistoryLine.Damaged) -> Void) throws(HistoryLine.Damaged) {
        try expect(UInt8(ascii: "{"))
        if next(is: UInt8(ascii: "}")) { return }
        repeat {
            if let plain = try plainKey() {
                try expect(UInt8(ascii: ":"))
                try field(&self, Key(bytes: plain))
            } else {
                // A key written with escapes: compare its unescaped bytes.
                let key = Array(try string().utf8) + [0]
                try expect(UInt8(ascii: ":"))
                try key.withUnsafeBufferPointer { buffer throws(HistoryLine.Damaged) in
                    try field(&self, Key(bytes: UnsafeBufferPointer(rebasing: buffer.dropLast())))
                }
            }
        } while next(is: UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// The bytes of a key with no escapes in it, or nil (and nothing read) when it has some.
    private mutating func plainKey() throws(HistoryLine.Damaged) -> UnsafeBufferPointer<UInt8>? {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count else { throw damaged("a key cut short") }
        if bytes[index] == UInt8(ascii: "\\") {
            index = start - 1
            return nil
        }
        index += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
    }

    /// Calls `element` for each element of an array, positioned at it.
    mutating func array(_ element: (inout JSONReader) throws(HistoryLine.Damaged) -> Void) throws(HistoryLine.Damaged) {
        try expect(UInt8(ascii: "["))
        if next(is: UInt8(ascii: "]")) { return }
        repeat { try element(&self) } while next(is: UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func string() throws(HistoryLine.Damaged) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // The common case: no escapes, so the text is the bytes between the quotes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw damaged("a control character in a string") }
            index += 1
        }
        guard index < bytes.count else { throw damaged("a string cut short") }
        if bytes[index] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
        var unescaped = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw damaged("a string cut short") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw damaged("a string cut short") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                case UInt8(ascii: "t"): unescaped.append(0x09)
                case UInt8(ascii: "b"): unescaped.append(0x08)
                case UInt8(ascii: "f"): unescaped.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair: the low half must follow.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                        else { throw damaged("half a surrogate pair") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw damaged("half a surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw damaged("a lone surrogate") }
                    unescaped.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw damaged("an unknown escape")
                }
            case 0..<0x20:
                throw damaged("a control character in a string")
            default:
                unescaped.append(byte)
            }
        }
    }

    private mutating func hex4() throws(HistoryLine.Damaged) -> UInt32 {
        guard index + 4 <= bytes.count else { throw damaged("a string cut short") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw damaged("a bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The text of a number, checked against JSON's grammar.
    private mutating func numberText() throws(HistoryLine.Damaged) -> Substring {
        skipSpaces()
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let from = reader.index
            while reader.index < reader.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index]) {
                reader.index += 1
            }
            return reader.index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits(&self) > 0 else { throw damaged("expected a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw damaged("a number cut short") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw damaged("a number cut short") }
        }
        guard index - start <= 40 else { throw damaged("a number too long") }
        return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    mutating func double() throws(HistoryLine.Damaged) -> Double {
        guard let value = Double(try numberText()), value.isFinite else { throw damaged("a number out of range") }
        return value
    }

    mutating func integer<Value: FixedWidthInteger>(_: Value.Type) throws(HistoryLine.Damaged) -> Value {
        let text = try numberText()
        if let value = Value(text) { return value }
        // `3.0` or `1e3`: a whole number written as a real one.
        guard let real = Double(text), real == real.rounded(), let value = Value(exactly: real) else {
            throw damaged("expected a whole number")
        }
        return value
    }

    /// Skips a value of any kind (a field this reader does not know).
    mutating func skipValue(depth: Int = 0) throws(HistoryLine.Damaged) {
        guard depth < 64 else { throw damaged("nested too deeply") }
        skipSpaces()
        guard index < bytes.count else { throw damaged("a value cut short") }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"): try object { reader, _ throws(HistoryLine.Damaged) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array { reader throws(HistoryLine.Damaged) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try numberText()
        }
    }

    private mutating func literal(_ word: StaticString) throws(HistoryLine.Damaged) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { throw damaged("an unknown word") }
        index += count
    }

    func rawValue<Value: RawRepresentable>(_ text: String, as _: Value.Type) throws(HistoryLine.Damaged) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw damaged("unknown value \(text.prefix(20))") }
        return value
    }

    /// `2026-11-23T07:45:06Z`, with optional fractional seconds and a `+hh:mm` offset.
    mutating func date() throws(HistoryLine.Damaged) -> Date {
        let text = Array(try string().utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= text.count else { return nil }
            var value: Int64 = 0
            for byte in text[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard text.count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
              text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { throw damaged("not a date") }
        var position = 19
        var fraction = 0.0
        if text[position] == UInt8(ascii: ".") {
            var scale = 0.1
            position += 1
            while position < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position]) {
                fraction += Double(text[position] - UInt8(ascii: "0")) * scale
                scale /= 10
                position += 1
            }
        }
        var offset: Int64 = 0
        if position == text.count - 1, text[position] == UInt8(ascii: "Z") {
        } else if position + 6 == text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-"),
                  text[position + 3] == UInt8(ascii: ":"),
                  let hours = number(position + 1..<position + 3), let minutes = number(position + 4..<position + 6) {
            offset = (hours * 3600 + minutes * 60) * (text[position] == UInt8(ascii: "+") ? 1 : -1)
        } else {
            throw damaged("not a date")
        }
        let days = HistoryLine.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    // MARK: The history's shapes

    mutating func sessionRecord() throws(HistoryLine.Damaged) -> (record: SessionRecord, part: HistoryLine.Part?) {
        var version: Int?, id: String?, topicID: String?, skill: Skill?, mode: QuizMode?, seed: UInt64?
        var part: Int?, parts: Int?, rateReached: Int?
        var startedAt: Date?, endedAt: Date?, ending: SessionRecord.Ending?, questions: [QuestionRecord]?
        try object { reader, key throws(HistoryLine.Damaged) in
            switch key {
            case "version": version = try reader.integer(Int.self)
            case "id": id = try reader.string()
            case "topicID": topicID = try reader.string()
            case "skill": skill = try reader.rawValue(try reader.string(), as: Skill.self)
            case "mode": mode = try reader.mode()
            case "seed": seed = try reader.integer(UInt64.self)
            case "startedAt": startedAt = try reader.date()
            case "endedAt": endedAt = try reader.date()
            case "ending": ending = try reader.rawValue(try reader.string(), as: SessionRecord.Ending.self)
            case "part": part = try reader.integer(Int.self)
            case "parts": parts = try reader.integer(Int.self)
            // A rate the voice does not speak (a hand-edited line) is no rate reached; the session stays.
            case "rateReached":
                let rate = try reader.integer(Int.self)
                rateReached = SpeechParameters.standard.rate.bounds.contains(rate) ? rate : nil
            case "questions":
                var list: [QuestionRecord] = []
                try reader.array { reader throws(HistoryLine.Damaged) in list.append(try reader.questionRecord()) }
                questions = list
            default: try reader.skipValue()
            }
        }
        guard let version, let id, let topicID, let skill, let mode, let seed, let startedAt, let endedAt, let ending,
              let questions else { throw damaged("a record without all its fields") }
        var record = SessionRecord(id: id, topicID: topicID, skill: skill, mode: mode, seed: seed, startedAt: startedAt,
                                   endedAt: endedAt, ending: ending, questions: questions, rateReached: rateReached)
        record.version = version
        guard let part, let parts else { return (record, nil) }
        guard part >= 1, part <= parts else { throw damaged("a part that is not one of its session's") }
        return (record, HistoryLine.Part(index: part, count: parts))
    }

    private mutating func mode() throws(HistoryLine.Damaged) -> QuizMode {
        var kind: String?, limit: Int?
        try object { reader, key throws(HistoryLine.Damaged) in
            switch key {
            case "kind": kind = try reader.string()
            case "limit": limit = try reader.integer(Int.self)
            default: try reader.skipValue()
            }
        }
        guard let kind, let mode = SavedMode(kind: kind, limit: limit).mode else { throw damaged("not a quiz mode") }
        return mode
    }

    private mutating func questionRecord() throws(HistoryLine.Damaged) -> QuestionRecord {
        var topicID: String?, valueKey: String?, prompt: String?, answer: String?, written: String?, reading: String?
        var romaji: String?, submissions: [SubmissionRecord]?, omittedTries = 0, frameID: String?
        try object { reader, key throws(HistoryLine.Damaged) in
            switch key {
            case "topicID": topicID = try reader.string()
            case "valueKey": valueKey = try reader.string()
            case "prompt": prompt = try reader.string()
            case "answer": answer = try reader.string()
            case "written": written = try reader.string()
            case "reading": reading = try reader.string()
            case "romaji": romaji = try reader.string()
            case "omittedTries": omittedTries = try reader.integer(Int.self)
            case "frameID": frameID = try reader.string()
            case "submissions":
                var list: [SubmissionRecord] = []
                try reader.array { reader throws(HistoryLine.Damaged) in list.append(try reader.submissionRecord()) }
                submissions = list
            default: try reader.skipValue()
            }
        }
        guard let topicID, let valueKey, let prompt, let answer, let written, let reading, let romaji, let submissions
        else { throw damaged("a question without all its fields") }
        return QuestionRecord(topicID: topicID, valueKey: valueKey, prompt: prompt, answer: answer, written: written,
                              reading: reading, romaji: romaji, submissions: submissions, omittedTries: omittedTries,
                              frameID: frameID)
    }

    private mutating func submissionRecord() throws(HistoryLine.Damaged) -> SubmissionRecord {
        var typed: String?, verdict: SubmissionRecord.Verdict?, seconds: Double?
        try object { reader, key throws(HistoryLine.Damaged) in
            switch key {
            case "typed": typed = try reader.string()
            case "verdict": verdict = try reader.rawValue(try reader.string(), as: SubmissionRecord.Verdict.self)
            case "seconds": seconds = try reader.double()
            default: try reader.skipValue()
            }
        }
        guard let typed, let verdict, let seconds else { throw damaged("a try without all its fields") }
        return SubmissionRecord(typed: typed, verdict: verdict, seconds: seconds)
    }
}

extension Array where Element == UInt8 {
    mutating func append(ascii text: String) {
        append(contentsOf: text.utf8)
    }
}
