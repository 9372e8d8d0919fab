import CEspeakNG
import SpeechClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libespeak-ng, opened with `dlopen` when the synthesiser first starts.
///
/// The library is not linked into `kazu`: linking it would load it, and through libpcaudio
/// PulseAudio, ALSA, X11, D-Bus, systemd and a set of codecs, at every launch, even for
/// `kazu --version` or a quiz without sound. It is opened once and never closed.
///
/// ```swift
/// switch EspeakLibrary.open() {
/// case let .success(library): library.functions.espeak_ng_InitializePath(nil)
/// case let .failure(error): print(error)   // speech synthesiser not installed (...): install libespeak-ng1 ...
/// }
/// ```
struct EspeakLibrary: @unchecked Sendable {
    // @unchecked: a table of C function pointers, written once before it is shared.

    /// The soname of libespeak-ng's ABI that the headers describe (Debian/Ubuntu package libespeak-ng1).
    static let soname = "libespeak-ng.so.1"

    /// The functions Kazu calls, typed from the headers (see `KAZU_ESPEAK_FUNCTIONS` in shim.h).
    let functions: KazuEspeakFunctions

    /// Opens `name` (a soname searched the usual way, or a path) and finds every function in it.
    static func open(_ name: String = soname) -> Result<EspeakLibrary, SpeechError> {
        // RTLD_LAZY: the library's own calls (and those of its audio dependencies that allow it)
        // are bound when first made, not all at load, which is on the way to the first sample;
        // every function Kazu calls is still looked up below, so an incomplete library is refused.
        guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(name) not found"
            return .failure(.synthesizerNotInstalled(reason))
        }
        // The C struct's pointers are non-null, so Swift has no empty one to start from:
        // kazu_espeak_resolve fills raw memory, read only when every pointer is set.
        let table = UnsafeMutablePointer<KazuEspeakFunctions>.allocate(capacity: 1)
        defer { table.deallocate() }
        if let missing = kazu_espeak_resolve(handle, table) {
            let reason = "\(name) has no \(String(cString: missing)); it is older than Kazu needs"
            dlclose(handle)
            return .failure(.synthesizerNotInstalled(reason))
        }
        return .success(EspeakLibrary(functions: table.pointee))
    }
}
