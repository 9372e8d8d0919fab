import KazuKit
import Testing

@Suite struct SkillTests {
    @Test func namesAreReadFromArgumentsIgnoringCase() {
        #expect(Skill(argument: "listening") == .listening)
        #expect(Skill(argument: "Reading") == .reading)
        #expect(Skill(argument: "WRITING") == .writing)
        #expect(Skill(argument: "sentences") == .sentences)
        #expect(Skill(argument: "speaking") == nil)
        #expect(Skill(argument: "") == nil)
    }

    @Test func titlesAreShownCapitalised() {
        #expect(Skill.allCases.map(\.title) == ["Listening", "Reading", "Writing", "Sentences"])
    }
}
