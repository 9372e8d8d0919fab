import JapaneseNumbers
import KazuKit
import SpeechClient
import SpeechEspeak

/// `kazu completions bash|zsh|fish`: the shell's completion script; `--list WHAT`: the values
/// the scripts ask for when Tab is pressed (topic ids, skills, counters, voices).
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Installed by scripts/install; to try one in the running shell: \
            source <(kazu completions bash), or kazu completions fish | source. \
            The scripts ask kazu for the lists they offer: --list prints one of them, \
            a value a line.
            """,
        options: [
            .option("list", value: "WHAT", as: CompletionScript.List.self,
                    help: "Print the values Tab offers instead: commands, topics, skills, counters or voices."),
        ],
        arguments: [.optionalArgument("SHELL", as: CompletionScript.Shell.self, help: "bash, zsh or fish.")]
    )

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        let shell = arguments.argument("SHELL", as: CompletionScript.Shell.self)
        let program = KazuCommandLine.program
        if let list = arguments.value("list", as: CompletionScript.List.self) {
            guard shell == nil else { throw UsageError("--list prints one list; give no SHELL with it") }
            for value in try values(of: list, program: program) { io.output.writeLine(value) }
            return .success
        }
        guard let shell else {
            throw UsageError("missing argument <SHELL>: name the shell, as in 'kazu completions bash'")
        }
        io.output.write(CompletionScript.script(shell, for: program))
        return .success
    }

    static func values(of list: CompletionScript.List, program: Program) throws -> [String] {
        switch list {
        case .commands: return CompletionScript.specs(of: program).map(\.name)
        case .topics: return TopicCatalog.all.map(\.id)
        case .skills: return Skill.allCases.map(\.rawValue)
        case .counters: return Counter.names
        case .voices:
            // No voices (espeak-ng's data missing) is no completion, not an error at each Tab.
            let speech = SpeechClient.espeak(player: "none")
            return ((try? waitFor { try await speech.voices() }) ?? []).map(\.id)
        }
    }
}
