import Foundation
import IconSupport
import Testing

/// ProjectPath, the one lexical path type: its two joins side by side (`join` for the model,
/// `joinForReport` for what reports print), the two relatives (`relative` may climb with `..`,
/// `relativeInside` answers only inside the base) and `split` against `parent`.
@Suite struct ProjectPathTests {
    @Test(arguments: [
        // root, file, join, joinForReport
        ("/r", "a/b", "/r/a/b", "/r/a/b"),
        ("/r/", "a", "/r/a", "/r/a"),
        ("/r//", "a", "/r//a", "/r/a"),
        ("/r", "./a", "/r/./a", "/r/a"),
        ("/r", "././a", "/r/././a", "/r/a"),
        (".", "a", "./a", "a"),
        (".", "./a", "././a", "./a"),
        ("", "a", "a", "a"),
        ("/", "a", "/a", "/a"),
        ("//", "a", "//a", "/a"),
        ("/r", "/abs/a", "/abs/a", "/abs/a"),
        ("/r", "", "/r", "/r"),
        (".", "", ".", "."),
        ("r", "a/", "r/a/", "r/a/"),
    ])
    func joins(root: String, file: String, joined: String, reported: String) {
        #expect(ProjectPath.join(root, file) == joined)
        #expect(ProjectPath.joinForReport(root, file) == reported)
    }

    @Test(
        arguments: [
            // path, base, relativeInside, relative
            ("/r/a/b", "/r", "a/b", "a/b"),
            ("/r/a", "/r/", "a", "a"),
            ("/r", "/r", ".", "."),
            ("/r", "/r//", ".", "."),
            ("/a", "/", "a", "a"),
            ("/rx/a", "/r", nil, "../rx/a"),
            ("/s/a", "/r", nil, "../s/a"),
        ] as [(String, String, String?, String)])
    func relatives(path: String, base: String, inside: String?, relative: String) {
        #expect(ProjectPath.relativeInside(path, to: base) == inside)
        #expect(ProjectPath.relative(path, to: base) == relative)
    }

    @Test(
        arguments: [
            // path, folder, below, relativeInside
            ("/r/a/b", "/r", "a/b", "a/b"),
            ("/r", "/r", nil, "."),
            ("/r/a", "/r/", nil, "a"),
            ("/r//a", "/r/", "a", "/a"),
            ("/a", "/", nil, "a"),
            ("/rx/a", "/r", nil, nil),
        ] as [(String, String, String?, String?)])
    func belowIsStricterThanRelativeInside(path: String, folder: String, below: String?, inside: String?) {
        #expect(ProjectPath.below(path, folder: folder) == below)
        #expect(ProjectPath.relativeInside(path, to: folder) == inside)
    }

    @Test(arguments: [
        // path, split folder, split name, parent
        ("a/b/c", "a/b", "c", "a/b"),
        ("a/b/", "a", "b", "a/b"),
        ("c", "", "c", "."),
        ("/c", "/", "c", "/"),
        ("/", "/", "", "/"),
        ("", "", "", "."),
    ])
    func splits(path: String, folder: String, name: String, parent: String) {
        let split = ProjectPath.split(path)
        #expect(split.folder == folder && split.name == name)
        #expect(ProjectPath.parent(path) == parent)
    }
}

/// FileStatus, the file system's answer (not the path's): links are not followed.
@Suite struct FileStatusTests {
    @Test func typesWithoutFollowingLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iconlint-filestatus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/f", link = folder + "/l"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        #expect(FileStatus.type(file) == S_IFREG)
        #expect(FileStatus.type(link) == S_IFLNK)
        #expect(FileStatus.isFolder(folder))
        #expect(!FileStatus.isFolder(link))
        #expect(FileStatus.type(folder + "/missing") == nil)
    }
}
