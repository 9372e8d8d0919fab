import Foundation
import Testing

/// The number engine and the line reader `kazu read` streams through keep no raw pointers:
/// their tables are arrays and they write through bounds-checked spans, so none of their
/// memory safety rests on a comment.
@Suite struct PointerFreeTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// What a file must not say: raw pointers, allocations by hand, unchecked sendability.
    static let forbidden = ["Unsafe", "unsafe", ".allocate(", ".deallocate(", "@unchecked"]

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/Sources/JapaneseNumbers")) ?? []
        let engine = names.filter { $0.hasSuffix(".swift") }.map { "Sources/JapaneseNumbers/" + $0 }
        return (engine + ["Sources/KazuCLI/LineReader.swift"]).sorted()
    }

    @Test func noRawPointersInTheNumberEngine() throws {
        let files = Self.files
        #expect(files.count > 20, "the sources were not found under \(Self.root)")
        for path in files {
            let text = try #require(readFile(Self.root + "/" + path), "\(path) could not be read")
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in Self.forbidden where line.contains(word) {
                    // The one scoped pointer: read(2) filling the line reader's array.
                    if path.hasSuffix("LineReader.swift") && line.contains("readFromDescriptor") { continue }
                    Issue.record("\(path):\(number + 1) has \(word): \(line.drop { $0 == " " })")
                }
            }
        }
    }
}
