import SpeechClient
import SpeechEspeak
import Foundation
import Testing

@Suite("WAV files")
struct WAVFileTests {
    @Test("espeak audio written to a WAV file reads back the same, with a valid header")
    func roundTrip() async throws {
        let audio = try await EspeakSynthesizer.shared.synthesize(Utterance("さんびゃくごじゅう"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }

        try WAVFile.write(audio, to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }

        #expect(bytes.count == 44 + 2 * audio.samples.count)
        #expect(tag(0) == "RIFF" && u32(4) == bytes.count - 8 && tag(8) == "WAVE")
        #expect(tag(12) == "fmt " && u32(16) == 16)
        #expect(u16(20) == 1)                          // PCM
        #expect(u16(22) == 1)                          // mono
        #expect(u32(24) == audio.sampleRate)
        #expect(u32(28) == audio.sampleRate * 2)       // byte rate
        #expect(u16(32) == 2 && u16(34) == 16)         // block align, bits
        #expect(tag(36) == "data" && u32(40) == 2 * audio.samples.count)

        let again = try WAVFile.read(from: path)
        #expect(again == audio)
    }

    @Test("writing goes through a symlink to its target, and fails with the system's reason")
    func writesThroughSymlinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kazu-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/target.wav", link = directory + "/link.wav"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let audio = PCMAudio(samples: [1, 2, 3], sampleRate: 8000)

        try WAVFile.write(audio, to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try WAVFile.read(from: target) == audio)

        #expect(throws: FileWriteError(path: directory + "/no/x.wav", code: ENOENT)) {
            try WAVFile.write(audio, to: directory + "/no/x.wav")
        }
        #expect(FileWriteError(path: "x", code: ENOENT).description == "No such file or directory")
    }

    @Test("chunks other than fmt and data are skipped")
    func skipsOtherChunks() throws {
        let audio = PCMAudio(samples: [0, 1, -1, .max, .min], sampleRate: 8000)
        var bytes = WAVFile.encode(audio)
        // A 3-byte LIST chunk (padded to 4) between fmt and data.
        bytes.insert(contentsOf: Array("LIST".utf8) + [3, 0, 0, 0, 65, 66, 67, 0], at: 36)
        bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(bytes.count - 8).littleEndian, Array.init))
        #expect(try WAVFile.decode(bytes) == audio)
    }

    @Test("files that are not 16-bit mono PCM are refused with a reason")
    func refusesOtherFormats() {
        let audio = PCMAudio(samples: [1, 2, 3], sampleRate: 8000)
        var stereo = WAVFile.encode(audio)
        stereo[22] = 2
        #expect(throws: WAVFile.ReadError.unsupportedFormat("2 channels")) { try WAVFile.decode(stereo) }
        #expect(throws: WAVFile.ReadError.notWAV) { try WAVFile.decode(Array("hello world!".utf8)) }
        #expect(throws: WAVFile.ReadError.truncated) { try WAVFile.decode(Array(WAVFile.encode(audio).dropLast(2))) }
    }
}
