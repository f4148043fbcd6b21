// UIKit and Core Graphics API that ported iOS libraries stopped on (branch `gaps`), written as
// those libraries write it and compiled in the Swift 5 language mode, as they are. Only the
// import differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A bulletin-board style text-input page: a rounded field whose delegate ends editing on return.
final class TextInputPage: UIViewController, UITextFieldDelegate {
    let field = UITextField()
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        field.returnKeyType = .done
        field.autocapitalizationType = .words
        field.autocorrectionType = .no
        field.keyboardType = .default
        field.clearButtonMode = .whileEditing
        field.delegate = self
        field.frame = CGRect(x: 20, y: 100, width: 200, height: 34)
        field.addTarget(self, action: { page in page.log.append("changed \(page.field.text ?? "")") }, for: .editingChanged)
        view.addSubview(field)
    }

    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("begin") }
    func textFieldDidEndEditing(_ textField: UITextField) { log.append("end") }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }
}

/// A layout option dictionary as a library reads it: numbers as `NSNumber`s.
struct CardOptions {
    var values: [String: Any]
    var width: CGFloat? {
        let number = values["width"] as? NSNumber
        return number.flatMap(CGFloat.init)
    }
}

/// A message list that makes plain objects accessibility elements.
final class MessageAccessibility {
    var elements: [NSObject] = []
    func label(_ messages: [String]) {
        elements = messages.map { _ in NSObject() }
        for (element, message) in zip(elements, messages) {
            element.isAccessibilityElement = true
            if element.accessibilityLabel == nil { element.accessibilityLabel = message }
            element.accessibilityTraits = .staticText
        }
    }
}

/// A photo browser's orientation fix: the image redrawn turned in a bitmap context.
func redrawTurned(_ image: UIImage) -> UIImage? {
    guard let cgImage = image.cgImage, let space = cgImage.colorSpace else { return nil }
    let ctx = CGContext(
        data: nil, width: cgImage.height, height: cgImage.width, bitsPerComponent: cgImage.bitsPerComponent,
        bytesPerRow: 0, space: space, bitmapInfo: cgImage.bitmapInfo.rawValue)
    guard let ctx else { return nil }
    ctx.concatenate(CGAffineTransform(translationX: CGFloat(cgImage.height), y: 0).rotated(by: .pi / 2))
    ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: cgImage.width, height: cgImage.height))
    return ctx.makeImage().map { UIImage(cgImage: $0) }
}

final class PortedLibraryGapsTests: XCTestCase {
    func testATextFieldPageEditsThroughItsDelegate() {
        let page = TextInputPage()
        let app = AppDriver(rootViewController: page)
        app.advanceFrames(1)
        XCTAssertTrue(page.field.becomeFirstResponder())
        XCTAssertTrue(page.field.isEditing)
        page.field.insertText("Ada")
        page.field.deleteBackward()
        page.field.insertText("\n")
        XCTAssertFalse(page.field.isFirstResponder)
        XCTAssertEqual(page.log, ["begin", "changed Ada", "changed Ad", "end"])
        XCTAssertEqual(page.field.text, "Ad")
    }

    func testNumbersBecomeCGFloatsWithoutMakingOtherConversionsAmbiguous() {
        XCTAssertEqual(CardOptions(values: ["width": NSNumber(value: 120.5)]).width, 120.5)
        XCTAssertNil(CardOptions(values: [:]).width)
        let i = 3
        let d = 2.5
        let f: Float = 1.5
        let values = [CGFloat(5), CGFloat(i), CGFloat(d), CGFloat(5.5), CGFloat(f), CGFloat(i + 1)]
        XCTAssertEqual(values, [5, 3, 2.5, 5.5, 1.5, 4])
        XCTAssertEqual(CGFloat(truncating: NSNumber(value: 7)), 7)
        XCTAssertEqual(CGFloat(exactly: NSNumber(value: 0.25)), 0.25)
    }

    func testPlainObjectsAreLabelledForVoiceOver() {
        let list = MessageAccessibility()
        list.label(["Hi", "Bye"])
        XCTAssertEqual(list.elements.map(\.accessibilityLabel), ["Hi", "Bye"])
        XCTAssertTrue(list.elements.allSatisfy(\.isAccessibilityElement))
    }

    func testAnImageIsRedrawnTurned() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2)).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        }
        let turned = redrawTurned(image)
        XCTAssertEqual(turned?.cgImage?.width, image.cgImage!.height)
        XCTAssertEqual(turned?.cgImage?.height, image.cgImage!.width)
    }

    /// A settings cell sets where shrunk titles sit (kept, as UIKit's default says).
    func testLabelsKeepTheirBaselineAdjustment() {
        let title = UILabel()
        XCTAssertEqual(title.baselineAdjustment, .alignBaselines)
        title.adjustsFontSizeToFitWidth = true
        title.baselineAdjustment = .alignCenters
        XCTAssertEqual(title.baselineAdjustment.rawValue, 1)
        XCTAssertEqual(UIBaselineAdjustment(rawValue: 2), UIBaselineAdjustment.none)
    }
}
