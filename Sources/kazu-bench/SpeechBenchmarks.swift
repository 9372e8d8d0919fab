// Speech: how soon a question's first samples exist, in process against the espeak-ng command.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KazuKit
import SpeechClient
import SpeechEspeak

/// What typical questions say: the listening questions of a few topics, drawn with a fixed
/// seed, as the quiz hands them to its voice (kana, the default voice, rate and pitch).
func typicalUtterances() -> [Utterance] {
    let topics = ["number.1-100", "number.1-10000", "money.conbini", "time.clock", "date.full", "counter.long"]
        .map { TopicCatalog.topic(id: $0)! }
    let speech = SpeechPreferences()
    let parameters = SpeechParameters.standard
    var utterances: [Utterance] = []
    for k in 0..<16 {
        let topic = topics[k % topics.count]
        let question = topic.makeQuestion(skill: .listening, using: .seeded(DrawSeed.seed(session: 7, stream: topic.id, number: k)))
        utterances.append(speech.utterance(question.spokenKana, within: parameters))
    }
    return utterances
}

/// Why the speech benchmarks cannot run here, or nil: they need libespeak-ng and the command.
@MainActor
func speechUnavailable() async -> String? {
    do {
        _ = try await EspeakSynthesizer.shared.synthesize(Utterance("ぜろ"))
    } catch {
        return "speech benchmarks need libespeak-ng1 and espeak-ng-data (.ci/deps installs them): \(error)"
    }
    guard commandOnPath("espeak-ng") else {
        return "the speech baseline needs the espeak-ng command (Debian/Ubuntu package espeak-ng; .ci/deps installs it)"
    }
    return nil
}

private func commandOnPath(_ name: String) -> Bool {
    guard let path = getenv("PATH").map({ String(cString: $0) }) else { return false }
    return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
}

/// Runs `espeak-ng --stdout` for `utterance` and returns once its first sample has come
/// through the pipe (after the 44-byte WAV header), then kills it: the first sample as a
/// program that spawns the command for each question would get it. Returns the bytes read.
private func firstSampleFromCommand(_ utterance: Utterance) -> Int {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { fatalError("pipe: \(errno)") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = ["espeak-ng", "-v", utterance.voice, "-s", String(utterance.rate), "-p", String(utterance.pitch),
                     "--stdout", utterance.text]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, "espeak-ng", &actions, nil, &argv, environ)
    close(pipeEnds[1])
    guard status == 0 else { fatalError("spawning espeak-ng: \(String(cString: strerror(status)))") }
    var buffer = [UInt8](repeating: 0, count: 4096)
    var total = 0
    while total < 46 {
        let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        total += count
    }
    kill(pid, SIGKILL)
    close(pipeEnds[0])
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    guard total >= 46 else { fatalError("espeak-ng --stdout gave \(total) bytes for \"\(utterance.text)\"") }
    return total
}

/// A timed body that runs `operation` on the typical questions in turn and sums what it returns.
@MainActor
private func overTypicalQuestions(
    _ operation: @escaping @MainActor (Utterance) async -> Int
) -> @MainActor (_ iterations: Int) async -> Int {
    let utterances = typicalUtterances()
    var next = 0
    return { iterations in
        var sink = 0
        for _ in 0..<iterations {
            sink &+= await operation(utterances[next % utterances.count])
            next &+= 1
        }
        return sink
    }
}

@MainActor
func speechBenchmarks() -> [Benchmark] {
    [
        Benchmark("speech.command-first-sample",
                  "spawn espeak-ng --stdout for a typical question and read until its first sample") {
            overTypicalQuestions { firstSampleFromCommand($0) }
        },
        Benchmark("speech.first-samples", baseline: "speech.command-first-sample", target: .ratio(0.2),
                  "a typical question's first buffer of samples in process (libespeak-ng started), in the caller's hands") {
            // Stopped after the first buffer: the time until a player could start.
            overTypicalQuestions { try! await EspeakSynthesizer.shared.synthesize($0) { _ in false }.samples.count }
        },
        Benchmark("speech.synthesis", baseline: "speech.command-first-sample",
                  "a typical question synthesised whole in process (libespeak-ng started), what kazu hands its player") {
            overTypicalQuestions { try! await EspeakSynthesizer.shared.synthesize($0).samples.count }
        },
    ]
}
