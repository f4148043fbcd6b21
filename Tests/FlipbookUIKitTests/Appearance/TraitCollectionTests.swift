import Foundation
import Testing
import TestSupport
import Flipbook

@MainActor
final class TraitRecordingView: UIView {
    var log: [String] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log.append("view \(previousTraitCollection?.userInterfaceStyle ?? .unspecified)→\(traitCollection.userInterfaceStyle) current \(UITraitCollection.current.userInterfaceStyle)")
    }
}

@MainActor
final class TraitRecordingController: UIViewController {
    var log: [String] = []
    override func loadView() { view = TraitRecordingView() }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        log.append("controller \(previousTraitCollection?.userInterfaceStyle ?? .unspecified)→\(traitCollection.userInterfaceStyle)")
    }
}

/// Traits, dynamic colours and appearance (docs/Semantics.md, "Traits and appearance").
@MainActor
@Suite(.freshRuntime) struct TraitCollectionTests {
    @Test func windowTraitsComeFromTheDevice() {
        let app = AppDriver(rootViewController: UIViewController())
        let t = app.rootViewController!.view.traitCollection
        #expect(t.userInterfaceStyle == .light)
        #expect(t.horizontalSizeClass == .compact && t.verticalSizeClass == .regular)
        #expect(t.displayScale == 3)
        #expect(t.preferredContentSizeCategory == .large)
        #expect(t.userInterfaceIdiom == .phone)
        let pad = AppDriver(rootViewController: UIViewController(), device: .iPad)
        #expect(pad.window.traitCollection.horizontalSizeClass == .regular)
        #expect(pad.window.traitCollection.displayScale == 2)
    }

