import Foundation
import FlipbookQuartz

// UIKit's informal UIAccessibility protocol: properties UIKit declares on NSObject, so that any
// object (a view, an image, a bar item, or a plain NSObject a library makes an element of) can
// be labelled: `element.isAccessibilityElement = true; element.accessibilityLabel = …`.
//
// Swift on Linux cannot add overridable members to Foundation's NSObject (members of an
// extension are not overridden), yet UIView's subclasses `override var accessibilityLabel`.
// So the properties are declared once, for every NSObject, in an extension of a protocol NSObject
// adopts (`AccessibleObject`), and UIView and UIBarItem keep their own `open` members, which Swift
// prefers whenever the static type is a view or an item (a class's own member wins over a
// protocol extension's). The extension's members forward to those, so an `NSObject` reference to
// a view reaches the view's (and its subclass's override's) answers. Any other object keeps
// what is set in one `AccessibilityBox` held as an associated object (FlipbookQuartz's
// associated objects): owned by the object when it keeps its own associations (responders,
// images, bar items), else in the side table that follows the object's lifetime
// (docs/Divergences.md, "Accessibility on NSObject"). Nothing reads the values: Flipbook has no
// assistive technology.

/// Objects that have UIKit's informal UIAccessibility properties: every `NSObject` (Flipbook's
/// own name; on iOS the properties are `NSObject`'s). The properties are main-actor isolated,
/// as in the iOS SDK.
public protocol AccessibleObject: AnyObject {}

extension NSObject: AccessibleObject {}

/// The accessibility properties of an object that is not a view, with NSObject's defaults: no
/// strings, not an element, no traits, a zero frame.
struct AccessibilityAttributes {
    var label: String?
    var hint: String?
    var value: String?
    var identifier: String?
    var language: String?
    var isElement = false
    var traits: UIAccessibilityTraits = .none
    var frame: CGRect = .zero
    var viewIsModal = false
    var elementsHidden = false
    var groupsChildren = false
    var elements: [Any]?
    var customActions: [UIAccessibilityCustomAction]?
}

/// One object's accessibility properties, held as its associated object.
final class AccessibilityBox {
    nonisolated(unsafe) static var key: UInt8 = 0  // only its address is used (the association key); never written
    var attributes = AccessibilityAttributes()

    /// The box of `object`, nil if nothing was ever set on it.
    static func existing(_ object: AnyObject) -> AccessibilityBox? {
        objc_getAssociatedObject(object, &key) as? AccessibilityBox
    }

    /// The box of `object`, made (and associated) the first time.
    static func of(_ object: AnyObject) -> AccessibilityBox {
        if let box = existing(object) { return box }
        let box = AccessibilityBox()
        objc_setAssociatedObject(object, &key, box, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return box
    }

    /// The attributes of `object` (the defaults when none were set).
    static func attributes(of object: AnyObject) -> AccessibilityAttributes { existing(object)?.attributes ?? AccessibilityAttributes() }
}

extension AccessibleObject {
    /// Whether assistive technologies see the object as one element (NSObject's default false;
    /// a view's and a bar item's are their own).
    @preconcurrency @MainActor public var isAccessibilityElement: Bool {
        get {
            if let view = self as? UIView { return view.isAccessibilityElement }
            if let item = self as? UIBarItem { return item.isAccessibilityElement }
            return AccessibilityBox.attributes(of: self).isElement
        }
        set {
            if let view = self as? UIView {
                view.isAccessibilityElement = newValue
            } else if let item = self as? UIBarItem {
                item.isAccessibilityElement = newValue
            } else {
                AccessibilityBox.of(self).attributes.isElement = newValue
            }
        }
    }

    /// What VoiceOver reads for the object (default nil).
    @preconcurrency @MainActor public var accessibilityLabel: String? {
        get {
            if let view = self as? UIView { return view.accessibilityLabel }
            if let item = self as? UIBarItem { return item.accessibilityLabel }
            return AccessibilityBox.attributes(of: self).label
        }
        set {
            if let view = self as? UIView {
                view.accessibilityLabel = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityLabel = newValue
            } else {
                AccessibilityBox.of(self).attributes.label = newValue
            }
        }
    }

    /// A hint read after the label (default nil).
    @preconcurrency @MainActor public var accessibilityHint: String? {
        get {
            if let view = self as? UIView { return view.accessibilityHint }
            if let item = self as? UIBarItem { return item.accessibilityHint }
            return AccessibilityBox.attributes(of: self).hint
        }
        set {
            if let view = self as? UIView {
                view.accessibilityHint = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityHint = newValue
            } else {
                AccessibilityBox.of(self).attributes.hint = newValue
            }
        }
    }

