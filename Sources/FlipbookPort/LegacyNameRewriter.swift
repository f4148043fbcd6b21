import SwiftSyntax

/// UIKit and Core Animation names that Swift 4.2 renamed, written as the SDK spells them now
/// (what Xcode's migrator does): `UIGestureRecognizerState` -> `UIGestureRecognizer.State`,
/// `UIKeyboardFrameEndUserInfoKey` -> `UIResponder.keyboardFrameEndUserInfoKey`,
/// `kCAMediaTimingFunctionEaseOut` -> `CAMediaTimingFunctionName.easeOut`,
/// `NSNotification.Name.UIKeyboardWillShow` -> `UIResponder.keyboardWillShowNotification`.
/// Libraries last touched before Swift 4.2 use the old names; today's iOS SDK refuses them too,
/// so the new spelling compiles on both (docs/Porting.md, "Swift 4.2 names").
final class LegacyNameRewriter: FileVisitor {
    /// Old name -> today's spelling, for names that stand alone (types and constants).
    static let names: [String: String] = [
        // Types nested in their classes.
        "UIViewAnimationOptions": "UIView.AnimationOptions", "UIViewAnimationCurve": "UIView.AnimationCurve",
        "UIViewContentMode": "UIView.ContentMode", "UIViewAutoresizing": "UIView.AutoresizingMask",
        "UIViewKeyframeAnimationOptions": "UIView.KeyframeAnimationOptions",
        "UIGestureRecognizerState": "UIGestureRecognizer.State",
        "UINavigationControllerOperation": "UINavigationController.Operation",
        "UIBarButtonItemStyle": "UIBarButtonItem.Style", "UIBarButtonSystemItem": "UIBarButtonItem.SystemItem",
        "UIControlState": "UIControl.State", "UIControlEvents": "UIControl.Event",
        "UIButtonType": "UIButton.ButtonType",
        "UITableViewCellStyle": "UITableViewCell.CellStyle",
        "UITableViewCellSelectionStyle": "UITableViewCell.SelectionStyle",
        "UITableViewStyle": "UITableView.Style", "UITableViewRowAnimation": "UITableView.RowAnimation",
        "UITableViewScrollPosition": "UITableView.ScrollPosition",
        "UICollectionViewScrollDirection": "UICollectionView.ScrollDirection",
        "UICollectionViewScrollPosition": "UICollectionView.ScrollPosition",
        "UILayoutConstraintAxis": "NSLayoutConstraint.Axis", "NSLayoutAttribute": "NSLayoutConstraint.Attribute",
        "NSLayoutRelation": "NSLayoutConstraint.Relation",
        "UIStackViewAlignment": "UIStackView.Alignment", "UIStackViewDistribution": "UIStackView.Distribution",
        "UIBlurEffectStyle": "UIBlurEffect.Style", "UIImageRenderingMode": "UIImage.RenderingMode",
        "UITouchPhase": "UITouch.Phase", "UISwipeGestureRecognizerDirection": "UISwipeGestureRecognizer.Direction",
        "NSAttributedStringKey": "NSAttributedString.Key",
        // Keyboard user-info keys.
        "UIKeyboardFrameEndUserInfoKey": "UIResponder.keyboardFrameEndUserInfoKey",
        "UIKeyboardFrameBeginUserInfoKey": "UIResponder.keyboardFrameBeginUserInfoKey",
        "UIKeyboardAnimationDurationUserInfoKey": "UIResponder.keyboardAnimationDurationUserInfoKey",
        "UIKeyboardAnimationCurveUserInfoKey": "UIResponder.keyboardAnimationCurveUserInfoKey",
        // Core Animation's string constants.
        "kCAMediaTimingFunctionLinear": "CAMediaTimingFunctionName.linear",
        "kCAMediaTimingFunctionEaseIn": "CAMediaTimingFunctionName.easeIn",
        "kCAMediaTimingFunctionEaseOut": "CAMediaTimingFunctionName.easeOut",
        "kCAMediaTimingFunctionEaseInEaseOut": "CAMediaTimingFunctionName.easeInEaseOut",
        "kCAMediaTimingFunctionDefault": "CAMediaTimingFunctionName.default",
        "kCAFillModeForwards": "CAMediaTimingFillMode.forwards", "kCAFillModeBackwards": "CAMediaTimingFillMode.backwards",
        "kCAFillModeBoth": "CAMediaTimingFillMode.both", "kCAFillModeRemoved": "CAMediaTimingFillMode.removed",
        "kCATransitionFade": "CATransitionType.fade", "kCATransitionPush": "CATransitionType.push",
        "kCATransitionMoveIn": "CATransitionType.moveIn", "kCATransitionReveal": "CATransitionType.reveal",
        "kCATransitionFromRight": "CATransitionSubtype.fromRight", "kCATransitionFromLeft": "CATransitionSubtype.fromLeft",
        "kCATransitionFromTop": "CATransitionSubtype.fromTop", "kCATransitionFromBottom": "CATransitionSubtype.fromBottom",
    ]

    /// Old notification names (`NSNotification.Name.UIKeyboardWillShow`, or `.UIKeyboardWillShow`
    /// where a name is expected) -> today's.
    static let notifications: [String: String] = [
        "UIKeyboardWillShow": "UIResponder.keyboardWillShowNotification",
        "UIKeyboardDidShow": "UIResponder.keyboardDidShowNotification",
        "UIKeyboardWillHide": "UIResponder.keyboardWillHideNotification",
        "UIKeyboardDidHide": "UIResponder.keyboardDidHideNotification",
        "UIKeyboardWillChangeFrame": "UIResponder.keyboardWillChangeFrameNotification",
        "UIKeyboardDidChangeFrame": "UIResponder.keyboardDidChangeFrameNotification",
        "UIApplicationDidBecomeActive": "UIApplication.didBecomeActiveNotification",
        "UIApplicationWillResignActive": "UIApplication.willResignActiveNotification",
        "UIApplicationDidEnterBackground": "UIApplication.didEnterBackgroundNotification",
        "UIApplicationWillEnterForeground": "UIApplication.willEnterForegroundNotification",
    ]

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        guard node.genericArgumentClause == nil, let new = Self.names[node.name.text] else { return .visitChildren }
        rename(node.name, to: new)
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // A member's own name (`x.UIViewContentMode`) is not the global.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
        guard let new = Self.names[node.baseName.text] else { return .visitChildren }
        rename(node.baseName, to: new)
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        guard let new = Self.notifications[name] else { return .visitChildren }
        let base = node.base?.trimmedDescription
        // `NSNotification.Name.X`, `Notification.Name.X`, or `.X` (a name where one is expected).
        guard base == nil || base == "NSNotification.Name" || base == "Notification.Name" else { return .visitChildren }
        file.replace(node, with: new)
        file.change(.legacyName, at: node, "`\(node.oneLine)` -> `\(new)` (renamed in Swift 4.2)")
        return .skipChildren
    }

    private func rename(_ token: TokenSyntax, to new: String) {
        file.replace(token, with: new)
        file.change(.legacyName, at: token, "`\(token.text)` -> `\(new)` (renamed in Swift 4.2)")
    }
}
