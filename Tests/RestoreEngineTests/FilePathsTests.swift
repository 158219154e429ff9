import RestoreEngine
import Testing

@Suite struct FilePathsTests {
    /// NSString's answers for these (checked on Linux for the paths it does not trap on), and the
    /// one-character ones it traps on.
    @Test(arguments: [
        ("a/b", "a"), ("/a", "/"), ("ab", ""), ("", ""), ("/", "/"), ("ab/cd/", "ab"), ("ab//cd", "ab"),
        ("//ab", "/"), ("./ab", "."), ("../ab", ".."), ("/ab/", "/"), ("ab/", ""),
        (".", ""), ("c", ""), ("a/", ""), ("./c", "."), ("/c", "/"), ("a/b/c", "a/b"),
    ])
    func parentIsTheFolderPart(path: String, parent: String) {
        #expect(FilePaths.parent(of: path) == parent)
    }
}
