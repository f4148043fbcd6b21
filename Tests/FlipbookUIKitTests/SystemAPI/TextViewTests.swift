import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookRender

/// A text view delegate that records its calls and may refuse to begin or to change.
@MainActor final class RecordingTextViewDelegate: NSObject, UITextViewDelegate {
    var log: [String] = []
    var allowsBegin = true
    var allowsChange = true
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        log.append("shouldBegin")
        return allowsBegin
    }
    func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        log.append("shouldEnd")
        return true
    }
    func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("shouldChange \(range.location),\(range.length) \(text)")
        return allowsChange
    }
    func textViewDidChange(_ textView: UITextView) { log.append("didChange \(textView.text ?? "")") }
    func textViewDidChangeSelection(_ textView: UITextView) { log.append("selection") }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("scrolled") }
}

/// A text view that sizes itself to its text at its width, as a spring-animation library's does.
@MainActor final class FittingTextView: UITextView {
    override var intrinsicContentSize: CGSize {
        var size = sizeThatFits(CGSize(width: frame.size.width, height: CGFloat.greatestFiniteMagnitude))
        size.width = frame.size.width
        if text.isEmpty { size.height = 0 }
        layoutIfNeeded()
        return size
    }
}

@Suite(.freshRuntime) @MainActor struct TextViewTests {
    let words = "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill."

    /// `v` rounded up to whole pixels of the main screen, as the text view rounds.
    func pixelCeil(_ v: CGFloat) -> CGFloat {
        let scale = UIScreen.drawingScale
        return (v * scale).rounded(.up) / scale
    }

    /// One pixel of the main screen (and a little for floating point): the rounding tolerance.
    var pixel: CGFloat { 1 / UIScreen.drawingScale + 0.001 }

