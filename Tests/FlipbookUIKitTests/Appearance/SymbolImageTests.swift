import Foundation
import Testing
import TestSupport
import Flipbook

/// `UIImage(systemName:)` stand-ins (docs/Divergences.md, "Symbols"): never nil, sized by the
/// configuration, tinted by image views; unknown names draw a neutral glyph and report once.
@MainActor
@Suite(.freshRuntime) struct SymbolImageTests {
    static let common = [
        "xmark", "chevron.left", "chevron.right", "heart", "heart.fill", "play.fill", "pause.fill", "plus",
        "square.and.arrow.up", "star.fill", "xmark.circle.fill", "checkmark", "ellipsis", "magnifyingglass",
        "trash", "house.fill", "person.fill", "gear", "bell", "arrow.left", "info.circle", "bookmark.fill",
        "chevron.backward", "line.3.horizontal",
    ]

    @Test func everyNameGivesAnImage() {
        let reports = FlipbookDiagnostics.capture {
            for name in Self.common {
                let image = UIImage(systemName: name)
                #expect(image != nil, "\(name)")
                #expect(image?.isSymbolImage == true)
                #expect(image?.cgImage != nil)
            }
        }
        #expect(reports.isEmpty, "\(reports)")
        // The crash this issue began with.
        let xmark = UIImage(systemName: "xmark")!
        #expect(xmark.size == CGSize(width: 61.0 / 3, height: 61.0 / 3), "17 pt × 1.2, in whole pixels at 3x")
    }

    @Test func unknownNameDrawsNeutralGlyphAndReportsOncePerName() async {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        let first = [UIImage(systemName: "flipbook.no.such.symbol")!, UIImage(systemName: "flipbook.no.such.symbol")!]
            .map { $0.description }
        _ = UIImage(systemName: "flipbook.another.missing")
        // The initialiser is nonisolated, so the report may arrive on the main actor's next turn.
        for _ in 0..<20 where reports.count < 3 { await Task.yield() }
        #expect(first.count == 2)
        // Observers see every report; the once key keeps standard error to one line per name.
        #expect(reports.filter { $0.contains("flipbook.no.such.symbol") }.count == 2)
        #expect(reports.filter { $0.contains("flipbook.another.missing") }.count == 1)
        let glyph = UIImage(systemName: "flipbook.no.such.symbol")!
        #expect(glyph.cgImage!.pixels.contains { $0 != 0 }, "the neutral glyph is drawn")
    }

