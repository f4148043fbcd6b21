import Foundation
import Testing
import TestSupport
import Flipbook

// UIKit API that real iOS libraries call (issue 37, "What real code still calls that Flipbook
// lacks", items 1 to 8). Zooming scroll views (item 9) are in ScrollViewZoomingTests.

/// A custom segue, as libraries write them: `perform()` pushes the destination.
@MainActor
private final class PushSegue: UIStoryboardSegue {
    override func perform() {
        source.navigationController?.pushViewController(destination, animated: false)
    }
}

/// A controller that hands data over in `prepare(for:sender:)` and refuses one segue.
@MainActor
private final class SegueSourceController: UIViewController {
    var log: [String] = []
    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        identifier != "blocked"
    }
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        segue.destination.title = "from \(segue.source.title ?? "?")"
        log.append("prepare \(segue.identifier ?? "nil") sender \(sender as? String ?? "nil")")
    }
    /// What a storyboard would do for a segue triggered by a control.
    func trigger(_ segue: UIStoryboardSegue, sender: Any?) {
        guard let identifier = segue.identifier, shouldPerformSegue(withIdentifier: identifier, sender: sender) else {
            log.append("refused \(segue.identifier ?? "nil")")
            return
        }
        prepare(for: segue, sender: sender)
        segue.perform()
    }
}

/// Nib-awoken subclasses of every kind iOS code overrides `awakeFromNib()` in.
@MainActor private final class AwakeView: UIView {
    var awoke = 0
    override func awakeFromNib() { super.awakeFromNib(); awoke += 1 }
}
@MainActor private final class AwakeController: UIViewController {
    var awoke = 0
    override func awakeFromNib() { super.awakeFromNib(); awoke += 1 }
}
@MainActor private final class AwakeTableCell: UITableViewCell {
    var awoke = 0
    override func awakeFromNib() { super.awakeFromNib(); awoke += 1 }
}
@MainActor private final class AwakeCollectionCell: UICollectionViewCell {
    var awoke = 0
    override func awakeFromNib() { super.awakeFromNib(); awoke += 1 }
}

/// A controller that logs its trait changes.
@MainActor
private final class TraitLoggingController: UIViewController {
    var changes: [String] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append("\(previousTraitCollection?.horizontalSizeClass.rawValue ?? -1)->\(traitCollection.horizontalSizeClass.rawValue)")
    }
}

/// A container that gives every child the elevated level, by overriding the query.
@MainActor
private final class ElevatingContainer: UIViewController {
    override func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        UITraitCollection(userInterfaceLevel: .elevated)
    }
}

@Suite(.freshRuntime) @MainActor struct CalledUIKitAPITests {
    // MARK: 1. Segues

    @Test func aSegueMadeInCodeIsPreparedAndPerformed() {
        let source = SegueSourceController()
        source.title = "List"
        let nav = UINavigationController(rootViewController: source)
        let app = AppDriver(rootViewController: nav)
        let destination = UIViewController()
        let segue = PushSegue(identifier: "showDetail", source: source, destination: destination)
        #expect(segue.identifier == "showDetail" && segue.source === source && segue.destination === destination)
        source.trigger(segue, sender: "row 3")
        app.advance(by: 0.1)
        #expect(nav.topViewController === destination)
        #expect(destination.title == "from List")
        source.trigger(PushSegue(identifier: "blocked", source: source, destination: UIViewController()), sender: nil)
        #expect(source.log == ["prepare showDetail sender row 3", "refused blocked"])
        #expect(nav.viewControllers.count == 2)
    }

    @Test func theBaseSeguePerformsItsHandlerOrNothing() {
        let a = UIViewController(), b = UIViewController()
        var performed = 0
        UIStoryboardSegue(identifier: nil, source: a, destination: b) { performed += 1 }.perform()
        UIStoryboardSegue(identifier: "plain", source: a, destination: b).perform()
        #expect(performed == 1)
        #expect(a.shouldPerformSegue(withIdentifier: "any", sender: nil))
    }

    @Test func performSegueWithoutAStoryboardIsReported() {
        let root = UIViewController()
        let nav = UINavigationController(rootViewController: root)
        _ = AppDriver(rootViewController: nav)
        let reports = FlipbookDiagnostics.capture { root.performSegue(withIdentifier: "showDetail", sender: nil) }
        #expect(reports.count == 1)
        #expect(reports.first?.contains("has no segue with identifier 'showDetail'") == true)
        #expect(reports.first?.contains("no storyboards") == true)
        #expect(nav.viewControllers.count == 1 && root.presentedViewController == nil)
    }

