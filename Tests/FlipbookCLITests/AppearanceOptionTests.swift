import Foundation
import Testing

/// `flipbook render --appearance light|dark`.
@Suite struct AppearanceOptionTests {
    @Test func darkAppearanceRendersAndUnknownIsRejected() throws {
        let bad = try FlipbookCommandTests.run(["render", "test", "--appearance", "sepia"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Unknown appearance 'sepia'. Choose from: light, dark."), "\(bad.stderr)")

        let dir = FlipbookCommandTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var pngs: [Data] = []
        for appearance in ["light", "dark"] {
            let out = dir.appendingPathComponent(appearance)
            let r = try FlipbookCommandTests.run([
                "render", "drop-out", "--format", "png", "--out", out.path, "--scale", "1", "--device", "iphone-se",
                "--duration", "0", "--appearance", appearance,
            ])
            #expect(r.status == 0, "\(r.stderr)")
            pngs.append((try? Data(contentsOf: out.appendingPathComponent("drop-out.png"))) ?? Data())
        }
        // The seed draws only fixed colours (UIColor.white, .red, .blue), so both renders exist
        // and look the same; dynamic colours in dark mode are tested in TraitCollectionTests.
        #expect(!pngs[0].isEmpty && !pngs[1].isEmpty)
    }
}
