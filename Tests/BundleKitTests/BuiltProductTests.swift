import BundleKit
import Foundation
import Testing

@Suite struct BuiltProductTests {
    /// The files of a small built app: Info.plist, PkgInfo, a CgBI icon, a catalog, a nib.
    static var appFiles: [(String, [UInt8])] {
        [
            ("Info.plist", Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8)),
            ("PkgInfo", Array("APPL????".utf8)),
            ("AppIcon60x60@2x.png", CgBIMaker.opaqueIcon(side: 120)),
            ("Assets.car", CARWriter.appIcon.bytes()),
            ("Base.lproj/LaunchScreen.storyboardc/Info.plist", [1, 2, 3]),
        ]
    }

    static func makeApp(in folder: URL, name: String = "App.app") throws -> URL {
        let app = folder.appendingPathComponent(name)
        for (relative, bytes) in appFiles {
            let url = app.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return app
    }

    static func ipa(extra: [(String, [UInt8])] = []) -> [UInt8] {
        var writer = ZipWriter()
        writer.add("Payload/", [], deflate: false)
        writer.add("Payload/App.app/", [], deflate: false)
        for (relative, bytes) in appFiles + extra { writer.add("Payload/App.app/" + relative, bytes) }
        return writer.bytes()
    }

    static let expectedFiles = [
        "AppIcon60x60@2x.png", "Assets.car", "Base.lproj/LaunchScreen.storyboardc/Info.plist",
        "Info.plist", "PkgInfo",
    ]

    @Test func appIpaAndArchiveListTheSameFilesAndBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let app = try Self.makeApp(in: scratch.url)
        // A symbolic link in the bundle is neither listed nor followed.
        try FileManager.default.createSymbolicLink(atPath: app.path + "/outside.png", withDestinationPath: "/etc/hostname")
        let archive = scratch.url.appendingPathComponent("App.xcarchive")
        try Data("<plist><dict/></plist>".utf8).write(
            to: try {
                try FileManager.default.createDirectory(
                    at: archive.appendingPathComponent("Products/Applications"),
                    withIntermediateDirectories: true)
                return archive.appendingPathComponent("Info.plist")
            }())
        _ = try Self.makeApp(in: archive.appendingPathComponent("Products/Applications"))
        let ipa = try scratch.write("App.ipa", Self.ipa())

        let products = try [app.path, ipa, archive.path].map { try BuiltProduct.open($0) }
        #expect(products.map(\.kind) == [.app, .ipa, .xcarchive])
        #expect(products.map(\.appPath) == ["", "Payload/App.app", "Products/Applications/App.app"])
        #expect(products.map(\.appName) == ["App.app", "App.app", "App.app"])
        for product in products {
            #expect(product.files == Self.expectedFiles)
            #expect(try product.read("Assets.car") == CARWriter.appIcon.bytes())
            #expect(product.contains("AppIcon60x60@2x.png") && !product.contains("appicon60x60@2x.png"))
            #expect(throws: BuiltProductError.fileNotFound("appicon60x60@2x.png")) { try product.read("appicon60x60@2x.png") }
            #expect(!product.hasAppStoreDRMFolder)
        }
        #expect(products[1].displayPath("AppIcon60x60@2x.png") == "Payload/App.app/AppIcon60x60@2x.png")
        #expect(products[0].displayPath("AppIcon60x60@2x.png") == "AppIcon60x60@2x.png")
    }

    @Test func recognisedByContentNotByName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let app = try Self.makeApp(in: scratch.url, name: "Renamed")  // no .app suffix: PkgInfo tells
        #expect(BuiltProduct.recognise(app.path) == .app)
        let ipa = try scratch.write("upload.zip", Self.ipa())
        #expect(BuiltProduct.recognise(ipa) == .ipa)
        // A source folder: an Info.plist alone is not a built app.
        let source = scratch.url.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: source.appendingPathComponent("Info.plist"))
        #expect(BuiltProduct.recognise(source.path) == nil)
        #expect { try BuiltProduct.open(source.path) } throws: { ($0 as? BuiltProductError)?.kind == "not-a-bundle" }
        #expect(BuiltProduct.recognise(try scratch.write("icon.png", CgBIMaker.opaqueIcon(side: 8))) == nil)
        #expect(BuiltProduct.recognise(scratch.url.path + "/missing") == nil)
    }

    @Test func appStoreDownloadsAreTold() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let ipa = try scratch.write("Store.ipa", Self.ipa(extra: [("SC_Info/App.sinf", [0, 1, 2])]))
        #expect(try BuiltProduct.open(ipa).hasAppStoreDRMFolder)
    }

    @Test func aGitLFSPointerIsNamedAsOne() throws {
        // A repository that commits its .ipa through Git LFS, cloned without it.
        let scratch = try Scratch()
        defer { scratch.remove() }
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:\(String(repeating: "0a", count: 32))\nsize 87465034\n"
        let path = try scratch.write("STEPNGO.ipa", Array(pointer.utf8))
        #expect { try BuiltProduct.open(path) } throws: { error in
            let text = (error as? BuiltProductError)?.description ?? ""
            return text.contains("it is a Git LFS pointer to 87465034 bytes") && text.contains("git lfs pull") && !text.contains("\n")
        }
        // Any other small text file is still just not a zip archive.
        let other = try scratch.write("notes.ipa", Array("version 2\n".utf8))
        #expect { try BuiltProduct.open(other) } throws: { ($0 as? BuiltProductError)?.description.hasSuffix("not a zip archive") == true }
    }

    @Test func hostileIpasAreRefusedWithOneLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var slip = ZipWriter()
        slip.add("Payload/App.app/Info.plist", [1])
        slip.add("Payload/App.app/../../../etc/cron.d/x", [1])
        var bomb = ZipWriter()
        bomb.entries = [.init(name: "Payload/App.app/Info.plist", data: [UInt8](repeating: 0, count: 1 << 20), declaredSize: 1000)]
        var two = ZipWriter()
        two.add("Payload/A.app/Info.plist", [1])
        two.add("Payload/B.app/Info.plist", [1])
        var none = ZipWriter()
        none.add("README", [1])
        let cases: [(String, [UInt8], String)] = [
            ("slip.ipa", slip.bytes(), "unsafe-name"), ("two.ipa", two.bytes(), "not-a-bundle"),
            ("none.ipa", none.bytes(), "not-a-bundle"), ("cut.ipa", Array(Self.ipa().prefix(200)) + [0x50, 0x4b, 5, 6], "not-zip"),
        ]
        for (name, bytes, kind) in cases {
            let path = try scratch.write(name, bytes)
            #expect { try BuiltProduct.open(path) } throws: { error in
                guard let error = error as? BuiltProductError else { return false }
                return error.kind == kind && !error.description.contains("\n") && error.description.contains(path)
            }
        }
        let bombed = try BuiltProduct.open(try scratch.write("bomb.ipa", bomb.bytes()))
        #expect { try bombed.read("Info.plist") } throws: { ($0 as? BuiltProductError)?.kind == "too-large" }
        var capped = BuiltProductLimits()
        capped.maxFileBytes = 10
        let small = try BuiltProduct.open(try scratch.write("ok.ipa", Self.ipa()), limits: capped)
        #expect { try small.read("Assets.car") } throws: { ($0 as? BuiltProductError)?.kind == "too-large" }
        // A cap per read: an Info.plist is never worth hundreds of megabytes.
        let product = try BuiltProduct.open(try scratch.write("capped.ipa", Self.ipa()))
        #expect(try product.read("Info.plist", maxBytes: 1 << 20).count == Self.appFiles[0].1.count)
        #expect { try product.read("Assets.car", maxBytes: 100) } throws: { ($0 as? BuiltProductError)?.kind == "too-large" }
    }

    @Test func inspectShowsTheIconsOfAnIpa() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let ipa = try scratch.write("App.ipa", Self.ipa())
        let output = try InspectCatalogTests.inspect([ipa])
        #expect(output.status == 0 && output.stderr.isEmpty)
        #expect(output.stdout.contains("\(ipa): Payload/App.app/AppIcon60x60@2x.png\n  size        120 × 120\n"))
        #expect(output.stdout.contains("rgba, 8-bit, not interlaced, Apple CgBI"))
        #expect(output.stdout.contains("every pixel opaque"))
        #expect(output.stdout.contains("\(ipa): Payload/App.app/Assets.car\n  catalog     CoreUI-802"))
        let cut = try scratch.write("cut.ipa", Array(Self.ipa().prefix(300)) + [0x50, 0x4b, 5, 6])
        let refused = try InspectCatalogTests.inspect([cut])
        #expect(refused.status == 1 && refused.stderr.isEmpty)
        #expect(refused.stdout.split(separator: "\n").count == 2)
    }
}

/// CgBI PNGs as Xcode writes them into a built app: BGRA, premultiplied, raw deflate.
enum CgBIMaker {
    static func opaqueIcon(side: Int) -> [UInt8] { icon(width: side, height: side) }

    /// A CgBI icon as Xcode writes it (BGRA, premultiplied, raw deflate); with
    /// `transparentCorner`, the top-left 4×4 pixels are fully transparent (premultiplied to 0).
    static func icon(width: Int, height: Int, transparentCorner: Bool = false) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                if transparentCorner, x < 4, y < 4 {
                    raw += [0, 0, 0, 0]
                } else {
                    raw += [UInt8(truncatingIfNeeded: x * 2), UInt8(truncatingIfNeeded: y), 90, 255]  // B G R A
                }
            }
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(ZipWriter.crc(body))
        }
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("CgBI", [0x50, 0, 0x20, 6])
            + chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 6, 0, 0, 0])
            + chunk("IDAT", ZipWriter.rawDeflate(raw)) + chunk("IEND", [])
    }
}
