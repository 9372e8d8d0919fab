import CEspeakNG
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import JapaneseNumbers
import SpeechClient
import Synchronization

/// libespeak-ng running in this process, turning text into samples in memory.
///
/// espeak-ng keeps global state and is not thread-safe, so there is one
/// synthesiser per process (`shared`) and every call into the library runs on
/// one serial queue. The library is loaded (`dlopen`, see `EspeakLibrary`) and started
/// on first use, in synchronous retrieval mode: samples come back through a callback,
/// and espeak-ng's own audio output (which would print ALSA errors on a headless
/// machine) is never opened. Without libespeak-ng installed, every call throws
/// `SpeechError.synthesizerNotInstalled`, which names the package to install.
///
/// ```swift
/// let audio = try await EspeakSynthesizer.shared.synthesize(Utterance("よんひゃく"))
/// ```
public final class EspeakSynthesizer: @unchecked Sendable {
    // @unchecked: the mutable state below is touched only on `queue`.

    /// The one synthesiser of this process.
    public static let shared = EspeakSynthesizer()

    private let queue = DispatchQueue(label: "kazu.espeak-ng", qos: .userInitiated)
    /// The library's file: its soname, or in tests one that cannot be loaded.
    private let libraryName: String
    private var library: EspeakLibrary?
    private var startResult: Result<Int, SpeechError>?
    private var selectedVoice: String?
    /// The sample rate once `start()` has succeeded, readable off the queue; 0 before, -1 once it has failed.
    private let startedSampleRate = Atomic(0)

    /// The sample rate of espeak-ng's own voices.
    static let usualSampleRate = 22050

    /// A synthesiser loading libespeak-ng from `libraryName`. Only `shared` may load the real
    /// library (espeak-ng's state is global); tests make others with names that fail to load.
    init(libraryName: String = EspeakLibrary.soname) {
        self.libraryName = libraryName
    }

    /// The sample rate of everything this synthesiser produces (22050 Hz for espeak-ng's voices).
    ///
    /// Once the library has started, answered at once, without waiting for a synthesis in progress.
    public func sampleRate() async throws -> Int {
        let known = startedSampleRate.load(ordering: .acquiring)
        if known > 0 { return known }
        return try await onQueue { try self.start() }
    }

    /// Starts loading and starting libespeak-ng on its queue, and loading Kazu's default voice,
    /// without waiting: the first synthesis then finds both ready. A failure is thrown by the
    /// calls that need them (a speak in another voice selects that one then).
    func startLoading() {
        queue.async {
            guard (try? self.start()) != nil else { return }
            try? self.select(voice: Voice.defaultJapaneseID)
        }
    }

    /// The sample rate to start a player at before `sampleRate()` has answered: the one known once
    /// started, else espeak-ng's usual one; nil once starting has failed.
    var expectedSampleRate: Int? {
        let known = startedSampleRate.load(ordering: .acquiring)
        return known > 0 ? known : known == 0 ? Self.usualSampleRate : nil
    }

    /// The Japanese voices installed, espeak-ng's own first.
    ///
    /// MBROLA voices are listed only when their MBROLA data is installed; without
    /// it espeak-ng lists them but cannot speak with them.
    public func japaneseVoices() async throws -> [Voice] {
        try await onQueue {
            _ = try self.start()
            return self.listJapaneseVoices()
        }
    }

    /// Synthesises `utterance` into samples, speaking only the text given, from its first sound
    /// (without the zeros espeak-ng may start with).
    ///
    /// Rate and pitch are passed to espeak-ng as they are; clamp them first
    /// (`Utterance.clamped(to:)`). Cancelling the task stops synthesis at the next
    /// buffer (about 60 ms of audio) and throws `CancellationError`.
    public func synthesize(_ utterance: Utterance) async throws -> PCMAudio {
        try await synthesize(utterance, streamingTo: nil)
    }

