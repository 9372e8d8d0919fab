import KazuCLI
import Testing

@Suite struct ArgumentParserTests {
    @Test func defaultsApplyWhenOptionsAreLeftOut() {
        let result = run("kazu read 5")
        #expect(result.status == .success)
        #expect(result.output == """
            counter=-
            rate=175.0
            limit=-
            json=false quiet=false
            numbers=5

            """)
    }

    @Test func optionValueAsSeparateArgumentEqualsSignOrShortAlias() {
        #expect(run("kazu read --counter 本 1").output.contains("counter=本"))
        #expect(run("kazu read --counter=本 1").output.contains("counter=本"))
        #expect(run("kazu read -c 人 1").output.contains("counter=人"))
        #expect(run("kazu read -c日 1").output.contains("counter=日"))
        #expect(run("kazu read --rate=80 1").output.contains("rate=80.0"))
        #expect(run("kazu read -r 120.5").output.contains("rate=120.5"))
    }

    @Test func lastOfARepeatedOptionWins() {
        #expect(run("kazu read -c 本 -c 枚").output.contains("counter=枚"))
    }

    @Test func combinedShortFlags() {
        #expect(run("kazu read -jq 1").output.contains("json=true quiet=true"))
        #expect(run("kazu read -qjc 本 1").output.contains("counter=本"))
    }

    @Test func doubleDashEndsOptions() {
        let result = run("kazu read -- --json -5")
        #expect(result.status == .success)
        #expect(result.output.contains("json=false"))
        #expect(result.output.contains("numbers=--json,-5"))
    }

    @Test func negativeNumbersArePositionals() {
        #expect(run("kazu read -5 -1.5 -.5 7").output.contains("numbers=-5,-1.5,-.5,7"))
        #expect(run("kazu read --json -5").output.contains("numbers=-5"))
        #expect(run("kazu read -さん -三 -ｃ 7").output.contains("numbers=-さん,-三,-ｃ,7"))
        // No option starts with anything but a letter or a second dash.
        #expect(run("kazu read -+5 -@ 7").output.contains("numbers=-+5,-@,7"))
        #expect(run("kazu repeat x -3").errors.hasPrefix("error: <COUNT> must not be negative, got -3\n"))
    }

    @Test func aLoneDashIsAValue() {
        #expect(run("kazu read -").output.contains("numbers=-"))
    }

    @Test func unicodeValuesAndArguments() {
        let result = run(["kazu", "read", "--counter", "ヶ月", "三百", "１２"])
        #expect(result.output.contains("counter=ヶ月"))
        #expect(result.output.contains("numbers=三百,１２"))
    }

    @Test func numbersComeFromStandardInputWhenNoneAreGiven() {
        #expect(run("kazu read", input: "1\r\n22\n333").output.contains("numbers=1,22,333"))
    }

    @Test func typedPositionalsAndEnumOptions() {
        #expect(run("kazu repeat ご 2").output == "listening ご\nlistening ご\n")
        #expect(run("kazu repeat ご -m reading").output == "reading ご\n")
    }

    @Test func parserCanBeUsedOnItsOwn() throws {
        let parsed = try ArgumentParser(spec: EchoReadCommand.spec).parse(["-c", "本", "--limit=3", "--", "-5"])
        #expect(parsed.value("counter") == "本")
        #expect(parsed.value("limit", as: Int.self) == 3)
        #expect(parsed.wasGiven("limit"))
        #expect(!parsed.wasGiven("rate"))
        #expect(parsed.value("rate") == "175")
        #expect(parsed.values("NUMBER") == ["-5"])
    }

    @Test(arguments: [
        ("kazu read --bogus", "error: unknown option '--bogus'\n"),
        ("kazu read --jsn", "error: unknown option '--jsn'; did you mean '--json'?\n"),
        ("kazu read -x", "error: unknown option '-x'\n"),
        ("kazu read -jx", "error: unknown option '-x' in '-jx'\n"),
        ("kazu read --counter", "error: missing value for --counter <C>\n"),
        ("kazu read -c", "error: missing value for --counter <C>\n"),
        ("kazu read --counter --json", "error: missing value for --counter <C>\n"),
        ("kazu read --json=yes", "error: --json takes no value, got '--json=yes'\n"),
        ("kazu read --rate 500", "error: --rate must be between 80 and 450, got 500\n"),
        ("kazu read --rate fast", "error: --rate must be a number, got 'fast'\n"),
        ("kazu read --limit 0", "error: --limit must be at least 1, got 0\n"),
        ("kazu read --limit 2.5", "error: --limit must be a whole number, got '2.5'\n"),
        ("kazu repeat", "error: missing argument <WORD>\n"),
        ("kazu repeat a 2 3", "error: unexpected argument '3'\n"),
        ("kazu repeat a b", "error: <COUNT> must be a whole number, got 'b'\n"),
        ("kazu repeat a -m talking", "error: --mode must be one of listening, reading, got 'talking'\n"),
    ])
    func badCommandLinesNameTheBadPart(commandLine: String, firstLine: String) {
        let result = run(commandLine)
        #expect(result.status == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix(firstLine))
        let command = commandLine.split(separator: " ")[1]
        #expect(result.errors.contains("\nusage: kazu \(command) "))
        #expect(result.errors.hasSuffix("See 'kazu \(command) --help'.\n"))
    }

    @Test func usageErrorsFromRunAreReportedWithUsage() {
        let result = run("kazu repeat a -1")
        #expect(result.status == .usage)
        #expect(result.errors == """
            error: <COUNT> must not be negative, got -1
            usage: kazu repeat [--mode <MODE>] <WORD> [<COUNT>]
            See 'kazu repeat --help'.

            """)
    }

    @Test func runtimeFailuresExitOne() {
        let result = run("kazu repeat fail")
        #expect(result.status == .failure)
        #expect(result.errors == "error: cannot repeat 'fail'\n")
    }
}
