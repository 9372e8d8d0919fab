/// Describes values as indented lines, field by field, and diffs two descriptions line by
/// line: what a test failure shows when the expected and the actual state differ.
///
/// ```swift
/// print(ValueDiff.diff(expected, actual) ?? "equal")
/// //   State(
/// // −   count: 1,
/// // +   count: 2,
/// //   )
/// ```
public enum ValueDiff {
    /// The lines that describe `value`.
    public static func lines(_ value: Any) -> [String] {
        var lines: [String] = []
        describe(value, label: nil, indent: 0, trailingComma: false, into: &lines)
        return lines
    }

    /// A line diff of `expected` against `actual` (− expected, + actual), or nil when their
    /// descriptions are the same.
    public static func diff(_ expected: Any, _ actual: Any) -> String? {
        let old = lines(expected)
        let new = lines(actual)
        guard old != new else { return nil }
        return unifiedDiff(old, new)
    }

    private static func describe(
        _ value: Any, label: String?, indent: Int, trailingComma: Bool, into lines: inout [String]
    ) {
        let pad = String(repeating: "  ", count: indent)
        let prefix = pad + (label.map { "\($0): " } ?? "")
        let comma = trailingComma ? "," : ""
        let mirror = Mirror(reflecting: value)

        if let string = value as? String {
            lines.append(prefix + String(reflecting: string) + comma)
            return
        }
        switch mirror.displayStyle {
        case .optional:
            if let child = mirror.children.first {
                describe(child.value, label: label, indent: indent, trailingComma: trailingComma, into: &lines)
            } else {
                lines.append(prefix + "nil" + comma)
            }
        case .struct, .class:
            guard !mirror.children.isEmpty else {
                lines.append(prefix + String(describing: value) + comma)
                return
            }
            lines.append(prefix + typeName(value) + "(")
            let count = mirror.children.count
            for (index, child) in mirror.children.enumerated() {
                describe(child.value, label: child.label, indent: indent + 1,
                         trailingComma: index < count - 1, into: &lines)
            }
            lines.append(pad + ")" + comma)
        case .enum:
            guard let child = mirror.children.first else {
                lines.append(prefix + typeName(value) + "." + String(describing: value) + comma)
                return
            }
            let caseName = child.label ?? "?"
            let payload = Mirror(reflecting: child.value)
            if payload.displayStyle == .tuple {
                lines.append(prefix + typeName(value) + "." + caseName + "(")
                let count = payload.children.count
                for (index, element) in payload.children.enumerated() {
                    let elementLabel = element.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                    describe(element.value, label: elementLabel, indent: indent + 1,
                             trailingComma: index < count - 1, into: &lines)
                }
                lines.append(pad + ")" + comma)
            } else {
                var inner: [String] = []
                describe(child.value, label: nil, indent: indent + 1, trailingComma: false, into: &inner)
                if inner.count == 1 {
                    let single = inner[0].drop(while: { $0 == " " })
                    lines.append(prefix + typeName(value) + "." + caseName + "(" + single + ")" + comma)
                } else {
                    lines.append(prefix + typeName(value) + "." + caseName + "(")
                    lines.append(contentsOf: inner)
                    lines.append(pad + ")" + comma)
                }
            }
        case .collection, .set:
            guard !mirror.children.isEmpty else {
                lines.append(prefix + "[]" + comma)
                return
            }
            lines.append(prefix + "[")
            let count = mirror.children.count
            for (index, child) in mirror.children.enumerated() {
                describe(child.value, label: "[\(index)]", indent: indent + 1,
                         trailingComma: index < count - 1, into: &lines)
            }
            lines.append(pad + "]" + comma)
        case .dictionary:
            guard !mirror.children.isEmpty else {
                lines.append(prefix + "[:]" + comma)
                return
            }
            var entries: [(key: String, value: Any)] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                entries.append((String(reflecting: pair[0].value), pair[1].value))
            }
            entries.sort { $0.key < $1.key }
            lines.append(prefix + "[")
            for (index, entry) in entries.enumerated() {
                describe(entry.value, label: entry.key, indent: indent + 1,
                         trailingComma: index < entries.count - 1, into: &lines)
            }
            lines.append(pad + "]" + comma)
        case .tuple:
            lines.append(prefix + "(")
            let count = mirror.children.count
            for (index, child) in mirror.children.enumerated() {
                let childLabel = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                describe(child.value, label: childLabel, indent: indent + 1,
                         trailingComma: index < count - 1, into: &lines)
            }
            lines.append(pad + ")" + comma)
        default:
            lines.append(prefix + String(reflecting: value) + comma)
        }
    }

    private static func typeName(_ value: Any) -> String {
        // "Module.Outer.Inner" reads as "Outer.Inner".
        let full = String(reflecting: type(of: value))
        guard let dot = full.firstIndex(of: ".") else { return full }
        return String(full[full.index(after: dot)...])
    }

    /// Longest-common-subsequence line diff; fine for the few hundred lines a state dumps to.
    private static func unifiedDiff(_ old: [String], _ new: [String]) -> String {
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var output: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                output.append("  " + old[i]); i += 1; j += 1
            } else if j < m, i == n || table[i][j + 1] > table[i + 1][j] {
                output.append("+ " + new[j]); j += 1
            } else {
                output.append("− " + old[i]); i += 1
            }
        }
        return output.joined(separator: "\n")
    }
}
