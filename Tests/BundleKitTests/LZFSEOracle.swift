import Foundation
import IconLintTestSupport

/// The reference LZFSE implementation, through its Python binding from PyPI (`pyliblzfse`,
/// else `lzfse`), in a virtual environment of the tests' own under .build (made once, kept
/// between runs, like pre-commit's in the integration tests). It compresses what the tests
/// hand it; the decoder under test never sees its code.
enum LZFSEOracle {
    static let root = Repository.root.path
    static let folder = root + "/.build/integration/lzfse-venv"
    static var python: String { folder + "/bin/python" }

    /// Nil when the environment is ready, else why it cannot be (no python3, no network).
    static let unavailable: String? = make()

    private static func make() -> String? {
        if run([python, "-c", importBinding]).status == 0 { return nil }
        try? FileManager.default.removeItem(atPath: folder)
        let venv = run(["python3", "-m", "venv", folder])
        guard venv.status == 0 else { return "python3 -m venv failed: \(venv.output)" }
        var last = ""
        for package in ["pyliblzfse", "lzfse"] {
            let install = run([python, "-m", "pip", "install", "--quiet", "--no-cache-dir", "--disable-pip-version-check", package])
            if install.status == 0, run([python, "-c", importBinding]).status == 0 { return nil }
            last = install.output
        }
        return "neither pyliblzfse nor lzfse installs from PyPI here: \(last.prefix(300))"
    }