    @Test func defaultsAreUIKits() {
        let view = UITextView()
        #expect(view.text == "")                            // never nil
        view.text = nil
        #expect(view.text == "" && !view.hasText)
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(view.textContainer.widthTracksTextView && view.textContainer.maximumNumberOfLines == 0)
        #expect(view.isEditable && view.isSelectable && view.isScrollEnabled)
        #expect(view.dataDetectorTypes == [] && view.textAlignment == .natural && view.textColor == nil)
        #expect(view.font == UIFont.preferredFont(forTextStyle: .body))
        #expect(view.typingAttributes[.font] as? UIFont == view.font)
        #expect(UIDataDetectorTypes.link.rawValue == 2 && UIDataDetectorTypes.all.rawValue == UInt.max)
        #expect(UITextView.textDidChangeNotification.rawValue == "UITextViewTextDidChangeNotification")
        let container = NSTextContainer(size: CGSize(width: 100, height: 50))
        let custom = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 50), textContainer: container)
        #expect(custom.textContainer === container)
        #expect(custom.clipsToBounds)                       // a scroll view
    }

    @Test func oneLineFitsTheFontsLineHeightWithTheInsetsAndPadding() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let font = UIFont.systemFont(ofSize: 17)
        view.font = font
        view.text = "Hello"
        let label = UILabel()
        label.font = font
        label.text = "Hello"
        let textWidth = label.intrinsicContentSize.width
        let fit = view.sizeThatFits(CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude))
        // UIKit: the width the text uses (less than proposed) plus 2 × 5 padding; the line
        // height plus the 8 + 8 inset.
        #expect(abs(fit.width - (textWidth + 10)) <= pixel)
        #expect(abs(fit.height - (font.lineHeight + 16)) <= pixel)
        #expect(fit.width < 300)
        // Without insets and padding: the text's own size.
        view.textContainerInset = .zero
        view.textContainer.lineFragmentPadding = 0
        let bare = view.sizeThatFits(CGSize(width: 300, height: 0))
        #expect(abs(bare.width - textWidth) <= pixel && abs(bare.height - font.lineHeight) <= pixel)
        // An empty text view is one empty line high.
        view.text = ""
        #expect(abs(view.sizeThatFits(CGSize(width: 300, height: 0)).height - font.lineHeight) <= pixel)
        #expect(view.sizeThatFits(CGSize(width: 300, height: 0)).width == 0)
    }

    @Test func wrappedTextIsWholeLinesHighAndWrapsInsideTheInsetsAndPadding() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
        let font = UIFont.systemFont(ofSize: 15)
        view.font = font
        view.text = words
        view.textContainerInset = UIEdgeInsets(top: 4, left: 6, bottom: 10, right: 2)
        let fit = view.sizeThatFits(CGSize(width: 160, height: CGFloat.greatestFiniteMagnitude))
        let lines = ((fit.height - 14) / font.lineHeight).rounded()
        #expect(lines >= 4)
        #expect(abs(fit.height - pixelCeil(lines * font.lineHeight + 14)) <= pixel)
        // Lines wrap at 160 − 6 − 2 − 2 × 5 = 142 points: the fitted width is no wider than that
        // with the insets and padding.
        #expect(fit.width <= 160 + pixel && fit.width > 100)
        let usedWidth = view.usedTextSize(wrapWidth: 142).width
        #expect(abs(fit.width - pixelCeil(usedWidth + 18)) <= pixel)
        // The same text unwrapped is one line.
        let wide = view.sizeThatFits(CGSize(width: 0, height: 0))
        #expect(abs(wide.height - pixelCeil(font.lineHeight + 14)) <= pixel && wide.width > 400)
        // More padding, more lines.
        view.textContainer.lineFragmentPadding = 30
        #expect(view.sizeThatFits(CGSize(width: 160, height: 0)).height > fit.height)
    }

    @Test func contentSizeFollowsTheTextAndTheTextScrolls() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
        let font = UIFont.systemFont(ofSize: 15)
        view.font = font
        view.text = words
        view.layoutIfNeeded()
        let fit = view.sizeThatFits(CGSize(width: 160, height: 0))
        #expect(view.contentSize.width == 160)
        #expect(abs(view.contentSize.height - fit.height) <= pixel)
        #expect(view.contentSize.height > 60)
        // The text sits at the inset's corner plus the padding, in content coordinates.
        #expect(abs(view.textLayer.frame.minX - 5) < 0.001 && abs(view.textLayer.frame.minY - 8) < 0.001)
        #expect(abs(view.textLayer.frame.width - 150) < 0.001)
        view.setContentOffset(CGPoint(x: 0, y: view.contentSize.height - 60), animated: false)
        #expect(view.bounds.minY > 0)
        // A narrower view: more lines, a taller content.
        let before = view.contentSize.height
        view.frame.size.width = 110
        view.layoutIfNeeded()
        #expect(view.contentSize.height > before && view.contentSize.width == 110)
        view.text = "Short"
        #expect(abs(view.contentSize.height - pixelCeil(font.lineHeight + 16)) <= pixel)
    }

    @Test func intrinsicSizeIsNoMetricWhileScrollingAndTheFitWhenNot() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
        view.text = words
        #expect(view.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        view.isScrollEnabled = false
        #expect(view.intrinsicContentSize == view.sizeThatFits(CGSize(width: 160, height: 0)))
        #expect(view.intrinsicContentSize.height > 40)
        // Auto Layout gives a non-scrolling text view the height of its text at its width.
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        view.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 20),
            view.widthAnchor.constraint(equalToConstant: 200),
            view.topAnchor.constraint(equalTo: root.view.topAnchor, constant: 100),
        ])
        root.view.layoutIfNeeded()
        #expect(view.frame.width == 200)
        #expect(abs(view.frame.height - view.sizeThatFits(CGSize(width: 200, height: 0)).height) <= pixel)
        _ = app
    }

    @Test func aSubclassSizingItselfWithSizeThatFitsGetsTheTextsHeight() {
        let view = FittingTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 10))
        view.font = .systemFont(ofSize: 17)
        view.text = ""
        #expect(view.intrinsicContentSize == CGSize(width: 200, height: 0))
        view.text = "One line"
        #expect(abs(view.intrinsicContentSize.height - pixelCeil(UIFont.systemFont(ofSize: 17).lineHeight + 16)) <= pixel)
        #expect(view.intrinsicContentSize.width == 200)
    }

    @Test func attributedTextSetsTheStyleFromItsFirstCharacter() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let font = UIFont.boldSystemFont(ofSize: 22)
        view.attributedText = NSAttributedString(
            string: "Styled", attributes: [.font: font, .foregroundColor: UIColor.red, .paragraphStyle: style])
        #expect(view.text == "Styled" && view.font == font && view.textColor == .red && view.textAlignment == .center)
        #expect(view.attributedText.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == font)
        #expect(abs(view.sizeThatFits(CGSize(width: 200, height: 0)).height - pixelCeil(font.lineHeight + 16)) <= pixel)
        view.text = "Plain"                                 // keeps the font and colour
        #expect(view.font == font && view.textColor == .red)
    }

    @Test func editingAsksAndTellsTheDelegate() {
        let view = UITextView(frame: CGRect(x: 10, y: 100, width: 200, height: 100))
        let delegate = RecordingTextViewDelegate()
        view.delegate = delegate
        let heard = EventRecorder()
        let token = NotificationCenter.default.addObserver(
            forName: UITextView.textDidChangeNotification, object: view, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("changed") }
            }
        defer { NotificationCenter.default.removeObserver(token) }
        #expect(!view.becomeFirstResponder())               // not in a window
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        root.view.addSubview(view)
        delegate.allowsBegin = false
        #expect(!view.becomeFirstResponder() && delegate.log == ["shouldBegin"])
        delegate.allowsBegin = true
        #expect(view.becomeFirstResponder() && view.isFirstResponder)
        #expect(delegate.log == ["shouldBegin", "shouldBegin", "didBegin"])
        delegate.log = []
        view.text = "set by code"                           // not typing: no delegate call, no post
        #expect(delegate.log.isEmpty && heard.events.isEmpty)
        view.text = ""
        view.insertText("Hi")
        #expect(view.text == "Hi")
        #expect(delegate.log == ["shouldChange 0,0 Hi", "selection", "didChange Hi"])
        #expect(heard.events == ["changed"])
        delegate.allowsChange = false
        view.deleteBackward()
        #expect(view.text == "Hi")
        delegate.allowsChange = true
        view.deleteBackward()
        #expect(view.text == "H")
        delegate.log = []
        #expect(view.resignFirstResponder())
        #expect(delegate.log == ["shouldEnd", "didEnd"] && !view.isFirstResponder)
        view.isEditable = false
        view.insertText("x")                                // not editable: typing does nothing
        #expect(view.text == "H")
        _ = app
    }

    @Test func badInsetsAndPaddingAreReportedAndIgnored() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let reports = FlipbookDiagnostics.capture {
            view.textContainerInset = UIEdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
            view.textContainer.lineFragmentPadding = -.infinity
        }
        #expect(view.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        #expect(view.textContainer.lineFragmentPadding == 5)
        #expect(reports.count == 2)
    }

    @Test func wrappedTextIsDrawnInsideTheInsets() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 140))
        container.backgroundColor = .white
        let view = UITextView(frame: CGRect(x: 10, y: 10, width: 200, height: 120))
        view.backgroundColor = UIColor(white: 0.95, alpha: 1)
        view.font = .systemFont(ofSize: 15)
        view.textColor = .black
        view.text = words
        container.addSubview(view)
        container.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(container.layer)
        /// Whether any pixel in the rectangle (points) is dark: text.
        func inked(_ r: CGRect) -> Bool {
            for y in Int(r.minY * 2)..<Int(r.maxY * 2) {
                for x in Int(r.minX * 2)..<Int(r.maxX * 2) where image.pixel(x: x, y: y).r < 128 { return true }
            }
            return false
        }
        // Nothing in the top inset nor in the left padding; text on several lines.
        #expect(!inked(CGRect(x: 10, y: 10, width: 200, height: 8)))
        #expect(!inked(CGRect(x: 10, y: 10, width: 5, height: 120)))
        let line = UIFont.systemFont(ofSize: 15).lineHeight
        #expect(inked(CGRect(x: 15, y: 18, width: 190, height: line)))
        #expect(inked(CGRect(x: 15, y: 18 + 2 * line, width: 190, height: line)))
        GoldenImage.assert(image, named: "TextViewTests/wrapped-text", tolerance: .init(channel: 2, pixelFraction: 0))
    }
}
