import Foundation
import IconLintCore
import PNGKit

/// `iconlint inspect FILE... [--json]`: decodes PNGs and prints their facts.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Decode PNG files and print their facts."
    static let help = """
        Usage: iconlint inspect FILE... [--json] [--max-size N]

        Decodes each PNG through libpng and prints its size, format, alpha, colour chunks,
        whether it is Apple's CgBI or an animated PNG, and a CRC-32 of its pixels as 8-bit
        RGBA rows (equal CRCs mean equal pixels).

        Options:
          --json        One JSON array with an object per file, in argument order.
          --max-size N  Refuse images wider or taller than N pixels (default 16384).

        Exit status: 0 every file decoded, 1 some file failed, 2 usage error.
        """

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, command: name, flags: ["--json"], options: ["--max-size"])
        guard !args.positionals.isEmpty else { throw CLIError(message: "inspect needs at least one PNG file") }
        var limits = PNGLimits.default
        if let raw = args.value("--max-size") {
            guard let side = UInt32(raw), side > 0 else { throw CLIError(message: "--max-size must be a positive number; got '\(raw)'") }
            limits.maxWidth = side
            limits.maxHeight = side
            limits.maxBytes = UInt64(side) * UInt64(side) * 8
        }
        let reader = PNGReader(limits: limits)
        let paths = args.positionals
        let reports = ConcurrentWork.map(paths) { inspect($0, reader: reader) }
        if args.flag("--json") {
            Console.out(JSONOutput.encode(reports))
        } else {
            Console.out(reports.map(\.text).joined(separator: "\n"))
        }
        return reports.allSatisfy(\.ok) ? .success : .failure
    }

    static func inspect(_ path: String, reader: PNGReader) -> FileReport {
        var report = FileReport(path: path, ok: false)
        do {
            let header = try reader.header(.file(path))
            report.fill(header)
            var crc = crc32([UInt8]())
            let summary = try reader.decodeRows(.file(path)) { _, row in
                crc = crc32(crc, row)
                return true
            }
            report.ok = true
            report.hasTransparency = !summary.isOpaque
            report.minAlpha = summary.minAlpha
            report.rgba8Crc32 = String(format: "%08x", crc)
        } catch {
            report.error = .init(kind: error.kind, message: error.description)
        }
        return report
    }

    struct FileReport: Encodable {
        struct Failure: Encodable {
            var kind: String
            var message: String
        }

        var path: String
        var ok: Bool
        var width: Int?
        var height: Int?
        var bitDepth: Int?
        var colorType: String?
        var interlaced: Bool?
        var hasAlphaChannel: Bool?
        var hasTRNS: Bool?
        var hasTransparency: Bool?
        var minAlpha: Int?
        var cgbi: Bool?
        var apng: Bool?
        var colorChunks: [String]?
        var rgba8Crc32: String?
        var error: Failure?

        mutating func fill(_ header: PNGHeader) {
            width = header.width
            height = header.height
            bitDepth = header.bitDepth
            colorType = header.colorType.rawValue
            interlaced = header.interlaced
            hasAlphaChannel = header.hasAlphaChannel
            hasTRNS = header.hasTRNS
            cgbi = header.isCgBI
            apng = header.isAPNG
            colorChunks = [("sRGB", header.hasSRGB), ("iCCP", header.hasICCP), ("gAMA", header.hasGAMA),
                           ("cHRM", header.hasCHRM)].filter(\.1).map(\.0)
        }

        var text: String {
            var lines = [path]
            if let width, let height, let bitDepth, let colorType {
                lines.append("  size        \(width) × \(height)")
                lines.append("  format      \(colorType), \(bitDepth)-bit, \(interlaced == true ? "Adam7 interlaced" : "not interlaced")"
                    + (apng == true ? ", animated (APNG)" : "") + (cgbi == true ? ", Apple CgBI" : ""))
                var alpha = "channel \(hasAlphaChannel == true ? "yes" : "no"), tRNS \(hasTRNS == true ? "yes" : "no")"
                if let minAlpha {
                    alpha += minAlpha < 255 ? ", transparent pixels (lowest alpha \(minAlpha))" : ", every pixel opaque"
                }
                lines.append("  alpha       \(alpha)")
                lines.append("  colour      \(colorChunks?.isEmpty == false ? colorChunks!.joined(separator: ", ") : "no colour chunks")")
            }
            if let rgba8Crc32 { lines.append("  rgba8 crc32 \(rgba8Crc32)") }
            if let error { lines.append("  error       \(error.kind): \(error.message)") }
            return lines.joined(separator: "\n")
        }
    }
}

/// JSON through JSONEncoder: stable key order, no escaped slashes.
enum JSONOutput {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