    /// The element's value as text (default nil).
    @preconcurrency @MainActor public var accessibilityValue: String? {
        get {
            if let view = self as? UIView { return view.accessibilityValue }
            if let item = self as? UIBarItem { return item.accessibilityValue }
            return AccessibilityBox.attributes(of: self).value
        }
        set {
            if let view = self as? UIView {
                view.accessibilityValue = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityValue = newValue
            } else {
                AccessibilityBox.of(self).attributes.value = newValue
            }
        }
    }

    /// What the element is and does (default `.none`).
    @preconcurrency @MainActor public var accessibilityTraits: UIAccessibilityTraits {
        get {
            if let view = self as? UIView { return view.accessibilityTraits }
            if let item = self as? UIBarItem { return item.accessibilityTraits }
            return AccessibilityBox.attributes(of: self).traits
        }
        set {
            if let view = self as? UIView {
                view.accessibilityTraits = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityTraits = newValue
            } else {
                AccessibilityBox.of(self).attributes.traits = newValue
            }
        }
    }

    /// The element's rectangle in screen coordinates (default `.zero`; a view's follows it).
    @preconcurrency @MainActor public var accessibilityFrame: CGRect {
        get {
            if let view = self as? UIView { return view.accessibilityFrame }
            if let item = self as? UIBarItem { return item.accessibilityFrame }
            return AccessibilityBox.attributes(of: self).frame
        }
        set {
            if let view = self as? UIView {
                view.accessibilityFrame = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityFrame = newValue
            } else {
                AccessibilityBox.of(self).attributes.frame = newValue
            }
        }
    }

    /// Whether VoiceOver ignores the element's siblings (default false).
    @preconcurrency @MainActor public var accessibilityViewIsModal: Bool {
        get {
            if let view = self as? UIView { return view.accessibilityViewIsModal }
            if let item = self as? UIBarItem { return item.accessibilityViewIsModal }
            return AccessibilityBox.attributes(of: self).viewIsModal
        }
        set {
            if let view = self as? UIView {
                view.accessibilityViewIsModal = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityViewIsModal = newValue
            } else {
                AccessibilityBox.of(self).attributes.viewIsModal = newValue
            }
        }
    }

    /// Whether the element's children are hidden from assistive technologies (default false).
    @preconcurrency @MainActor public var accessibilityElementsHidden: Bool {
        get {
            if let view = self as? UIView { return view.accessibilityElementsHidden }
            if let item = self as? UIBarItem { return item.accessibilityElementsHidden }
            return AccessibilityBox.attributes(of: self).elementsHidden
        }
        set {
            if let view = self as? UIView {
                view.accessibilityElementsHidden = newValue
            } else if let item = self as? UIBarItem {
                item.accessibilityElementsHidden = newValue
            } else {
                AccessibilityBox.of(self).attributes.elementsHidden = newValue
            }
        }
    }

    /// The language the element's text is read in, a BCP 47 tag (default nil).
    @preconcurrency @MainActor public var accessibilityLanguage: String? {
        get { AccessibilityBox.attributes(of: self).language }
        set { AccessibilityBox.of(self).attributes.language = newValue }
    }

    /// Whether VoiceOver reads the element's children as a group (default false).
    @preconcurrency @MainActor public var shouldGroupAccessibilityChildren: Bool {
        get { AccessibilityBox.attributes(of: self).groupsChildren }
        set { AccessibilityBox.of(self).attributes.groupsChildren = newValue }
    }

    /// The container's elements, in reading order (default nil); a responder's
    /// `accessibilityElementCount()`, `accessibilityElement(at:)` and
    /// `index(ofAccessibilityElement:)` answer from it, as UIKit's do.
    @preconcurrency @MainActor public var accessibilityElements: [Any]? {
        get {
            if let responder = self as? UIResponder { return responder.accessibilityElements }
            return AccessibilityBox.attributes(of: self).elements
        }
        set {
            if let responder = self as? UIResponder {
                responder.accessibilityElements = newValue
            } else {
                AccessibilityBox.of(self).attributes.elements = newValue
            }
        }
    }

    /// The element's custom actions (default nil); a responder's are its own `open` property,
    /// which subclasses override.
    @preconcurrency @MainActor public var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get {
            if let responder = self as? UIResponder { return responder.accessibilityCustomActions }
            return AccessibilityBox.attributes(of: self).customActions
        }
        set {
            if let responder = self as? UIResponder {
                responder.accessibilityCustomActions = newValue
            } else {
                AccessibilityBox.of(self).attributes.customActions = newValue
            }
        }
    }
}
