@testable import KazuCLI
import KazuTestSupport
import Testing

/// `kazu read` and `kazu parse`, run in memory and as the built binary.
@Suite struct ReadAndParseCommandTests {
    func run(_ arguments: String..., input: String = "") -> (status: ExitCode, output: String, errors: String) {
        run(arguments, input: input)
    }

    func run(_ arguments: [String], input: String = "") -> (status: ExitCode, output: String, errors: String) {
        let io = TerminalIO.inMemory(input: input)
        let status = KazuCommandLine.run(arguments: ["kazu"] + arguments, io: io)
        return (status, io.output.text, io.errors.text)
    }

    @Test func readPrintsNumberKanjiHiraganaRomaji() {
        let result = run("read", "300", "3800万", "-5")
        #expect(result.status == .success)
        #expect(result.output == """
            300\t三百\tさんびゃく\tsanbyaku
            38000000\t三千八百万\tさんぜんはっぴゃくまん\tsanzen happyakuman
            -5\tマイナス五\tまいなすご\tmainasu go

            """)
        #expect(result.errors == "")
    }

    @Test func readWithACounterUsesItsSoundChanges() {
        let result = run("read", "--counter", "本", "3", "11", "100")
        #expect(result.output == "3本\t三本\tさんぼん\tsanbon\n11本\t十一本\tじゅういっぽん\tjuuippon\n100本\t百本\tひゃっぽん\thyappon\n")
        // The number may come with its counter, as the line shows it.
        let counted = run("read", "-c", "本", "3本", "さんぼん", "三本", "さんほん")
        #expect(counted.output == String(repeating: "3本\t三本\tさんぼん\tsanbon\n", count: 3))
        #expect(counted.errors == "error: \"さんほん\": 3本 is read さんぼん (sanbon)\n")
    }

    /// とお has no つ: `kazu read` writes 10 of つ as 10, the way the quiz shows it.
    @Test func tenOfつIsWrittenWithoutつ() {
        #expect(run("read", "-c", "つ", "10", "9").output == "10\t十\tとお\ttoo\n9つ\t九つ\tここのつ\tkokonotsu\n")
        #expect(run("read", "-c", "つ", "--json", "10").output.contains("\"written\":\"10\""))
    }

    @Test func readJSONCarriesTheAlternatives() {
        let result = run("read", "--json", "-c", "分", "10")
        #expect(result.status == .success)
        #expect(result.output.hasPrefix("{\"number\":10,\"written\":\"10分\",\"kanji\":\"十分\",\"hiragana\":\"じゅっぷん\""))
        #expect(result.output.contains("じっぷん"))
    }

    /// Each reading names the sound-change rules it uses.
    @Test func readJSONNamesTheRules() {
        let result = run("read", "--json", "-c", "本", "300", "2")
        #expect(result.status == .success)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(#","rules":["voicing","gemination","h-to-p"]}"#) == true)
        #expect(lines.last?.hasSuffix(#","rules":[]}"#) == true)
    }

    /// Standard input's lines of digits take a quicker way than other lines and than values on
    /// the command line: every kind of line reads the same either way, errors included (except
    /// the counter hint, which only values on the command line get).
    @Test func standardInputReadsAsTheCommandLineDoes() {
        let lines = [
            "0", "7", "007", "10000", "999999999999", "1000000000000", "123456789012345678", "1234567890123456789",
            "9223372036854775807", "9223372036854775808", "-5", "+5", " 12", "12 ", "三百", "さんびゃく", "3本", "x", "１２",
        ]
        for counter in [[], ["-c", "本"]] {
            var given = ["read"] + counter
            given += lines
            let fromValues = run(given)
            let fromInput = run(["read"] + counter, input: lines.joined(separator: "\n") + "\n")
            #expect(fromInput.output == fromValues.output)
            #expect(fromInput.status == fromValues.status)
            let errors = fromInput.errors.split(separator: "\n").map { $0.replacing(#/line \d+: /#, with: "") }
            let valueErrors = fromValues.errors.split(separator: "\n").map { $0.replacing(#/; to read it with its counter, add --counter \S+/#, with: "") }
            #expect(errors == valueErrors)
        }
    }

    @Test func readStreamsStandardInputAndReportsBadLinesWithoutStopping() {
        let result = run("read", input: "1\nthree\n2\r\n")
        #expect(result.status == .failure)
        #expect(result.output == "1\t一\tいち\tichi\n2\t二\tに\tni\n")
        #expect(result.errors.hasPrefix("error: line 2: \"three\": "))
    }

    @Test func standardInputSkipsBlankLinesAndAByteOrderMarkAndNamesLineNumbers() {
        let result = run("parse", input: "\u{FEFF}さん\n\n  \n\u{3000}\nabc\r\n\t\n5\n")
        #expect(result.status == .failure)
        #expect(result.output == "3\n5\n")
        #expect(result.errors == "error: line 5: \"abc\": cannot read it as romaji\n")
        let read = run("read", input: "\u{FEFF}1\n\n")
        #expect(read.status == .success)
        #expect(read.output == "1\t一\tいち\tichi\n")
        #expect(read.errors == "")
    }

    @Test func errorsShowAShortEscapedExcerptOfWhatWasTyped() {
        // Long, but within the 4,096 bytes a line may have (a longer one is cut and refused whole).
        let long = run("parse", input: String(repeating: "a", count: 4_000) + "\n")
        #expect(long.status == .failure)
        #expect(long.errors == "error: line 1: \"" + String(repeating: "a", count: 40) + "…\": cannot read "
            + String(repeating: "あ", count: 40) + "… as part of a number\n")
        let escape = run("read", "\u{1B}[31m")
        #expect(escape.errors == "error: \"\\u{1B}[31m\": \\u{1B} is not part of a number\n")
        let counter = run("read", "-c", "\u{1B}" + String(repeating: "箱", count: 100), "3")
        #expect(counter.errors.hasPrefix("error: unknown counter '\\u{1B}" + String(repeating: "箱", count: 39) + "…'; "))
        let command = run("\u{7}" + String(repeating: "x", count: 100_000))
        #expect(command.status == .usage)
        #expect(command.errors.hasPrefix("error: unknown command '\\u{7}" + String(repeating: "x", count: 39) + "…'; "))
    }

    @Test func aReadErrorOnStandardInputIsReported() throws {
        for command in ["read", "parse"] {
            let result = try KazuProcess.run(
                ["-c", "\"$0\" \(command) < /tmp", KazuProcess.executablePath], executable: "/bin/sh")
            #expect(result.status == 1)
            #expect(result.errors == "error: cannot read standard input: Is a directory\n")
        }
    }

    @Test func readOutsideACountersRangeFails() {
        let result = run("read", "-c", "つ", "11")
        #expect(result.status == .failure)
        #expect(result.errors == "error: つ counts 1 to 10; 11 is out of range\n")
    }

    @Test func anUnknownCounterIsAUsageError() {
        let result = run("read", "--counter", "箱", "3")
        #expect(result.status == .usage)
        #expect(result.errors.hasPrefix("error: unknown counter '箱'; the counters are つ 人 "))
        #expect(result.errors.contains("usage: kazu read"))
    }

    @Test func parseAcceptsEveryScript() {
        let result = run("parse", "さんびゃく", "sambyaku", "nizyuuiti", "三百二十一", "１２,３４５", "サンビャク")
        #expect(result.status == .success)
        #expect(result.output == "300\n300\n21\n321\n12345\n300\n")
    }

    @Test func aMinusBeforeKanaIsANegativeNumberAndNotAnOption() {
        let result = run("parse", "-さん", "－さん", "-三", "--", "-さん")
        #expect(result.status == .success, "\(result.errors)")
        #expect(result.output == "-3\n-3\n-3\n-3\n")
    }

    @Test func parseTakesAPlusSignAsReadDoes() {
        let result = run("parse", "+8", "＋８", "+さん", "-8")
        #expect(result.status == .success, "\(result.errors)")
        #expect(result.output == "8\n8\n3\n-8\n")
        #expect(run("read", "+5").output == "5\t五\tご\tgo\n")
        let both = run("parse", "+-5")
        #expect(both.status == .failure)
        #expect(both.errors == "error: \"+-5\": a number takes one sign, + or -, not both\n")
    }

    @Test func readSaysExponentNotationIsNotSupported() {
        let result = run("read", "1e3", "300")
        #expect(result.status == run("read", "abc").status)
        #expect(result.status == .failure)
        #expect(result.output == "300\t三百\tさんびゃく\tsanbyaku\n")
        #expect(result.errors == "error: \"1e3\": exponent notation is not supported; type 1000\n")
    }

    @Test func parseExplainsWhatIsWrongAndGoesOn() {
        let result = run("parse", input: "よんじゅうじゅう\n42\n")
        #expect(result.status == .failure)
        #expect(result.output == "42\n")
        #expect(result.errors == "error: line 1: \"よんじゅうじゅう\": 十 cannot follow 十\n")
    }

    @Test func aMinusThenAPlusIsOneSignTooManyNotAnOption() {
        let result = run("parse", "-+5")
        #expect(result.status == .failure)
        #expect(result.errors == "error: \"-+5\": a number takes one sign, + or -, not both\n")
    }

    @Test func parseNamesTheCounterATextNeeds() {
        let result = run("parse", "3本", "ふたり", "3x本", "abc")
        #expect(result.status == .failure)
        #expect(result.errors == """
            error: "3本": 本 is not part of a number; to read it with its counter, add --counter 本
            error: "ふたり": cannot read ふたり as part of a number; to read it with its counter, add --counter 人
            error: "3x本": 本 is not part of a number
            error: "abc": cannot read it as romaji

            """)
        #expect(run("parse", "-c", "本", "3本").output == "3\n")
        // Not for lines of standard input: a file of them is read in bulk.
        #expect(run("parse", input: "3本\n").errors == "error: line 1: \"3本\": 本 is not part of a number\n")
    }

    /// `read` names the counter too, and reads the number with it once it is given.
    @Test func readNamesTheCounterATextNeeds() {
        let result = run("read", "20歳", "ふたり", "300")
        #expect(result.status == .failure)
        #expect(result.output == "300\t三百\tさんびゃく\tsanbyaku\n")
        #expect(result.errors == """
            error: "20歳": 歳 is not part of a number; to read it with its counter, add --counter 歳
            error: "ふたり": cannot read ふたり as part of a number; to read it with its counter, add --counter 人

            """)
        #expect(run("read", "-c", "歳", "20歳").output == "20歳\t二十歳\tはたち\thatachi\n")
        #expect(run("read", input: "20歳\n").errors == "error: line 1: \"20歳\": 歳 is not part of a number\n")
    }

    @Test func parseWithACounterWantsItsSoundChange() {
        let result = run("parse", "-c", "本", "さんぼん", "さんほん")
        #expect(result.status == .failure)
        #expect(result.output == "3\n")
        #expect(result.errors == "error: \"さんほん\": 3本 is read さんぼん (sanbon)\n")
    }

    @Test func aHundredThousandLinesStreamThroughTheBinary() throws {
        let input = (1...100_000).map(String.init).joined(separator: "\n") + "\n"
        let result = try KazuProcess.run(["read"], input: input)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 100_000)
        #expect(lines.last == "100000\t十万\tじゅうまん\tjuuman")
    }

    @Test func aClosedPipeEndsReadQuietlyWithStatusZero() throws {
        // kazu's own status goes to standard error, past head, which closes the pipe early.
        let result = try KazuProcess.run(
            ["-c", "{ \"$0\" read; echo \"kazu exited $?\" >&2; } | head -n 1", KazuProcess.executablePath],
            input: (1...200_000).map(String.init).joined(separator: "\n"),
            executable: "/bin/sh")
        #expect(result.output == "1\t一\tいち\tichi\n")
        #expect(result.errors == "kazu exited 0\n")
    }
}
