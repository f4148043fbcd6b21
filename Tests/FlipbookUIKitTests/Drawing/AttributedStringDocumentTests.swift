import Foundation
import Testing
import TestSupport
import Flipbook

/// Reading an attributed string from HTML or plain text (a label showing a short HTML string),
/// and `appendFormat`, which Linux's Foundation lacks.
@Suite struct AttributedStringDocumentTests {
    func html(_ text: String, _ extra: [NSAttributedString.DocumentReadingOptionKey: Any] = [:]) throws -> NSAttributedString {
        var options: [NSAttributedString.DocumentReadingOptionKey: Any] = [.documentType: NSAttributedString.DocumentType.html]
        options.merge(extra) { $1 }
        return try NSAttributedString(data: Data(text.utf8), options: options, documentAttributes: nil)
    }

    @Test func htmlKeepsItsTextWithBreaksWhereTheBlocksEnd() throws {
        let string = try html("""
            <html><head><title>T</title><style>p { color: red }</style></head>
            <body><h1>Spring</h1><p>Pop,   <b>shake</b> &amp; fall&hellip;</p>line<br/>two<!-- no --><script>x()</script>
            <ul><li>a</li><li>b &#x2192; c &#65;</li></ul></body></html>
            """)
        #expect(string.string == "Spring\nPop, shake & fall…\nline\ntwo\na\nb → c A")
    }

    @Test func plainTextIsReadAsItIsWithTheDefaultAttributes() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let string = try NSAttributedString(
            data: Data("a <b>b</b>\n c".utf8),
            options: [.documentType: NSAttributedString.DocumentType.plain, .defaultAttributes: [NSAttributedString.Key.font: font]],
            documentAttributes: nil)
        #expect(string.string == "a <b>b</b>\n c")
        #expect((string.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize == 20)
    }

    @Test func rtfAndBytesThatAreNotTextThrow() {
        #expect(throws: NSAttributedString.DocumentReadingError.self) {
            try NSAttributedString(data: Data("{\\rtf1 x}".utf8), options: [.documentType: NSAttributedString.DocumentType.rtf], documentAttributes: nil)
        }
        #expect(throws: NSAttributedString.DocumentReadingError.self) {
            try NSAttributedString(data: Data([0xFF, 0xFE, 0xC0]), options: [:], documentAttributes: nil)
        }
    }

    @Test func appendFormatFillsInTheSpecifiers() {
        let letters: NSString = "xyz"
        let s = NSMutableString(capacity: 4)
        s.appendFormat("%C%d", letters.character(at: 1), 42)
        s.appendFormat("-%@", "end" as NSString)
        #expect(s as String == "y42-end")
    }
}

/// UIKit: setting `attributedText` updates the label's style properties from location 0.
@Suite(.freshRuntime) @MainActor struct AttributedLabelStyleTests {
    @Test func aLabelTakesTheStyleAtTheStartOfItsAttributedText() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        style.lineBreakMode = .byTruncatingMiddle
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 1, height: 2)
        let label = UILabel()
        label.attributedText = NSAttributedString(
            string: "Privacy Policy",
            attributes: [.font: UIFont.boldSystemFont(ofSize: 22), .foregroundColor: UIColor.red,
                         .paragraphStyle: style, .shadow: shadow, .kern: 1.5])
        #expect(label.font.pointSize == 22)
        #expect(label.textColor == .red)
        #expect(label.textAlignment == .center)
        #expect(label.lineBreakMode == .byTruncatingMiddle)
        #expect(label.shadowOffset == CGSize(width: 1, height: 2))
        #expect(label.text == "Privacy Policy")
        // The string keeps every attribute, the paragraph style included.
        let kept = label.attributedText?.attribute(.paragraphStyle, at: 3, effectiveRange: nil) as? NSParagraphStyle
        #expect(kept?.lineSpacing == 4)
        // An attribute-free string leaves the style as it was.
        label.attributedText = NSAttributedString(string: "Plain")
        #expect(label.font.pointSize == 22 && label.textAlignment == .center)
    }

    @Test func paragraphStylesCopyBothWays() {
        let mutable = NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle
        #expect(mutable.alignment == .natural && mutable.lineBreakMode == .byWordWrapping)
        mutable.alignment = .right
        mutable.paragraphSpacing = 8
        let frozen = mutable.copy() as! NSParagraphStyle
        mutable.alignment = .left
        #expect(frozen.alignment == .right && frozen.paragraphSpacing == 8)
        #expect(frozen.isEqual(frozen.mutableCopy()))
        #expect(!frozen.isEqual(mutable))
        let nanStyle = NSMutableParagraphStyle()
        nanStyle.lineSpacing = .nan
        _ = nanStyle.hash  // no trap on NaN
    }
}

/// `UIButton.setAttributedTitle(_:for:)`: shown instead of the plain title, per state with
/// `.normal` as the fallback, in the style at its start.
@Suite(.freshRuntime) @MainActor struct ButtonAttributedTitleTests {
    @Test func theAttributedTitleWinsAndFallsBackToNormal() {
        let button = UIButton(type: .system)
        button.setTitle("plain", for: .normal)
        let styled = NSAttributedString(
            string: "Close", attributes: [.font: UIFont.boldSystemFont(ofSize: 19), .foregroundColor: UIColor.white])
        button.setAttributedTitle(styled, for: .normal)
        #expect(button.titleLabel?.text == "Close")
        #expect(button.titleLabel?.font.pointSize == 19)
        #expect(button.titleLabel?.textColor == .white)
        #expect(button.attributedTitle(for: .highlighted)?.string == "Close")
        #expect(button.currentAttributedTitle === styled)
        #expect(button.title(for: .normal) == "plain")
        button.setAttributedTitle(nil, for: .normal)
        #expect(button.titleLabel?.text == "plain")
        button.sizeToFit()
        #expect(button.bounds.width > 0)
    }
}

/// The video player stand-ins: values kept, black shown, no video.
@Suite(.freshRuntime) @MainActor struct VideoPlayerTests {
    @Test func aPlayerKeepsItsRateAndItsLayerAndControllerAreBlack() {
        let url = URL(fileURLWithPath: "/tmp/clip.mp4")
        let player = AVPlayer(url: url)
        #expect(player.currentItem?.url == url && player.rate == 0)
        player.play()
        #expect(player.rate == 1)
        player.pause()
        #expect(player.rate == 0)
        let layer = AVPlayerLayer(player: player)
        layer.videoGravity = .resizeAspectFill
        #expect(layer.backgroundColor == CGColor(gray: 0, alpha: 1) && !layer.isReadyForDisplay)
        let controller = AVPlayerViewController()
        controller.player = player
        #expect(controller.view.backgroundColor == .black)
    }
}