    /// Synthesises `utterance`, handing its samples to `receive` as espeak-ng makes them, a
    /// buffer (about 60 ms of audio) at a time, so that a player can start on the first while
    /// the rest is made. Returns all the samples, as `synthesize(_:)` does.
    ///
    /// `receive` runs on the synthesiser's queue, during synthesis: it should hand the samples
    /// on and return. It returns false to stop synthesis there, and the samples made until
    /// then are returned.
    ///
    /// ```swift
    /// let audio = try await EspeakSynthesizer.shared.synthesize(Utterance("よんひゃく")) { samples in
    ///     player.write(samples)
    ///     return true
    /// }
    /// ```
    public func synthesize(
        _ utterance: Utterance,
        streamingTo receive: (@Sendable (UnsafeBufferPointer<Int16>) -> Bool)?
    ) async throws -> PCMAudio {
        let box = StopFlag()
        return try await withTaskCancellationHandler {
            try await onQueue { try self.synthesizeNow(utterance, stop: box, receive: receive) }
        } onCancel: {
            box.flag.store(true, ordering: .relaxed)
        }
    }

    /// What espeak-ng is handed for `text`: kana as Kazu's phonemes (`Phonemes.espeak`) inside
    /// `[[ ]]`, so every voice says the same sounds; anything else as it is.
    ///
    /// ```swift
    /// EspeakSynthesizer.input(for: "いっぽん")   // "[['ippoN\\]]"
    /// ```
    public static func input(for text: String) -> String {
        Phonemes.espeak(text).map { "[[\($0)]]" } ?? text
    }

    // MARK: - On the queue

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func start() throws(SpeechError) -> Int {
        if let startResult { return try startResult.get() }
        let library: EspeakLibrary
        switch EspeakLibrary.open(libraryName) {
        case let .success(opened): library = opened
        case let .failure(error):
            startResult = .failure(error)
            startedSampleRate.store(-1, ordering: .releasing)
            throw error
        }
        self.library = library
        let espeak = library.functions
        // What espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0) does, one step at a time,
        // because espeak_Initialize prints a missing-data error to stderr where we want it as a value.
        // NULL path: $ESPEAK_DATA_PATH, else the data directory espeak-ng was built with.
        espeak.espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak.espeak_ng_Initialize(&context)
        espeak.espeak_ng_ClearErrorContext(&context)
        guard status == ENS_OK else {
            let result = Result<Int, SpeechError>.failure(.synthesizerUnavailable("espeak-ng data: \(Self.message(for: status, in: library))"))
            startResult = result
            startedSampleRate.store(-1, ordering: .releasing)
            return try result.get()
        }
        // Synchronous retrieval: samples come to the callback. (espeak-ng 1.51 still makes an audio
        // device here, which connects to PulseAudio unless `kazu`'s main has steered it away; see
        // `LaunchEnvironment`.)
        let outputStatus = espeak.espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
        let sampleRate = Int(espeak.espeak_ng_GetSampleRate())
        guard outputStatus == ENS_OK, sampleRate > 0 else {
            let result = Result<Int, SpeechError>.failure(.synthesizerUnavailable(Self.message(for: outputStatus, in: library)))
            startResult = result
            startedSampleRate.store(-1, ordering: .releasing)
            return try result.get()
        }
        espeak.espeak_SetSynthCallback(collectSamples)
        startResult = .success(sampleRate)
        startedSampleRate.store(sampleRate, ordering: .releasing)
        return sampleRate
    }

