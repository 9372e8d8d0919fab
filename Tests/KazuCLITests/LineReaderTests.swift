import Foundation
@testable import KazuCLI
import Testing

@Suite struct LineReaderTests {
    @Test func linesWithoutTheirNewlines() {
        #expect(Array(LineReader(text: "1\n22\n333\n")) == ["1", "22", "333"])
    }

    @Test("a typed line is trimmed of spaces and tabs as Foundation's .whitespaces trims it")
    func trimmedLikeFoundation() {
        for line in ["  :q ", "\t:a\t", "\u{3000}さん\u{3000}", " \u{00A0}3 本\u{2003}", "", "   ", "\u{3000}", "x"] {
            #expect(UserText.trimmed(line) == line.trimmingCharacters(in: .whitespaces), "\(line.unicodeScalars.map(\.value))")
        }
    }

    @Test func crlfAndAFinalLineWithoutNewline() {
        #expect(Array(LineReader(text: "一\r\n二\r\n三")) == ["一", "二", "三"])
        #expect(Array(LineReader(text: "last\r")) == ["last"])
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        #expect(Array(LineReader(text: "\u{FEFF}1\n\u{FEFF}2\n")) == ["1", "\u{FEFF}2"])
        #expect(Array(LineReader(text: "\u{FEFF}")) == [""])
    }

    @Test func aReadErrorEndsTheLinesAndIsKept() {
        let directory = open("/tmp", O_RDONLY)
        defer { close(directory) }
        let reader = LineReader(fileDescriptor: directory)
        #expect(Array(reader) == [])
        #expect(reader.readFailure == EISDIR)
        #expect(reader.readFailureDescription == "Is a directory")
    }

    @Test func emptyLinesAreKeptAndEmptyInputHasNone() {
        #expect(Array(LineReader(text: "\n\na\n\n")) == ["", "", "a", ""])
        #expect(Array(LineReader(text: "")) == [])
    }

    @Test func linesLongerThanTheBufferAndSplitCharacters() {
        // A 16-byte buffer cuts through lines and through three-byte kanji.
        let lines = ["短い", String(repeating: "万", count: 40), "", "x", String(repeating: "7", count: 100)]
        let reader = LineReader(text: lines.joined(separator: "\r\n"), bufferSize: 16)
        #expect(Array(reader) == lines)
    }

    @Test func readsAFileDescriptorToTheEnd() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-lines-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let numbers = (1...50_000).map(String.init)
        try (numbers.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        #expect(Array(LineReader(fileDescriptor: descriptor, bufferSize: 4096)) == numbers)
    }

    /// `forEachLine`, the loop `kazu read` uses, hands over the bytes of the very lines `next()`
    /// makes Strings of: whole lines from the buffer, and through `next()` the first (its
    /// byte-order mark), those split by the buffer's end, the long ones cut, the last.
    @Test func forEachLineHandsTheLinesNextMakes() {
        let long = String(repeating: "7", count: 30)
        let texts = [
            "\u{FEFF}12\n3\r\n\n万\r\n\(long)\n45\n\(long)\r\n6", "1\n22\n333\n", "", "\n\n", "last\r",
            "\u{FEFF}", "一\r\n二\r\n三", (1...300).map(String.init).joined(separator: "\n"),
        ]
        for text in texts {
            for bufferSize in [16, 64, 4096] {
                let expected = LineReader(text: text, bufferSize: bufferSize)
                expected.longestLine = 20
                var lines: [(String, Bool)] = []
                while let line = expected.next() { lines.append((line, expected.lastLineWasCut)) }
                let reader = LineReader(text: text, bufferSize: bufferSize)
                reader.longestLine = 20
                var handed: [(String, Bool)] = []
                reader.forEachLine { bytes, wasCut in
                    handed.append((bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }, wasCut))
                    return true
                }
                #expect(handed.map(\.0) == lines.map(\.0), "\(text.prefix(20)) in \(bufferSize)")
                #expect(handed.map(\.1) == lines.map(\.1), "\(text.prefix(20)) in \(bufferSize)")
            }
        }
    }

    @Test func forEachLineStopsWhenAskedAndTheRestCanBeRead() {
        let reader = LineReader(text: "a\nb\nc\nd\n")
        _ = reader.next()
        var seen = 0
        reader.forEachLine { _, _ in
            seen += 1
            return seen < 2
        }
        #expect(seen == 2)
        #expect(Array(reader) == ["d"])
    }

    @Test func isOnePositionInTheStream() {
        let reader = LineReader(text: "a\nb\nc\n")
        #expect(reader.next() == "a")
        #expect(Array(reader) == ["b", "c"])
        #expect(reader.next() == nil)
    }
}
