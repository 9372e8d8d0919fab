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

    #if os(Linux)
    /// What the dynamic loader maps to start kazu (glibc's loader lists it and exits, as ldd does):
    /// the speech stack is opened only when something is spoken, and only FoundationEssentials is
    /// linked, so a launch loads no sound libraries and no ICU (scripts/launch-numbers measures it).
    @Test("kazu starts without libespeak-ng, its sound libraries, Foundation or ICU")
    func launchLoadsNeitherSpeechNorICU() throws {
        let result = try KazuProcess.run(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(result.status == 0)
        #expect(result.output.contains("libc.so"), "the loader listed nothing:\n\(result.output)")
        for library in ["libespeak-ng", "libpcaudio", "libpulse", "libFoundation.so",
                        "libFoundationInternationalization", "lib_FoundationICU"] {
            #expect(!result.output.contains(library), "kazu loads \(library) at launch:\n\(result.output)")
        }
    }
    #endif
}
