import RestoreEngine

/// Text for coder values shared by the page and the archive dump.
enum CoderText {
    /// An `NSDate` (seconds since 2001-01-01 UTC) the way `NSDate` prints: `2026-01-01 01:00:00 +0000`.
    /// A date beyond ±10^15 seconds (some 30 million years; a trace may say anything) is shown as
    /// its number, since no calendar date fits it and converting it to an integer would trap.
    static func date(_ referenceSeconds: Double) -> String {
        guard abs(referenceSeconds) < 1e15 else { return "\(referenceSeconds) seconds after 2001-01-01 00:00:00 +0000" }
        let unix = Int64((referenceSeconds + 978_307_200).rounded(.down))
        var days = unix / 86_400
        var secs = unix % 86_400
        if secs < 0 {
            secs += 86_400
            days -= 1
        }
        // Howard Hinnant's days-to-civil: exact for the proleptic Gregorian calendar, no locale.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = y >= 0 && y < 1000 ? String(repeating: "0", count: 4 - String(y).count) + String(y) : String(y)
        return "\(year)-\(two(m))-\(two(d)) \(two(secs / 3600)):\(two(secs % 3600 / 60)):\(two(secs % 60)) +0000"
    }

    /// `UIUserInterfaceIdiom` as `restorationArchiveTool` names it.
    static func idiom(_ value: CoderValue) -> String {
        switch value.intValue {
        case 0: "iPhone"
        case 1: "iPad"
        case 2: "TV"
        case 3: "CarPlay"
        default: value.description
        }
    }

    /// One value for people: dates as dates, the app-level idiom by name.
    static func display(_ value: CoderValue, key: String) -> String {
        if key == ReservedKeys.userInterfaceIdiom { return idiom(value) }
        switch value {
        case .date(let t): return date(t)
        case .string(let s): return s
        default: return value.description
        }
    }
}
