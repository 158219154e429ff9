/// The report's page, style and script, embedded at build time from the files beside this one.
public enum WebAssets {
    public static var html: String { String(decoding: PackageResources.report_html, as: UTF8.self) }
    public static var css: String { String(decoding: PackageResources.report_css, as: UTF8.self) }
    public static var js: String { String(decoding: PackageResources.report_js, as: UTF8.self) }
}
