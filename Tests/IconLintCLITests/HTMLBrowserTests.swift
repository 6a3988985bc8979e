import Foundation
import IconLintCore
import Testing

/// A headless Chromium (or Google Chrome) for looking at the html report as a person would.
enum Browser {
    /// `ICONLINT_BROWSER`, else Chromium or Chrome on PATH (Linux) or in /Applications (macOS).
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["ICONLINT_BROWSER"], !explicit.isEmpty { return explicit }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        for app in [
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium",
        ] where FileManager.default.isExecutableFile(atPath: app) {
            return app
        }
        return nil
    }()

    /// scripts/test sets this after installing Chromium: then a missing browser fails instead of skipping.
    static let required = ProcessInfo.processInfo.environment["ICONLINT_REQUIRE_BROWSER"] == "1"

    /// Runs the browser headless on `url` with a scratch profile and a scratch HOME, and returns
    /// its stdout; stopped after `timeout` seconds.
    static func run(_ arguments: [String], url: String, scratch: String, timeout: Double = 60) throws -> String {
        let browser = try #require(path)
        let profile = scratch + "/profile", home = scratch + "/home"
        for folder in [profile, home] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-sync",
                "--hide-scrollbars", "--mute-audio", "--force-device-scale-factor=1",
            ] + arguments + [url]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        environment["XDG_CACHE_HOME"] = home + "/.cache"
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: scratch)
        // Files, not pipes: the browser's chatty stderr can never block its stdout.
        let out = scratch + "/browser-stdout", err = scratch + "/browser-stderr"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("\(browser) did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "\(browser) exited with \(process.terminationStatus): \(stderr.suffix(2000))")
        return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    }

    /// Runs after the page has loaded: writes what it sees into the DOM, as base64 JSON in
    /// `<pre id="iconlint-probe">`, for `--dump-dom` to carry out.
    static let probe = """
        <script>
        addEventListener('load', function () {
          var images = Array.prototype.slice.call(document.querySelectorAll('img'));
          var items = Array.prototype.slice.call(document.querySelectorAll('li.finding'));
          var result = {
            images: images.length,
            undecoded: images.filter(function (i) { return !(i.complete && i.naturalWidth > 0 && i.naturalHeight > 0); })
              .map(function (i) { return i.alt; }),
            undrawn: images.filter(function (i) { return i.getBoundingClientRect().width < 20; }).map(function (i) { return i.alt; }),
            tiles: document.querySelectorAll('figure.tile').length,
            missing: document.querySelectorAll('figure.tile.missing').length,
            broken: document.querySelectorAll('figure.tile.broken').length,
            findings: items.map(function (li) {
              return [li.dataset.rule, li.dataset.file, li.dataset.line, li.querySelector('.message').textContent].join('\\t');
            }),
            placed: items.map(function (li) {
              var card = li.closest('article');
              return li.dataset.rule + '\\t' + li.dataset.file + '\\t' + li.dataset.line + '\\t' + (card ? card.dataset.icon : '');
            }),
            hidden: items.filter(function (li) { return li.offsetHeight === 0; }).length,
            summary: document.getElementById('summary').textContent,
            overflow: document.documentElement.scrollWidth > window.innerWidth,
            height: document.documentElement.scrollHeight
          };
          var pre = document.createElement('pre');
          pre.id = 'iconlint-probe';
          pre.textContent = btoa(unescape(encodeURIComponent(JSON.stringify(result))));
          document.body.appendChild(pre);
        });
        </script>

        """

    struct Seen: Decodable {
        var images: Int
        var undecoded: [String]
        var undrawn: [String]
        var tiles: Int
        var missing: Int
        var broken: Int
        var findings: [String]
        /// Each finding's rule, file, line and the icon whose card holds it ("" outside every card).
        var placed: [String]
        var hidden: Int
        var summary: String
        var overflow: Bool
        /// The page's height in CSS pixels at this width.
        var height: Int
    }

    /// Loads `report` with the probe added (its policy extended to allow that one inline
    /// script) at `width` CSS pixels, and returns what the probe saw.
    static func look(at report: String, width: Int, scratch: String) throws -> Seen {
        let page = try String(contentsOfFile: report, encoding: .utf8)
        let policy = "default-src 'none';"
        #expect(page.contains(policy))
        let probed = page.replacingOccurrences(of: policy, with: policy + " script-src 'unsafe-inline';")
            .replacingOccurrences(of: "</body>", with: probe + "</body>")
        let probePath = scratch + "/probe-\(width).html"
        try Data(probed.utf8).write(to: URL(fileURLWithPath: probePath))
        let dom = try run(
            ["--dump-dom", "--virtual-time-budget=10000", "--window-size=\(width),900"], url: URL(fileURLWithPath: probePath).absoluteString,
            scratch: scratch)
        let start = try #require(dom.range(of: "<pre id=\"iconlint-probe\">"), "the probe wrote nothing; the page did not load")
        let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
        let base64 = String(dom[start.upperBound..<end.lowerBound])
        let json = try #require(Data(base64Encoded: base64))
        return try JSONDecoder().decode(Seen.self, from: json)
    }
}

