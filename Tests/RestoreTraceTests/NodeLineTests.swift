import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import Testing

@testable import RestoreTrace

/// A hierarchy's node lines decode in one pass each into the same nodes as the nested way
/// (the lines nested into one JSON tree, then `BlueprintCodec.decodeNode`); a line the writer
/// would not write is left to the nested way, which locates its problem.
@Suite struct NodeLineTests {
    static let traces = ((try? FileManager.default.contentsOfDirectory(atPath: Samples.traces.path)) ?? [])
        .filter { $0.hasSuffix(".trace.jsonl") }.sorted()

    /// Every hierarchy in `path`, decoded both ways; returns how many there were.
    func compareHierarchies(in path: String) throws -> Int {
        let reader = try TraceReader(path: path)
        var compared = 0
        while let record = try reader.nextRecord() {
            guard let group = record.group, !group.nodes.isEmpty else { continue }
            let nested = try BlueprintCodec.decodeNode(try group.hierarchy(in: record.bytes).0, "hierarchy")
            let onePass = try #require(group.blueprint(in: record.bytes), "line \(record.line)")
            #expect(onePass == nested, "line \(record.line)")
            compared += 1
        }
        return compared
    }

    @Test(arguments: traces) func everySampleHierarchyDecodesAsTheNestedWay(_ name: String) throws {
        _ = try compareHierarchies(in: Samples.path(name))
    }

    @Test func aGridsHierarchiesDecodeAsTheNestedWay() throws {
        let (path, _) = try TemporaryTrace.record(ScenarioGenerator.grid(4))
        #expect(try compareHierarchies(in: path) >= 2)
    }

    /// A live tree's node lines written as a replay compares them in place (one node at a time,
    /// `visitSnapshotNodes`) are its snapshot's (`blueprint`, then `TraceLines.visitNodes`), line
    /// for line, and as many: for every hierarchy of every sample, built into live controllers.
    @Test(arguments: traces) func aLiveTreesNodeLinesAreItsSnapshots(_ name: String) throws {
        let reader = try TraceReader(path: Samples.path(name))
        let application = UIApplication(configuration: reader.header.app)
        for c in reader.header.classes { application.classes.declare(c.name, superclass: c.superclass) }
        let classes = application.classes
        var trees = 0
        while let record = try reader.nextRecord() {
            guard let tree = try record.decoded(.hierarchy).hierarchy, tree.role == .viewController else { continue }
            let live = tree.instantiateViewController(classes: classes)
            let snapshot = live.blueprint(classes: classes)
            var fromSnapshot: [String] = []
            var index = 0
            _ = TraceLines.visitNodes(snapshot, parent: nil, slot: "", index: &index) { node, i, parent, slot in
                var out: [UInt8] = []
                TraceLines.writeNodeLine(node, index: i, parent: parent, slot: slot, to: &out)
                fromSnapshot.append(String(decoding: out, as: UTF8.self))
                return true
            }
            var inPlace: [String] = []
            let visitedAll = live.visitSnapshotNodes(classes: classes) { node, i, parent, slot in
                var out: [UInt8] = []
                TraceLines.writeNodeLine(node, index: i, parent: parent, slot: slot, to: &out)
                inPlace.append(String(decoding: out, as: UTF8.self))
                return true
            }
            #expect(visitedAll)
            #expect(inPlace == fromSnapshot, "line \(record.line)")
            #expect(live.snapshotNodeCount == TraceLines.nodeLines(in: snapshot))
            trees += 1
        }
        #expect(trees > 0)
    }

    /// `line` as node `index` of a group of its own.
    func decode(_ line: String, index: Int = 0) -> (node: NodeBlueprint, parent: Int?, slot: String?)? {
        let bytes = Array(line.utf8)
        return LineGroup.nodeLine(
            .init(range: 0..<bytes.count, line: 1, unterminated: false), in: bytes, index: index)
    }

    static let fields = [
        #""role":"view""#, #""inherits":"UIScrollView""#, #""kind":"container""#, #""restorationIdentifier":"s""#,
        #""restorationClass":"R""#, #""storyboard":null"#, #""origin":null"#, #""state":{"pageIndex":{"int":1}}"#,
        #""selectedIndex":2"#,
        #""encodesChildren":false"#, #""viewLoaded":false"#, #""insecureKeys":["k"]"#,
        #""objects":[{"class":"O","restorationIdentifier":"o"}]"#, #""contentOffset":[0,1.5]"#, #""zoomScale":2"#,
        #""contentInset":[1,2,3,4]"#, #""rows":["a"]"#, #""selected":["b"]"#, #""firstVisible":"a""#,
        #""modelAssociation":true"#, #""selectedRange":[1,2]"#, #""editable":true"#,
    ]

    @Test(arguments: fields) func eachFieldIsDecodedAsDecodeNodeDecodesIt(_ field: String) throws {
        let members = #""class":"ScrollController","# + field
        let decoded = try #require(decode(#"{"node":3,"parent":1,"slot":"views","# + members + "}", index: 3))
        #expect(decoded.parent == 1)
        #expect(decoded.slot == "views")
        #expect(decoded.node == (try BlueprintCodec.decodeNode(JSONParser.parse("{" + members + "}"), "")))
    }

    @Test func everyFieldTogetherIsDecodedAsDecodeNodeDecodesIt() throws {
        let members = #""class":"ScrollController","# + Self.fields.joined(separator: ",")
        let decoded = try #require(decode(#"{"node":0,"# + members + "}"))
        #expect(decoded.node == (try BlueprintCodec.decodeNode(JSONParser.parse("{" + members + "}"), "")))
        #expect(decoded.node.role == .view)
        #expect(decoded.node.viewState.contentOffset == [0, 1.5])
    }

    @Test(arguments: [
        #"{"node":0,"class":"A","class":"B"}"#,  // a field twice
        #"{"node":0,"class":"A","klass":"B"}"#,  // an unknown field
        #"{"node":0,"cl\u0061ss":"A"}"#,  // an escaped key
        #"{"node":0,"class":"A","selectedIndex":"1"}"#,  // a value of the wrong type
        #"{"node":0,"class":"A","state":[]}"#,  // a coder that is not an object
        #"{"node":0,"class":"A","children":[]}"#,  // a nested node
        #"{"node":1,"class":"A"}"#,  // another node's index
        #"{"class":"A","node":0}"#,  // the index not first
        #"{"node":0,"role":"view"}"#,  // no class
        #"{"node":0,"class":null}"#,  // a null class is a missing one
        #"{"node":0,"class":"A"} "#,  // bytes after the object
        #" {"node":0,"class":"A"}"#,  // bytes before it
        #"{"node":0,"class":"A","parent":"0"}"#,  // a parent that is not a number
    ])
    func aLineTheWriterWouldNotWriteIsLeftToTheNestedWay(_ line: String) {
        #expect(decode(line) == nil)
    }
}
