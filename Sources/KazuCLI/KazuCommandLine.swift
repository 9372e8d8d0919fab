#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SpeechEspeak

/// The `kazu` program: its version, its one-line overview and its commands.
///
/// ```swift
/// // Sources/kazu/main.swift
/// await KazuCommandLine.main()
///
/// // A test
/// let io = TerminalIO.inMemory()
/// #expect(KazuCommandLine.run(arguments: ["kazu", "--version"], io: io) == .success)
/// #expect(io.output.text == "kazu 0.1.0\n")
/// ```
public enum KazuCommandLine {
    /// The one place the version is written down.
    public static let version = "0.1.0"

    public static let overview = "Kazu (数) trains your ear for Japanese numbers: hear one, type it."

    /// Every `kazu` subcommand, in the order `kazu --help` lists them.
    ///
    /// To add one, declare a type conforming to ``Command`` (a ``CommandSpec`` and
    /// a `run` function) in its own file and list it here:
    ///
    /// ```swift
    /// ReadCommand.self,
    /// ```
    ///
    /// `help` is built in and needs no entry.
    public static let commands: [any Command.Type] = [
        QuizCommand.self,
        TopicsCommand.self,
        StatsCommand.self,
        FavoriteCommand.self,
        ReadCommand.self,
        ParseCommand.self,
        SayCommand.self,
        ExportCommand.self,
        CompletionsCommand.self,
    ]

    public static let program = Program(
        name: "kazu", version: version, overview: overview, commands: commands, interactive: InteractiveMenu.run,
        manualSections: manualSections)

    /// Runs one command line (`CommandLine.arguments`, program path first) with `io`: a
    /// command that prints and returns, as ``Program/run(arguments:io:)`` does.
    public static func run(arguments: [String], io: TerminalIO) -> ExitCode {
        program.run(arguments: arguments, io: io)
    }

    /// The whole program: runs `CommandLine.arguments` on the standard streams
    /// and exits with the status.
    ///
    /// `SIGPIPE` is ignored so a closed pipe shows up as `EPIPE`; when the reader of
    /// standard output has gone away (`kazu read 1...1000000 | head -1`) the program
    /// exits at once with status 0, quietly: the reader took what it wanted, so it
    /// is not an error, and `set -o pipefail` scripts are not failed by it.
    ///
    /// The one exit: a session (`kazu quiz`, the menu) runs on the main actor, awaited here,
    /// and its status comes back through ``Program/main(arguments:io:)`` like any command's.
    @MainActor
    public static func main() async -> Never {
        // First, before a thread that reads the environment starts (the signal thread reads none): it changes it.
        LaunchEnvironment.keepEspeakOffTheSoundServer()
        signal(SIGPIPE, SIG_IGN)
        let io = TerminalIO.standard(onBrokenPipe: { exit(ExitCode.success.rawValue) })
        let status = await program.main(arguments: CommandLine.arguments, io: io)
        io.flush()
        exit(status.rawValue)
    }
}
