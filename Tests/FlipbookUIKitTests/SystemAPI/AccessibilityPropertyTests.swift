import Foundation
import Testing
import TestSupport
import Flipbook

/// UIKit's informal UIAccessibility properties on views, images and bar items: they exist,
/// store what is set, and start at UIKit's defaults.
@Suite(.freshRuntime) @MainActor struct AccessibilityPropertyTests {
    @Test func imagesStoreAccessibilityProperties() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
        #expect(image.accessibilityLabel == nil && !image.isAccessibilityElement)
        #expect(image.accessibilityTraits == .none && image.accessibilityFrame == .zero)
        image.accessibilityLabel = "Photo 3 of 10"
        image.accessibilityHint = "Double-tap to zoom"
        image.accessibilityValue = "3"
        image.accessibilityIdentifier = "photo"
        image.isAccessibilityElement = true
        image.accessibilityTraits = [.image, .updatesFrequently]
        image.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        image.accessibilityViewIsModal = true
        image.accessibilityElementsHidden = true
        #expect(image.accessibilityLabel == "Photo 3 of 10" && image.accessibilityHint == "Double-tap to zoom")
        #expect(image.accessibilityValue == "3" && image.accessibilityIdentifier == "photo")
        #expect(image.isAccessibilityElement && image.accessibilityTraits == [.image, .updatesFrequently])
        #expect(image.accessibilityFrame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(image.accessibilityViewIsModal && image.accessibilityElementsHidden)
        // Each image keeps its own.
        let other = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
        #expect(other.accessibilityLabel == nil)
    }

    @Test func barItemsStoreAccessibilityProperties() {
        let item = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
        #expect(item.accessibilityLabel == nil && !item.isAccessibilityElement && item.accessibilityTraits == .none)
        item.accessibilityLabel = "Close"
        item.accessibilityHint = "Closes the browser"
        item.accessibilityValue = "v"
        item.accessibilityIdentifier = "close"
        item.isAccessibilityElement = true
        item.accessibilityTraits = .button
        item.accessibilityFrame = CGRect(x: 0, y: 0, width: 44, height: 44)
        item.accessibilityViewIsModal = true
        item.accessibilityElementsHidden = true
        #expect(item.accessibilityLabel == "Close" && item.accessibilityHint == "Closes the browser")
        #expect(item.accessibilityValue == "v" && item.accessibilityIdentifier == "close")
        #expect(item.isAccessibilityElement && item.accessibilityTraits == .button)
        #expect(item.accessibilityFrame.size == CGSize(width: 44, height: 44))
        #expect(item.accessibilityViewIsModal && item.accessibilityElementsHidden)
        let tab = UITabBarItem(title: "Photos", image: nil, tag: 0)
        tab.accessibilityLabel = "Photos tab"
        #expect(tab.accessibilityLabel == "Photos tab")
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in }
        let identified: [any UIAccessibilityIdentification] = [item, UIView(), image]
        #expect(identified.map(\.accessibilityIdentifier) == ["close", nil, nil])
    }

    @Test func viewAccessibilityFrameFollowsTheViewUntilSet() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root)
        let container = UIView(frame: CGRect(x: 10, y: 100, width: 200, height: 200))
        let view = UIView(frame: CGRect(x: 20, y: 30, width: 50, height: 40))
        container.addSubview(view)
        root.view.addSubview(container)
        app.window.layoutIfNeeded()
        #expect(view.accessibilityFrame == CGRect(x: 30, y: 130, width: 50, height: 40))
        container.frame.origin.x = 60
        #expect(view.accessibilityFrame.minX == 80)
        view.accessibilityFrame = CGRect(x: 1, y: 1, width: 1, height: 1)
        container.frame.origin.x = 0
        #expect(view.accessibilityFrame == CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(!view.accessibilityIgnoresInvertColors)
        view.accessibilityIgnoresInvertColors = true
        #expect(view.accessibilityIgnoresInvertColors)
        view.accessibilityViewIsModal = true
        view.accessibilityElementsHidden = true
        #expect(view.accessibilityViewIsModal && view.accessibilityElementsHidden)
    }

    @Test func plainNSObjectsAreAccessibilityElements() {
        // A message list's elements, as a library writes them.
        let elements: [NSObject] = [NSObject(), NSObject()]
        for (i, element) in elements.enumerated() {
            #expect(!element.isAccessibilityElement && element.accessibilityLabel == nil)
            element.isAccessibilityElement = true
            if element.accessibilityLabel == nil { element.accessibilityLabel = "message \(i)" }
        }
        #expect(elements.map(\.accessibilityLabel) == ["message 0", "message 1"])
        #expect(elements.filter { !$0.isAccessibilityElement }.isEmpty)
        let element = elements[0]
        element.accessibilityHint = "Double-tap to reply"
        element.accessibilityValue = "unread"
        element.accessibilityTraits = .staticText
        element.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        element.accessibilityLanguage = "fr"
        element.shouldGroupAccessibilityChildren = true
        #expect(element.accessibilityHint == "Double-tap to reply" && element.accessibilityValue == "unread")
        #expect(element.accessibilityTraits == .staticText && element.accessibilityFrame.width == 3)
        #expect(element.accessibilityLanguage == "fr" && element.shouldGroupAccessibilityChildren)
        #expect(elements[1].accessibilityHint == nil && !elements[1].shouldGroupAccessibilityChildren)
    }

    @Test func anNSObjectReferenceReachesAViewsOwnProperties() {
        let label = UILabel()
        label.text = "Hello"
        let asObject: NSObject = label
        #expect(asObject.accessibilityLabel == "Hello" && asObject.isAccessibilityElement)
        #expect(asObject.accessibilityTraits == .staticText)
        asObject.accessibilityLabel = "Greeting"
        #expect(label.accessibilityLabel == "Greeting")
        let badge: NSObject = BadgeView()
        #expect(badge.accessibilityLabel == "3 new")                 // the subclass's override
        badge.accessibilityHint = "Opens the inbox"
        #expect((badge as! UIView).accessibilityHint == "Opens the inbox")
        let item = UIBarButtonItem()
        let itemObject: NSObject = item
        itemObject.accessibilityLabel = "Share"
        #expect(item.accessibilityLabel == "Share" && itemObject.accessibilityLabel == "Share")
        let image = UIImage()
        image.accessibilityLabel = "Photo"
        #expect((image as NSObject).accessibilityLabel == "Photo")
    }

    @Test func containersAnswerFromAccessibilityElements() {
        let container = UIView()
        let a = NSObject(), b = UIView()
        #expect(container.accessibilityElementCount() == 0)
        container.accessibilityElements = [a, b]
        #expect(container.accessibilityElementCount() == 2)
        #expect((container.accessibilityElement(at: 1) as? UIView) === b)
        #expect(container.accessibilityElement(at: 2) == nil)
        #expect(container.index(ofAccessibilityElement: a) == 0)
        #expect(container.index(ofAccessibilityElement: NSObject()) == NSNotFound)
    }
}

/// A view whose label is computed, as apps override it.
@MainActor final class BadgeView: UIView {
    override var accessibilityLabel: String? {
        get { "3 new" }
        set {}
    }
}
