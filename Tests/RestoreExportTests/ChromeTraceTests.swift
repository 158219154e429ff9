import Foundation
import RestoreEngine
import Testing

@testable import RestoreExport

@Suite struct ChromeTraceTests {
    func export() throws -> [[String: Any]] {
        let f = Fixture.tabBarNavigation()
        let text = ChromeTraceExporter.json(events: f.events, scenario: f.name)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["displayTimeUnit"] as? String == "ms")
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test func oneSlicePerCallbackAndAnInstantPerSystemEvent() throws {
        let f = Fixture.tabBarNavigation()
        let events = try export()
        #expect(events.filter { $0["ph"] as? String == "X" }.count == f.events.filter { $0.callback != nil }.count)
        #expect(events.filter { $0["ph"] as? String == "i" }.count == f.events.filter { $0.callback == nil }.count)
        let city = try #require(
            events.first {
                ($0["args"] as? [String: Any])?["path"] as? String == "TabController/NavigationController/City"
            })
        let args = try #require(city["args"] as? [String: Any])
        #expect(args["key"] as? String == "TabController/:[1]:/NavigationController/:[1]:/City")
        #expect(args["coder"] as? [String] == ["encodingKeyCityName", "visits"])
    }

    @Test func everyTrackIsNamedAndItsSlicesNest() throws {
        let events = try export()
        let named = Set(events.filter { $0["name"] as? String == "thread_name" }.compactMap { $0["tid"] as? Int })
        var byTrack: [Int: [(Int, Int)]] = [:]
        for e in events where e["ph"] as? String == "X" {
            let tid = try #require(e["tid"] as? Int)
            #expect(named.contains(tid))
            byTrack[tid, default: []].append((try #require(e["ts"] as? Int), try #require(e["dur"] as? Int)))
        }
        #expect(byTrack.count >= 3)
        for (_, slices) in byTrack {
            let sorted = slices.sorted { $0.0 < $1.0 }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                // Either b starts after a ends, or b lies inside a: never a partial overlap.
                let disjoint = b.0 >= a.0 + a.1
                let inside = b.0 >= a.0 && b.0 + b.1 <= a.0 + a.1
                #expect(disjoint || inside)
            }
        }
    }

    @Test func flowsLinkEachEncodeToItsDecode() throws {
        let events = try export()
        let starts = events.filter { $0["ph"] as? String == "s" }
        let finishes = events.filter { $0["ph"] as? String == "f" }
        #expect(starts.count == 7, "one per decode: the lost city never decodes")
        #expect(Set(starts.compactMap { $0["id"] as? Int }) == Set(finishes.compactMap { $0["id"] as? Int }))
        #expect(finishes.allSatisfy { $0["bp"] as? String == "e" })
        let slices = events.filter { $0["ph"] as? String == "X" }
        for s in starts {
            // Each arrow starts inside an encode slice on its track and ends inside a decode slice later.
            let f = try #require(finishes.first { $0["id"] as? Int == s["id"] as? Int })
            let from = slices.first {
                $0["tid"] as? Int == s["tid"] as? Int && ($0["ts"] as! Int) < (s["ts"] as! Int)
                    && ($0["ts"] as! Int) + 8 > (s["ts"] as! Int)
            }
            let to = slices.first {
                $0["tid"] as? Int == f["tid"] as? Int && ($0["ts"] as! Int) < (f["ts"] as! Int)
                    && ($0["ts"] as! Int) + 8 > (f["ts"] as! Int)
            }
            #expect(from?["name"] as? String == "encodeRestorableStateWithCoder:")
            #expect(to?["name"] as? String == "decodeRestorableStateWithCoder:")
            #expect(
                (from?["args"] as? [String: Any])?["key"] as? String == (to?["args"] as? [String: Any])?["key"]
                    as? String)
        }
    }

    @Test func sameEventsGiveSameBytes() throws {
        let a = Fixture.tabBarNavigation()
        let b = Fixture.tabBarNavigation()
        #expect(
            ChromeTraceExporter.json(events: a.events, scenario: "x")
                == ChromeTraceExporter.json(events: b.events, scenario: "x"))
    }
}
