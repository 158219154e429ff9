/// The report's page, style and script, embedded at build time from the files beside this one.
public enum WebAssets {
    public static var html: String { String(decoding: PackageResources.report_html, as: UTF8.self) }
    public static var css: String { String(decoding: PackageResources.report_css, as: UTF8.self) }
    /// The page's script: its data loader, the big report's node tables, then the page itself.
    public static var js: String {
        [PackageResources.report_data_js, PackageResources.report_nodes_js, PackageResources.report_js]
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
