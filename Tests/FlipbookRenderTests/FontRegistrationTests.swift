import Foundation
import Testing
import FlipbookGeometry
@testable import FlipbookRender

/// Core Text's run-time font registration (presentation libraries register the fonts they ship),
/// with a font of our own whose letters are all 600-unit blocks (Fixtures/make-test-font.py).
@Suite struct FontRegistrationTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/FlipbookTestBlocks.ttf")

    @Test func aRegisteredFontDrawsTextByItsFamilyName() throws {
        let style = TextStyle(fontName: "Flipbook Test Blocks", fontSize: 20)
        // No installed font has this family: before registration fontconfig falls back.
        let before = TextRenderer.measure("AAA", style: style).width
        let data = try Data(contentsOf: Self.fixture)
        let provider = try #require(CGDataProvider(data: data as CFData))
        let font = try #require(CGFont(provider))
        var error: Unmanaged<CFError>?
        #expect(CTFontManagerRegisterGraphicsFont(font, &error))
        #expect(error == nil)
        // Three advances of 600/1000 em at 20 pt.
        let after = TextRenderer.measure("AAA", style: style).width
        #expect(abs(after - 36) < 0.01, "before \(before), after \(after)")
        #expect(abs(before - 36) > 1)

        // Registering it again fails with Core Text's error, and changes nothing.
        #expect(!CTFontManagerRegisterGraphicsFont(font, &error))
        let again = try #require(error?.takeRetainedValue())
        #expect(again.domain == "com.apple.CoreText.CTFontManagerErrorDomain" && again.code == 105)
        #expect(abs(TextRenderer.measure("AAA", style: style).width - 36) < 0.01)
        #expect(CTFontManagerUnregisterGraphicsFont(font, nil))
    }

    @Test func badFontDataAndMissingFilesAreRefused() {
        #expect(CGFont(CGDataProvider(data: Data("not a font at all".utf8) as CFData)!) == nil)
        #expect(CGFont(CGDataProvider(data: Data() as CFData)!) == nil)
        #expect(CGDataProvider(url: URL(fileURLWithPath: "/no/such/font.ttf") as NSURL) == nil)
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterFontsForURL(URL(fileURLWithPath: "/no/such/font.ttf") as NSURL, .process, &error))
        #expect(error?.takeRetainedValue().code == 105)
        let stray = CGFont(CGDataProvider(data: Data([0, 1, 0, 0] + [UInt8](repeating: 0, count: 12)) as CFData)!)!
        #expect(!CTFontManagerUnregisterGraphicsFont(stray, nil))
    }
}
