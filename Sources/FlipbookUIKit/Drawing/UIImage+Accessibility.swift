import Foundation

// UIKit's informal UIAccessibility properties on UIImage come from NSObject
// (Appearance/NSObject+Accessibility.swift): apps label images for VoiceOver
// (`image.accessibilityLabel = …`) before handing them to image views. Images derived from this
// one (`withTintColor(_:)`, …) start without them. The identifier is UIAccessibilityIdentification's.
extension UIImage {
    /// A string that identifies the image in UI tests (default nil).
    @preconcurrency @MainActor public var accessibilityIdentifier: String? {
        get { AccessibilityBox.attributes(of: self).identifier }
        set { AccessibilityBox.of(self).attributes.identifier = newValue }
    }
}
