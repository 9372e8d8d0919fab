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

/// The environment this process was started with, kept before `keepEspeakOffTheSoundServer()`
/// changes it: what the live speech client chooses its player by and gives it.
///
/// ```swift
/// // First thing in main (KazuCommandLine.main), before any thread exists:
/// LaunchEnvironment.keepEspeakOffTheSoundServer()
/// LaunchEnvironment.variables["PULSE_SERVER"]   // as the user set it, or nil
/// ```
public enum LaunchEnvironment {
    /// The variables as they were when first read: at launch, when `main` starts by calling
    /// `keepEspeakOffTheSoundServer()`.
    public static let variables: [String: String] = ProcessInfo.processInfo.environment

    /// Points this process's own PulseAudio clients at a server that refuses at once.
    ///
    /// espeak-ng 1.51 opens an audio device whenever it starts, even when its samples come back
    /// in memory, and the device connects to PulseAudio: milliseconds on a quiet machine, tens
    /// under load, before the first sample (and ~/.config/pulse made on the way). Kazu plays through
    /// a player process instead, given `variables`, so only espeak-ng sees the change.
    ///
    /// Call it first thing in `main`, before any thread exists: changing the environment while
    /// another thread reads it is not safe.
    public static func keepEspeakOffTheSoundServer() {
        _ = variables
        setenv("PULSE_SERVER", "unix:/dev/null", 1)
    }
}