/// The html report of Fixtures/Example, rendered by a real browser.
@Suite("html report in a browser")
struct HTMLBrowserTests {
    static let example = CLI.fixtures + "/Example"
    /// Where the screenshots stay for people to look at (not committed).
    static let output = URL(fileURLWithPath: CLI.fixtures).deletingLastPathComponent().appendingPathComponent(".build/test-output").path

    @Test(
        .enabled(
            if: Browser.path != nil || Browser.required,
            "no Chromium or Google Chrome found (scripts/test installs Debian's chromium; ICONLINT_BROWSER names another)"))
    func exampleReportShowsEveryIconAndFinding() throws {
        guard Browser.path != nil else {
            Issue.record("ICONLINT_REQUIRE_BROWSER=1 but no Chromium or Google Chrome was found")
            return
        }
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let report = scratch + "/report.html"
        let html = try CLI.run(["lint", Self.example, "--reporter", "html", "--output", report])
        #expect(html.status == 1, "\(html.stderr)")
        let summary = html.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(summary == "6 errors, 1 warning in 1 app target.")
        let page = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!page.contains("<script"), "the report itself needs no script")

        // What the JSON reporter says the Example's findings are.
        let json = try CLI.run(["lint", Self.example, "--reporter", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let expected = Set(
            diagnostics.map { d in
                [d["rule"] as? String ?? "", d["file"] as? String ?? "", (d["line"] as? Int).map(String.init) ?? "", d["message"] as? String ?? ""]
                    .joined(separator: "\t")
            })
        #expect(expected.count == 7)

        let seen = try Browser.look(at: report, width: 1280, scratch: scratch)
        #expect(seen.summary == summary)
        #expect(seen.images > 0 && seen.images == page.components(separatedBy: "<img ").count - 1)
        #expect(seen.undecoded.isEmpty, "images the browser could not decode: \(seen.undecoded)")
        #expect(seen.undrawn.isEmpty, "images drawn smaller than 20 px: \(seen.undrawn)")
        #expect(seen.broken == 0)
        // Sunset's four sizes and Retro's three missing ones, in both configuration groups.
        #expect(seen.missing == 14)
        #expect(Set(seen.findings) == expected, "findings on the page differ from the JSON report")
        // Each finding naming an icon sits in that icon's card, except the code's call naming
        // an icon that does not exist ("Retor"), which sits outside every card.
        let placed = Set(
            diagnostics.map { d in
                let icon = d["rule"] as? String == "unknown-alternate-icon-name" ? "" : d["icon"] as? String ?? ""
                return [d["rule"] as? String ?? "", d["file"] as? String ?? "", (d["line"] as? Int).map(String.init) ?? "", icon]
                    .joined(separator: "\t")
            })
        #expect(Set(seen.placed) == placed, "findings outside the card of the icon they concern")
        #expect(seen.hidden == 0)
        #expect(!seen.overflow)

        // A phone's width: nothing wider than the screen.
        let phone = try Browser.look(at: report, width: 390, scratch: scratch)
        #expect(!phone.overflow, "the report scrolls sideways at 390 px")
        #expect(phone.undecoded.isEmpty && Set(phone.findings) == expected)

        // Screenshots for people to look at.
        try FileManager.default.createDirectory(atPath: Self.output, withIntermediateDirectories: true)
        let reportURL = URL(fileURLWithPath: report).absoluteString
        // The whole page at a desktop width (up to 16000 px tall), the phone's first screens.
        let desktop = "1280,\(min(max(seen.height, 900), 16000))"
        for (name, size) in [("html-report.png", desktop), ("html-report-phone.png", "390,2400")] {
            let path = Self.output + "/" + name
            try? FileManager.default.removeItem(atPath: path)
            _ = try Browser.run(["--screenshot=\(path)", "--window-size=\(size)"], url: reportURL, scratch: scratch)
            let png = try #require(FileManager.default.contents(atPath: path), "no screenshot at \(path)")
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            print("html report screenshot: \(path)")
        }
    }
}

/// `--reporter html` as the command line offers it.
@Suite("html report from the command line")
struct HTMLReportCLITests {
    @Test func helpListsTheHTMLReporter() throws {
        let help = try CLI.run(["help", "lint"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("    html     One self-contained page"))
    }

    @Test func severalPathsShowEveryAppAndDamagedImagesAsBrokenTiles() throws {
        let corrupt = try CLI.example(.iconCorrupt, "broken-checksum")
        defer { try? FileManager.default.removeItem(atPath: corrupt) }
        let run = try CLI.run(["lint", HTMLBrowserTests.example, corrupt, "--reporter", "html"])
        #expect(run.status == 1, "\(run.stderr)")
        let page = run.stdout
        #expect(page.contains("<h2>Sunrise (Debug, Release)</h2>") && page.contains("<h2>App/Info.plist</h2>"))
        #expect(page.contains("7 errors, 1 warning in 2 app targets."))
        // Dark@3x.png is damaged: a labelled broken tile carrying the icon-corrupt finding's number.
        let broken = try #require(page.components(separatedBy: "<figure class=\"tile flagged flagged-error broken\">").dropFirst().first)
        #expect(broken.contains("Dark@3x.png: corrupt PNG: IDAT: CRC error"))
        #expect(broken.contains("<span class=\"badges\"><a class=\"error\" href=\"#f-"))
    }
}
