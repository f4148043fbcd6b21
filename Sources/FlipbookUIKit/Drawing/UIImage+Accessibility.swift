import Foundation

// UIKit's informal UIAccessibility protocol on UIImage (an NSObject that is not a view): apps
// label images for VoiceOver (`image.accessibilityLabel = …`) before handing them to image
// views. Stored on the image with NSObject's defaults; nothing reads them (Flipbook has no
// assistive technology), and images derived from this one (`withTintColor(_:)`, …) start
// without them.
extension UIImage {
    /// What VoiceOver reads for the image (default nil).
    @preconcurrency @MainActor public var accessibilityLabel: String? {
        get { accessibilityAttributes.label }
        set { accessibilityAttributes.label = newValue }
    }
    /// A hint read after the label (default nil).
    @preconcurrency @MainActor public var accessibilityHint: String? {
        get { accessibilityAttributes.hint }
        set { accessibilityAttributes.hint = newValue }
    }
    /// The element's value as text (default nil).
    @preconcurrency @MainActor public var accessibilityValue: String? {
        get { accessibilityAttributes.value }
        set { accessibilityAttributes.value = newValue }
    }
    /// A string that identifies the image in UI tests (default nil).
    @preconcurrency @MainActor public var accessibilityIdentifier: String? {
        get { accessibilityAttributes.identifier }
        set { accessibilityAttributes.identifier = newValue }
    }
    /// Whether the image is an accessibility element (default false, NSObject's default).
    @preconcurrency @MainActor public var isAccessibilityElement: Bool {
        get { accessibilityAttributes.isElement }
        set { accessibilityAttributes.isElement = newValue }
    }
    /// What the element is and does (default `.none`).
    @preconcurrency @MainActor public var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityAttributes.traits }
        set { accessibilityAttributes.traits = newValue }
    }
    /// The element's rectangle in screen coordinates (default `.zero`).
    @preconcurrency @MainActor public var accessibilityFrame: CGRect {
        get { accessibilityAttributes.frame }
        set { accessibilityAttributes.frame = newValue }
    }
    /// Whether VoiceOver ignores the element's siblings (default false).
    @preconcurrency @MainActor public var accessibilityViewIsModal: Bool {
        get { accessibilityAttributes.viewIsModal }
        set { accessibilityAttributes.viewIsModal = newValue }
    }
    /// Whether the element's children are hidden from assistive technologies (default false).
    @preconcurrency @MainActor public var accessibilityElementsHidden: Bool {
        get { accessibilityAttributes.elementsHidden }
        set { accessibilityAttributes.elementsHidden = newValue }
    }
}