    static let importBinding = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('liblzfse') or importlib.util.find_spec('lzfse') else 1)"

    /// Runs `arguments` (a path or a name found on PATH), stdin empty; output through a file.
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].contains("/") ? arguments[0] : "/usr/bin/env")
        process.arguments = arguments[0].contains("/") ? Array(arguments.dropFirst()) : arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        process.environment = environment
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lzfse-oracle-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        guard let handle = try? FileHandle(forWritingTo: log) else { return (-1, "cannot write \(log.path)") }
        defer { try? handle.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { return (-1, "\(arguments[0]): \(error)") }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// For every `NAME.bin` in `folder`: `NAME.lzfse` (the reference encoder's stream) and, when
    /// it has bvx2 blocks, `NAME.bvx1` (the same blocks with their headers stored plainly, checked
    /// by the reference decoder); prints one line per file: the name and its block kinds.
    static let script = #"""
        import os, struct, sys
        try:
            import liblzfse as binding
        except ImportError:
            import lzfse as binding

        def freqs(data):
            acc, n, pos, out = 0, 0, 0, []
            for _ in range(360):
                while pos < len(data) and n + 8 <= 32:
                    acc |= data[pos] << n; n += 8; pos += 1
                if acc & 1 == 0: v, l = (acc >> 1) & 1, 2
                elif acc & 3 == 1: v, l = 2 + ((acc >> 2) & 1), 3
                elif acc & 7 == 3: v, l = 4 + ((acc >> 3) & 3), 5
                elif acc & 15 == 7: v, l = 8 + ((acc >> 4) & 15), 8
                else: v, l = 24 + ((acc >> 4) & 0x3ff), 14
                out.append(v); acc >>= l; n -= l
            return out if data else [0] * 360

        def field(word, lsb, width): return (word >> lsb) & ((1 << width) - 1)

        def blocks(stream):
            p = 0
            while True:
                magic = stream[p:p + 4]
                if magic == b"bvx$": yield magic, stream[p:p + 4]; return
                if magic == b"bvx-": end = p + 8 + struct.unpack("<I", stream[p + 4:p + 8])[0]
                elif magic == b"bvxn": end = p + 12 + struct.unpack("<I", stream[p + 8:p + 12])[0]
                elif magic == b"bvx2":
                    f0, f1, f2 = struct.unpack("<QQQ", stream[p + 8:p + 32])
                    end = p + field(f2, 0, 32) + field(f0, 20, 20) + field(f1, 40, 20)
                else: raise SystemExit("unknown block %r" % magic)
                yield magic, stream[p:end]; p = end

        def plain(block):
            raw = struct.unpack("<I", block[4:8])[0]
            f0, f1, f2 = struct.unpack("<QQQ", block[8:32])
            size, lit_pl, lmd_pl = field(f2, 0, 32), field(f0, 20, 20), field(f1, 40, 20)
            header = struct.pack("<7I", 0x31787662, raw, lit_pl + lmd_pl, field(f0, 0, 20), field(f0, 40, 20), lit_pl, lmd_pl)
            header += struct.pack("<i4Hi3H", field(f0, 60, 3) - 7, *[field(f1, 10 * i, 10) for i in range(4)],
                                  field(f1, 60, 3) - 7, field(f2, 32, 10), field(f2, 42, 10), field(f2, 52, 10))
            header += struct.pack("<360H", *freqs(block[32:size])) + b"\0\0"
            assert len(header) == 772
            return header + block[size:]

        folder = sys.argv[1]
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".bin"): continue
            data = open(os.path.join(folder, name), "rb").read()
            stream = binding.compress(data)
            assert not data or binding.decompress(stream) == data  # the binding refuses an empty result
            open(os.path.join(folder, name[:-4] + ".lzfse"), "wb").write(stream)
            kinds = [magic.decode() for magic, _ in blocks(stream)]
            if "bvx2" in kinds:
                v1 = b"".join(plain(b) if m == b"bvx2" else b for m, b in blocks(stream))
                assert binding.decompress(v1) == data, "the reference decoder refuses the bvx1 form"
                open(os.path.join(folder, name[:-4] + ".bvx1"), "wb").write(v1)
            print(name[:-4], " ".join(kinds))
        """#

    /// The reference encoder's streams for `inputs`, and their bvx1 forms where they have bvx2 blocks.
    static func compress(_ inputs: [String: [UInt8]]) throws -> [String: (lzfse: [UInt8], bvx1: [UInt8]?, kinds: [String])] {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (name, bytes) in inputs { _ = try scratch.write(name + ".bin", bytes) }
        let script = try scratch.write("oracle.py", Array(Self.script.utf8))
        let result = run([python, script, scratch.url.path])
        guard result.status == 0 else { throw OracleFailure(description: "the oracle failed: \(result.output)") }
        var streams: [String: (lzfse: [UInt8], bvx1: [UInt8]?, kinds: [String])] = [:]
        for line in result.output.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let name = words.first else { continue }
            let lzfse = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent(name + ".lzfse")))
            let bvx1 = try? [UInt8](Data(contentsOf: scratch.url.appendingPathComponent(name + ".bvx1")))
            streams[name] = (lzfse, bvx1, Array(words.dropFirst()))
        }
        return streams
    }
}

extension LZFSEOracle {
    /// The reference decoder's output for each stream.
    static func decompress(_ streams: [String: [UInt8]]) throws -> [String: [UInt8]] {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (name, bytes) in streams { _ = try scratch.write(name + ".lzfse", bytes) }
        let script = try scratch.write(
            "decompress.py",
            Array(
                #"""
                import os, sys
                try:
                    import liblzfse as binding
                except ImportError:
                    import lzfse as binding
                for name in os.listdir(sys.argv[1]):
                    if name.endswith(".lzfse"):
                        data = open(os.path.join(sys.argv[1], name), "rb").read()
                        open(os.path.join(sys.argv[1], name[:-6] + ".out"), "wb").write(binding.decompress(data))
                """#.utf8))
        let result = run([python, script, scratch.url.path])
        guard result.status == 0 else { throw OracleFailure(description: "the oracle failed: \(result.output)") }
        var decoded: [String: [UInt8]] = [:]
        for name in streams.keys {
            decoded[name] = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent(name + ".out")))
        }
        return decoded
    }
}

struct OracleFailure: Error, CustomStringConvertible {
    var description: String
}
