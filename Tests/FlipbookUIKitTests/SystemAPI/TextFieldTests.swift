import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookRender

/// A delegate that records its calls and may refuse to begin or end.
@MainActor final class RecordingFieldDelegate: NSObject, UITextFieldDelegate {
    var log: [String] = []
    var allowsBegin = true
    var allowsEnd = true
    var returns = true
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        log.append("shouldBegin")
        return allowsBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        log.append("shouldEnd")
        return allowsEnd
    }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        log.append("didEnd \(reason.rawValue)")
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        log.append("shouldReturn")
        return returns
    }
}

/// A delegate implementing only the old `textFieldDidEndEditing(_:)`.
@MainActor final class OldEndDelegate: NSObject, UITextFieldDelegate {
    var ended = 0
    func textFieldDidEndEditing(_ textField: UITextField) { ended += 1 }
}

/// A field that draws its own floating placeholder and none of UIKit's (TextFieldEffects' way),
/// and one whose override still calls `super`.
@MainActor final class OwnPlaceholderField: UITextField {
    override func drawPlaceholder(in rect: CGRect) {}
}

@MainActor final class SuperPlaceholderField: UITextField {
    var asked: [CGRect] = []
    override func drawPlaceholder(in rect: CGRect) {
        asked.append(rect)
        super.drawPlaceholder(in: rect)
    }
}

/// A field whose text sits 10 points in from both sides.
@MainActor final class PaddedField: UITextField {
    override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: 10, dy: 0) }
}

@Suite(.freshRuntime) @MainActor struct TextFieldTests {
    /// A window holding `field`.
    func host(_ field: UITextField) -> AppDriver {
        let root = UIViewController()
        root.view.backgroundColor = .white
        let app = AppDriver(rootViewController: root)
        root.view.addSubview(field)
        return app
    }

    @Test func enumsHaveUIKitsRawValuesAndDefaults() {
        #expect(UITextField.BorderStyle.roundedRect.rawValue == 3)
        #expect(UITextField.ViewMode.unlessEditing.rawValue == 2)
        #expect(UIReturnKeyType.done.rawValue == 9 && UIReturnKeyType.continue.rawValue == 11)
        #expect(UIKeyboardType.emailAddress.rawValue == 7 && UIKeyboardType.alphabet == .asciiCapable)
        #expect(UITextAutocapitalizationType.allCharacters.rawValue == 3)
        #expect(UITextAutocorrectionType.no.rawValue == 1)
        let field = UITextField()
        #expect(field.text == "")                          // never nil, as UIKit's
        field.text = nil
        #expect(field.text == "")
        #expect(field.placeholder == nil && field.borderStyle == .none && field.leftViewMode == .never)
        #expect(field.font?.pointSize == 17 && field.textColor == .label)
        #expect(field.autocapitalizationType == .sentences && field.returnKeyType == .default)
        #expect(!field.isEditing && !field.hasText)
        #expect(UITextField.textDidChangeNotification.rawValue == "UITextFieldTextDidChangeNotification")
    }