    // MARK: 2. awakeFromNib

    @Test func awakeFromNibIsOverridableAndNeverCalledByFlipbook() {
        let view = AwakeView(frame: .zero)
        let controller = AwakeController()
        let tableCell = AwakeTableCell(style: .default, reuseIdentifier: "c")
        let collectionCell = AwakeCollectionCell(frame: .zero)
        controller.view.addSubview(view)
        _ = AppDriver(rootViewController: controller)
        #expect([view.awoke, controller.awoke, tableCell.awoke, collectionCell.awoke] == [Int](repeating: 0, count: 4))
        view.awakeFromNib()
        controller.awakeFromNib()
        tableCell.awakeFromNib()
        collectionCell.awakeFromNib()
        #expect([view.awoke, controller.awoke, tableCell.awoke, collectionCell.awoke] == [Int](repeating: 1, count: 4))
    }

    // MARK: 3. Small properties

    @Test func rotationPostsTheStatusBarFrameNotifications() {
        let app = AppDriver(rootViewController: UIViewController(), device: .iPhone15)
        let portraitFrame = app.window.windowScene?.statusBarManager?.statusBarFrame ?? .zero
        #expect(portraitFrame.height > 0)
        var log: [String] = []
        let names: [(NSNotification.Name, String)] = [
            (UIApplication.willChangeStatusBarFrameNotification, "will"),
            (UIApplication.didChangeStatusBarFrameNotification, "did"),
        ]
        let tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let frame = (note.userInfo?[UIApplication.statusBarFrameUserInfoKey] as? NSValue)?.cgRectValue
                MainActor.assumeIsolated { log.append("\(label) \(frame.map { "\($0.width)x\($0.height)" } ?? "nil")") }
            }
        }
        defer { tokens.forEach { NotificationCenter.default.removeObserver($0) } }
        #expect(app.rotate(to: .landscapeLeft, animated: false))
        let p = "\(portraitFrame.width)x\(portraitFrame.height)"
        // An iPhone hides its status bar in landscape: the new frame is empty.
        #expect(log == ["will 0.0x0.0", "did \(p)"])
        log = []
        #expect(app.rotate(to: .portrait, animated: false))
        #expect(log == ["will \(p)", "did 0.0x0.0"])
        #expect(UIApplication.willChangeStatusBarFrameNotification.rawValue == "UIApplicationWillChangeStatusBarFrameNotification")
        #expect(UIApplication.didChangeStatusBarFrameNotification.rawValue == "UIApplicationDidChangeStatusBarFrameNotification")
    }

    @Test func aTableKeepsItsSeparatorEffect() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        #expect(table.separatorEffect == nil)
        let effect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .regular))
        table.separatorEffect = effect
        #expect(table.separatorEffect === effect)
        table.separatorEffect = nil
        #expect(table.separatorEffect == nil)
    }

    @Test func splitViewControllerIsTheNearestSplitAncestor() {
        let split = UISplitViewController(style: .doubleColumn)
        let primaryRoot = UIViewController()
        let primary = UINavigationController(rootViewController: primaryRoot)
        let secondary = UIViewController()
        split.viewControllers = [primary, secondary]
        #expect(primaryRoot.splitViewController === split)
        #expect(primary.splitViewController === split && secondary.splitViewController === split)
        #expect(split.splitViewController == nil)
        #expect(UIViewController().splitViewController == nil)
        let presented = UIViewController()
        _ = AppDriver(rootViewController: split)
        secondary.present(presented, animated: false)
        #expect(presented.splitViewController == nil)
    }

    @Test func aGradientTakesColoursAsACFArray() throws {
        let a = UIColor.red, b = UIColor.blue
        // The spelling iOS libraries use.
        let gradient = try #require(CGGradient(
            colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [a.cgColor, b.cgColor] as CFArray, locations: [0, 1]))
        #expect(gradient.colors == [a.cgColor, b.cgColor] && gradient.locations == [0, 1])
        let colors = [a.cgColor, UIColor.green.cgColor, b.cgColor]
        let spread = try #require(CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil))
        #expect(spread.locations == [0, 0.5, 1])
        let cfColors: CFArray = [b.cgColor, a.cgColor]
        let locations: [CGFloat] = [0.25, 0.75]
        #expect(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: cfColors, locations: locations)?.locations == [0.25, 0.75])
        #expect(CGGradient(colorsSpace: nil, colors: ["not a colour"] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
    }

    // MARK: 4. Extended layout

    @Test func extendedLayoutPropertiesHaveUIKitsDefaultsAndAreKept() {
        let vc = UIViewController()
        #expect(vc.edgesForExtendedLayout == .all)
        #expect(vc.automaticallyAdjustsScrollViewInsets)
        #expect(!vc.extendedLayoutIncludesOpaqueBars)
        vc.edgesForExtendedLayout = []
        vc.automaticallyAdjustsScrollViewInsets = false
        vc.extendedLayoutIncludesOpaqueBars = true
        #expect(vc.edgesForExtendedLayout == [] && !vc.automaticallyAdjustsScrollViewInsets && vc.extendedLayoutIncludesOpaqueBars)
        // `[]` puts the content below the bar; the default `.all` under it (ExtendedLayoutTests).
        let nav = UINavigationController(rootViewController: vc)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.window.layoutIfNeeded()
        #expect(vc.view.convert(CGPoint.zero, to: nil).y == nav.navigationBar.frame.maxY)
        let extended = UIViewController()
        nav.pushViewController(extended, animated: false)
        app.window.layoutIfNeeded()
        #expect(extended.view.convert(CGPoint.zero, to: nil).y == 0)
    }

    // MARK: 5. Coordinate spaces

    @Test func viewsConvertThroughTheCoordinateSpaceProtocol() {
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let a = UIView(frame: CGRect(x: 20, y: 100, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        a.addSubview(b)
        root.view.addSubview(a)
        b.transform = CGAffineTransform(scaleX: 2, y: 2)
        let p = CGPoint(x: 5, y: 7)
        let space: any UICoordinateSpace = b
        let other: any UICoordinateSpace = root.view
        #expect(space.convert(p, to: other) == b.convert(p, to: root.view as UIView?))
        #expect(other.convert(p, from: space) == root.view.convert(p, from: b as UIView?))
        #expect(space.bounds == b.bounds)
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(space.convert(rect, to: other) == b.convert(rect, to: root.view as UIView?))
        // Non-optional views still pick the view form (and no recursion).
        #expect(b.convert(p, to: root.view) == b.convert(p, to: root.view as UIView?))
        // The screen's space is the window's (the window fills the screen).
        let screen = app.window.screen
        #expect(b.convert(p, to: screen.coordinateSpace) == b.convert(p, to: nil as UIView?))
        #expect(screen.coordinateSpace.bounds == screen.bounds)
        #expect(screen.coordinateSpace.convert(CGPoint(x: 40, y: 110), to: a) == CGPoint(x: 20, y: 10))
        #expect(b.convert(screen.bounds, from: screen.coordinateSpace) == b.convert(screen.bounds, from: nil as UIView?))
    }

    @Test func theFixedSpaceStaysUprightWhenTheInterfaceTurns() {
        let app = AppDriver(rootViewController: UIViewController(), device: .iPhone15)
        let screen = app.window.screen
        let portrait = CGSize(width: 393, height: 852)
        let origin = CGPoint.zero
        #expect(screen.coordinateSpace.convert(CGPoint(x: 10, y: 20), to: screen.fixedCoordinateSpace) == CGPoint(x: 10, y: 20))
        #expect(app.rotate(to: .landscapeRight, animated: false))
        #expect(screen.fixedCoordinateSpace.bounds.size == portrait)
        #expect(screen.coordinateSpace.bounds.size == CGSize(width: 852, height: 393))
        // Home button on the right: the interface's top-left is the device's top-right.
        #expect(screen.coordinateSpace.convert(origin, to: screen.fixedCoordinateSpace) == CGPoint(x: 393, y: 0))
        #expect(screen.coordinateSpace.convert(CGPoint(x: 852, y: 393), to: screen.fixedCoordinateSpace) == CGPoint(x: 0, y: 852))
        let p = CGPoint(x: 100, y: 30)
        let there = screen.fixedCoordinateSpace.convert(p, to: screen.coordinateSpace)
        #expect(screen.fixedCoordinateSpace.convert(there, from: screen.coordinateSpace) == p)
        #expect(app.rotate(to: .landscapeLeft, animated: false))
        #expect(screen.coordinateSpace.convert(origin, to: screen.fixedCoordinateSpace) == CGPoint(x: 0, y: 852))
        // A view of the (turned) window, in the fixed space.
        let window = app.window
        #expect(window.convert(origin, to: screen.fixedCoordinateSpace) == CGPoint(x: 0, y: 852))
        #expect(window.convert(CGRect(x: 0, y: 0, width: 852, height: 393), to: screen.fixedCoordinateSpace)
                == CGRect(origin: .zero, size: portrait))
    }

    // MARK: 6. Trait overrides for children

    @Test func aParentOverridesItsChildsTraits() {
        let parent = UIViewController()
        let child = TraitLoggingController()
        let app = AppDriver(rootViewController: parent, device: .iPhone15)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        app.window.layoutIfNeeded()
        #expect(child.traitCollection.horizontalSizeClass == .compact)
        #expect(child.traitCollection.userInterfaceLevel == .base)
        let regular = UITraitCollection(traitsFrom: [
            UITraitCollection(horizontalSizeClass: .regular), UITraitCollection(userInterfaceLevel: .elevated),
        ])
        parent.setOverrideTraitCollection(regular, forChild: child)
        #expect(parent.overrideTraitCollection(forChild: child) === regular)
        #expect(child.traitCollection.horizontalSizeClass == .regular)
        #expect(child.traitCollection.userInterfaceLevel == .elevated)
        #expect(child.view.traitCollection.horizontalSizeClass == .regular)
        #expect(child.traitCollection.displayScale == 3, "the other traits are the parent's")
        #expect(parent.traitCollection.horizontalSizeClass == .compact)
        #expect(child.changes == ["1->2"])
        parent.setOverrideTraitCollection(nil, forChild: child)
        #expect(child.traitCollection.horizontalSizeClass == .compact)
        #expect(child.changes == ["1->2", "2->1"])

        let stranger = UIViewController()
        let reports = FlipbookDiagnostics.capture { parent.setOverrideTraitCollection(regular, forChild: stranger) }
        #expect(reports.first?.contains("is not a child of") == true)
        #expect(parent.overrideTraitCollection(forChild: stranger) == nil)

        parent.setOverrideTraitCollection(regular, forChild: child)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(parent.overrideTraitCollection(forChild: child) == nil)
        #expect(child.traitCollection.horizontalSizeClass == .compact)
    }

    @Test func aContainerCanOverrideTheQuery() {
        let container = ElevatingContainer()
        let child = UIViewController()
        container.addChild(child)
        #expect(child.traitCollection.userInterfaceLevel == .elevated)
        #expect(container.traitCollection.userInterfaceLevel == .base)
    }

    @Test func theLevelIsATrait() {
        let elevated = UITraitCollection(userInterfaceLevel: .elevated)
        #expect(elevated.userInterfaceLevel == .elevated)
        #expect(UITraitCollection().userInterfaceLevel == .unspecified)
        #expect(UIUserInterfaceLevel.unspecified.rawValue == -1 && UIUserInterfaceLevel.elevated.rawValue == 1)
        #expect(elevated != UITraitCollection(userInterfaceLevel: .base))
        let both = UITraitCollection(traitsFrom: [elevated, UITraitCollection(userInterfaceStyle: .dark)])
        #expect(both.userInterfaceLevel == .elevated && both.userInterfaceStyle == .dark)
        #expect(both.containsTraits(in: elevated) && !both.containsTraits(in: UITraitCollection(userInterfaceLevel: .base)))
    }

    // MARK: 7. notifyWhenInteractionEnds

    @Test func interactionEndsHandlersRunOnceWhenAnInteractiveDismissalIsCancelled() {
        MediaClock.main.runUntilIdle()
        let f = PercentDrivenFixture(interaction: nil)
        let log = f.log
        f.a.present(f.b, animated: true)
        MediaClock.main.runUntilIdle()
        #expect(f.a.presentedViewController === f.b)
        let interaction = UIPercentDrivenInteractiveTransition()
        f.delegate.interaction = interaction
        _ = log.take()
        f.b.dismiss(animated: true) { log("dismiss.completion") }
        let coordinator = f.b.transitionCoordinator
        coordinator?.notifyWhenInteractionEnds { context in
            log("interaction ended(cancelled: \(context.isCancelled), interactive: \(context.isInteractive), p: \(context.percentComplete))")
        }
        coordinator?.notifyWhenInteractionChanges { context in
            log("interaction changed(cancelled: \(context.isCancelled))")
        }
        interaction.update(0.25)
        MediaClock.main.advanceFrames(2)
        #expect(!log.events.contains { $0.hasPrefix("interaction") })
        interaction.cancel()
        #expect(log.events.last == "interaction ended(cancelled: true, interactive: false, p: 0.25)")
        MediaClock.main.runUntilIdle()
        #expect(log.take().filter { !$0.hasPrefix("A.") && !$0.hasPrefix("B.") } == [
            "interaction changed(cancelled: true)",
            "interaction ended(cancelled: true, interactive: false, p: 0.25)",
            "animator.completion(cancelled: true)", "animationEnded(false)",
        ])
        #expect(f.a.presentedViewController === f.b)
    }

    @Test func interactionEndsHandlersRunOnlyAtTheFirstEnd() {
        MediaClock.main.runUntilIdle()
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.completionCurve = .linear
        let f = PercentDrivenFixture(interaction: interaction)
        let log = f.log
        f.a.present(f.b, animated: true) { log("present.completion") }
        let coordinator = f.b.transitionCoordinator
        coordinator?.notifyWhenInteractionEnds { context in log("ended(cancelled: \(context.isCancelled))") }
        interaction.update(0.3)
        interaction.finish()
        MediaClock.main.advance(by: 0.2)
        interaction.pause()
        coordinator?.notifyWhenInteractionEnds { context in log("second ended(cancelled: \(context.isCancelled))") }
        interaction.update(0.6)
        interaction.cancel()
        MediaClock.main.runUntilIdle()
        #expect(log.take() == [
            "B.viewWillAppear(true)", "ended(cancelled: false)", "second ended(cancelled: true)",
            "animator.completion(cancelled: true)",
            "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "animationEnded(false)",
        ])
        // A transition that never becomes interactive never calls the handler.
        let plain = PercentDrivenFixture(interaction: nil)
        plain.a.present(plain.b, animated: true)
        plain.b.transitionCoordinator?.notifyWhenInteractionEnds { _ in plain.log("never") }
        MediaClock.main.runUntilIdle()
        #expect(!plain.log.events.contains("never"))
    }

    // MARK: 8. Visual Format Language

    @Test func aHorizontalFormatLaysOutTwoViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = UIView(), b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(v)
        }
        let views = ["a": a, "b": b]
        var constraints = NSLayoutConstraint.constraints(withVisualFormat: "H:|-8-[a(==50)]-[b]|", options: [], metrics: nil, views: views)
        #expect(constraints.count == 4)
        #expect(constraints.allSatisfy { !$0.isActive })
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|[a]|", options: [], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|-(pad)-[b(==20@750,<=40)]", metrics: ["pad": 12], views: views)
        NSLayoutConstraint.activate(constraints)
        container.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 8, y: 0, width: 50, height: 100))
        #expect(b.frame == CGRect(x: 66, y: 12, width: 234, height: 20))
        let first = constraints[0]
        #expect(first.firstItem === a && first.firstAttribute == .leading && first.secondItem === container
                && first.secondAttribute == .leading && first.constant == 8 && first.relation == .equal)
        let spacing = constraints[2]
        #expect(spacing.firstItem === b && spacing.firstAttribute == .leading && spacing.secondItem === a
                && spacing.secondAttribute == .trailing && spacing.constant == 8)
        let trailing = constraints[3]
        #expect(trailing.firstItem === container && trailing.firstAttribute == .trailing && trailing.secondItem === b)
        let low = constraints.first { $0.firstItem === b && $0.firstAttribute == .height && $0.relation == .equal }
        #expect(low?.priority == .defaultHigh && low?.constant == 20)
    }

    @Test func standardEdgesUseTheMarginsAndViewPredicatesRelateViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(), b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(v)
        }
        let views: [String: Any] = ["a": a, "b": b]
        let h = NSLayoutConstraint.constraints(
            withVisualFormat: "|-[a]-0-[b(==a)]-|", options: [.alignAllTop, .alignAllBottom], metrics: nil, views: views)
        #expect(h.first?.secondAttribute == .leadingMargin && h.last?.firstAttribute == .trailingMargin)
        #expect(h.contains { $0.firstItem === b && $0.firstAttribute == .top && $0.secondItem === a && $0.secondAttribute == .top })
        let v = NSLayoutConstraint.constraints(withVisualFormat: "V:|-[a(==44)]", options: [], metrics: nil, views: views)
        NSLayoutConstraint.activate(h + v)
        container.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 8, y: 8, width: 92, height: 44))
        #expect(b.frame == CGRect(x: 100, y: 8, width: 92, height: 44))
        let ltr = NSLayoutConstraint.constraints(withVisualFormat: "H:[a][b]", options: .directionLeftToRight, metrics: nil, views: views)
        #expect(ltr.first?.firstAttribute == .left && ltr.first?.secondAttribute == .right)
        #expect(NSLayoutConstraint.FormatOptions.alignAllCenterY.rawValue == 1 << 10)
    }

    @Test func aMalformedFormatIsReportedAndGivesNothing() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView()
        container.addSubview(a)
        let orphan = UIView()
        let c = UIView()
        container.addSubview(c)
        let cases: [(String, [String: Any], NSLayoutConstraint.FormatOptions, String)] = [
            ("H:|-[a", ["a": a], [], "Expected"),
            ("H:|-[missing]", ["a": a], [], "missing is not a key in the views dictionary"),
            ("H:|-(gap)-[a]", ["a": a], [], "gap is not a key in the metrics dictionary"),
            ("H:|-[a(==50@2000)]", ["a": a], [], "priority"),
            ("H:|[o]|", ["o": orphan], [], "doesn't have a superview"),
            ("H:[a]-[c]", ["a": a, "c": c], .alignAllLeading, "not allowed"),
            ("H:[a]x", ["a": a], [], "Expected"),
            ("", ["a": a], [], "Expected"),
        ]
        for (format, views, options, expected) in cases {
            var result: [NSLayoutConstraint] = [NSLayoutConstraint]()
            let reports = FlipbookDiagnostics.capture {
                result = NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: nil, views: views)
            }
            #expect(result.isEmpty, "\(format)")
            #expect(reports.count == 1 && reports[0].contains("Unable to parse constraint format") && reports[0].contains(expected),
                    "\(format): \(reports)")
        }
        // One view has no neighbour to align with: the options make nothing and are not checked
        // (Segmentio's `|-[containerView]-|` with `.alignAllCenterX`).
        var single: [NSLayoutConstraint] = []
        let reports = FlipbookDiagnostics.capture {
            single = NSLayoutConstraint.constraints(withVisualFormat: "|-[a]-|", options: .alignAllCenterX, metrics: nil, views: ["a": a])
        }
        #expect(reports.isEmpty && single.count == 2)
    }
}

