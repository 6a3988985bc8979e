import BundleKit
import Foundation
import IconLintCore
import PNGKit

/// `iconlint inspect FILE... [--json]`: decodes PNGs and lists compiled catalogs' icons.
enum InspectCommand: Command {
    static let spec = CommandSpec(
        name: "inspect", summary: "Decode PNG files and list the app icons of compiled asset catalogs.",
        usage: ["iconlint inspect FILE... [--json] [--max-size N]"], arguments: ArgumentSpec("FILE", .files, repeated: true),
        optionColumn: 16,
        options: [
            OptionSpec("--json", help: ["One JSON array with an object per file, in argument order."]),
            OptionSpec("--max-size", value: "N", help: ["Refuse images wider or taller than N pixels (default 16384)."]),
        ],
        blocks: [
            .usage,
            .paragraph([
                "Decodes each PNG through libpng and prints its size, format, alpha, colour chunks,",
                "whether it is Apple's CgBI or an animated PNG, and a CRC-32 of its pixels as 8-bit",
                "RGBA rows (equal CRCs mean equal pixels). Apple's CgBI PNGs, as found in built",
                "apps, are decoded too (their BGRA, premultiplied pixels turned back into RGBA).",
            ]),
            .paragraph([
                "A compiled asset catalog (Assets.car, recognised by its content) lists its app icon",
                "images instead: name, idiom, size in pixels, scale, appearance, whether actool",
                "marked it opaque, pixel format, compression and, where the pixels are ARGB stored",
                "plain or compressed with zlib, LZVN or LZFSE (or are a rectangle of a packed atlas",
                "that is), the lowest alpha and how many pixels are below 255; other payloads, such",
                "as deepmap2, palette-img or rle, say that they were not decoded.",
            ]),
            .paragraph([
                "A built app (an .app or .xcarchive folder, or an .ipa, recognised by content; an .ipa",
                "is read in place, never extracted) is inspected file by file: the PNGs at the top of",
                "the app and its Assets.car, each named by its path inside the product.",
            ]),
            .options,
            .paragraph(["Exit status: 0 every file decoded, 1 some file failed, 2 usage error."]),
        ])

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let args = try Arguments(arguments, spec: spec)
        guard !args.positionals.isEmpty else { throw CLIError(message: "inspect needs at least one PNG or Assets.car file") }
        var limits = PNGLimits.default
        if let raw = args.value("--max-size") {
            guard let side = UInt32(raw), side > 0 else { throw CLIError(message: "--max-size must be a positive number; got '\(raw)'") }
            limits.maxWidth = side
            limits.maxHeight = side
            limits.maxBytes = UInt64(side) * UInt64(side) * 8
        }
        let reader = PNGReader(limits: limits)
        let paths = args.positionals
        let reports = ConcurrentWork.map(paths) { inspectPath($0, reader: reader) }.flatMap { $0 }
        if args.flag("--json") {
            Console.out(JSONOutput.encode(reports))
        } else {
            Console.out(reports.map(\.text).joined(separator: "\n"))
        }
        return reports.allSatisfy(\.ok) ? .success : .failure
    }

    /// One report per file: a PNG, a catalog, or each icon file of a built product.
    static func inspectPath(_ path: String, reader: PNGReader) -> [FileReport] {
        if AssetCatalogFile.hasBOMSignature(atPath: path) { return [inspectCatalog(path, .file(path))] }
        var isFolder: ObjCBool = false
        // A file named .ipa is taken for one (a damaged one then says it is not a zip).
        if BuiltProduct.recognise(path) != nil || path.lowercased().hasSuffix(".ipa")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
        {
            return inspectProduct(path, reader: reader)
        }
        return [inspect(path, .file(path), reader: reader)]
    }

    /// The PNGs at the top of a built app and its Assets.car, read from the product in memory.
    static func inspectProduct(_ path: String, reader: PNGReader) -> [FileReport] {
        let product: BuiltProduct
        do {
            product = try BuiltProduct.open(path)
        } catch {
            return [FileReport(path: path, ok: false, error: .init(kind: error.kind, message: error.description))]
        }
        let wanted = product.files.filter { !$0.contains("/") && ($0.hasSuffix(".png") || $0 == "Assets.car") }
        guard !wanted.isEmpty else {
            return [
                FileReport(
                    path: path, ok: false,
                    error: .init(kind: "no-icons", message: "\(path): \(product.appName) holds no PNG and no Assets.car at its top level"))
            ]
        }
        return wanted.map { name in
            let shown = "\(path): \(product.displayPath(name))"
            do throws(BuiltProductError) {
                let bytes = try product.read(name)
                return name == "Assets.car" ? inspectCatalog(shown, .bytes(bytes)) : inspect(shown, .bytes(bytes), reader: reader)
            } catch {
                return FileReport(path: shown, ok: false, error: .init(kind: error.kind, message: error.description))
            }
        }
    }

    /// Where a catalog's bytes come from.
    enum Source {
        case file(String)
        case bytes([UInt8])
    }

    static func inspect(_ path: String, _ source: PNGInput, reader: PNGReader) -> FileReport {
        var report = FileReport(path: path, ok: false)
        do {
            let header = try reader.header(source)
            report.fill(header)
            var crc = crc32([UInt8]())
            let summary = try reader.decodeRows(source) { _, row in
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

    static func inspectCatalog(_ path: String, _ source: Source) -> FileReport {
        var report = FileReport(path: path, ok: false)
        do {
            let catalog: AssetCatalogFile
            switch source {
            case .file(let file): catalog = try AssetCatalogFile(path: file)
            case .bytes(let bytes): catalog = try AssetCatalogFile(bytes: bytes)
            }
            report.ok = true
            report.catalog = CatalogReport(catalog)
        } catch {
            report.error = .init(kind: error.kind, message: error.description)
        }
        return report
    }

    /// What `inspect` says about an Assets.car.
    struct CatalogReport: Encodable {
        struct Icon: Encodable {
            var name: String
            var fileName: String
            var idiom: String
            var width: Int
            var height: Int
            var scale: Int
            var appearance: String
            /// The key's subtype (a device class, e.g. 1792), when the rendition has one.
            var subtype: Int?
            var opaque: Bool
            var pixelFormat: String
            var compression: String?
            var layout: Int
            /// The lowest alpha (0…255) and the pixels below 255, when the pixels were decoded.
            var minAlpha: Int?
            var transparentPixels: Int?
            /// Why they were not: the payload's kind, or the damage met.
            var alphaNotRead: String?
        }

        var coreUI: String
        var storageVersion: Int
        var renditions: Int
        var icons: [Icon]

        init(_ catalog: AssetCatalogFile) {
            let version = catalog.header.mainVersion
            coreUI = version.range(of: "PROJECT:").map { String(version[$0.upperBound...]) } ?? "CoreUI-\(catalog.header.coreUIVersion)"
            storageVersion = Int(catalog.header.storageVersion)
            renditions = catalog.renditions.count
            let renditions = catalog.iconRenditions
            let alphas = catalog.alphas(renditions)
            icons = zip(renditions, alphas).map { r, alpha in
                var icon = Icon(
                    name: r.name, fileName: r.fileName, idiom: r.idiom.description, width: r.width, height: r.height,
                    scale: r.scale, appearance: r.appearance, subtype: r.attributes[.subtype].map(Int.init),
                    opaque: r.isOpaque, pixelFormat: r.pixelFormat,
                    compression: r.compression, layout: Int(r.layout))
                switch alpha {
                case .success(let alpha):
                    icon.minAlpha = alpha.lowest
                    icon.transparentPixels = alpha.transparentPixels
                case .failure(.notDecoded(let kind)): icon.alphaNotRead = "not decoded: \(kind)"
                case .failure(.damaged(let detail)): icon.alphaNotRead = "damaged: \(detail)"
                }
                return icon
            }
        }

        var lines: [String] {
            var lines = [
                "  catalog     \(coreUI), storage version \(storageVersion), \(renditions) renditions, "
                    + "\(icons.count) app icon image\(icons.count == 1 ? "" : "s")"
            ]
            for icon in icons {
                let payload = icon.compression ?? (icon.layout == 1003 ? "reference" : "-")
                lines.append(
                    "  icon        \(icon.name)  \(icon.idiom)\(icon.subtype.map { " (subtype \($0))" } ?? "")  \(icon.width) × \(icon.height)  @\(icon.scale)x  "
                        + "\(icon.appearance)  \(icon.opaque ? "opaque" : "not marked opaque")  "
                        + "\(icon.pixelFormat.isEmpty ? "-" : icon.pixelFormat.trimmingCharacters(in: .whitespaces))  \(payload)  \(icon.fileName)")
                lines.append("              \(icon.alphaText)")
            }
            return lines
        }
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
        var catalog: CatalogReport?
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
            colorChunks = [
                ("sRGB", header.hasSRGB), ("iCCP", header.hasICCP), ("gAMA", header.hasGAMA),
                ("cHRM", header.hasCHRM),
            ].filter(\.1).map(\.0)
        }

        var text: String {
            var lines = [path]
            if let width, let height, let bitDepth, let colorType {
                lines.append("  size        \(width) × \(height)")
                lines.append(
                    "  format      \(colorType), \(bitDepth)-bit, \(interlaced == true ? "Adam7 interlaced" : "not interlaced")"
                        + (apng == true ? ", animated (APNG)" : "") + (cgbi == true ? ", Apple CgBI" : ""))
                var alpha = "channel \(hasAlphaChannel == true ? "yes" : "no"), tRNS \(hasTRNS == true ? "yes" : "no")"
                if let minAlpha {
                    alpha += minAlpha < 255 ? ", transparent pixels (lowest alpha \(minAlpha))" : ", every pixel opaque"
                }
                lines.append("  alpha       \(alpha)")
                lines.append("  colour      \(colorChunks?.isEmpty == false ? colorChunks!.joined(separator: ", ") : "no colour chunks")")
            }
            if let rgba8Crc32 { lines.append("  rgba8 crc32 \(rgba8Crc32)") }
            if let catalog { lines += catalog.lines }
            if let error { lines.append("  error       \(error.kind): \(error.message)") }
            // Paths, names and messages come from the files: each line made safe to print, on one line.
            return lines.map { SafeText.line(SafeText.inline($0)) }.joined(separator: "\n")
        }
    }
}

/// JSON through JSONEncoder: stable key order, no escaped slashes, safe to print (`SafeText.json`).
enum JSONOutput {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return SafeText.json(String(decoding: data, as: UTF8.self))
    }
}

extension InspectCommand.CatalogReport.Icon {
    /// "alpha 0 lowest, 650960 of 1048576 pixels below 255", "alpha 255: every pixel opaque",
    /// or why the pixels were not read.
    var alphaText: String {
        guard let minAlpha, let transparentPixels else { return "alpha       \(alphaNotRead ?? "not read")" }
        if transparentPixels == 0 { return "alpha       every pixel opaque" }
        return "alpha       lowest \(minAlpha), \(transparentPixels) of \(width * height) pixels below 255"
    }
}
