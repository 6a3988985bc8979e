import Foundation
import IconLintCore
import IconLintTestSupport
import Testing

/// `iconlint fix` as a user runs it: what it prints (the goldens IconFixTests records), its
/// exit statuses, and that a dry run or a refused run leaves the tree as it was.
@Suite struct FixCommandTests {
    static func copy(_ fixture: String) throws -> String {
        let path = try CLI.temporaryFolder() + "/project"
        try FileManager.default.copyItem(atPath: CLI.fixtures + "/" + fixture, toPath: path)
        return path
    }

    static func tree(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            result[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return result
    }

    static func golden(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: Repository.path("Tests/IconFixTests/Goldens/\(name).txt")) ?? Data(), as: UTF8.self)
    }

    @Test func fixPrintsWhatItChangedAndExitsZeroWhenNothingIsLeft() throws {
        let path = try Self.copy("Fix/alternate-sizes")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let dry = try CLI.run(["fix", "--dry-run", path])
        #expect(dry.status == 1, "a dry run that would change something exits 1")
        #expect(dry.stdout == Self.golden("alternate-sizes.dry-run") + "\n")
        let run = try CLI.run(["fix", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.golden("alternate-sizes") + "\n")
        #expect(try CLI.run(["lint", path]).status == 0)
        // Again: nothing to fix, nothing written.
        let before = Self.tree(path)
        let again = try CLI.run(["fix", path])
        #expect(again.status == 0 && again.stdout == "nothing to fix\n", "\(again.stdout)")
        #expect(Self.tree(path) == before)
        #expect(try CLI.run(["fix", "--dry-run", path]).status == 0)
    }

    @Test func errorsLeftExitOneAndTheTreeStays() throws {
        let path = try CLI.example(.marketingIconAlpha, "transparent-1024", at: CLI.temporaryFolder() + "/project")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let before = Self.tree(path)
        let run = try CLI.run(["fix", path])
        #expect(run.status == 1)
        #expect(run.stdout == Self.golden("refused-no-background") + "\n")
        #expect(Self.tree(path) == before)
        let dry = try CLI.run(["fix", "--dry-run", "--background", "#FFF", path])
        #expect(dry.status == 1 && dry.stdout.contains("would write"))
        #expect(Self.tree(path) == before, "--dry-run wrote something")
        #expect(try CLI.run(["fix", "--background", "white", path]).status == 0)
    }

    /// --only limits the corrections to the rules named.
    @Test func onlyCorrectsTheRulesNamed() throws {
        let path = try CLI.example(.iconModifierOrder, "device-before-scale", at: CLI.temporaryFolder() + "/project")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let run = try CLI.run(["fix", "--only", "alternate-icon-size-missing", path])
        #expect(!run.stdout.contains("icon-modifier-order:"), "\(run.stdout)")
        #expect(run.stdout.contains("icon-modifier-order"), "the finding left is named")
    }

    @Test(arguments: [
        (["fix", "--only", "icon-corrupt"], "fix has no correction for that rule"),
        (["fix", "--only", "no-such-rule"], "no-such-rule"),
        (["fix", "--background", "mauve"], "--background must be"),
        (["fix", "a", "b"], "fix takes one PATH"),
        (["fix", "/nonexistent/iconlint-fix"], "path not found"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let path = try Self.copy("Fix/alternate-sizes")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let run = try CLI.run(arguments + (arguments.count == 3 && arguments[1].hasPrefix("--") ? [path] : []), in: path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
    }
}
