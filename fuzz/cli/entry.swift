// libFuzzer target: kazu's command line. The input is an argv split at NUL bytes (the
// program's name is added in front); it goes through
//   1. ArgumentParser.parse against every command's declaration (and `help`'s), and
//   2. Program.run with kazu's real commands' declarations, in memory: `read` and `parse`
//      run for real (they only compute and print); quiz, say, stats, topics and favorite
//      are stand-ins that read every parsed value and do the checks their `run` starts
//      with (the counter, the topic, the text to say) without sound, files or a terminal.
// A mistake on the command line must come back as a usage error (64) with a message and
// the usage line on standard error, never as a crash.
@testable import KazuCLI
import JapaneseNumbers
import KazuKit

/// A stand-in for the command at `index` in `KazuCommandLine.commands`: its declaration,
/// and a `run` that reads what was parsed.
protocol StandIn: Command {
    static var index: Int { get }
}

extension StandIn {
    static var spec: CommandSpec { KazuCommandLine.commands[index].spec }

    static func run(_ arguments: ParsedArguments, io: TerminalIO) throws -> ExitCode {
        for option in spec.options {
            _ = arguments.wasGiven(option.name)
            switch option.kind {
            case .flag: _ = arguments.flag(option.name)
            case .value: _ = arguments.value(option.name)
            }
        }
        for argument in spec.arguments {
            _ = arguments.values(argument.name)
        }
        var counter: Counter? = nil
        if spec.option(named: "counter") != nil {
            counter = try CounterOption.counter(from: arguments)
        }
        switch spec.name {
        case "quiz":
            if let topic = arguments.argument("TOPIC") {
                for hasReview in [false, true] {
                    if case .failure(let problem) = Topics.resolve(topic, hasReview: hasReview), problem.message.isEmpty {
                        fatalError("cli fuzz: no message for topic \(topic.debugDescription)")
                    }
                }
            }
        case "say":
            if let text = arguments.argument("NUMBER|TEXT") {
                _ = try SayCommand.kana(for: text, counter: counter)
            }
        default:
            break
        }
        io.output.writeLine("ran \(spec.name)")
        return .success
    }
}

enum StandIn0: StandIn { static let index = 0 }
enum StandIn1: StandIn { static let index = 1 }
enum StandIn2: StandIn { static let index = 2 }
enum StandIn3: StandIn { static let index = 3 }
enum StandIn4: StandIn { static let index = 4 }
enum StandIn5: StandIn { static let index = 5 }
enum StandIn6: StandIn { static let index = 6 }
enum StandIn7: StandIn { static let index = 7 }
enum StandIn8: StandIn { static let index = 8 }
enum StandIn9: StandIn { static let index = 9 }

let standIns: [any Command.Type] = [
    StandIn0.self, StandIn1.self, StandIn2.self, StandIn3.self, StandIn4.self,
    StandIn5.self, StandIn6.self, StandIn7.self, StandIn8.self, StandIn9.self,
]

/// Commands that only compute and print run for real.
let runForReal: Set<String> = ["read", "parse"]

let program: Program = {
    precondition(KazuCommandLine.commands.count <= standIns.count, "cli fuzz: add stand-ins for the new commands")
    let commands = KazuCommandLine.commands.enumerated().map { index, command in
        runForReal.contains(command.spec.name) ? command : standIns[index]
    }
    return Program(name: "kazu", version: KazuCommandLine.version, overview: KazuCommandLine.overview,
                   commands: commands, interactive: nil)
}()

let specs = KazuCommandLine.commands.map { $0.spec } + [Program.helpSpec]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // No bytes: `kazu` alone; otherwise every NUL starts another argument, empty ones too.
    let arguments = size == 0 ? [] : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }

    for spec in specs {
        do {
            _ = try ArgumentParser(spec: spec).parse(arguments)
        } catch {
            if error.message.isEmpty { fatalError("cli fuzz: empty usage error for \(spec.name) \(arguments)") }
        }
    }

    // No standard input (read and parse with no values read it, and find it empty); a
    // small buffer, as the default 64 KB one would be most of each run's time.
    let io = TerminalIO(input: LineReader(text: "", bufferSize: 16), output: .inMemory(), errors: .inMemory())
    let status = program.run(arguments: ["kazu"] + arguments, io: io)
    let errors = io.errors.text
    switch status {
    case .success:
        break
    case .usage:
        guard errors.hasPrefix("error: "), errors.contains("\nusage: kazu") else {
            fatalError("cli fuzz: exit 64 without an error and the usage line for \(arguments): \(errors.debugDescription)")
        }
    case .failure:
        guard errors.hasPrefix("error: ") else {
            fatalError("cli fuzz: exit 1 without an error for \(arguments): \(errors.debugDescription)")
        }
    default:
        fatalError("cli fuzz: exit \(status) for \(arguments)")
    }
    return 0
}
