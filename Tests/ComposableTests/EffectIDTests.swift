import Composable
import Testing

@Suite struct EffectIDTests {
    private enum CancelID: Hashable, Sendable { case speech, timer }
    private enum OtherCancelID: Hashable, Sendable { case speech }

    @Test func equalValuesOfOneTypeAreOneID() {
        #expect(EffectID(CancelID.speech) == EffectID(CancelID.speech))
        #expect(EffectID(CancelID.speech).hashValue == EffectID(CancelID.speech).hashValue)
        #expect(EffectID("save") == EffectID("save"))
        #expect(EffectID(CancelID.speech) != EffectID(CancelID.timer))
    }

    @Test func theTypeIsPartOfTheID() {
        #expect(EffectID(1 as Int) != EffectID(1 as UInt8))
        #expect(EffectID("speech") != EffectID(Substring("speech")))
        #expect(EffectID(CancelID.speech) != EffectID(OtherCancelID.speech))
        let ids: Set = [EffectID(1 as Int), EffectID(1 as UInt8), EffectID(1 as Int)]
        #expect(ids.count == 2)
    }
}
