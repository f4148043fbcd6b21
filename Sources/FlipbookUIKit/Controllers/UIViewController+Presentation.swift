import Foundation
import FlipbookQuartz

extension UIViewController {
    /// The controller that presented this one (or one of its ancestors), nil if none.
    public var presentingViewController: UIViewController? {
        storedPresentingViewController ?? parent?.presentingViewController
    }

    /// The controller this one (or one of its ancestors) presented, nil if none.
    public var presentedViewController: UIViewController? {
        storedPresentedViewController ?? parent?.presentedViewController
    }

    /// The presentation controller that manages (or will manage) this controller's
    /// presentation. Read before `present` it is created for the current
    /// `modalPresentationStyle`, so a sheet can be configured first, as in UIKit.
    public var presentationController: UIPresentationController? {
        if let record = presentationRecord { return record.presentationController }
        if modalPresentationStyle == .popover {
            if let popover = preparedPresentationController as? UIPopoverPresentationController { return popover }
            let popover = UIPopoverPresentationController(presentedViewController: self, presenting: nil)
            preparedPresentationController = popover
            return popover
        }
        let style = resolvedModalPresentationStyle
        if let prepared = preparedPresentationController, prepared.fits(style) { return prepared }
        let made: UIPresentationController
        if style == .custom, let delegate = transitioningDelegate,
           let custom = delegate.presentationController(forPresented: self, presenting: nil, source: self) {
            made = custom
        } else {
            made = UIPresentationController.builtIn(for: style, presented: self, presenting: nil)
        }
        preparedPresentationController = made
        return made
    }

    /// The sheet presentation controller when the style is `.pageSheet`, `.formSheet`
    /// or `.automatic`; nil otherwise.
    public var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }

    /// The presenter a presentation from this controller uses: the nearest ancestor
    /// defining a presentation context for the context styles, else the top-most ancestor.
    func resolvedPresenter(for style: UIModalPresentationStyle) -> UIViewController {
        if style.usesPresentationContext {
            var current: UIViewController? = self
            while let vc = current {
                if vc.definesPresentationContext { return vc }
                current = vc.parent
            }
        }
        var top = self
        while let p = top.parent { top = p }
        return top
    }

    /// The bottom of this controller's presentation stack (the window's root side).
    var presentationStackRoot: UIViewController {
        var root = self
        while true {
            if let p = root.parent { root = p } else if let p = root.storedPresentingViewController { root = p } else { break }
        }
        return root
    }

    /// A transition running anywhere in this controller's presentation stack.
    var transitionInProgressInStack: ViewControllerTransitionContext? {
        var current: UIViewController? = presentationStackRoot
        while let vc = current {
            if let context = vc.involvedTransition { return context }
            current = vc.storedPresentedViewController
        }
        return nil
    }

    func performPresent(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?) {
        let vc = viewControllerToPresent
        if vc === self || (sequence(first: self, next: { $0.parent }).contains { $0 === vc }) {
            FlipbookDiagnostics.report(
                "Application tried to present modal view controller on itself. Presenting controller is \(describe(vc)).")
            return
        }
        if let by = vc.storedPresentingViewController {
            FlipbookDiagnostics.report(
                "Application tried to present modally a view controller \(describe(vc)) that is already being presented by \(describe(by)).")
            return
        }
        if let parent = vc.parent {
            FlipbookDiagnostics.report(
                "Application tried to present modally a view controller \(describe(vc)) that has a parent view controller \(describe(parent)).")
            return
        }
        let style = vc.resolvedModalPresentationStyle
        let presenter = resolvedPresenter(for: style)
        let from = presenter === self ? "" : " (from \(describe(self)))"
        if let running = transitionInProgressInStack {
            let what = running.kind.noun
            FlipbookDiagnostics.report(
                "Attempt to present \(describe(vc)) on \(describe(presenter))\(from) while a \(what) is in progress.")
            return
        }
        if let already = presenter.storedPresentedViewController {
            FlipbookDiagnostics.report(
                "Attempt to present \(describe(vc)) on \(describe(presenter))\(from) which is already presenting \(describe(already)).")
            return
        }
        guard presenter.viewIfLoaded?.window != nil else {
            FlipbookDiagnostics.report(
                "Attempt to present \(describe(vc)) on \(describe(presenter))\(from) whose view is not in the window hierarchy.")
            return
        }
        ModalTransition.present(vc, presenter: presenter, source: self, animated: flag, completion: completion)
    }

    func performDismiss(animated flag: Bool, completion: (() -> Void)?) {
        let target: UIViewController
        if let presented = presentedViewController {
            target = presented
        } else if presentingViewController != nil {
            var root = self
            while root.storedPresentingViewController == nil, let p = root.parent { root = p }
            target = root
        } else {
            FlipbookDiagnostics.report(
                "dismiss(animated:completion:) on \(describe(self)), which neither presents nor is presented: nothing to dismiss.")
            return
        }
        if transitionInProgressInStack != nil {
            FlipbookDiagnostics.report(
                "Attempt to dismiss from view controller \(describe(self)) while a presentation or dismiss is in progress.")
            return
        }
        ModalTransition.dismiss(target, animated: flag, completion: completion)
    }
}

extension UIPresentationController {
    /// The built-in presentation controller UIKit uses for `style`.
    static func builtIn(
        for style: UIModalPresentationStyle, presented: UIViewController, presenting: UIViewController?
    ) -> UIPresentationController {
        switch style {
        case .fullScreen, .currentContext:
            return FullScreenPresentationController(presentedViewController: presented, presenting: presenting)
        case .pageSheet, .formSheet:
            return UISheetPresentationController(presentedViewController: presented, presenting: presenting)
        default:
            return OverFullScreenPresentationController(presentedViewController: presented, presenting: presenting)
        }
    }

    /// Whether a controller created early can serve a presentation with `style`.
    func fits(_ style: UIModalPresentationStyle) -> Bool {
        switch style {
        case .fullScreen, .currentContext: return self is FullScreenPresentationController
        case .pageSheet, .formSheet: return self is UISheetPresentationController
        case .custom: return true
        default: return self is OverFullScreenPresentationController
        }
    }
}
