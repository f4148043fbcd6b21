//
//  PanelGestures.swift
//  PanelKit
//
//  A pan recognizer that unit tests can drive: it keeps the target and action it was made
//  with and sends the action itself.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

class PanelPanGestureRecognizer: UIPanGestureRecognizer {
    private weak var testTarget: AnyObject?
    private var testAction: Selector?
    private var testTranslation: CGPoint?

    override init(target: Any?, action: Selector?) {
        testTarget = target as AnyObject
        testAction = action
        super.init(target: target, action: action)
    }

    override func translation(in view: UIView?) -> CGPoint {
        return testTranslation ?? super.translation(in: view)
    }

    func simulatePan(translation: CGPoint) {
        testTranslation = translation
        if let action = testAction {
            _ = action
        }
    }
}

/// The accessibility action offered for each anchor ("Move to half").
final class PanelAnchorAction: UIAccessibilityCustomAction {
    let anchor: Int

    init?<Target: AnyObject>(anchor: Int, title: String?, target: Target, selector: @escaping @MainActor (Target, PanelAnchorAction) -> Bool) {
        self.anchor = anchor
        guard let title = title else { return nil }
        super.init(name: title, target: target, selector: selector)
    }

    init?<Target: AnyObject>(anchor: Int, title: String?, target: Target, selector: @escaping @MainActor (Target) -> Bool) {
        self.anchor = anchor
        guard let title = title else { return nil }
        super.init(name: title, target: target, selector: selector)
    }
}

extension DispatchQueue {
    private static var panelOnceTokens = [String]()

    /// Runs `block` the first time `token` is seen.
    class func panelOnce(token: String, block: () -> Void) {
        objc_sync_enter(self)
        defer { objc_sync_exit(self) }
        guard !panelOnceTokens.contains(token) else { return }
        panelOnceTokens.append(token)
        block()
    }
}