    @Test func dynamicColorsResolveForLightAndDark() {
        let light = UITraitCollection(userInterfaceStyle: .light), dark = UITraitCollection(userInterfaceStyle: .dark)
        func rgba(_ c: UIColor, _ t: UITraitCollection) -> [CGFloat] {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            c.resolvedColor(with: t).getRed(&r, green: &g, blue: &b, alpha: &a)
            return [r * 255, g * 255, b * 255, a].map { ($0 * 100).rounded() / 100 }
        }
        #expect(rgba(.systemBackground, light) == [255, 255, 255, 1])
        #expect(rgba(.systemBackground, dark) == [0, 0, 0, 1])
        #expect(rgba(.label, dark) == [255, 255, 255, 1])
        #expect(rgba(.secondaryLabel, dark) == [235, 235, 245, 0.6])
        #expect(rgba(.systemBlue, light) == [0, 122, 255, 1])
        #expect(rgba(.systemBlue, dark) == [10, 132, 255, 1])
        #expect(rgba(.secondarySystemBackground, dark) == [28, 28, 30, 1])
        let custom = UIColor { $0.userInterfaceStyle == .dark ? .yellow : .purple }
        #expect(custom.resolvedColor(with: dark) == .yellow)
        #expect(custom.resolvedColor(with: light) == .purple)
        // An unspecified appearance resolves as light; fixed colours resolve to themselves.
        #expect(custom.resolvedColor(with: UITraitCollection()) == .purple)
        #expect(UIColor.red.resolvedColor(with: dark) === UIColor.red)
        // cgColor resolves with the current traits.
        dark.performAsCurrent { #expect(custom.cgColor.components == UIColor.yellow.cgColor.components) }
        #expect(custom.cgColor.components == UIColor.purple.cgColor.components)
        #expect(custom.withAlphaComponent(0.5).resolvedColor(with: dark) == UIColor.yellow.withAlphaComponent(0.5))
    }

    @Test func traitCollectionHelpers() {
        let a = UITraitCollection(traitsFrom: [
            UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(horizontalSizeClass: .regular),
            UITraitCollection(userInterfaceStyle: .light),
        ])
        #expect(a.userInterfaceStyle == .light && a.horizontalSizeClass == .regular)
        #expect(a.containsTraits(in: UITraitCollection(horizontalSizeClass: .regular)))
        #expect(!a.containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(a.hasDifferentColorAppearance(comparedTo: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
    }

    @Test func overridesAndCallbacksInOrder() {
        let root = TraitRecordingController()
        let app = AppDriver(rootViewController: root)
        let child = TraitRecordingView()
        root.view.addSubview(child)
        let isolated = TraitRecordingView()
        isolated.overrideUserInterfaceStyle = .light
        root.view.addSubview(isolated)
        var registered: [String] = []
        root.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (vc: TraitRecordingController, previous: UITraitCollection) in
            registered.append("handler \(previous.userInterfaceStyle)→\(vc.traitCollection.userInterfaceStyle)")
        }
        let sizeOnly = root.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: UIViewController, _: UITraitCollection) in
            registered.append("size handler")
        }
        _ = sizeOnly
        #expect(root.log.isEmpty && child.log.isEmpty, "first traits are not a change")

        app.userInterfaceStyle = .dark
        #expect(root.log == ["controller light→dark"])
        #expect((root.view as! TraitRecordingView).log == ["view light→dark current dark"])
        #expect(child.log == ["view light→dark current dark"])
        #expect(isolated.log.isEmpty, "its override keeps it light")
        #expect(registered == ["handler light→dark"])
        #expect(child.traitCollection.userInterfaceStyle == .dark)
        #expect(isolated.traitCollection.userInterfaceStyle == .light)

        child.overrideUserInterfaceStyle = .light
        #expect(child.log.last == "view dark→light current light")
        root.overrideUserInterfaceStyle = .light
        #expect(root.log.last == "controller dark→light")
        #expect(child.log.count == 2, "already light: no change")
        #expect(registered == ["handler light→dark", "handler dark→light"])
    }

    @Test func presentedControllersInheritThePresentersOverride() {
        let root = UIViewController()
        root.overrideUserInterfaceStyle = .dark
        let app = AppDriver(rootViewController: root)
        let modal = TraitRecordingController()
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: false)
        #expect(modal.traitCollection.userInterfaceStyle == .dark)
        #expect(modal.view.traitCollection.userInterfaceStyle == .dark)
        _ = app
    }

    /// The same small interface rendered light and dark: semantic colours resolve per view,
    /// and a view with an override keeps its own appearance.
    @Test func darkModeGolden() {
        func make() -> (AppDriver, UIViewController) {
            let root = UIViewController()
            root.view.backgroundColor = .systemBackground
            let card = UIView(frame: CGRect(x: 20, y: 80, width: 160, height: 100))
            card.backgroundColor = .secondarySystemBackground
            card.layer.cornerRadius = 12
            root.view.addSubview(card)
            let title = UILabel(frame: CGRect(x: 12, y: 12, width: 136, height: 24))
            title.text = "Appearance"
            title.textColor = .label
            card.addSubview(title)
            let detail = UILabel(frame: CGRect(x: 12, y: 40, width: 136, height: 20))
            detail.text = "secondary"
            detail.textColor = .secondaryLabel
            detail.font = .systemFont(ofSize: 13)
            card.addSubview(detail)
            let icon = UIImageView(image: UIImage(systemName: "heart.fill"))
            icon.frame.origin = CGPoint(x: 12, y: 66)
            card.addSubview(icon)
            let pinned = UIView(frame: CGRect(x: 20, y: 190, width: 160, height: 30))
            pinned.backgroundColor = .systemBackground
            pinned.overrideUserInterfaceStyle = .light
            root.view.addSubview(pinned)
            let app = AppDriver(rootViewController: root, device: UIScreen.Device(
                name: "small", size: CGSize(width: 200, height: 240), scale: 2, safeAreaInsets: .zero))
            return (app, root)
        }
        let (lightApp, _) = make()
        GoldenImage.assert(lightApp.render(scale: 2), named: "TraitCollectionTests/appearance-light", tolerance: .init(channel: 2, pixelFraction: 0))
        // Dark set after the views exist: everything re-resolves.
        let (darkApp, _) = make()
        darkApp.userInterfaceStyle = .dark
        GoldenImage.assert(darkApp.render(scale: 2), named: "TraitCollectionTests/appearance-dark", tolerance: .init(channel: 2, pixelFraction: 0))
        // Back to light: identical to the light render.
        darkApp.userInterfaceStyle = .light
        let same = darkApp.render(scale: 2) == lightApp.render(scale: 2)
        #expect(same)
    }
}

