// swift-tools-version: 6.2
import PackageDescription

// Kazu: a Japanese-number trainer. No Swift package dependencies; the one
// system library is libespeak-ng (Debian/Ubuntu: libespeak-ng-dev to build, for its
// headers; libespeak-ng1 and espeak-ng-data to speak, loaded only when speaking).
let package = Package(
    name: "Kazu",
    products: [
        .library(name: "Composable", targets: ["Composable"]),
        .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
        .library(name: "JapaneseNumbers", targets: ["JapaneseNumbers"]),
        .library(name: "SpeechClient", targets: ["SpeechClient"]),
        .library(name: "SpeechEspeak", targets: ["SpeechEspeak"]),
        .library(name: "KazuKit", targets: ["KazuKit"]),
        .executable(name: "kazu", targets: ["kazu"]),
    ],
    targets: [
        // The reducer runtime: Reducer, Scope, Effect, Store, dependencies. A release build
        // hands its generic code to the modules that use it, so that Scope, ifLet, forEach and
        // the store are specialised for each feature's own types there. (The tools version is
        // 6.2 because from it SwiftPM lets a package depending on Kazu by version build it.)
        .target(
            name: "Composable",
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // A lock ThreadSanitizer can see, and detached threads for blocking waits; shared by the
        // test store, the live voice's player and the command line's input reader.
        .target(name: "Locking"),
        // TestStore and TestClock; linked by tests only, never by `kazu`.
        .target(name: "ComposableTesting", dependencies: ["Composable", "Locking"]),
        // Number -> Japanese readings (kanji, kana, romaji), counters, calendar, parser.
        .target(name: "JapaneseNumbers"),
        // The speech interface and its test doubles; no C in it.
        .target(name: "SpeechClient"),
        // libespeak-ng's headers as a Swift module: types and function signatures only. Nothing
        // links the library (no pkgConfig, no `link`); SpeechEspeak opens it with dlopen when it
        // first synthesises, so launching kazu does not load it and the sound stack it pulls in.
        .systemLibrary(name: "CEspeakNG"),
        // The live speech client: libespeak-ng in process, playback through the sound server;
        // kana is spoken as JapaneseNumbers' phonemes.
        .target(name: "SpeechEspeak", dependencies: ["SpeechClient", "CEspeakNG", "Locking", "JapaneseNumbers"]),
        // The quiz engine: topics, questions, the features and what Kazu remembers. Knows the
        // speech interface only; whoever builds the store plugs in the live voice.
        .target(name: "KazuKit", dependencies: ["Composable", "JapaneseNumbers", "SpeechClient"]),
        // Declarations for kazu's main loop and signal thread: libdispatch's main-queue hooks, signalfd.
        .systemLibrary(name: "CMainLoop"),
        // The command line: option parsing and the commands, as a library so tests can drive it.
        .target(name: "KazuCLI", dependencies: ["JapaneseNumbers", "SpeechClient", "SpeechEspeak", "Composable", "KazuKit", "Locking", "CMainLoop"]),
        .executableTarget(name: "kazu", dependencies: ["KazuCLI", "CMainLoop"]),
        // Benchmarks: `swift run -c release kazu-bench` prints time per operation.
        .executableTarget(name: "kazu-bench", dependencies: ["Composable", "JapaneseNumbers", "KazuKit", "SpeechClient", "SpeechEspeak"]),

        // Test support shared by test targets: a private PulseAudio server that records what
        // was played, and a runner for the built kazu executable.
        .target(name: "KazuTestSupport", dependencies: ["SpeechClient"], path: "Tests/Support"),

        .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
        .testTarget(name: "JapaneseNumbersTests", dependencies: ["JapaneseNumbers"]),
        .testTarget(name: "KazuKitTests", dependencies: ["KazuKit", "ComposableTesting", "KazuTestSupport"]),
        .testTarget(
            name: "SpeechTests",
            dependencies: ["SpeechClient", "SpeechEspeak", "JapaneseNumbers", "KazuTestSupport", "kazu"]),
        .testTarget(
            name: "KazuCLITests",
            dependencies: ["KazuCLI", "kazu", "KazuTestSupport", "SpeechClient", "SpeechEspeak", "KazuKit", "JapaneseNumbers"]),
    ]
)
