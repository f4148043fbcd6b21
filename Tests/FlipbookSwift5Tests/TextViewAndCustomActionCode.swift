// UIKit API that a spring-animation library and a swipe-cell library call (a text view that
// sizes itself to its text, an image tinted through a clip mask, a cell offering its swipe
// actions to VoiceOver), written as those libraries write it and compiled in the Swift 5
// language mode. Only the import and the ported `#selector`s differ from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

extension String {
    var characterCount: Int { return self.count }
}

/// A text view whose intrinsic size is its text's height at its width (zero when empty).
public class SelfSizingTextView: UITextView {
    public override var intrinsicContentSize: CGSize {
        get {
            var size = self.sizeThatFits(CGSize(width: self.frame.size.width, height: CGFloat.greatestFiniteMagnitude))
            size.width = self.frame.size.width
            if text.characterCount == 0 {
                size.height = 0
            }
            contentInset = UIEdgeInsets(top: -2, left: -2, bottom: -2, right: -2)
            layoutIfNeeded()
            return size
        }
    }
}

/// A text view subclass with its own stored settings and layout hook.
open class BouncyTextView: UITextView {
    public var autostart: Bool = false
    public var duration: CGFloat = 0.7
    var laidOut = 0

    override open func awakeFromNib() {
        super.awakeFromNib()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        laidOut += 1
    }
}

/// A text view whose line spacing is set through attributed text.
public class SpacedTextView: BouncyTextView {
    public var lineSpacing: CGFloat = 1.5 {
        didSet {
            let font = UIFont(name: self.font!.fontName, size: self.font!.pointSize)
            guard let text = self.text else { return }
            let paragraphStyle = NSMutableParagraphStyle()
            paragraphStyle.lineSpacing = lineSpacing
            let attributed = NSMutableAttributedString(string: text)
            let all = NSRange(location: 0, length: attributed.length)
            attributed.addAttribute(NSAttributedString.Key.paragraphStyle, value: paragraphStyle, range: all)
            attributed.addAttribute(NSAttributedString.Key.font, value: font!, range: all)
            self.attributedText = attributed
        }
    }
}

/// A delegate written against the text view protocol, hearing a scroll and a change.
final class NotesDelegate: NSObject, UITextViewDelegate {
    var changes = 0
    func textViewDidChange(_ textView: UITextView) { changes += 1 }
    func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

extension UIImage {
    /// The image's shape filled with `tint`, through a clip to the image as a mask.
    func filled(with tint: UIColor) -> UIImage {
        UIGraphicsBeginImageContextWithOptions(self.size, false, self.scale)
        let context = UIGraphicsGetCurrentContext()
        context!.translateBy(x: 0, y: self.size.height)
        context!.scaleBy(x: 1.0, y: -1.0)
        context!.setBlendMode(CGBlendMode.normal)
        let rect = CGRect(x: 0, y: 0, width: self.size.width, height: self.size.height)
        context?.clip(to: rect, mask: self.cgImage!)
        tint.setFill()
        context!.fill(rect)
        let result = UIGraphicsGetImageFromCurrentImageContext()! as UIImage
        UIGraphicsEndImageContext()
        return result
    }
}

/// A swipe action a cell offers.
final class RowAction {
    let title: String?
    var handled = 0
    init(title: String?) { self.title = title }
}

/// The custom action standing for one swipe action, made as the library makes it: a failable
/// subclass initialiser handing its target and (ported) selector to UIKit's.
class RowAccessibilityAction: UIAccessibilityCustomAction {
    let action: RowAction
    let indexPath: IndexPath

    init?(action: RowAction, indexPath: IndexPath, target: SwipeRowCell, selector: @escaping (SwipeRowCell, RowAccessibilityAction) -> Bool) {
        self.action = action
        self.indexPath = indexPath
        if let name = action.title {
            super.init(name: name, target: target, selector: selector)
        } else {
            return nil
        }
    }
}

/// A cell whose VoiceOver actions are its swipe actions, falling back to what was set.
class SwipeRowCell: UITableViewCell {
    var actions: [RowAction] = []

