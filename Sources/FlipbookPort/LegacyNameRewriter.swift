import SwiftSyntax

/// UIKit and Core Animation names that Swift 4.2 renamed, written as the SDK spells them now
/// (what Xcode's migrator does): `UIGestureRecognizerState` -> `UIGestureRecognizer.State`,
/// `UIKeyboardFrameEndUserInfoKey` -> `UIResponder.keyboardFrameEndUserInfoKey`,
/// `kCAMediaTimingFunctionEaseOut` -> `CAMediaTimingFunctionName.easeOut`,
/// `NSNotification.Name.UIKeyboardWillShow` -> `UIResponder.keyboardWillShowNotification`.
/// Libraries last touched before Swift 4.2 use the old names; today's iOS SDK refuses them too,
/// so the new spelling compiles on both (docs/Porting.md, "Swift 4.2 names").
final class LegacyNameRewriter: IndexedFileVisitor {
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
        "UIWindowLevel": "UIWindow.Level", "UIApplicationLaunchOptionsKey": "UIApplication.LaunchOptionsKey",
        "UIApplicationState": "UIApplication.State", "UIFontTextStyle": "UIFont.TextStyle",
        "UIImageOrientation": "UIImage.Orientation", "UIEventType": "UIEvent.EventType", "UITouchType": "UITouch.TouchType",
        "UIControlContentHorizontalAlignment": "UIControl.ContentHorizontalAlignment",
        "UIControlContentVerticalAlignment": "UIControl.ContentVerticalAlignment",
        "UIScrollViewKeyboardDismissMode": "UIScrollView.KeyboardDismissMode",
        "UIScrollViewIndicatorStyle": "UIScrollView.IndicatorStyle",
        "UIScrollViewContentInsetAdjustmentBehavior": "UIScrollView.ContentInsetAdjustmentBehavior",
        "UIPageViewControllerNavigationDirection": "UIPageViewController.NavigationDirection",
        "UIPageViewControllerNavigationOrientation": "UIPageViewController.NavigationOrientation",
        "UIPageViewControllerTransitionStyle": "UIPageViewController.TransitionStyle",
        "UITableViewCellAccessoryType": "UITableViewCell.AccessoryType",
        "UITableViewCellSeparatorStyle": "UITableViewCell.SeparatorStyle",
        "UITableViewCellEditingStyle": "UITableViewCell.EditingStyle",
        "UIViewTintAdjustmentMode": "UIView.TintAdjustmentMode", "UIViewAnimationTransition": "UIView.AnimationTransition",
        "UITextFieldViewMode": "UITextField.ViewMode", "UITextBorderStyle": "UITextField.BorderStyle",
        "UIActivityIndicatorViewStyle": "UIActivityIndicatorView.Style",
        "UIAlertControllerStyle": "UIAlertController.Style", "UIAlertActionStyle": "UIAlertAction.Style",
        "RunLoopMode": "RunLoop.Mode",
        // Constants that moved into their types.
        "UIWindowLevelNormal": "UIWindow.Level.normal", "UIWindowLevelStatusBar": "UIWindow.Level.statusBar",
        "UIWindowLevelAlert": "UIWindow.Level.alert",
        "UILayoutFittingCompressedSize": "UIView.layoutFittingCompressedSize",
        "UILayoutFittingExpandedSize": "UIView.layoutFittingExpandedSize",
        "UIViewNoIntrinsicMetric": "UIView.noIntrinsicMetric",
        "UITableViewAutomaticDimension": "UITableView.automaticDimension",
        "UICollectionElementKindSectionHeader": "UICollectionView.elementKindSectionHeader",
        "UICollectionElementKindSectionFooter": "UICollectionView.elementKindSectionFooter",
        "UILayoutPriorityRequired": "UILayoutPriority.required", "UILayoutPriorityDefaultHigh": "UILayoutPriority.defaultHigh",
        "UILayoutPriorityDefaultLow": "UILayoutPriority.defaultLow",
        "UILayoutPriorityFittingSizeLevel": "UILayoutPriority.fittingSizeLevel",
        "UIScrollViewDecelerationRateNormal": "UIScrollView.DecelerationRate.normal",
        "UIScrollViewDecelerationRateFast": "UIScrollView.DecelerationRate.fast",
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
        "kCAGravityResize": "CALayerContentsGravity.resize", "kCAGravityResizeAspect": "CALayerContentsGravity.resizeAspect",
        "kCAGravityResizeAspectFill": "CALayerContentsGravity.resizeAspectFill",
        "kCAGravityCenter": "CALayerContentsGravity.center", "kCAGravityTop": "CALayerContentsGravity.top",
        "kCAGravityBottom": "CALayerContentsGravity.bottom",
        "kCALineCapButt": "CAShapeLayerLineCap.butt", "kCALineCapRound": "CAShapeLayerLineCap.round",
        "kCALineCapSquare": "CAShapeLayerLineCap.square",
        "kCALineJoinMiter": "CAShapeLayerLineJoin.miter", "kCALineJoinRound": "CAShapeLayerLineJoin.round",
        "kCALineJoinBevel": "CAShapeLayerLineJoin.bevel",
        "kCAFillRuleNonZero": "CAShapeLayerFillRule.nonZero", "kCAFillRuleEvenOdd": "CAShapeLayerFillRule.evenOdd",
        "kCAGradientLayerAxial": "CAGradientLayerType.axial", "kCAGradientLayerRadial": "CAGradientLayerType.radial",
        "kCAAnimationLinear": "CAAnimationCalculationMode.linear", "kCAAnimationDiscrete": "CAAnimationCalculationMode.discrete",
        "kCAAnimationPaced": "CAAnimationCalculationMode.paced", "kCAAnimationCubic": "CAAnimationCalculationMode.cubic",
        "kCAAnimationCubicPaced": "CAAnimationCalculationMode.cubicPaced",
        "kCAAnimationRotateAuto": "CAAnimationRotationMode.rotateAuto",
        "kCAAnimationRotateAutoReverse": "CAAnimationRotationMode.rotateAutoReverse",
        "kCATransitionFromRight": "CATransitionSubtype.fromRight", "kCATransitionFromLeft": "CATransitionSubtype.fromLeft",
        "kCATransitionFromTop": "CATransitionSubtype.fromTop", "kCATransitionFromBottom": "CATransitionSubtype.fromBottom",
        "kCAEmitterLayerPoint": "CAEmitterLayerEmitterShape.point", "kCAEmitterLayerLine": "CAEmitterLayerEmitterShape.line",
        "kCAEmitterLayerRectangle": "CAEmitterLayerEmitterShape.rectangle",
        "kCAEmitterLayerCuboid": "CAEmitterLayerEmitterShape.cuboid",
        "kCAEmitterLayerCircle": "CAEmitterLayerEmitterShape.circle", "kCAEmitterLayerSphere": "CAEmitterLayerEmitterShape.sphere",
        "kCAEmitterLayerPoints": "CAEmitterLayerEmitterMode.points", "kCAEmitterLayerOutline": "CAEmitterLayerEmitterMode.outline",
        "kCAEmitterLayerSurface": "CAEmitterLayerEmitterMode.surface", "kCAEmitterLayerVolume": "CAEmitterLayerEmitterMode.volume",
        "kCAEmitterLayerUnordered": "CAEmitterLayerRenderMode.unordered",
        "kCAEmitterLayerOldestFirst": "CAEmitterLayerRenderMode.oldestFirst",
        "kCAEmitterLayerOldestLast": "CAEmitterLayerRenderMode.oldestLast",
        "kCAEmitterLayerBackToFront": "CAEmitterLayerRenderMode.backToFront",
        "kCAEmitterLayerAdditive": "CAEmitterLayerRenderMode.additive",
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
        "UIApplicationWillTerminate": "UIApplication.willTerminateNotification",
        "UIApplicationDidReceiveMemoryWarning": "UIApplication.didReceiveMemoryWarningNotification",
        "UIApplicationWillChangeStatusBarFrame": "UIApplication.willChangeStatusBarFrameNotification",
        "UIApplicationDidChangeStatusBarFrame": "UIApplication.didChangeStatusBarFrameNotification",
        "UIApplicationDidChangeStatusBarOrientation": "UIApplication.didChangeStatusBarOrientationNotification",
        "UIDeviceOrientationDidChange": "UIDevice.orientationDidChangeNotification",
        "UIContentSizeCategoryDidChange": "UIContentSizeCategory.didChangeNotification",
        "UITextFieldTextDidChange": "UITextField.textDidChangeNotification",
        "UIWindowDidBecomeKey": "UIWindow.didBecomeKeyNotification",
        "UIAccessibilityReduceMotionStatusDidChange": "UIAccessibility.reduceMotionStatusDidChangeNotification",
    ]

    /// A method Swift 4.2 renamed: its old base name and argument labels (`_` for none), and the
    /// new ones. Calls are renamed, and so are overrides of it.
    struct Method {
        var old: String
        var labels: [String]
        var new: String
        var newLabels: [String]
        var key: String { old + "(" + labels.map { $0 + ":" }.joined() + ")" }
    }

    static let methods: [Method] = [
        Method(old: "addChildViewController", labels: ["_"], new: "addChild", newLabels: ["_"]),
        Method(old: "removeFromParentViewController", labels: [], new: "removeFromParent", newLabels: []),
        Method(old: "willMove", labels: ["toParentViewController"], new: "willMove", newLabels: ["toParent"]),
        Method(old: "didMove", labels: ["toParentViewController"], new: "didMove", newLabels: ["toParent"]),
        Method(old: "bringSubview", labels: ["toFront"], new: "bringSubviewToFront", newLabels: ["_"]),
        Method(old: "sendSubview", labels: ["toBack"], new: "sendSubviewToBack", newLabels: ["_"]),
    ]

    /// Properties Swift 4.2 renamed.
    static let properties: [String: String] = ["childViewControllers": "children"]

    /// A free function that became a member or an initialiser: the text that replaces the call's
    /// name and `(` (given whether the first argument needs parentheses as a receiver), the texts
    /// that replace each `, ` between arguments, and the one that replaces the closing `)`. The
    /// arguments keep their own text, so other renames inside them still apply.
    struct FreeFunction: Sendable {
        var arity: Int
        var open: @Sendable (_ parenthesised: Bool) -> String
        var separators: @Sendable (_ parenthesised: Bool) -> [String]
        var close: @Sendable (_ parenthesised: Bool) -> String
        var new: String
        /// What the report says about the change.
        var kind: PortChange.Kind = .legacyName
        var why = "renamed in Swift 4.2"
    }

    /// The C library's random numbers, written as the standard library's, which Flipbook draws
    /// from the app runtime's seeded sequence (docs/Semantics.md, "Random numbers"): a global C
    /// function cannot be shadowed, a concrete type's static member can. `Swift.max`, as inside
    /// an extension of a collection a bare `max` is the collection's own method (spruce-ios'
    /// `shuffle()` did not compile).
    static let randomFunctions: [String: FreeFunction] = [
        "arc4random": FreeFunction(
            arity: 0, open: { _ in "UInt32.random(in: .min ... .max)" }, separators: { _ in [] }, close: { _ in "" },
            new: "UInt32.random(in: .min ... .max)", kind: .randomNumbers, why: "the app's seeded sequence in Flipbook"),
        "arc4random_uniform": FreeFunction(
            arity: 1, open: { _ in "UInt32.random(in: 0..<Swift.max(" }, separators: { _ in [] }, close: { _ in ", 1))" },
            new: "UInt32.random(in: 0..<Swift.max(n, 1))", kind: .randomNumbers, why: "the app's seeded sequence in Flipbook"),
        "drand48": FreeFunction(
            arity: 0, open: { _ in "Double.random(in: 0..<1)" }, separators: { _ in [] }, close: { _ in "" },
            new: "Double.random(in: 0..<1)", kind: .randomNumbers, why: "the app's seeded sequence in Flipbook"),
    ]

    static let functions: [String: FreeFunction] = [
        "UIEdgeInsetsMake": FreeFunction(
            arity: 4, open: { _ in "UIEdgeInsets(top: " }, separators: { _ in [", left: ", ", bottom: ", ", right: "] },
            close: { _ in ")" }, new: "UIEdgeInsets(top:left:bottom:right:)"),
        "UIEdgeInsetsInsetRect": FreeFunction(
            arity: 2, open: { $0 ? "(" : "" }, separators: { [($0 ? ")" : "") + ".inset(by: "] }, close: { _ in ")" },
            new: "CGRect.inset(by:)"),
        "UIImagePNGRepresentation": FreeFunction(
            arity: 1, open: { $0 ? "(" : "" }, separators: { _ in [] }, close: { ($0 ? ")" : "") + ".pngData()" },
            new: "UIImage.pngData()"),
        "UIImageJPEGRepresentation": FreeFunction(
            arity: 2, open: { $0 ? "(" : "" }, separators: { [($0 ? ")" : "") + ".jpegData(compressionQuality: "] },
            close: { _ in ")" }, new: "UIImage.jpegData(compressionQuality:)"),
        "UIAccessibilityIsReduceMotionEnabled": FreeFunction(
            arity: 0, open: { _ in "UIAccessibility.isReduceMotionEnabled" }, separators: { _ in [] }, close: { _ in "" },
            new: "UIAccessibility.isReduceMotionEnabled"),
    ]

    /// Whether an expression must be parenthesised to take a member: anything but a name, a
    /// member chain, a call or a force unwrap of one.
    static func needsParentheses(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(FunctionCallExprSyntax.self)
            || expression.is(ForceUnwrapExprSyntax.self) || expression.is(OptionalChainingExprSyntax.self)
            || expression.is(TupleExprSyntax.self)
        {
            return false
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base.map(needsParentheses) ?? false }
        return true
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        guard node.genericArgumentClause == nil, let new = Self.names[node.name.text] else { return .visitChildren }
        rename(node.name, to: new)
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let isMemberName = node.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == node.id } ?? false
        if let new = Self.properties[node.baseName.text], !index.declaredMembers.contains(node.baseName.text),
            isMemberName || !localNames.contains(node.baseName.text)
        {
            rename(node.baseName, to: new)
            return .skipChildren
        }
        // A member's own name (`x.UIViewContentMode`) is not the global.
        if isMemberName { return .visitChildren }
        guard let new = Self.names[node.baseName.text] else { return .visitChildren }
        rename(node.baseName, to: new)
        return .skipChildren
    }

    /// Run-loop modes: `RunLoopMode.commonModes` (or `.commonModes` where a mode is expected) -> `RunLoop.Mode.common`.
    static let runLoopModes: [String: String] = [
        "commonModes": "common", "defaultRunLoopMode": "default", "UITrackingRunLoopMode": "tracking",
    ]

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if let mode = Self.runLoopModes[name], node.base == nil || node.base?.trimmedDescription == "RunLoopMode" {
            let new = (node.base == nil ? "." : "RunLoop.Mode.") + mode
            file.replace(node, with: new)
            file.change(.legacyName, at: node, "`\(node.oneLine)` -> `\(new)` (renamed in Swift 4.2)")
            return .skipChildren
        }
        guard let new = Self.notifications[name] else { return .visitChildren }
        let base = node.base?.trimmedDescription
        // `NSNotification.Name.X`, `Notification.Name.X`, or `.X` (a name where one is expected).
        guard base == nil || base == "NSNotification.Name" || base == "Notification.Name" else { return .visitChildren }
        file.replace(node, with: new)
        file.change(.legacyName, at: node, "`\(node.oneLine)` -> `\(new)` (renamed in Swift 4.2)")
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name: TokenSyntax
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName
        } else {
            return .visitChildren
        }
        if node.calledExpression.is(DeclReferenceExprSyntax.self),
            let function = Self.functions[name.text] ?? Self.randomFunctions[name.text],
            node.arguments.count == function.arity, node.arguments.allSatisfy({ $0.label == nil }),
            node.trailingClosure == nil, let open = node.leftParen, let close = node.rightParen,
            !index.functions.keys.contains(name.text)
        {
            let arguments = Array(node.arguments)
            let parenthesised = arguments.first.map { Self.needsParentheses($0.expression) } ?? false
            let source = file.source
            file.add(SourceEdit(range: source.start(node)..<source.end(open), replacement: function.open(parenthesised)))
            for (argument, separator) in zip(arguments, function.separators(parenthesised)) {
                guard let comma = argument.trailingComma else { continue }
                let next = argument.nextToken(viewMode: .sourceAccurate).map(source.start) ?? source.end(comma)
                file.add(SourceEdit(range: source.end(argument.expression)..<next, replacement: separator))
            }
            let last = arguments.last.map { source.end($0.expression) } ?? source.end(open)
            file.add(SourceEdit(range: last..<source.end(close), replacement: function.close(parenthesised)))
            file.change(function.kind, at: node, "`\(name.text)(…)` -> `\(function.new)` (\(function.why))")
            return .visitChildren
        }
        let labels = node.arguments.map { $0.label?.text ?? "_" }
        guard node.trailingClosure == nil,
            let method = Self.methods.first(where: { $0.old == name.text && $0.labels == labels }),
            !index.declaredMembers.contains(method.key)
        else { return .visitChildren }
        file.replace(name, with: method.new)
        for (argument, label) in zip(node.arguments, method.newLabels) where argument.label?.text != label {
            guard let old = argument.label, let colon = argument.colon else { continue }
            if label == "_" {
                file.remove(file.source.start(old)..<file.source.start(argument.expression))
            } else {
                file.replace(old, with: label)
            }
            _ = colon
        }
        file.change(.legacyName, at: node, "`\(method.key)` -> `\(method.new)(\(method.newLabels.map { $0 + ":" }.joined()))` (renamed in Swift 4.2)")
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        let labels = parameters.map { $0.firstName.text }
        guard ExtensionOverrideMover.isOverride(DeclSyntax(node)),
            let method = Self.methods.first(where: { $0.old == node.name.text && $0.labels == labels })
        else { return .visitChildren }
        file.replace(node.name, with: method.new)
        for (parameter, label) in zip(parameters, method.newLabels) where parameter.firstName.text != label {
            // The parameter keeps its name inside the body: `toFront view` -> `_ view`, `toFront` -> `_ toFront`.
            file.replace(parameter.firstName, with: parameter.secondName == nil ? label + " " + parameter.firstName.text : label)
        }
        file.change(.legacyName, at: node, "override of `\(method.key)` -> `\(method.new)(\(method.newLabels.map { $0 + ":" }.joined()))` (renamed in Swift 4.2)")
        return .visitChildren
    }

    /// Names the file binds itself (`if let childViewControllers = …`, parameters, closure
    /// parameters, loop variables): a bare use of one is that binding, not UIKit's property.
    private lazy var localNames: Set<String> = {
        final class Finder: SyntaxVisitor {
            var names: Set<String> = []
            override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.identifier.text)
                return .visitChildren
            }
            override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
            override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert(node.name.text)
                return .visitChildren
            }
            override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                names.insert((node.secondName ?? node.firstName).text)
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(file.source.tree)
        return finder.names
    }()

    private func rename(_ token: TokenSyntax, to new: String) {
        file.replace(token, with: new)
        file.change(.legacyName, at: token, "`\(token.text)` -> `\(new)` (renamed in Swift 4.2)")
    }
}
