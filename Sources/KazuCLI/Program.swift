#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A command-line program made of subcommands: `name COMMAND [OPTIONS] [ARGUMENTS]`,
/// with `--help`, `-h`, `help [COMMAND]` and `--version` built in.
///
/// ```swift
/// let program = Program(name: "kazu", version: "0.1.0",
///                       overview: "Kazu (数) trains your ear for Japanese numbers.",
///                       commands: [ReadCommand.self, SayCommand.self])
/// let status = program.run(arguments: CommandLine.arguments, io: .standard())
/// ```
///
/// It turns every outcome into an ``ExitCode``: success 0; a mistake in the command
/// line (``UsageError``, from parsing or from `run`) prints `error: ...`, the usage
/// line and where to find help on standard error, and is 64; any other error
/// thrown by a command prints `error: ...` and is 1.
public struct Program: Sendable {
    public var name: String
    public var version: String
    /// One line saying what the program is, at the top of its help.
    public var overview: String
    public var commands: [any Command.Type]
    /// What the program does when started with no arguments at a terminal (``main(arguments:io:)``);
    /// without it, when input or output is not a terminal, or in ``run(arguments:io:)``, it prints its help.
    public var interactive: (@MainActor @Sendable (TerminalIO) async -> ExitCode)?
    /// The manual page's sections after the commands (FILES, ENVIRONMENT, ...): `help --man`.
    public var manualSections: [ManualPage.Section]

    public init(name: String, version: String, overview: String, commands: [any Command.Type],
                interactive: (@MainActor @Sendable (TerminalIO) async -> ExitCode)? = nil, manualSections: [ManualPage.Section] = []) {
        self.name = name
        self.version = version
        self.overview = overview
        self.commands = commands
        self.interactive = interactive
        self.manualSections = manualSections
        let names = commands.map { $0.spec.name } + ["help"]
        precondition(Set(names).count == names.count, "two commands of '\(name)' share a name: \(names)")
    }