    open override var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get {
            guard !actions.isEmpty else {
                return super.accessibilityCustomActions
            }
            let indexPath = IndexPath(row: 0, section: 0)
            return actions.compactMap({ RowAccessibilityAction(action: $0,
                                                               indexPath: indexPath,
                                                               target: self,
                                                               selector: { $0.performAccessibilityCustomAction(accessibilityCustomAction: $1) }) })
        }
        set {
            super.accessibilityCustomActions = newValue
        }
    }

    func performAccessibilityCustomAction(accessibilityCustomAction: RowAccessibilityAction) -> Bool {
        accessibilityCustomAction.action.handled += 1
        return true
    }
}

/// A controller offering an action made with UIKit's own initialiser, with a closure.
final class InboxController: UIViewController {
    var archived = false

    override func viewDidLoad() {
        super.viewDidLoad()
        let archive = UIAccessibilityCustomAction(name: "Archive", target: self, selector: { $0.archive() })
        let flag = UIAccessibilityCustomAction(name: "Flag") { _ in true }
        view.accessibilityCustomActions = [archive, flag]
    }

    func archive() -> Bool {
        archived = true
        return true
    }
}

final class TextViewAndCustomActionTests: XCTestCase {
    func testASelfSizingTextViewIsItsTextsHeight() {
        let view = SelfSizingTextView(frame: CGRect(x: 0, y: 0, width: 240, height: 10))
        view.font = UIFont.systemFont(ofSize: 17)
        view.text = ""
        XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 240, height: 0))
        view.text = "Two words"
        let size = view.intrinsicContentSize
        XCTAssertEqual(size.width, 240)
        XCTAssertEqual(size.height, view.sizeThatFits(CGSize(width: 240, height: 1000)).height)
        XCTAssertGreaterThan(size.height, UIFont.systemFont(ofSize: 17).lineHeight + 15)
        XCTAssertEqual(view.contentInset, UIEdgeInsets(top: -2, left: -2, bottom: -2, right: -2))
    }

    func testSubclassesKeepTheirTextAndStyle() {
        let view = SpacedTextView(frame: CGRect(x: 0, y: 0, width: 200, height: 80))
        view.text = "Line spacing"
        view.font = UIFont.systemFont(ofSize: 14)
        view.lineSpacing = 4
        XCTAssertEqual(view.text, "Line spacing")
        XCTAssertEqual(view.font?.pointSize, 14)
        view.layoutIfNeeded()
        XCTAssertGreaterThan(view.laidOut, 0)
        let delegate = NotesDelegate()
        view.delegate = delegate
        XCTAssertTrue(view.delegate === delegate)
    }

    func testAnImageFilledThroughItsMaskKeepsItsShape() {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
        UIColor.black.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 2))  // the top half opaque, the rest clear
        let shape = UIGraphicsGetImageFromCurrentImageContext()!
        UIGraphicsEndImageContext()
        let tinted = shape.filled(with: .red)
        let pixels = tinted.cgImage!.pixels
        XCTAssertEqual(Array(pixels[0..<4]), [255, 0, 0, 255])        // top-left: red
        let bottom = (3 * 4 + 0) * 4
        XCTAssertEqual(Array(pixels[bottom..<bottom + 4]), [0, 0, 0, 0]) // bottom-left: clear
    }

    func testACellOffersItsSwipeActions() {
        let cell = SwipeRowCell(style: .default, reuseIdentifier: "row")
        XCTAssertNil(cell.accessibilityCustomActions)
        cell.actions = [RowAction(title: "Delete"), RowAction(title: nil), RowAction(title: "More")]
        let offered = cell.accessibilityCustomActions ?? []
        XCTAssertEqual(offered.map { $0.name }, ["Delete", "More"])
        XCTAssertTrue(offered.first?.target === cell)
        cell.actions = []
        cell.accessibilityCustomActions = offered
        XCTAssertEqual(cell.accessibilityCustomActions?.count, 2)
        let controller = InboxController()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.view.accessibilityCustomActions?.map { $0.name }, ["Archive", "Flag"])
    }
}
