import KazuCLI
import Testing

@Suite struct ProgramTests {
    @Test func versionIsOneLine() {
        let result = run("kazu --version")
        #expect(result.status == .success)
        #expect(result.output == "kazu \(KazuCommandLine.version)\n")
        #expect(KazuCommandLine.version == "0.1.0")
    }

    @Test func theRealProgramAnswersVersionAndHelp() {
        let io = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["kazu", "--version"], io: io) == .success)
        #expect(io.output.text == "kazu 0.1.0\n")
        let help = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["/usr/bin/kazu"], io: help) == .success)
        #expect(help.output.text.hasPrefix("OVERVIEW: Kazu (数)"))
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let result = run("kazu raed 5")
        #expect(result.status == .usage)
        #expect(result.output == "")
        #expect(result.errors == """
            error: unknown command 'raed'; did you mean 'read'?
            usage: kazu <command> [<options>] [<arguments> ...]
            See 'kazu --help'.

            """)
    }

    @Test func unknownCommandFarFromAnyPointsAtTheList() {
        let result = run("kazu frobnicate")
        #expect(result.status == .usage)
        #expect(result.errors.hasPrefix("error: unknown command 'frobnicate'; see 'kazu help' for the list of commands\n"))
    }

    @Test func helpForAnUnknownCommand() {
        let result = run("kazu help repaet")
        #expect(result.status == .usage)
        #expect(result.errors == """
            error: unknown command 'repaet'; did you mean 'repeat'?
            usage: kazu help [--man] [<COMMAND>]
            See 'kazu help --help'.

            """)
    }

    @Test func optionsBeforeTheCommand() {
        let misspelt = run("kazu --verison")
        #expect(misspelt.status == .usage)
        #expect(misspelt.errors.hasPrefix("error: unknown option '--verison'; did you mean '--version'?\n"))
        let misplaced = run("kazu --json read")
        #expect(misplaced.status == .usage)
        #expect(misplaced.errors.hasPrefix("error: unknown option '--json'; options go after the command, as in 'kazu COMMAND --json'\n"))
        #expect(run("kazu --version extra").status == .usage)
    }

    @Test func suggestions() {
        #expect(Suggestion.closest(to: "raed", among: ["read", "parse", "say"]) == "read")
        #expect(Suggestion.closest(to: "sya", among: ["read", "parse", "say"]) == "say")
        #expect(Suggestion.closest(to: "quizz", among: ["quiz", "stats"]) == "quiz")
        #expect(Suggestion.closest(to: "xyz", among: ["read", "say"]) == nil)
        #expect(Suggestion.closest(to: "read", among: ["read"]) == nil)
    }
}
