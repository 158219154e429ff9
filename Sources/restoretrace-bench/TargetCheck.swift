import Foundation

/// One of issue 17's targets, checked against what this run measured.
struct TargetCheck {
    var name: String
    /// The limit as the issue states it.
    var limit: String
    /// What was measured (nil: the size it applies to was not in `--sizes`).
    var measured: String?
    var met: Bool?

    /// The size the per-size targets are stated at (200×200).
    static let targetSize = 200
    static let megabyte = 1_000_000.0

    var json: [String: Any] {
        ["name": name, "limit": limit, "measured": measured ?? NSNull(), "met": met ?? NSNull()]
    }

    static func evaluate(_ sizes: [SizeResult], engine: EnginePhases? = nil) -> [TargetCheck] {
        let at200 = sizes.first { $0.n == targetSize }
        func check(
            _ id: String, _ name: String, _ limit: String, _ value: (CommandRow) -> Double, _ ok: (Double) -> Bool,
            _ spell: (Double) -> String
        ) -> TargetCheck {
            guard let size = at200 else { return TargetCheck(name: name, limit: limit, measured: nil, met: nil) }
            // The size ran but the command failed (a note says how): the target is not met.
            guard let row = size.row(id) else {
                return TargetCheck(name: name, limit: limit, measured: "failed (see the notes)", met: false)
            }
            let v = value(row)
            return TargetCheck(name: name, limit: limit, measured: spell(v), met: ok(v))
        }
        let seconds = { (v: Double) in Format.seconds(v) + " s" }
        let megabytes = { (v: Double) in String(format: "%.1f MB", v / megabyte) }
        let rss = { (r: CommandRow) in Double(r.peakRSSBytes) }
        let rate = { (v: Double) in Format.perSecond(v) + " events/s" }
        var checks = [
            check("replay", "replay at 200: events/s", "≥ 1,000,000", \.eventsPerSecond, { $0 >= 1_000_000 }, rate),
            check("replay", "replay at 200: wall", "≤ 0.2 s", \.seconds, { $0 <= 0.2 }, seconds),
            check("replay", "replay at 200: peak RSS", "≤ 200 MB", rss, { $0 <= 200 * megabyte }, megabytes),
            check("record-json", "record (JSON) at 200: wall", "≤ 1 s", \.seconds, { $0 <= 1 }, seconds),
            check(
                "record-json", "record (JSON) at 200: peak RSS", "≤ 300 MB", rss, { $0 <= 300 * megabyte }, megabytes),
            check("record-yaml", "record (YAML) at 200: wall", "≤ 2 s", \.seconds, { $0 <= 2 }, seconds),
            check(
                "record-yaml", "record (YAML) at 200: peak RSS", "≤ 300 MB", rss, { $0 <= 300 * megabyte }, megabytes),
            check("report", "report at 200: wall", "≤ 3 s", \.seconds, { $0 <= 3 }, seconds),
            check("report", "report at 200: peak RSS", "≤ 500 MB", rss, { $0 <= 500 * megabyte }, megabytes),
        ]
        checks.append(
            TargetCheck(
                name: "engine at 200: nodes/s through preservation and restoration", limit: "≥ 1,000,000",
                measured: engine.map { Format.perSecond($0.nodesPerSecond) + " nodes/s" },
                met: engine.map { $0.nodesPerSecond >= 1_000_000 }))
        // The page and the lines are bounded at every size, so the largest one measured is the one to check.
        let pages = sizes.compactMap { s in s.row("report")?.indexHTMLBytes.map { (s.n, $0) } }
        if let (n, page) = pages.max(by: { $0.1 < $1.1 }) {
            checks.append(
                TargetCheck(
                    name: "index.html at every size (largest: N=\(n))", limit: "≤ 5 MB",
                    measured: megabytes(Double(page)), met: Double(page) <= 5 * megabyte))
        }
        if let longest = sizes.max(by: { $0.longestLineBytes < $1.longestLineBytes }) {
            checks.append(
                TargetCheck(
                    name: "longest trace line at every size (largest: N=\(longest.n))", limit: "≤ 64 KiB",
                    measured: Format.kibibytes(longest.longestLineBytes) + " KiB",
                    met: longest.longestLineBytes <= 64 * 1024))
        }
        return checks
    }
}