/// A controller whose view holds a subview placed by constraints (as most iOS screens do).
@MainActor
private final class ConstrainedContentController: UIViewController {
    let box = UIView()
    var layouts = 0
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(box)
        box.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-16-[box]-16-|", options: [], metrics: nil, views: ["box": box]))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-20-[box(==200)]", options: [], metrics: nil, views: ["box": box]))
    }
    override func viewDidLayoutSubviews() { layouts += 1 }
}

/// Found with the issue 37 compile check: a navigation controller re-sets its top child's frame
/// in each layout pass; with constraints in the child's view, that re-solved and laid out again
/// without end (a frame took seconds).
@Suite(.freshRuntime) @MainActor struct ConstrainedContentInContainerTests {
    @Test func constraintsInANavigationControllersChildSettle() {
        let content = ConstrainedContentController()
        let app = AppDriver(rootViewController: UINavigationController(rootViewController: content))
        app.advanceFrames(3)
        #expect(content.box.frame == CGRect(x: 16, y: 20, width: 361, height: 200))
        let layouts = content.layouts
        app.advanceFrames(10)
        #expect(content.layouts == layouts, "nothing changed: no more layout passes")
    }

    /// A colour-matching tab bar turns off the deprecated image adjustment of its buttons.
    @Test func buttonsKeepTheirImageAdjustmentFlags() {
        let button = UIButton(type: .custom)
        #expect(button.adjustsImageWhenHighlighted && button.adjustsImageWhenDisabled)
        button.adjustsImageWhenHighlighted = false
        button.adjustsImageWhenDisabled = false
        #expect(!button.adjustsImageWhenHighlighted && !button.adjustsImageWhenDisabled)
    }
}
