import RestoreEngine
import Testing

/// One `Answer` for scenarios and what-ifs: the text both write reads back as the same answer.
@Suite struct AnswerTests {
    @Test(arguments: [Answer.new, .nil, .existing, .storyboard, .instanceOf("LegacyViewController")])
    func theTextReadsBackAsTheSameAnswer(_ answer: Answer) {
        #expect(Answer(text: answer.text) == answer)
    }

    @Test func anythingElseIsNoAnswer() {
        #expect(Answer(text: "instanceOf:") == nil)
        #expect(Answer(text: "New") == nil)
        #expect(Answer.instanceOf("A").description == "instanceOf:A")
    }
}
