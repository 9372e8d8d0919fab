import Testing
import JapaneseNumbers

/// Inputs `scripts/fuzz parser` found crashing or misreading, each fixed in the source.
/// The fuzzer's own input files are in fuzz/parser/regressions/ (the script replays them
/// before fuzzing); the tests here state what they decode to.
@Suite struct FuzzRegressionTests {
    /// fuzz/parser/regressions/decimal-with-many-zeros-overflows-alternatives: `.000…` with
    /// 177 zeros. Each 0 after the point has two readings (ぜろ, れい), and counting the
    /// combinations overflowed Int (2^178) and trapped.
    @Test func aDecimalWithManyZerosAfterThePoint() throws {
        let zeros = 177
        let phrase = try JapaneseNumbers.decimalReading("." + String(repeating: "0", count: zeros)).get()
        #expect(phrase.hiragana == "れいてん" + String(repeating: "ぜろ", count: zeros))
        // Too many combinations to list: each alternative changes one place.
        #expect(phrase.alternatives.count == 1 + zeros)
        #expect(phrase.alternatives.first == "ぜろてん" + String(repeating: "ぜろ", count: zeros))
    }
}