    /// The built-in `help` command's declaration, so it has usage and help like any other.
    public static let helpSpec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        options: [.flag("man", help: "Print the manual page (roff) instead, as installed for 'man'.")],
        arguments: [.optionalArgument("COMMAND", help: "The command to explain; every command is listed when left out.")]
    )

    /// The whole program: runs the command named in `arguments` (the whole command line,
    /// the program's own path first, as in `CommandLine.arguments`), awaiting a session
    /// (``SessionCommand``, the interactive menu) to its end; then flushes `io`.
    ///
    /// When writing standard output failed (other than a closed pipe), that is reported on
    /// standard error and the status is 1, unless it says a failure already (a signal's 130).
    @MainActor
    public func main(arguments: [String], io: TerminalIO) async -> ExitCode {
        let status: ExitCode
        switch request(Array(arguments.dropFirst()), io: io) {
        case let .finished(code):
            status = code
        case let .command(command as any SessionCommand.Type, parsed):
            do { status = try await command.play(parsed, io: io) } catch { status = report(error, command: command.spec, io: io) }
        case let .command(command, parsed):
            do { status = try command.run(parsed, io: io) } catch { status = report(error, command: command.spec, io: io) }
        case .menu:
            if let interactive, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
                status = await interactive(io)
            } else {
                io.output.write(overviewHelp())
                status = .success
            }
        }
        return ended(status, io: io)
    }

    /// Runs the command named in `arguments` as ``main(arguments:io:)`` does, for a command
    /// that prints and returns (in memory, in tests): no session, no interactive menu.
    public func run(arguments: [String], io: TerminalIO) -> ExitCode {
        let status: ExitCode
        switch request(Array(arguments.dropFirst()), io: io) {
        case let .finished(code):
            status = code
        case let .command(command, parsed):
            do { status = try command.run(parsed, io: io) } catch { status = report(error, command: command.spec, io: io) }
        case .menu:
            io.output.write(overviewHelp())
            status = .success
        }
        return ended(status, io: io)
    }

    /// `status`, once `io` is flushed: a failure to write standard output said once and made
    /// the status, unless the status says a failure already.
    private func ended(_ status: ExitCode, io: TerminalIO) -> ExitCode {
        io.flush()
        guard let reason = io.output.writeFailureDescription else { return status }
        io.errors.writeLine("error: cannot write standard output: \(reason)")
        io.flush()
        return status == .success ? .failure : status
    }

    /// What a command line asks for: done already (help, the version, a mistake reported),
    /// a command to run with its arguments, or the menu (no arguments).
    private enum Request {
        case finished(ExitCode)
        case command(any Command.Type, ParsedArguments)
        case menu
    }

    /// An error thrown by a command: a usage error with the command's usage (64), any other
    /// as `error: ...` (1).
    private func report(_ error: any Error, command spec: CommandSpec, io: TerminalIO) -> ExitCode {
        if let error = error as? UsageError { return reportUsageError(error, command: spec, io: io) }
        io.errors.writeLine("error: \(error)")
        return .failure
    }

    /// Reads the command line: what it asks for is answered here, but for a command to run
    /// and the menu.
    private func request(_ arguments: [String], io: TerminalIO) -> Request {
        guard let first = arguments.first else { return .menu }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            io.output.write(overviewHelp())
            return .finished(.success)
        case "--version":
            guard rest.isEmpty else {
                return .finished(reportUsageError(UsageError("unexpected argument \(UserText.quoted(rest[0])) after --version"), command: nil, io: io))
            }
            io.output.writeLine("\(name) \(version)")
            return .finished(.success)
        case "help":
            return .finished(help(rest, io: io))
        default:
            break
        }
        if first.hasPrefix("-") {
            var message = "unknown option \(UserText.quoted(first))"
            if let suggestion = Suggestion.closest(to: first, among: ["--help", "--version"]) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; options go after the command, as in '\(name) COMMAND \(UserText.shown(first))'"
            }
            return .finished(reportUsageError(UsageError(message), command: nil, io: io))
        }
        guard let command = command(named: first) else {
            return .finished(reportUsageError(unknownCommand(first), command: nil, io: io))
        }
        let spec = command.spec
        if Self.asksForHelp(rest) {
            io.output.write(HelpText.help(for: spec, programName: name))
            return .finished(.success)
        }
        do {
            return .command(command, try ArgumentParser(spec: spec).parse(rest))
        } catch {
            return .finished(report(error, command: spec, io: io))
        }
    }

    /// `help`, `help COMMAND`, `help --help`.
    private func help(_ arguments: [String], io: TerminalIO) -> ExitCode {
        if Self.asksForHelp(arguments) {
            io.output.write(HelpText.help(for: Self.helpSpec, programName: name))
            return .success
        }
        do {
            let parsed = try ArgumentParser(spec: Self.helpSpec).parse(arguments)
            if parsed.flag("man") {
                guard parsed.argument("COMMAND") == nil else { throw UsageError("--man prints the whole manual; give no command") }
                io.output.write(ManualPage.roff(for: self))
                return .success
            }
            guard let commandName = parsed.argument("COMMAND") else {
                io.output.write(overviewHelp())
                return .success
            }
            if commandName == "help" {
                io.output.write(HelpText.help(for: Self.helpSpec, programName: name))
                return .success
            }
            guard let command = command(named: commandName) else {
                throw unknownCommand(commandName)
            }
            io.output.write(HelpText.help(for: command.spec, programName: name))
            return .success
        } catch let error as UsageError {
            return reportUsageError(error, command: Self.helpSpec, io: io)
        } catch {
            preconditionFailure("help throws only usage errors, not \(error)")
        }
    }

    private func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    private func unknownCommand(_ typed: String) -> UsageError {
        var message = "unknown command \(UserText.quoted(typed))"
        if let suggestion = Suggestion.closest(to: typed, among: commands.map { $0.spec.name } + ["help"]) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; see '\(name) help' for the list of commands"
        }
        return UsageError(message)
    }

    /// `--help` or `-h` anywhere before `--`.
    private static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// The usage line for the whole program: `kazu <command> [<options>] [<arguments> ...]`.
    public var usage: String {
        "\(name) <command> [<options>] [<arguments> ...]"
    }

    private func reportUsageError(_ error: UsageError, command: CommandSpec?, io: TerminalIO) -> ExitCode {
        io.errors.writeLine("error: \(error.message)")
        if let command {
            io.errors.writeLine("usage: " + HelpText.usage(of: command, programName: name))
            let helpCommand = command.name == Self.helpSpec.name ? "\(name) help --help" : "\(name) \(command.name) --help"
            io.errors.writeLine("See '\(helpCommand)'.")
        } else {
            io.errors.writeLine("usage: " + usage)
            io.errors.writeLine("See '\(name) --help'.")
        }
        return .usage
    }

    /// What `kazu`, `kazu --help` and `kazu help` print.
    public func overviewHelp() -> String {
        var rows = commands.map { (label: $0.spec.name, help: $0.spec.abstract) }
        rows.append((label: Self.helpSpec.name, help: Self.helpSpec.abstract))
        return """
            OVERVIEW: \(overview)

            USAGE: \(usage)
                   \(name) --version

            OPTIONS:
            \(HelpText.table([
                (label: "--version", help: "Show the version."),
                (label: "-h, --help", help: "Show help information."),
            ]))

            COMMANDS:
            \(HelpText.table(rows))

              See '\(name) help <command>' for detailed help.

            """
    }
}
