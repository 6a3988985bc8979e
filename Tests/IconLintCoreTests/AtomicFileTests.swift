import Foundation
import Testing

@testable import IconLintCore

@Suite struct AtomicFileTests {
    /// A fresh folder per test, removed afterwards.
    private final class Folder {
        let path: String

        init() throws {
            path = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconlint-atomic-" + UUID().uuidString)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func file(_ name: String) -> String { path + "/" + name }
        func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
        func read(_ name: String) -> String? { FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) } }

        func mode(_ name: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: file(name))
            return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
    }

    @Test func writesANewFileWithMode0644() throws {
        let folder = try Folder()
        try AtomicFile.write(Data("report\n".utf8), to: folder.file("out.json"))
        #expect(folder.read("out.json") == "report\n")
        #expect(try folder.mode("out.json") == 0o644)
        #expect(try folder.contents() == ["out.json"])
    }

    @Test func replacesAFileAndKeepsItsPermissions() throws {
        let folder = try Folder()
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("out.sarif")))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.file("out.sarif"))
        try AtomicFile.write(Data("new".utf8), to: folder.file("out.sarif"))
        #expect(folder.read("out.sarif") == "new")
        #expect(try folder.mode("out.sarif") == 0o600)
        #expect(try folder.contents() == ["out.sarif"])
    }

    @Test func writesEmptyData() throws {
        let folder = try Folder()
        try AtomicFile.write(Data(), to: folder.file("empty.txt"))
        #expect(folder.read("empty.txt") == "")
    }

    @Test func refusesToReplaceWhenOverwriteIsFalse() throws {
        let folder = try Folder()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder.file("out.xml")))
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("new".utf8), to: folder.file("out.xml"), overwrite: false)
        }
        #expect(error.kind == .destinationExists)
        #expect(error.description.contains(folder.file("out.xml")))
        #expect(folder.read("out.xml") == "keep")
        #expect(try folder.contents() == ["out.xml"])
    }

    @Test func createsWhenOverwriteIsFalseAndNothingIsThere() throws {
        let folder = try Folder()
        try AtomicFile.write(Data("new".utf8), to: folder.file("out.xml"), overwrite: false)
        #expect(folder.read("out.xml") == "new")
        #expect(try folder.contents() == ["out.xml"])
    }

    @Test func missingFolderIsAnErrorNamingPathAndReason() throws {
        let folder = try Folder()
        let path = folder.file("missing/out.json")
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: path)
        }
        #expect(error.kind == .system(ENOENT))
        #expect(error.description == "cannot write \(path): \(String(cString: strerror(ENOENT)))")
        #expect(!error.description.contains("\n"))
        #expect(try folder.contents().isEmpty)
    }

    @Test func aFolderInTheWayIsAnErrorAndLeavesNoTemporaryFile() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.file("out.json"), withIntermediateDirectories: false)
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: folder.file("out.json"))
        }
        #expect(error.kind == .isDirectory)
        #expect(try folder.contents() == ["out.json"])
    }

    @Test func aFailureAfterTheTemporaryFileExistsRemovesIt() throws {
        // A dangling symbolic link is no file to stat(2) but still a name link(2) will not
        // replace: the temporary file is written, then the final step fails.
        let folder = try Folder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("out.json"), withDestinationPath: "nowhere/out.json")
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: folder.file("out.json"), overwrite: false)
        }
        #expect(error.kind == .destinationExists)
        #expect(try folder.contents() == ["out.json"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
    func aReadOnlyFolderIsAnErrorAndLeavesNothing() throws {
        let folder = try Folder()
        let sub = folder.file("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: sub)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: sub) }
        let error = try #require(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: sub + "/out.json")
        }
        #expect(error.kind == .system(EACCES))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub).isEmpty)
    }
}
