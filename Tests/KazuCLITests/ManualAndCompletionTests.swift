import Foundation
@testable import KazuCLI
import KazuTestSupport
import Testing

/// `kazu help --man` and `kazu completions bash|zsh|fish`: generated from the declarations,
/// so every command and option is in each; the page reads clean in groff, and the bash
/// script completes in a real bash with bash-completion.
@Suite("Manual page and completions")
struct ManualAndCompletionTests {
    private let specs = CompletionScript.specs(of: KazuCommandLine.program)

    private func output(_ arguments: [String]) -> String {
        let io = TerminalIO.inMemory()
        let status = KazuCommandLine.run(arguments: ["kazu"] + arguments, io: io)
        #expect(status == .success, "kazu \(arguments.joined(separator: " ")): \(io.errors.text)")
        return io.output.text
    }

    /// The lines from the one starting with `start` to the next one starting with any of `ends`.
    private func section(of text: String, from start: String, to ends: [String]) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return "" }
        let rest = lines[(first + 1)...]
        let last = rest.firstIndex { line in ends.contains { line.hasPrefix($0) } } ?? lines.endIndex
        return lines[first..<last].joined(separator: "\n")
    }

    @Test("the man page has every command, with every option and argument and its help")
    func manualListsEverything() {
        let page = output(["help", "--man"])
        for name in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH FILES", ".SH ENVIRONMENT", ".SH EXIT STATUS"] {
            #expect(page.contains("\n\(name)\n"), "\(name)")
        }
        for spec in specs {
            let part = section(of: page, from: ".SS \"kazu \(spec.name)", to: [".SS", ".SH"])
            #expect(!part.isEmpty, "no section for \(spec.name)")
            #expect(part.contains(ManualPage.text(spec.abstract)), "\(spec.name)'s abstract")
            for option in spec.options {
                #expect(part.contains("\\fB\(ManualPage.text(option.longSpelling))\\fR"), "\(spec.name) \(option.longSpelling)")
                if let short = option.short { #expect(part.contains("\\fB\\-\(short)\\fR, "), "\(spec.name) -\(short)") }
                #expect(part.contains(ManualPage.text(option.help)), "\(spec.name) \(option.longSpelling)'s help")
            }
            for argument in spec.arguments {
                #expect(part.contains(ManualPage.text(argument.help)), "\(spec.name) <\(argument.name)>")
            }
        }
    }

    @Test("each completion script offers every command and every option")
    func scriptsListEverything() {
        let bash = output(["completions", "bash"])
        let zsh = output(["completions", "zsh"])
        let fish = output(["completions", "fish"])
        let commandLine = bash.split(separator: "\n").first { $0.contains("_kazu_words 'quiz ") }.map(String.init) ?? ""
        for spec in specs {
            #expect(commandLine.contains(" \(spec.name) ") || commandLine.contains("'\(spec.name) "), "bash: \(spec.name)")
            #expect(zsh.contains("        '\(spec.name):"), "zsh: \(spec.name)")
            #expect(fish.contains("-n __fish_use_subcommand -a \(spec.name) "), "fish: \(spec.name)")
            let bashOptions = bash.split(separator: "\n").first { $0.hasPrefix("        \(spec.name)) options='") } ?? ""
            let zshPart = section(of: zsh, from: "        \(spec.name))", to: ["        esac"])
            let fishLines = fish.split(separator: "\n").filter { $0.contains("'__fish_seen_subcommand_from \(spec.name)'") }
            for option in spec.options {
                #expect(bashOptions.contains(" \(option.longSpelling) ") || bashOptions.contains("'\(option.longSpelling) "),
                        "bash: \(spec.name) \(option.longSpelling)")
                #expect(zshPart.contains(option.longSpelling), "zsh: \(spec.name) \(option.longSpelling)")
                #expect(fishLines.contains { $0.contains(" -l \(option.name) ") }, "fish: \(spec.name) \(option.longSpelling)")
                if let short = option.short {
                    #expect(bashOptions.contains(" -\(short) "), "bash: \(spec.name) -\(short)")
                    #expect(zshPart.contains("{-\(short),"), "zsh: \(spec.name) -\(short)")
                    #expect(fishLines.contains { $0.contains(" -s \(short) -l \(option.name) ") }, "fish: \(spec.name) -\(short)")
                }
            }
        }
    }

    @Test("every placeholder in the declarations has a completion decided for it")
    func everyPlaceholderIsKnown() {
        for spec in specs {
            for option in spec.options {
                if let placeholder = CompletionScript.placeholder(of: option) {
                    #expect(CompletionScript.Values.forPlaceholder(placeholder) != nil, "\(spec.name) \(option.longSpelling) <\(placeholder)>")
                }
            }
            for argument in spec.arguments {
                #expect(CompletionScript.Values.forPlaceholder(argument.name) != nil, "\(spec.name) <\(argument.name)>")
            }
        }
    }

    @Test("the lists the scripts ask for come from the program")
    func lists() {
        #expect(output(["completions", "--list", "skills"]) == "listening\nreading\nwriting\nsentences\n")
        let topics = output(["completions", "--list", "topics"]).split(separator: "\n")
        #expect(topics.contains("money.conbini") && topics.contains("counter.long"))
        #expect(output(["completions", "--list", "counters"]).split(separator: "\n").contains("本"))
        #expect(output(["completions", "--list", "commands"]).split(separator: "\n").contains("export"))
        let io = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["kazu", "completions", "tcsh"], io: io) == .usage)
        #expect(io.errors.text.hasPrefix("error: <SHELL> must be one of bash, zsh, fish, got 'tcsh'")
            || io.errors.text.contains("bash, zsh, fish"))
    }

    @Test("help --man takes no command, and says so")
    func manualTakesNoCommand() {
        let io = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["kazu", "help", "--man", "quiz"], io: io) == .usage)
        #expect(io.errors.text.hasPrefix("error: --man prints the whole manual; give no command\n"))
        #expect(io.output.text == "")
    }

    @Test("groff reads the man page without a warning")
    func groffReadsThePage() throws {
        let directory = try TemporaryDirectory("kazu-man")
        let path = directory.path + "/kazu.1"
        try Data(output(["help", "--man"]).utf8).write(to: URL(fileURLWithPath: path))
        let result = try KazuProcess.run(["-man", "-Tutf8", "-ww", "-z", path], executable: "/usr/bin/groff")
        #expect(result.status == 0)
        #expect(result.errors == "")
    }

    @Test("kazu qu<TAB> and kazu quiz money.c<TAB> complete in bash with bash-completion, from the installed place")
    func bashCompletes() throws {
        let directory = try TemporaryDirectory("kazu-bash-completion")
        let completions = directory.path + "/share/bash-completion/completions"
        try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/bin/kazu", withDestinationPath: KazuProcess.executablePath)
        try Data(output(["completions", "bash"]).utf8).write(to: URL(fileURLWithPath: completions + "/kazu"))
        // bash-completion loads the script from $XDG_DATA_DIRS/bash-completion/completions on
        // first use, as it does for an installed one; `complete -p` then names the function.
        let script = """
            source /usr/share/bash-completion/bash_completion || exit 3
            export XDG_DATA_DIRS="$1/share" PATH="$1/bin:$PATH"
            __load_completion kazu || exit 4
            spec=$(complete -p kazu) && function=${spec#*-F } && function=${function%% *}
            tab() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                "$function" kazu "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
                echo "$*|${COMPREPLY[*]}"
            }
            tab kazu qu
            tab kazu quiz money.c
            tab kazu quiz --skill l
            tab kazu export money.conbini --s
            tab kazu favorite add counter.lo
            tab kazu quiz -n 5 number.1-100
            """
        let result = try KazuProcess.run(["--norc", "--noprofile", "-c", script, "bash", directory.path], executable: "/bin/bash")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == """
            kazu qu|quiz
            kazu quiz money.c|money.conbini
            kazu quiz --skill l|listening
            kazu export money.conbini --s|--skill --seed
            kazu favorite add counter.lo|counter.long
            kazu quiz -n 5 number.1-100|number.1-100 number.1-1000 number.1-10000 number.1-100000

            """)
    }

    @Test("the zsh and fish scripts parse, where those shells are installed",
          .enabled(if: ["/usr/bin/zsh", "/usr/bin/fish"].contains { FileManager.default.isExecutableFile(atPath: $0) }))
    func otherShellsParse() throws {
        let directory = try TemporaryDirectory("kazu-shells")
        for (shell, path) in [("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] where FileManager.default.isExecutableFile(atPath: path) {
            let file = directory.path + "/" + shell
            try Data(output(["completions", shell]).utf8).write(to: URL(fileURLWithPath: file))
            let result = try KazuProcess.run(["-n", file], executable: path)
            #expect(result.status == 0 && result.errors == "", "\(shell): \(result.errors)")
        }
    }

    @Test("zsh completes kazu topi<TAB> and kazu quiz money.c<TAB> at a prompt, where zsh is installed",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshCompletes() throws {
        let directory = try TemporaryDirectory("kazu-zsh")
        for folder in ["fn", "bin"] {
            try FileManager.default.createDirectory(atPath: directory.path + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/bin/kazu", withDestinationPath: KazuProcess.executablePath)
        try Data(output(["completions", "zsh"]).utf8).write(to: URL(fileURLWithPath: directory.path + "/fn/_kazu"))
        // An interactive zsh on a pseudo-terminal (zpty), the script found on $fpath by compinit:
        // each line is typed with a Tab, then cleared; the screen shows what Tab made of it.
        let script = #"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT='>'; fpath=($1/fn \$fpath); path=($1/bin \$path); autoload -Uz compinit; compinit -u -d $1/zcompdump; unsetopt beep"
            zpty -n -w z $'kazu topi	\C-a\C-k'
            zpty -n -w z $'kazu quiz money.c	\C-a\C-k'
            zpty -n -w z $'kazu export --skill l	\C-a\C-k'
            zpty -w z 'print DONE-$((6 * 7))'
            zpty -r z screen '*DONE-42*'
            zpty -d z
            print -r -- "$screen"
            """#
        let result = try KazuProcess.run(["-f", "-c", script, "zsh", directory.path], executable: "/usr/bin/zsh")
        #expect(result.status == 0, "\(result.errors)")
        // The screen without its terminal controls (colours, cursor moves, backspaces).
        let screen = result.output.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: ".\u{08}", with: "", options: .regularExpression)
        for completed in ["kazu topics", "kazu quiz money.conbini", "kazu export --skill listening"] {
            #expect(screen.contains(completed), "\(completed) in \(screen.debugDescription)")
        }
    }

    @Test("fish completes kazu qu<TAB> and kazu quiz money.c<TAB>, where fish is installed",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletes() throws {
        let directory = try TemporaryDirectory("kazu-fish")
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/kazu", withDestinationPath: KazuProcess.executablePath)
        try Data(output(["completions", "fish"]).utf8).write(to: URL(fileURLWithPath: directory.path + "/kazu.fish"))
        let result = try KazuProcess.run(
            ["--no-config", "-c", "source $argv[1]/kazu.fish; complete -C 'kazu qu'; complete -C 'kazu quiz money.c'; complete -C 'kazu quiz --skill w'",
             directory.path],
            environment: ["PATH": directory.path + ":/usr/bin:/bin"], executable: "/usr/bin/fish")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "quiz\tPlay a session: hear (or see) a number, type it.\nmoney.conbini\nwriting\tlistening, reading, writing or sentences.\n")
    }
}