    private static func message(for status: espeak_ng_STATUS, in library: EspeakLibrary) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        library.functions.espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func synthesizeNow(
        _ utterance: Utterance, stop: StopFlag, receive: (@Sendable (UnsafeBufferPointer<Int16>) -> Bool)?
    ) throws -> PCMAudio {
        let sampleRate = try start()
        let espeak = loaded.functions
        try select(voice: utterance.voice)
        _ = espeak.espeak_SetParameter(espeakRATE, Int32(utterance.rate), 0)
        _ = espeak.espeak_SetParameter(espeakPITCH, Int32(utterance.pitch), 0)

        let sink = SampleSink(stop: stop, receive: receive)
        activeSink = sink
        defer { activeSink = nil }
        let status = Self.input(for: utterance.text).withCString { text in
            // espeakPHONEMES: what is inside [[ ]] is phonemes. No espeakENDPAUSE: no trailing
            // sentence pause, so playback ends with the speech.
            espeak.espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                                UInt32(espeakCHARS_UTF8 | espeakPHONEMES), nil, nil)
        }
        if stop.flag.load(ordering: .relaxed) { throw CancellationError() }
        if sink.receiverStopped { return PCMAudio(samples: sink.samples, sampleRate: sampleRate) }
        guard status == EE_OK else {
            throw SpeechError.synthesisFailed("espeak_Synth returned \(status.rawValue) for \"\(utterance.text)\"")
        }
        return PCMAudio(samples: sink.samples, sampleRate: sampleRate)
    }

    /// The library, once `start()` has succeeded.
    private var loaded: EspeakLibrary {
        guard let library else { preconditionFailure("libespeak-ng used before start() succeeded") }
        return library
    }

    private func select(voice: String) throws(SpeechError) {
        guard voice != selectedVoice else { return }
        if voice.hasPrefix("mb-"), !mbrolaDataInstalled(for: voice) {
            // espeak-ng would print its own MBROLA error to stderr; say it ourselves.
            throw .voiceNotFound(voice)
        }
        let espeak = loaded.functions
        // By its file's path espeak-ng reads that file alone; by its name alone ("ja") it reads
        // every voice file it has first (several milliseconds) to find it.
        if let file = Self.voiceFile(voice), espeak.espeak_SetVoiceByName(file) == EE_OK {
            selectedVoice = voice
            return
        }
        guard espeak.espeak_SetVoiceByName(voice) == EE_OK else { throw .voiceNotFound(voice) }
        selectedVoice = voice
    }

    /// The path under espeak-ng's `lang` directory of Kazu's default voice and its variants
    /// (`ja+f1` is `jpx/ja+f1`); nil for other voices.
    ///
    /// ```swift
    /// EspeakSynthesizer.voiceFile("ja+f1")   // "jpx/ja+f1"
    /// ```
    static func voiceFile(_ voice: String) -> String? {
        let base = voice.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first
        return base == Substring(Voice.defaultJapaneseID) ? "jpx/\(voice)" : nil
    }

    private func listJapaneseVoices() -> [Voice] {
        var spec = espeak_VOICE()
        return "ja".withCString { language in
            spec.languages = language
            guard let list = loaded.functions.espeak_ListVoices(&spec) else { return [] }
            var voices: [Voice] = []
            var index = 0
            while let entry = list[index] {
                index += 1
                let voice = entry.pointee
                guard let identifier = voice.identifier.map({ String(cString: $0) }) else { continue }
                // "jpx/ja" is selected as "ja", "mb/mb-jp1" as "mb-jp1".
                let id = String(identifier.split(separator: "/").last ?? Substring(identifier))
                if id.hasPrefix("mb-"), !mbrolaDataInstalled(for: id) { continue }
                let name = voice.name.map { String(cString: $0) } ?? id
                voices.append(Voice(id: id, name: name, language: "ja", gender: gender(voice.gender)))
            }
            let sorted = voices.sorted { ($0.id == Voice.defaultJapaneseID ? 0 : 1) < ($1.id == Voice.defaultJapaneseID ? 0 : 1) }
            guard let base = sorted.first, base.id == Voice.defaultJapaneseID else { return sorted }
            return [base] + listVariants(of: base) + sorted.dropFirst()
        }
    }

    /// espeak-ng's male and female variants of `base` that this install has, as "ja+f1"
    /// ("Japanese, female 1"): the same Japanese rules in other voices, so that a learner can
    /// train on more than one speaker.
    ///
    /// Found as files in the data directory's `voices/!v`: listing them through espeak-ng would
    /// read every one of its voice files a second time.
    private func listVariants(of base: Voice) -> [Voice] {
        var dataPath: UnsafePointer<CChar>?
        _ = loaded.functions.espeak_Info(&dataPath)
        guard let dataPath else { return [] }
        let directory = String(cString: dataPath) + "/voices/!v"
        return Self.variants.compactMap { variant in
            var info = stat()
            guard stat("\(directory)/\(variant.file)", &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Voice(id: "\(base.id)+\(variant.file)", name: "\(base.name), \(variant.name)",
                         language: base.language, gender: variant.gender)
        }
    }

    /// The variants offered, in the order a voice picker lists them.
    private static let variants: [(file: String, name: String, gender: Voice.Gender)] = [
        ("f1", "female 1", .female), ("f2", "female 2", .female), ("f3", "female 3", .female),
        ("m1", "male 1", .male), ("m2", "male 2", .male), ("m3", "male 3", .male),
    ]
}

