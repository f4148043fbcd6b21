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
}
