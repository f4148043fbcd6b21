import Foundation
import FlipbookPreview
import Testing

@testable import FlipbookTool

/// `--share`'s token and QR code, `--watch`'s error lines, `flipbook init`'s files.
struct ShareAndInitTests {
    @Test func tokensAreRandomHexAndComparedWhole() {
        let a = PreviewServer.makeToken(), b = PreviewServer.makeToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
        #expect(a.allSatisfy { $0.isHexDigit })
        #expect(PreviewServer.constantTimeEqual(a, a))
        #expect(!PreviewServer.constantTimeEqual(a, b))
        #expect(!PreviewServer.constantTimeEqual(a, String(a.dropLast())))
        #expect(!PreviewServer.constantTimeEqual("", a))
    }

    /// The smallest version holding the text, finder patterns in three corners, timing rows,
    /// and format bits that read back as level L with the chosen mask (both copies agree).
    @Test func qrCodeStructure() throws {
        let url = "http://192.168.1.23:8040/?scene=detail-card&token=0123456789abcdef0123456789abcdef"
        let code = try #require(QRCode(url))
        #expect(url.utf8.count == 82)
        #expect(code.size == 37)  // version 5: 82 bytes need more than version 4-L's 78
        let m = code.modules
        for (r0, c0) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            #expect(m[r0][c0] && m[r0 + 6][c0 + 6] && m[r0 + 3][c0 + 3] && !m[r0 + 1][c0 + 1])
        }
        for i in 8..<(code.size - 8) { #expect(m[6][i] == (i % 2 == 0) && m[i][6] == (i % 2 == 0)) }
        var first = 0, second = 0
        let rows = [0, 1, 2, 3, 4, 5, 7, 8], cols = [7, 5, 4, 3, 2, 1, 0]
        for i in 0..<8 where m[rows[i]][8] { first |= 1 << i }
        for i in 0..<7 where m[8][cols[i]] { first |= 1 << (8 + i) }
        for i in 0..<8 where m[8][code.size - 1 - i] { second |= 1 << i }
        for i in 0..<7 where m[code.size - 7 + i][8] { second |= 1 << (8 + i) }
        #expect(first == second)
        #expect((0..<8).contains { QRCode.formatBits(mask: $0) == first })
        #expect(QRCode.formatBits(mask: 0) == 0b111011111000100)  // the standard's table: L, mask 0
        #expect(QRCode(String(repeating: "x", count: 400)) == nil)
        #expect(QRCode.terminalText(for: url)?.contains("▀") == true)
    }

    /// Reed–Solomon against the usual worked example ("HELLO WORLD" as version 1-M: 16 data codewords, 10 EC).
    @Test func reedSolomonMatchesTheStandard() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(QRCode.reedSolomon(data, ec: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func buildErrorsAreTheCompilersErrorLines() {
        let output = """
            Building for debugging...
            /p/Sources/A/B.swift:3:5: error: cannot find 'x' in scope
            1 | let a = 1
            2 | x
            [3/4] Compiling
            """
        let lines = SourceWatcher.errorLines(output)
        #expect(lines.hasPrefix("/p/Sources/A/B.swift:3:5: error: cannot find 'x' in scope"))
        #expect(!lines.contains("Building for debugging"))
    }

    /// `--watch` restarts on the port it was bound to, whatever `--port` said.
    @Test func watchRestartsOnTheBoundPort() {
        #expect(SourceWatcher.arguments(["fb", "preview", "x", "--port", "0", "--watch"], boundPort: 41234)
            == ["fb", "preview", "x", "--port", "41234", "--watch"])
        #expect(SourceWatcher.arguments(["fb", "preview", "--port=0"], boundPort: 5) == ["fb", "preview", "--port=5"])
        #expect(SourceWatcher.arguments(["fb", "preview"], boundPort: 8040) == ["fb", "preview", "--port", "8040"])
        #expect(SourceWatcher.arguments(["fb", "preview"], boundPort: nil) == ["fb", "preview"])
    }

    @Test func initWritesAPackageWithEveryPiece() {
        let files = ProjectTemplate.files(name: "my-cards", dependency: ".package(path: \"/x/flipbook\")", identity: "flipbook")
        let paths = files.map(\.path)
        #expect(paths.contains("Package.swift") && paths.contains("README.md"))
        #expect(paths.contains("Sources/my_cards/FadeTransition.swift") && paths.contains("Sources/my_cards/Previews.swift"))
        #expect(paths.contains("Sources/my_cards/DetailScene.swift") && paths.contains("Sources/flip/main.swift"))
        #expect(paths.contains("Tests/my_cardsTests/my_cardsTests.swift"))
        let manifest = files.first { $0.path == "Package.swift" }!.text
        #expect(manifest.contains(".package(path: \"/x/flipbook\")"))
        #expect(manifest.contains(".product(name: \"FlipbookPreviews\", package: \"flipbook\")"))
        #expect(files.first { $0.path.hasSuffix("Previews.swift") }!.text.contains("#Preview(\"Home\")"))
        #expect(ProjectTemplate.moduleName("9lives") == "_9lives")
        // The README names where Flipbook really comes from, never a made-up address.
        let readme = files.first { $0.path == "README.md" }!.text
        #expect(readme.contains("`.package(path: \"/x/flipbook\")`"))
        #expect(readme.contains(".product(name: \"Flipbook\", package: \"flipbook\")"))
        #expect(!readme.contains("https://"))
    }

    /// `init` cannot record the snapshot references (they are images of code it has not
    /// compiled), so it says exactly what the first two `swift test` runs do, with the true
    /// number of references: one per `#Preview` in the template and one for the scene.
    @Test func initSaysWhatTheFirstTestRunsDo() {
        let steps = InitCommand.nextSteps(folder: "my-cards", packageName: "my-cards")
        #expect(steps.contains("cd my-cards\n"))
        #expect(steps.contains("1st run: records 3 reference images in Tests/my_cardsTests/__Snapshots__"))
        #expect(steps.contains("FAILS, saying \"No reference was found on disk. Automatically recorded snapshot\""))
        #expect(steps.contains("2nd run: compares with them and passes"))
        #expect(!InitCommand.nextSteps(folder: nil, packageName: "x").contains("cd "))
        let files = ProjectTemplate.files(name: "my-cards", dependency: ".package(path: \"/x/flipbook\")", identity: "flipbook")
        let previews = files.first { $0.path.hasSuffix("Previews.swift") }!.text.components(separatedBy: "#Preview(").count - 1
        let tests = files.first { $0.path.hasSuffix("Tests.swift") }!.text
        let filmstrips = tests.components(separatedBy: "assertSceneFilmstrip(").count - 1
        #expect(tests.contains("assertPreviewSnapshots(module: \"my_cards\")") && !tests.contains("devices:"))
        #expect(ProjectTemplate.snapshotReferenceCount == previews + filmstrips)
        // The package's README says the same.
        #expect(files.first { $0.path == "README.md" }!.text.contains("records the 3 reference images"))
    }
}
