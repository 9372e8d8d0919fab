// libFuzzer target: settings.json as Kazu reads it (SettingsClient.live decodes the file's
// bytes with JSONDecoder into KazuSettings, leniently: a bad field takes its default).
//
// Any bytes: decoding must not crash, and settings that decode must be a fixed point:
// saved (encoded as SettingsClient.live saves them) and read again they are the same,
// and what the rest of Kazu derives from them (the mode's title, the speech utterance,
// marking a topic played) works.
import Foundation
import KazuKit

func fail(_ message: String) -> Never {
    fatalError("settings fuzz: \(message)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard var settings = try? JSONDecoder().decode(KazuSettings.self, from: bytes) else { return 0 }

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let saved: Data
    do { saved = try encoder.encode(settings) } catch { fail("decoded settings do not encode: \(error)") }
    guard let again = try? JSONDecoder().decode(KazuSettings.self, from: saved) else {
        fail("saved settings do not decode: \(String(decoding: saved, as: UTF8.self))")
    }
    if again != settings {
        fail("settings change when saved and read again: \(settings) became \(again)")
    }

    _ = settings.mode.title
    _ = settings.speech.utterance("さんびゃく")
    _ = (settings.skill.title, settings.readingScript.rawValue)
    settings.markPlayed("money.conbini")
    if settings.recentTopics.count > KazuSettings.recentLimit || settings.recentTopics.first != "money.conbini" {
        fail("markPlayed kept \(settings.recentTopics)")
    }
    return 0
}
