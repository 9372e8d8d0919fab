import KazuTestSupport
import Foundation
import Testing

/// The built `kazu` binary, run as a user would run it.
@Suite struct KazuExecutableTests {
    @Test func helpExitsZero() throws {
        let result = try KazuProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: Kazu (数)"))
        #expect(result.output.contains("USAGE: kazu <command>"))
        #expect(result.errors == "")
    }

    @Test func noArgumentsPrintsTheOverview() throws {
        let result = try KazuProcess.run([])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: "))
    }

    @Test func badOptionExitsSixtyFour() throws {
        let result = try KazuProcess.run(["--bogus"])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error: unknown option '--bogus'"))
        #expect(result.errors.contains("\nusage: kazu "))
    }

    @Test func unknownCommandExitsSixtyFour() throws {
        let result = try KazuProcess.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix("error: unknown command 'frobnicate'"))
    }

    @Test func version() throws {
        let result = try KazuProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "kazu 0.1.0\n")
    }
}
