/// The usage line and `--help` page of a command, generated from its ``CommandSpec``.
///
/// ```
/// OVERVIEW: Print the Japanese readings of numbers.
///
/// USAGE: kazu read [--counter <C>] [--json] [<NUMBER> ...]
///
/// ARGUMENTS:
///   <NUMBER>                Numbers to read; standard input, one per line, when
///                           none are given.
///
/// OPTIONS:
///   -c, --counter <C>       Read each number with counter C (本, 人, 日, ...).
///   --json                  One JSON object per line.
///   -h, --help              Show help information.
/// ```
public enum HelpText {
    /// Text is wrapped to this many terminal columns.
    public static let width = 80
    /// Help text starts in this column, after the option or argument names.
    static let helpColumn = 26

    /// `kazu read [--counter <C>] [--json] [<NUMBER> ...]`, shortened to
    /// `kazu read [<options>] [<NUMBER> ...]` when it would not fit on a line.
    public static func usage(of spec: CommandSpec, programName: String) -> String {
        let prefix = "\(programName) \(spec.name)"
        let arguments = spec.arguments.map { argument in
            switch argument.arity {
            case .required: "<\(argument.name)>"
            case .optional: "[<\(argument.name)>]"
            case .variadic: "[<\(argument.name)> ...]"
            }
        }
        let options = spec.options.map { "[\(ArgumentParser.usageSpelling(of: $0))]" }
        let full = ([prefix] + options + arguments).joined(separator: " ")
        if displayWidth(full) + "USAGE: ".count <= width { return full }
        return ([prefix] + (options.isEmpty ? [] : ["[<options>]"]) + arguments).joined(separator: " ")
    }

    /// The whole `--help` page for `spec`.
    public static func help(for spec: CommandSpec, programName: String) -> String {
        var sections = ["OVERVIEW: " + spec.abstract]
        if !spec.discussion.isEmpty {
            sections.append(wrapParagraphs(spec.discussion, indent: 0))
        }
        sections.append("USAGE: " + usage(of: spec, programName: programName))
        if !spec.arguments.isEmpty {
            let rows = spec.arguments.map { argument in
                (label: argument.arity == .variadic ? "<\(argument.name)> ..." : "<\(argument.name)>",
                 help: argument.help)
            }
            sections.append("ARGUMENTS:\n" + table(rows))
        }
        var optionRows = spec.options.map { option in
            let names = [option.short.map { "-\($0)" }, ArgumentParser.usageSpelling(of: option)]
                .compactMap { $0 }.joined(separator: ", ")
            let help = option.defaultDescription.map { "\(option.help) (default: \($0))" } ?? option.help
            return (label: names, help: help)
        }
        optionRows.append((label: "-h, --help", help: "Show help information."))
        sections.append("OPTIONS:\n" + table(optionRows))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// Two columns: labels indented by two, help text from ``helpColumn``,
    /// wrapped; a label too wide for its column puts its help on the next line.
    static func table(_ rows: [(label: String, help: String)]) -> String {
        rows.map { row in
            let label = "  " + row.label
            let helpLines = wrap(row.help, width: width - helpColumn)
            let indent = String(repeating: " ", count: helpColumn)
            var lines: [String] = []
            let labelWidth = displayWidth(label)
            if labelWidth < helpColumn - 1, let first = helpLines.first {
                lines.append(label + String(repeating: " ", count: helpColumn - labelWidth) + first)
                lines += helpLines.dropFirst().map { indent + $0 }
            } else {
                lines.append(label)
                lines += helpLines.map { indent + $0 }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Paragraphs (separated by blank lines) each wrapped to ``width``.
    static func wrapParagraphs(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.split(separator: "\n\n", omittingEmptySubsequences: true).map { paragraph in
            wrap(String(paragraph), width: width - indent).map { pad + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// Words of `text` on lines of at most `width` columns (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(whereSeparator: \.isWhitespace) {
            let wordWidth = displayWidth(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// Terminal columns `text` takes: two for CJK and other East Asian wide
    /// characters (本, 人, カ), one for the rest. Good enough for aligning help.

    static func displayWidth(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F: width  // combining marks, zero-width
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
                 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width + 2
            default: width + 1
            }
        }
    }
}