    @Test func configurationSetsSizeAndWeight() {
        let big = UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40))!
        #expect(big.size == CGSize(width: 48, height: 48))
        let large = UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 20, weight: .bold, scale: .large))!
        #expect(abs(large.size.width - 20 * 1.2 * 1.3) < 0.5)
        let title = UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(textStyle: .largeTitle))!
        #expect(abs(title.size.width - 34 * 1.2) < 0.2)
        // Heavier weights cover more pixels.
        func ink(_ w: UIImage.SymbolWeight) -> Int {
            let i = UIImage(systemName: "xmark", withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: w))!
            return i.cgImage!.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element > 127 }.count
        }
        #expect(ink(.ultraLight) < ink(.regular))
        #expect(ink(.regular) < ink(.black))
        // applying: the other's specified values win; the rest stay.
        let c = UIImage.SymbolConfiguration(pointSize: 30, weight: .bold).applying(UIImage.SymbolConfiguration(scale: .small))
        #expect(c.pointSize == 30 && c.weight == .bold && c.scale == .small)
        let reconfigured = UIImage(systemName: "heart")!.withConfiguration(UIImage.SymbolConfiguration(pointSize: 10))
        #expect(reconfigured.size.width == 12)
        #expect(reconfigured.symbolConfiguration?.pointSize == 10)
        #expect(UIImage(systemName: "heart")!.applyingSymbolConfiguration(.init(weight: .heavy))?.symbolConfiguration?.weight == .heavy)
    }

    @Test func renderingModes() {
        let symbol = UIImage(systemName: "heart.fill")!
        #expect(symbol.renderingMode == .automatic)
        #expect(symbol.withRenderingMode(.alwaysTemplate).renderingMode == .alwaysTemplate)
        let red = symbol.withTintColor(.systemRed)
        #expect(red.renderingMode == .alwaysOriginal)
        // The tinted pixels are red where the mask is opaque.
        let px = red.cgImage!.pixels
        let i = stride(from: 0, to: px.count, by: 4).first { px[$0 + 3] == 255 }!
        #expect(px[i] == 255 && px[i + 1] == 59 && px[i + 2] == 48)
    }

    /// A sheet of stand-ins in image views: the tint colour, `withTintColor`, templates, sizes
    /// and weights, an unknown name.
    @Test func symbolSheetGolden() {
        let sheet = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 150))
        sheet.backgroundColor = .white
        sheet.tintColor = .systemBlue
        let names = Self.common
        for (i, name) in names.enumerated() {
            let v = UIImageView(image: UIImage(systemName: name))
            v.frame.origin = CGPoint(x: 8 + CGFloat(i % 12) * 24, y: 8 + CGFloat(i / 12) * 26)
            if i == 3 { v.tintColor = .systemPink }
            sheet.addSubview(v)
        }
        let tinted = UIImageView(image: UIImage(systemName: "star.fill")!.withTintColor(.systemOrange))
        tinted.frame.origin = CGPoint(x: 8, y: 62)
        sheet.addSubview(tinted)
        let original = UIImageView(image: UIImage(systemName: "star.fill")!.withRenderingMode(.alwaysOriginal))
        original.frame.origin = CGPoint(x: 36, y: 62)
        sheet.addSubview(original)
        var x: CGFloat = 64
        for w in [UIImage.SymbolWeight.ultraLight, .regular, .black] {
            let v = UIImageView(image: UIImage(systemName: "plus", withConfiguration: UIImage.SymbolConfiguration(pointSize: 24, weight: w)))
            v.frame.origin = CGPoint(x: x, y: 58)
            v.tintColor = .systemGreen
            sheet.addSubview(v)
            x += 34
        }
        for s in [UIImage.SymbolScale.small, .medium, .large] {
            let v = UIImageView(image: UIImage(systemName: "heart.fill", withConfiguration: UIImage.SymbolConfiguration(scale: s)))
            v.frame.origin = CGPoint(x: x, y: 60)
            sheet.addSubview(v)
            x += 30
        }
        let unknown = UIImageView(image: UIImage(systemName: "flipbook.missing.glyph"))
        unknown.frame.origin = CGPoint(x: x + 4, y: 60)
        sheet.addSubview(unknown)
        let big = UIImageView(image: UIImage(systemName: "square.and.arrow.up", withConfiguration: UIImage.SymbolConfiguration(pointSize: 36, weight: .semibold)))
        big.frame.origin = CGPoint(x: 8, y: 96)
        sheet.addSubview(big)
        let bigHeart = UIImageView(image: UIImage(systemName: "heart", withConfiguration: UIImage.SymbolConfiguration(pointSize: 36)))
        bigHeart.frame.origin = CGPoint(x: 60, y: 96)
        bigHeart.tintColor = .systemRed
        sheet.addSubview(bigHeart)
        let bigPlay = UIImageView(image: UIImage(systemName: "play.circle.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 36)))
        bigPlay.frame.origin = CGPoint(x: 112, y: 96)
        sheet.addSubview(bigPlay)
        sheet.layoutIfNeeded()
        GoldenImage.assert(
            LayerRenderer(scale: 2).render(sheet.layer), named: "SymbolImageTests/symbol-sheet",
            tolerance: .init(channel: 2, pixelFraction: 0))
    }

    /// Changing an image view's tint colour recolours its symbol.
    @Test func imageViewFollowsTintColor() {
        let v = UIImageView(image: UIImage(systemName: "circle.fill"))
        v.tintColor = .systemRed
        func centre() -> RGBA {
            let img = LayerRenderer(scale: 1).render(v.layer)
            return img.pixel(x: img.width / 2, y: img.height / 2)
        }
        #expect(centre() == RGBA(r: 255, g: 59, b: 48, a: 255))
        v.tintColor = .systemGreen
        #expect(centre() == RGBA(r: 52, g: 199, b: 89, a: 255))
    }
}

/// A tint set on an ancestor reaches image views that inherit it.
@MainActor
@Suite(.freshRuntime) struct SymbolTintInheritanceTests {
    @Test func ancestorTintRecoloursInheritingImageViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let inheriting = UIImageView(image: UIImage(systemName: "circle.fill"))
        let own = UIImageView(image: UIImage(systemName: "circle.fill"))
        own.tintColor = .systemGreen
        container.addSubview(inheriting)
        container.addSubview(own)
        container.tintColor = .systemRed
        func centre(_ v: UIView) -> RGBA {
            let img = LayerRenderer(scale: 1).render(v.layer)
            return img.pixel(x: img.width / 2, y: img.height / 2)
        }
        #expect(centre(inheriting) == RGBA(r: 255, g: 59, b: 48, a: 255))
        #expect(centre(own) == RGBA(r: 52, g: 199, b: 89, a: 255))
    }
}
