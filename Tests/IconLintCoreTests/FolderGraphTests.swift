import Foundation
import IconLintTestSupport
import Testing

/// The folders of a module use each other top-down: no two folders of one module use each
/// other's types, directly or around a loop. A folder uses another when one of its files names
/// a type, protocol, type alias or free function that the other declares (at the top level,
/// not private); names inside comments and string literals do not count, names inside a
/// literal's interpolations do. This is a reading of
/// the text, not of the compiler's symbol table, so a name declared in two folders counts for
/// both: the test errs towards reporting a loop.
@Suite("Folder graph")
struct FolderGraphTests {
    /// Every Swift module of Sources/ that has folders.
    static let modules: [String] = {
        let sources = Repository.root.appendingPathComponent("Sources").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return names.sorted().filter { name in
            let entries = FileManager.default.enumerator(atPath: sources + "/" + name)?.compactMap { $0 as? String } ?? []
            return entries.contains { $0.contains("/") && $0.hasSuffix(".swift") }
        }
    }()

    @Test func theLintCoreIsAmongTheModulesChecked() {
        #expect(Self.modules.contains("IconLintCore") && Self.modules.contains("BundleKit"), "\(Self.modules)")
    }

    @Test(arguments: modules)
    func foldersUseEachOtherTopDown(_ module: String) throws {
        let graph = try FolderGraph(module: Repository.root.appendingPathComponent("Sources/\(module)"))
        let loops = graph.loops()
        #expect(
            loops.isEmpty,
            "\(module): folders that use each other: \(loops.map { graph.explain($0) }.joined(separator: "; "))")
        #expect(graph.folders.count > 1, "the walk found \(graph.folders.sorted())")
    }

    /// The checker itself: a loop it must see, and a one-way use it must not call one.
    @Test func theCheckerSeesALoopAndOnlyALoop() throws {
        let scratch = try ScratchFolder("folder-graph")
        defer { scratch.remove() }
        for folder in ["A", "B", "C"] { try FileManager.default.createDirectory(atPath: scratch.file(folder), withIntermediateDirectories: true) }
        _ = try scratch.write("A/Apple.swift", Array("struct Apple { var pear: Pear? } // Cherry\nlet s = \"\\(Pear.self)\"\n".utf8))
        _ = try scratch.write("B/Pear.swift", Array("struct Pear { let name = \"Cherry\" }\nfunc ripe() {}\n".utf8))
        _ = try scratch.write("C/Cherry.swift", Array("enum Cherry { static let p = Pear(); static func f() { ripe() } }\n".utf8))
        let oneWay = try FolderGraph(module: URL(fileURLWithPath: scratch.path))
        #expect(oneWay.loops().isEmpty, "A → B and C → B, with Cherry only in a comment and a string")
        #expect(oneWay.uses["C"]?["B"] == ["Pear", "ripe"])

        _ = try scratch.write("B/Back.swift", Array("extension Pear { var c: Cherry? { nil } }\n".utf8))
        let loop = try FolderGraph(module: URL(fileURLWithPath: scratch.path))
        #expect(loop.loops() == [["B", "C"]])
        #expect(loop.explain(["B", "C"]).contains("B → C (Cherry)"))
    }
}

/// Which top-level folder of a module uses which, read from its Swift files.
struct FolderGraph {
    /// Folder → folder it uses → the names that make the use.
    var uses: [String: [String: Set<String>]] = [:]
    var folders: Set<String> = []

