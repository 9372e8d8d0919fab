/// Loads the reference tables in Data/*.tsv (comments, a header, tab-separated rows).
struct DataTable {
    struct Row {
        var line: Int
        var fields: [String: String]
        subscript(_ column: String) -> String { fields[column] ?? "" }
        /// The `alternatives` column split on `|`.
        var alternatives: [String] {
            self["alternatives"].split(separator: "|").map { String($0) }.filter { !$0.isEmpty }
        }
    }

    var name: String
    var rows: [Row]

    /// Data/ next to Tests/: Tests/JapaneseNumbersTests/DataTable.swift -> ../../Data.
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Data"
    }()

    /// The table, or `nil` when the file is not there (yet).
    static func load(_ name: String) -> DataTable? {
        guard let text = readFile(directory + "/" + name) else { return nil }
        var header: [String]? = nil
        var rows: [Row] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0) }
            guard let columns = header else {
                header = cells
                continue
            }
            var fields: [String: String] = [:]
            for (column, cell) in zip(columns, cells) { fields[column] = cell }
            rows.append(Row(line: number + 1, fields: fields))
        }
        return DataTable(name: name, rows: rows)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole file as UTF-8 text, with the C library (the tests, like the library, avoid Foundation).
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}