/// Whether the MBROLA voice behind espeak-ng's "mb-jp1" style id is installed.
private func mbrolaDataInstalled(for id: String) -> Bool {
    let name = String(id.dropFirst(3))
    return ["/usr/share/mbrola/\(name)/\(name)", "/usr/share/mbrola/\(name)"].contains {
        // There, and not a directory (stat follows a symlink to its target).
        var info = stat()
        return stat($0, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }
}

private func gender(_ code: UInt8) -> Voice.Gender {
    switch code {
    case 1: .male
    case 2: .female
    default: .unspecified
    }
}

/// A cancel request shared between a task's cancellation handler and the synthesis callback.
private final class StopFlag: Sendable {
    let flag = Atomic(false)
}

/// Samples collected by the callback during one `espeak_Synth` call.
private final class SampleSink {
    var samples: [Int16] = []
    let stop: StopFlag
    /// Given each buffer as it comes; false stops synthesis.
    let receive: (@Sendable (UnsafeBufferPointer<Int16>) -> Bool)?
    /// Whether `receive` asked to stop.
    var receiverStopped = false
    /// Whether a sample other than zero has come: the zeros espeak-ng starts with are dropped.
    var soundStarted = false

    init(stop: StopFlag, receive: (@Sendable (UnsafeBufferPointer<Int16>) -> Bool)?) {
        self.stop = stop
        self.receive = receive
    }
}

// The sink of the synthesis in progress. A C callback cannot capture context, and
// only the serial queue calls espeak_Synth, so one slot read and written on that
// queue is enough.
nonisolated(unsafe) private var activeSink: SampleSink?

/// espeak-ng's synth callback: keep the samples; return 1 to abort synthesis.
private func collectSamples(
    _ wave: UnsafeMutablePointer<Int16>?,
    _ count: Int32,
    _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let sink = activeSink else { return 1 }
    if let wave, count > 0 {
        var buffer = UnsafeBufferPointer(start: wave, count: Int(count))
        if !sink.soundStarted {
            // espeak-ng starts some words (さ, き) with up to 44 ms of zeros, and its first sample
            // after them is already at speech level: dropping them makes the sound start sooner.
            guard let first = buffer.firstIndex(where: { $0 != 0 }) else {
                return sink.stop.flag.load(ordering: .relaxed) ? 1 : 0
            }
            buffer = UnsafeBufferPointer(rebasing: buffer[first...])
            sink.soundStarted = true
        }
        sink.samples.append(contentsOf: buffer)
        if let receive = sink.receive, !receive(buffer) {
            sink.receiverStopped = true
            return 1
        }
    }
    return sink.stop.flag.load(ordering: .relaxed) ? 1 : 0
}