    init(module: URL) throws {
        var declared: [String: Set<String>] = [:]
        var words: [String: Set<String>] = [:]
        let root = module.standardizedFileURL.path
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let folder = file.contains("/") ? String(file.prefix { $0 != "/" }) : "."
            folders.insert(folder)
            let text = Self.code(try String(contentsOfFile: root + "/" + file, encoding: .utf8))
            for line in text.split(separator: "\n") {
                if let name = Self.declaration(line) { declared[name, default: []].insert(folder) }
            }
            words[folder, default: []].formUnion(Self.identifiers(text))
        }
        for (folder, names) in words {
            for name in names {
                for owner in declared[name] ?? [] where owner != folder {
                    uses[folder, default: [:]][owner, default: []].insert(name)
                }
            }
        }
    }

    /// The loops: each a sorted set of folders that reach each other (Tarjan's components).
    func loops() -> [[String]] {
        var index: [String: Int] = [:]
        var low: [String: Int] = [:]
        var stack: [String] = []
        var onStack: Set<String> = []
        var components: [[String]] = []
        func visit(_ folder: String) {
            index[folder] = index.count
            low[folder] = index[folder]
            stack.append(folder)
            onStack.insert(folder)
            for next in (uses[folder] ?? [:]).keys.sorted() {
                if index[next] == nil {
                    visit(next)
                    low[folder] = min(low[folder]!, low[next]!)
                } else if onStack.contains(next) {
                    low[folder] = min(low[folder]!, index[next]!)
                }
            }
            guard low[folder] == index[folder] else { return }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == folder { break }
            }
            if component.count > 1 { components.append(component.sorted()) }
        }
        for folder in folders.sorted() where index[folder] == nil { visit(folder) }
        return components.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// "A → B (Name, …)" for each use inside the loop.
    func explain(_ loop: [String]) -> String {
        loop.flatMap { from in
            loop.compactMap { to in
                uses[from]?[to].map { "\(from) → \(to) (\($0.sorted().prefix(6).joined(separator: ", ")))" }
            }
        }.joined(separator: ", ")
    }

    /// The name a top-level line declares for other files (not private), if any.
    static func declaration(_ line: Substring) -> String? {
        guard let first = line.first, first != " ", first != "\t" else { return nil }
        var words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })[...]
        while let word = words.first, word.hasPrefix("@") { words = words.dropFirst() }
        let modifiers: Set<Substring> = ["public", "internal", "package", "final", "indirect", "nonisolated", "open"]
        while let word = words.first, modifiers.contains(word) { words = words.dropFirst() }
        guard words.count >= 2, let keyword = words.first else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "actor", "func"]
        guard kinds.contains(keyword) else { return nil }
        let name = words[words.index(after: words.startIndex)]
        return name.first.map { $0.isLetter || $0 == "_" } == true ? String(name) : nil
    }

    static func identifiers(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var current = ""
        for character in text.unicodeScalars {
            if CharacterSet.alphanumerics.contains(character) || character == "_" {
                current.unicodeScalars.append(character)
            } else if !current.isEmpty {
                found.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { found.insert(current) }
        return found
    }

    /// The text with comments and string literals blanked (line breaks kept).
    static func code(_ text: String) -> String {
        var out = ""
        var characters = Array(text)[...]
        var blockDepth = 0
        while let character = characters.first {
            let rest = characters.dropFirst()
            if blockDepth > 0 {
                if character == "*", rest.first == "/" {
                    blockDepth -= 1
                    characters = rest.dropFirst()
                } else if character == "/", rest.first == "*" {
                    blockDepth += 1
                    characters = rest.dropFirst()
                } else {
                    if character == "\n" { out.append("\n") }
                    characters = rest
                }
            } else if character == "/", rest.first == "/" {
                characters = characters.drop { $0 != "\n" }
            } else if character == "/", rest.first == "*" {
                blockDepth = 1
                characters = rest.dropFirst()
            } else if character == "\"" {
                let triple = rest.prefix(2) == ["\"", "\""]
                characters = triple ? rest.dropFirst(2) : rest
                characters = Self.afterString(characters, triple: triple, out: &out)
                out.append("\"\"")
            } else {
                out.append(character)
                characters = rest
            }
        }
        return out
    }

    /// What follows a string literal's closing quote; escapes are skipped, and what an
    /// interpolation holds is kept as code (a string inside one is kept whole).
    private static func afterString(_ characters: ArraySlice<Character>, triple: Bool, out: inout String) -> ArraySlice<Character> {
        var characters = characters
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "\\", characters.first == "(" {
                var depth = 0
                while let inner = characters.first {
                    characters = characters.dropFirst()
                    if inner == "(" { depth += 1 } else if inner == ")" { depth -= 1 }
                    out.append(inner == "\"" ? " " : inner)
                    if depth == 0 { break }
                }
            } else if character == "\\" {
                characters = characters.dropFirst()
            } else if character == "\n" {
                out.append("\n")
                if !triple { return characters }
            } else if character == "\"" {
                if !triple { return characters }
                if characters.prefix(2) == ["\"", "\""] { return characters.dropFirst(2) }
            }
        }
        return characters
    }
}
