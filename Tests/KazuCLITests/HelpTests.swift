@testable import KazuCLI
import Testing

@Suite struct HelpTests {
    @Test func commandHelpListsEveryOptionWithItsHelpAndDefault() {
        let expected = """
            OVERVIEW: Print the Japanese readings of numbers.

            Each number is printed with its kanji, kana and romaji.

            USAGE: kazu read [<options>] [<NUMBER> ...]

            ARGUMENTS:
              <NUMBER> ...            Numbers to read; standard input, one per line, when
                                      none are given.

            OPTIONS:
              -c, --counter <C>       Read each number with counter C (本, 人, 日, ...).
              -r, --rate <WPM>        Speaking rate in words per minute. (default: 175)
              --limit <N>             Read at most N numbers.
              -j, --json              One JSON object per line, with the accepted
                                      alternatives.
              -q, --quiet             Print readings only.
              -h, --help              Show help information.

            """
        for commandLine in ["kazu help read", "kazu read --help", "kazu read -h", "kazu read --bogus --help"] {
            let result = run(commandLine)
            #expect(result.status == .success, "\(commandLine)")
            #expect(result.output == expected, "\(commandLine)")
            #expect(result.errors == "")
        }
    }

    @Test func helpAfterDoubleDashIsAnArgument() {
        #expect(run("kazu read -- --help").output.contains("numbers=--help"))
    }

    @Test func shortUsageLineListsTheOptions() {
        #expect(HelpText.usage(of: RepeatCommand.spec, programName: "kazu")
            == "kazu repeat [--mode <MODE>] <WORD> [<COUNT>]")
        #expect(run("kazu help repeat").output.contains("  -m, --mode <MODE>       How to drill. (default: listening)\n"))
    }

    @Test func overviewListsTheCommands() {
        let expected = """
            OVERVIEW: Kazu (数) trains your ear for Japanese numbers: hear one, type it.

            USAGE: kazu <command> [<options>] [<arguments> ...]
                   kazu --version

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            COMMANDS:
              read                    Print the Japanese readings of numbers.
              repeat                  Print a word a number of times.
              help                    Show help for a command.

              See 'kazu help <command>' for detailed help.

            """
        for commandLine in ["kazu", "kazu --help", "kazu -h", "kazu help"] {
            let result = run(commandLine)
            #expect(result.status == .success, "\(commandLine)")
            #expect(result.output == expected, "\(commandLine)")
        }
    }

    @Test func helpWrapsByTerminalColumns() {
        // Two columns per kanji: seven of them and six spaces fill 20 columns.
        let lines = HelpText.wrap(String(repeating: "本 ", count: 30), width: 20)
        #expect(lines.map(HelpText.displayWidth) == [20, 20, 20, 20, 5])
        #expect(HelpText.displayWidth("ご五go") == 6)
    }

    @Test func parseCounterHelpSaysABareNumberIsAccepted() {
        let io = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["kazu", "parse", "--help"], io: io) == .success)
        let help = io.output.text.split(separator: "\n").joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("a bare number (さん, 3) is accepted too"))
        #expect(!help.contains("Expect each text to end with counter C"))
        let bare = TerminalIO.inMemory()
        #expect(KazuCommandLine.run(arguments: ["kazu", "parse", "-c", "本", "さん", "3", "さんぼん"], io: bare) == .success)
        #expect(bare.output.text == "3\n3\n3\n")
    }
}
