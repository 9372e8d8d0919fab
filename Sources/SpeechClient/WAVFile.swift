#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes 16-bit PCM mono WAV files (RIFF, format 1).
///
/// ```swift
/// try WAVFile.write(audio, to: "question.wav")
/// let again = try WAVFile.read(from: "question.wav")   // again == audio
/// ```
public enum WAVFile {
    /// Why a file could not be read as 16-bit mono PCM WAV.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        case notWAV
        case truncated
        case missingChunk(String)
        case unsupportedFormat(String)

        public var description: String {
            switch self {
            case .notWAV: "not a WAV file (no RIFF/WAVE header)"
            case .truncated: "WAV file is cut short"
            case let .missingChunk(name): "WAV file has no \"\(name)\" chunk"
            case let .unsupportedFormat(detail): "unsupported WAV format: \(detail); expected 16-bit PCM mono"
            }
        }
    }

    /// The length of the header `encode` writes before the samples.
    public static let headerSize = 44

    /// The bytes of a WAV file holding `audio`.
    public static func encode(_ audio: PCMAudio) -> [UInt8] {
        let dataSize = audio.samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + dataSize)
        bytes += Array("RIFF".utf8)
        append(UInt32(36 + dataSize), to: &bytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append(UInt32(16), to: &bytes)                      // fmt chunk size
        append(UInt16(1), to: &bytes)                       // PCM
        append(UInt16(1), to: &bytes)                       // mono
        append(UInt32(audio.sampleRate), to: &bytes)
        append(UInt32(audio.sampleRate * 2), to: &bytes)    // byte rate
        append(UInt16(2), to: &bytes)                       // block align
        append(UInt16(16), to: &bytes)                      // bits per sample
        bytes += Array("data".utf8)
        append(UInt32(dataSize), to: &bytes)
        bytes += audio.littleEndianBytes
        return bytes
    }

    /// The audio in the bytes of a WAV file; chunks other than "fmt " and "data" are skipped.
    public static func decode(_ bytes: [UInt8]) throws(ReadError) -> PCMAudio {
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WAVE" else { throw .notWAV }
        var offset = 12
        var sampleRate: Int?
        while offset + 8 <= bytes.count {
            let name = tag(bytes, offset)
            let size = Int(uint32(bytes, offset + 4))
            let body = offset + 8
            guard body + size <= bytes.count else { throw .truncated }
            switch name {
            case "fmt ":
                guard size >= 16 else { throw .truncated }
                let format = uint16(bytes, body)
                let channels = uint16(bytes, body + 2)
                let bits = uint16(bytes, body + 14)
                guard format == 1 else { throw .unsupportedFormat("format tag \(format)") }
                guard channels == 1 else { throw .unsupportedFormat("\(channels) channels") }
                guard bits == 16 else { throw .unsupportedFormat("\(bits) bits per sample") }
                sampleRate = Int(uint32(bytes, body + 4))
            case "data":
                guard let sampleRate else { throw .missingChunk("fmt ") }
                guard sampleRate > 0 else { throw .unsupportedFormat("sample rate 0") }
                var samples = [Int16](repeating: 0, count: size / 2)
                for index in samples.indices {
                    samples[index] = Int16(bitPattern: uint16(bytes, body + 2 * index))
                }
                return PCMAudio(samples: samples, sampleRate: sampleRate)
            default:
                break
            }
            offset = body + size + (size & 1)   // chunks are padded to an even length
        }
        throw .missingChunk(sampleRate == nil ? "fmt " : "data")
    }

    /// Writes `audio` to a WAV file at `path`, truncating what was there.
    ///
    /// The path is opened and written through, not replaced: `/dev/stdout`, a FIFO
    /// or a symlink's target receive the bytes, and a device node stays a device.
    public static func write(_ audio: PCMAudio, to path: String) throws(FileWriteError) {
        try writeThrough(encode(audio), to: path)
    }

    /// Reads the WAV file at `path`.
    public static func read(from path: String) throws -> PCMAudio {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try decode([UInt8](data))
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}