/// Reduce Motion and haptics through AppDriver.
@MainActor
@Suite(.freshRuntime) struct MotionAndHapticsTests {
    @Test func reduceMotionIsPerDriverAndNotifies() {
        let app = AppDriver(rootViewController: UIViewController())
        #expect(!UIAccessibility.isReduceMotionEnabled)
        var notified = 0
        let token = NotificationCenter.default.addObserver(
            forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { notified += 1 }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        app.isReduceMotionEnabled = true
        #expect(UIAccessibility.isReduceMotionEnabled)
        app.isReduceMotionEnabled = true
        #expect(notified == 1, "no change, no notification")
        app.isReduceMotionEnabled = false
        #expect(!UIAccessibility.isReduceMotionEnabled && notified == 2)
        app.isReduceMotionEnabled = true
        // Another app (a second driver, in a runtime of its own) starts from iOS's default;
        // this app keeps its setting.
        let next = AppDriver(rootViewController: UIViewController())
        #expect(next.runtime.run { !UIAccessibility.isReduceMotionEnabled })
        #expect(UIAccessibility.isReduceMotionEnabled)
    }

    @Test func codeThatSkipsAnimationWhenReducingMotion() {
        for reduce in [false, true] {
            let app = AppDriver(rootViewController: UIViewController())
            app.isReduceMotionEnabled = reduce
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            app.rootViewController!.view.addSubview(box)
            // Ordinary app code.
            if UIAccessibility.isReduceMotionEnabled {
                box.alpha = 0
            } else {
                UIView.animate(withDuration: 1) { box.center.x = 300 }
            }
            app.advance(by: 0.5)
            #expect((box.layer.animationKeys() ?? []).isEmpty == reduce)
        }
    }

    @Test func hapticsAreLoggedWithTheirTimes() {
        let app = AppDriver(rootViewController: UIViewController())
        let impact = UIImpactFeedbackGenerator(style: .rigid)
        let selection = UISelectionFeedbackGenerator()
        let notification = UINotificationFeedbackGenerator()
        app.at(0.5) {
            impact.prepare()
            impact.impactOccurred()
        }
        app.at(1.0) { impact.impactOccurred(intensity: 0.4); selection.selectionChanged() }
        app.at(1.5) { notification.notificationOccurred(.success); UIImpactFeedbackGenerator().impactOccurred(intensity: 7) }
        app.runScript()
        let log = app.haptics.events.map { "\($0.kind) @\(($0.time * 100).rounded() / 100)" }
        #expect(log == [
            "prepare(generator: \"UIImpactFeedbackGenerator\") @0.5",
            "impact(FlipbookUIKit.UIImpactFeedbackGenerator.FeedbackStyle.rigid, intensity: 1.0) @0.5",
            "impact(FlipbookUIKit.UIImpactFeedbackGenerator.FeedbackStyle.rigid, intensity: 0.4) @1.0",
            "selection @1.0",
            "notification(FlipbookUIKit.UINotificationFeedbackGenerator.FeedbackType.success) @1.5",
            "impact(FlipbookUIKit.UIImpactFeedbackGenerator.FeedbackStyle.medium, intensity: 1.0) @1.5",
        ])
        #expect(app.haptics.occurrences.count == 5)
        let reports = FlipbookDiagnostics.capture { impact.impactOccurred(intensity: .nan) }
        #expect(reports.count == 1 && app.haptics.events.count == 6)
        app.haptics.removeAll()
        #expect(app.haptics.events.isEmpty)
    }

    /// AudioToolbox's system sounds (Media/AudioServices.swift): registered from a file that
    /// exists, silent, and logged with the haptics.
    @Test func systemSoundsAreRegisteredAndLogged() throws {
        let app = AppDriver(rootViewController: UIViewController())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("click-\(UUID().uuidString).caf")
        try Data([0]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var click: SystemSoundID = 0
        #expect(AudioServicesCreateSystemSoundID(file as CFURL, &click) == kAudioServicesNoError)
        #expect(click >= 4096)
        var missing: SystemSoundID = 7
        #expect(AudioServicesCreateSystemSoundID(URL(fileURLWithPath: "/no/such.caf") as CFURL, &missing)
            == kAudioServicesSystemSoundUnspecifiedError)
        #expect(missing == 7, "nothing written")
        let done = EventRecorder()
        app.at(0.5) { AudioServicesPlaySystemSound(click) }
        app.at(1.0) {
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
            AudioServicesPlayAlertSoundWithCompletion(click) { MainActor.assumeIsolated { done.record("done") } }
        }
        app.run(until: 1.0)
        #expect(done.events.isEmpty, "the completion comes on a later turn")
        app.run(until: 1.1)
        #expect(done.events == ["done"])
        let log = app.haptics.events.map { "\($0.kind) @\(($0.time * 100).rounded() / 100)" }
        #expect(log == [
            "systemSound(\(click), alert: false) @0.5", "systemSound(4095, alert: false) @1.0", "systemSound(\(click), alert: true) @1.0",
        ])
        #expect(AudioServicesDisposeSystemSoundID(click) == kAudioServicesNoError)
        #expect(AudioServicesDisposeSystemSoundID(click) == kAudioServicesSystemSoundUnspecifiedError)
    }
}