    @Test func editingAsksAndTellsTheDelegateInUIKitsOrder() {
        let field = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 34))
        let delegate = RecordingFieldDelegate()
        field.delegate = delegate
        var events: [String] = []
        field.addAction(UIAction { _ in events.append("began") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in events.append("ended") }, for: .editingDidEnd)
        #expect(!field.becomeFirstResponder())             // not in a window
        #expect(delegate.log.isEmpty)
        let app = host(field)
        delegate.allowsBegin = false
        #expect(!field.becomeFirstResponder())
        #expect(delegate.log == ["shouldBegin"] && !field.isEditing)
        delegate.allowsBegin = true
        #expect(field.becomeFirstResponder())
        #expect(field.isEditing && field.isFirstResponder)
        #expect(delegate.log == ["shouldBegin", "shouldBegin", "didBegin"] && events == ["began"])
        delegate.allowsEnd = false
        #expect(!field.resignFirstResponder())
        #expect(field.isEditing)
        #expect(field.superview!.endEditing(true))            // forced: the delegate is not asked
        #expect(delegate.log.suffix(2) == ["shouldEnd", "didEnd 0"])
        #expect(!field.isEditing && !field.isFirstResponder && events == ["began", "ended"])
        _ = app
    }

    @Test func anotherFieldTakesOverAndOldDelegatesAreTold() {
        let first = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 34))
        let second = UITextField(frame: CGRect(x: 10, y: 150, width: 200, height: 34))
        let old = OldEndDelegate()
        first.delegate = old
        let app = host(first)
        first.superview!.addSubview(second)
        #expect(first.becomeFirstResponder())
        #expect(second.becomeFirstResponder())
        #expect(!first.isEditing && second.isEditing && old.ended == 1)
        second.isEnabled = false
        second.resignFirstResponder()
        #expect(!second.becomeFirstResponder())            // a disabled field cannot edit
        second.isEnabled = true
        #expect(second.becomeFirstResponder())
        second.removeFromSuperview()                         // leaving the window ends editing
        #expect(!second.isEditing && !second.isFirstResponder)
        _ = app
    }

    @Test func typingSendsEditingChangedAndPostsTheNotification() {
        let field = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 34))
        var changes: [String] = []
        field.addAction(UIAction { _ in changes.append(field.text ?? "?") }, for: .editingChanged)
        let heard = EventRecorder()
        let token = NotificationCenter.default.addObserver(
            forName: UITextField.textDidChangeNotification, object: field, queue: nil) { _ in
                MainActor.assumeIsolated { heard.record("changed") }
            }
        var posted: Int { heard.events.count }
        defer { NotificationCenter.default.removeObserver(token) }
        field.text = "set by code"                          // no event, no notification
        #expect(changes.isEmpty && posted == 0)
        field.text = ""
        field.insertText("Hi")
        field.insertText("!")
        field.deleteBackward()
        #expect(changes == ["Hi", "Hi!", "Hi"] && posted == 3)
        #expect(field.hasText)
        field.deleteBackward()
        field.deleteBackward()
        field.deleteBackward()                               // nothing left: no event
        #expect(changes == ["Hi", "Hi!", "Hi", "H", ""] && posted == 5)
    }

    @Test func returnAsksTheDelegateAndEndsOnExit() {
        let field = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 34))
        let delegate = RecordingFieldDelegate()
        field.delegate = delegate
        let app = host(field)
        field.becomeFirstResponder()
        delegate.returns = false
        field.insertText("\n")
        #expect(field.isEditing && delegate.log.last == "shouldReturn" && field.text == "")
        delegate.returns = true
        var exited = 0
        field.addAction(UIAction { _ in exited += 1 }, for: .editingDidEndOnExit)
        field.insertText("\n")
        #expect(exited == 1 && !field.isEditing)
        _ = app
    }

    @Test func rectanglesFollowTheBorderStyleAndOverlayViews() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        let b = field.bounds
        #expect(field.textRect(forBounds: b) == b)
        field.borderStyle = .roundedRect
        #expect(field.textRect(forBounds: b) == CGRect(x: 7, y: 0, width: 186, height: 34))
        #expect(field.borderRect(forBounds: b) == b)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        #expect(field.leftViewRect(forBounds: b) == CGRect(x: 0, y: 7, width: 30, height: 20))
        #expect(field.textRect(forBounds: b).minX == 7)      // `.never`: not shown
        field.leftViewMode = .always
        #expect(field.textRect(forBounds: b) == CGRect(x: 30, y: 0, width: 163, height: 34))
        field.layoutIfNeeded()
        #expect(left.superview === field && left.frame == CGRect(x: 0, y: 7, width: 30, height: 20))
        field.leftViewMode = .whileEditing
        field.layoutIfNeeded()
        #expect(left.superview == nil)
        let right = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        field.rightView = right
        field.rightViewMode = .unlessEditing
        #expect(field.rightViewRect(forBounds: b) == CGRect(x: 176, y: 5, width: 24, height: 24))
        #expect(field.textRect(forBounds: b).maxX == 176)
        #expect(field.intrinsicContentSize.height == 34)    // iOS's rounded field, 17-point font
        field.borderStyle = .none
        field.rightViewMode = .never
        #expect(field.intrinsicContentSize.width == 0)       // no text, no placeholder
        field.placeholder = "Email"
        #expect(field.intrinsicContentSize.width > 30)
    }

    /// `drawPlaceholder(in:)` draws the placeholder on iOS: overridden without `super`, no
    /// placeholder shows; with `super`, it does, and the override is asked with the placeholder
    /// rectangle. Typed text shows either way.
    @Test func anOverriddenDrawPlaceholderDecidesWhetherThePlaceholderShows() {
        let own = OwnPlaceholderField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        own.placeholder = "Name"
        own.layoutIfNeeded()
        #expect(own.displayLabel.isHidden)
        own.insertText("A")
        own.layoutIfNeeded()
        #expect(!own.displayLabel.isHidden)
        #expect(own.displayLabel.text == "A")
        let plain = SuperPlaceholderField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        plain.placeholder = "Name"
        plain.layoutIfNeeded()
        #expect(!plain.displayLabel.isHidden)
        #expect(plain.asked.last == plain.placeholderRect(forBounds: plain.bounds))
    }

    @Test func overriddenRectanglesPlaceTheText() {
        let field = PaddedField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.text = "x"
        field.layoutIfNeeded()
        #expect(field.displayLabel.frame == CGRect(x: 10, y: 0, width: 180, height: 34))
    }

    @Test func showsThePlaceholderInGreyUntilThereIsText() {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        field.placeholder = "Name"
        #expect(field.displayLabel.text == "Name" && field.displayLabel.textColor == .placeholderText)
        field.attributedPlaceholder = NSAttributedString(string: "Red", attributes: [.foregroundColor: UIColor.systemRed])
        #expect(field.placeholder == "Red" && field.displayLabel.textColor == .systemRed)
        field.insertText("Ada")
        #expect(field.displayLabel.text == "Ada" && field.displayLabel.textColor == .label)
        field.isSecureTextEntry = true
        #expect(field.displayLabel.text == "•••")
        #expect(field.text == "Ada")
    }

    @Test func aTapBeginsEditing() {
        let field = UITextField(frame: CGRect(x: 10, y: 100, width: 200, height: 34))
        let app = host(field)
        app.advanceFrames(1)
        app.tap(at: CGPoint(x: 60, y: 117))
        #expect(field.isEditing)
    }

    @Test func drawsTheRoundedRectStyleWithPlaceholderAndText() throws {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 220, height: 100))
        container.backgroundColor = .systemGray6
        let empty = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        empty.borderStyle = .roundedRect
        empty.placeholder = "Your name"
        let filled = UITextField(frame: CGRect(x: 10, y: 56, width: 200, height: 34))
        filled.borderStyle = .roundedRect
        filled.text = "Ada Lovelace"
        container.addSubview(empty)
        container.addSubview(filled)
        container.layoutIfNeeded()
        let image = LayerRenderer(scale: 2).render(container.layer)
        // The fill is white, the hairline a light grey, the corner outside it the background's.
        let fill = image.pixel(x: 2 * 200, y: 2 * 27)
        #expect(fill.r == 255 && fill.g == 255 && fill.b == 255)
        let edge = image.pixel(x: 2 * 110, y: 2 * 10)
        #expect(edge.r < 240 && edge.r > 180)
        let corner = image.pixel(x: 2 * 10, y: 2 * 10)
        #expect(corner.r == image.pixel(x: 2, y: 2).r)
        GoldenImage.assert(
            image, named: "TextFieldTests/rounded-placeholder-and-text", tolerance: .init(channel: 2, pixelFraction: 0))
    }
}
