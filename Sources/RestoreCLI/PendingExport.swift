import RestoreReplay
// Temporary until the exporter lands.
enum ReportBuilder {
    static func write(trace: String, replay: ReplayResult, baseline: ReplayResult?, to dir: String) throws -> String? { nil }
}
