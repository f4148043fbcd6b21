import Foundation
import Testing
import TestSupport
import Flipbook
@testable import FlipbookUIKit

/// iOS 18's `preferredTransition = .zoom(sourceViewProvider:)` (Transitions/Zoom/): histories
/// of the provider's calls, the appearance callbacks and the source view's visibility; the
/// geometry at chosen times against ZoomState's formula (docs/Semantics.md, "Zoom transition");
/// interactive dismissal by drag, pinch and edge swipe, finishing and cancelling; re-grab;
/// a provider that follows a scrolled collection view; bad input.
@MainActor
@Suite(.freshRuntime) struct ZoomTransitionTests {
    /// A screen with four tiles of 100 × 150 (the first with rounded corners).
    final class Tiles: ModalRecordingViewController {
        var tiles: [UIView] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            for (i, origin) in [CGPoint(x: 20, y: 100), CGPoint(x: 140, y: 100), CGPoint(x: 20, y: 300), CGPoint(x: 140, y: 300)].enumerated() {
                let tile = UIView(frame: CGRect(origin: origin, size: CGSize(width: 100, height: 150)))
                tile.backgroundColor = UIColor(hue: CGFloat(i) / 4, saturation: 0.7, brightness: 0.9, alpha: 1)
                if i == 0 { tile.layer.cornerRadius = 12 }
                view.addSubview(tile)
                tiles.append(tile)
            }
        }
    }

    @MainActor struct App {
        let log: ModalLog
        let driver: AppDriver
        let a: Tiles
        let b: ModalRecordingViewController
        var t: String { String(format: "%.3f", driver.time) }
    }

    /// A presents nothing yet; B's preferred transition zooms from `source()` (logged with time
    /// and whether the returned view is hidden at that moment).
    func makeApp(source: @escaping (Tiles) -> UIView? = { $0.tiles[0] }) -> App {
        let log = ModalLog()
        let a = Tiles("A", log: log)
        let driver = AppDriver(rootViewController: a, device: .iPhone15)
        driver.window.layoutIfNeeded()
        let b = ModalRecordingViewController("B", log: log)
        b.preferredTransition = .zoom { [weak driver] context in
            let view = source(context.sourceViewController as! Tiles)
            let name = (context.zoomedViewController as? ModalRecordingViewController)?.name ?? "?"
            log("provider(\(name)) at \(String(format: "%.3f", driver?.time ?? -1))")
            return view
        }
        _ = log.take()
        return App(log: log, driver: driver, a: a, b: b)
    }

    func runningZoom() -> ZoomTransitionAnimator? {
        UIApplication.shared.runningTransitions.last?.animator as? ZoomTransitionAnimator
    }

    /// The zoom's state as presented now (the wrapper and the zoomed view's presentation values).
    func presentedState(of zoomedView: UIView) -> ZoomState? {
        guard let wrapper = zoomedView.superview, let w = wrapper.layer.presentation(), let z = zoomedView.layer.presentation()
        else { return nil }
        let clip = w.frame
        return ZoomState(
            clip: clip, contentCenter: CGPoint(x: clip.minX + z.position.x, y: clip.minY + z.position.y),
            contentScale: z.transform.m11, cornerRadius: w.cornerRadius, dimming: 0, alpha: CGFloat(w.opacity))
    }

    func expectClose(_ a: ZoomState?, _ b: ZoomState, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("\(label): no zoom on screen", sourceLocation: sourceLocation)
            return
        }
        let pairs: [(CGFloat, CGFloat, CGFloat)] = [
            (a.clip.minX, b.clip.minX, 0.5), (a.clip.minY, b.clip.minY, 0.5), (a.clip.width, b.clip.width, 0.5),
            (a.clip.height, b.clip.height, 0.5), (a.contentCenter.x, b.contentCenter.x, 0.5),
            (a.contentCenter.y, b.contentCenter.y, 0.5), (a.contentScale, b.contentScale, 0.002),
            (a.cornerRadius, b.cornerRadius, 0.05), (a.alpha, b.alpha, 0.01),
        ]
        let ok = pairs.allSatisfy { abs($0.0 - $0.1) <= $0.2 }
        #expect(ok, "\(label): \(a) ≠ \(b)", sourceLocation: sourceLocation)
    }

    // MARK: Histories

    @Test func presentAsksTheProviderOnceAndHidesTheSourceWhileZoomed() throws {
        let app = makeApp()
        let tile = app.a.tiles[0]
        app.a.present(app.b, animated: true) { app.log("completion at \(app.t), source hidden: \(tile.isHidden)") }
        app.log("presenting, source hidden: \(tile.isHidden)")
        MediaClock.main.runUntilIdle(limit: 5)
        let history = app.log.take()
        #expect(history.prefix(5) == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "provider(B) at 0.000",
            "presenting, source hidden: true",
        ])
        #expect(history.dropFirst(5).map { $0.hasPrefix("completion at") ? "completion" : $0 } == [
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "completion",
        ])
        #expect(history.last?.hasSuffix("source hidden: false") == true)
        // Full screen (`.automatic` under a zoom), the view back in the container, no wrapper left.
        #expect(app.b.presentationController?.presentationStyle == .fullScreen)
        #expect(app.b.view.frame == app.driver.window.bounds)
        #expect(app.b.view.transform == .identity)
        #expect(app.b.view.superview?.superview === app.driver.window)
        #expect(app.b.view.gestureRecognizers?.compactMap(\.name).sorted() == ["zoomDismissPan", "zoomDismissPinch"])
    }

    @Test func dismissAsksTheProviderAgainAndZoomsIntoTheSource() throws {
        let app = makeApp()
        let tile = app.a.tiles[1]
        var chosen = app.a.tiles[0]
        let log = app.log
        app.b.preferredTransition = .zoom { _ in
            log("provider, hidden: \(chosen.isHidden)")
            return chosen
        }
        app.a.present(app.b, animated: true)
        MediaClock.main.runUntilIdle(limit: 5)
        chosen = tile
        _ = log.take()
        app.b.dismiss(animated: true) { log("dismissed, source hidden: \(tile.isHidden)") }
        log("dismissing, source hidden: \(tile.isHidden)")
        let zoom = try #require(runningZoom())
        #expect(zoom.sourceState == .source(
            tile.convert(tile.bounds, to: zoom.stage!.container), cornerRadius: 0, finalFrame: app.driver.window.bounds))
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "provider, hidden: false", "dismissing, source hidden: true",
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "dismissed, source hidden: false",
        ])
        #expect(app.a.presentedViewController == nil)
        #expect(app.a.view.window === app.driver.window)
    }

    @Test func pushAndPopZoomThroughTheNavigationController() throws {
        let log = ModalLog()
        let a = Tiles("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let driver = AppDriver(rootViewController: nav, device: .iPhone15)
        driver.window.layoutIfNeeded()
        let b = ModalRecordingViewController("B", log: log)
        b.preferredTransition = .zoom { context in
            log("provider from \((context.sourceViewController as? ModalRecordingViewController)?.name ?? "?")")
            return (context.sourceViewController as? Tiles)?.tiles[2]
        }
        _ = log.take()
        nav.pushViewController(b, animated: true)
        #expect(runningZoom()?.zoomingIn == true)
        #expect(runningZoom()?.usesFallback == false)
        #expect(a.tiles[2].isHidden)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(!a.tiles[2].isHidden)
        #expect(log.take() == [
            "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "provider from A",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        ])
        #expect(nav.topViewController === b)
        #expect(b.view.transform == .identity)
        _ = nav.popViewController(animated: true)
        #expect(runningZoom()?.zoomingIn == false)
        #expect(runningZoom()?.usesFallback == false)
        #expect(a.view.superview === runningZoom()?.stage?.container)  // under the zoom
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "provider from A", "B.viewDidDisappear(true)",
            "A.viewDidAppear(true)",
        ])
        #expect(nav.viewControllers == [a])
    }

    // MARK: Geometry

    /// The zoom in at chosen times: every presented value equals ZoomState.interpolated(source,
    /// full, p) with p the perceptual spring (0.5 s, bounce 0.1) at that time.
    @Test func zoomInFollowsTheDocumentedGeometry() throws {
        let app = makeApp()
        let tile = app.a.tiles[0]
        let sourceRect = tile.frame
        app.a.present(app.b, animated: true)
        app.driver.advanceFrames(1)
        let wrapper = try #require(app.b.view.superview)
        let key = try #require(wrapper.layer.animationKeys()?.first)
        let begin = try #require(wrapper.layer.animation(forKey: key)).beginTime
        let curve = SpringCurve.perceptual(duration: 0.5, bounce: 0.1, mass: 1, initialVelocity: 0)
        let source = ZoomState.source(sourceRect, cornerRadius: 12, finalFrame: app.driver.window.bounds)
        let full = ZoomState.full(app.driver.window.bounds)
        // The start: the view scaled to cover the tile (aspect fill: 100/393 > 150/852).
        #expect(abs(source.contentScale - 100.0 / 393.0) < 1e-9)
        for t in [0.05, 0.1, 0.2, 0.35] {
            MediaClock.main.advance(by: begin + t - MediaClock.main.now)
            let p = CGFloat(curve.value(at: t))
            expectClose(presentedState(of: app.b.view), .interpolated(source, full, p), "t = \(t), p = \(p)")
        }
    }

    @Test func alignmentRectPlacesThatPartOfTheViewOnTheSource() {
        let frame = CGRect(x: 0, y: 0, width: 400, height: 800)
        let source = CGRect(x: 50, y: 60, width: 100, height: 100)
        let state = ZoomState.source(source, cornerRadius: 8, finalFrame: frame, alignment: CGRect(x: 0, y: 0, width: 400, height: 400))
        // The top square fills the source: scale 1/4, its centre (200, 200) on the source's centre.
        #expect(state.contentScale == 0.25)
        #expect(state.contentCenter == CGPoint(x: 100, y: 110 - 0.25 * (200 - 400)))
        #expect(state.clip == source)
        #expect(ZoomState.interpolated(state, .full(frame), 1) == .full(frame))
        #expect(ZoomState.interpolated(state, .full(frame), 0) == state)
    }

    @Test func interactionLawsHaveTheirClosedForms() {
        #expect(ZoomInteractionLaw.dragScale(distance: 0) == 1)
        #expect(abs(ZoomInteractionLaw.dragScale(distance: 400) - (1 - 0.6 * (1 - exp(-1)))) < 1e-12)
        #expect(ZoomInteractionLaw.progress(scale: 0.4) == 1)
        #expect(ZoomInteractionLaw.cornerRadius(distance: 20) == 20)
        #expect(ZoomInteractionLaw.pinchScale(1.4) == 1.1)
        #expect(ZoomInteractionLaw.pinchScale(0.1) == 0.2)
        // Released 90 pt down, still: 90 < 100: cancel. Moving on at 100 pt/s: 105: finish.
        #expect(!ZoomInteractionLaw.dragFinishes(translation: CGPoint(x: 0, y: 90), velocity: .zero))
        #expect(ZoomInteractionLaw.dragFinishes(translation: CGPoint(x: 0, y: 90), velocity: CGPoint(x: 0, y: 100)))
        // Far but coming back fast: cancel. Short but flicked: finish.
        #expect(!ZoomInteractionLaw.dragFinishes(translation: CGPoint(x: 0, y: 300), velocity: CGPoint(x: 0, y: -1400)))
        #expect(ZoomInteractionLaw.dragFinishes(translation: CGPoint(x: 10, y: 10), velocity: CGPoint(x: 700, y: 700)))
        #expect(ZoomInteractionLaw.pinchFinishes(scale: 0.85, velocity: -0.5))
        #expect(!ZoomInteractionLaw.pinchFinishes(scale: 0.85, velocity: 0.2))
        #expect(ZoomInteractionLaw.relativeVelocity(CGPoint(x: 0, y: 200), from: .zero, to: CGPoint(x: 0, y: 100)) == 2)
        #expect(ZoomInteractionLaw.relativeVelocity(CGPoint(x: CGFloat.nan, y: 0), from: .zero, to: CGPoint(x: 0, y: 100)) == 0)
    }

    // MARK: Interactive dismissal

    func presented() -> App {
        let app = makeApp()
        app.a.present(app.b, animated: true)
        MediaClock.main.runUntilIdle(limit: 5)
        _ = app.log.take()
        return app
    }

    /// While the finger is down, the view is the full state scaled by k(d) about where the pan
    /// began and moved with the finger.
    @Test func dragFollowsTheFingerAndShrinks() throws {
        let app = presented()
        let finger = app.driver.touchDown(at: CGPoint(x: 200, y: 300))
        app.driver.advanceFrames(1)
        let anchor = CGPoint(x: 230, y: 340)
        finger.move(to: anchor)  // past the pan's threshold: the dismissal begins here
        app.driver.advanceFrames(1)
        let zoom = try #require(runningZoom())
        #expect(zoom.isInteracting)
        let t = CGPoint(x: 60, y: 80)
        finger.move(to: CGPoint(x: anchor.x + t.x, y: anchor.y + t.y))
        app.driver.advanceFrames(1)
        let k = ZoomInteractionLaw.dragScale(distance: 100)
        let expected = ZoomState.full(app.driver.window.bounds).following(
            anchor: anchor, translation: t, scale: k, radius: ZoomInteractionLaw.cornerRadius(distance: 100),
            dimmingFactor: 1 - ZoomInteractionLaw.progress(scale: k))
        expectClose(presentedState(of: app.b.view), expected, "dragged 100 pt")
        #expect(abs((zoom.stage?.dimming.alpha ?? 0) - expected.dimming) < 1e-6)
        finger.lift()
        MediaClock.main.runUntilIdle(limit: 5)
    }

    @Test func dragReleasedFarFinishesAndAsksTheProviderAgain() throws {
        let app = presented()
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 260, y: 520), duration: 0.3)
        #expect(app.log.events.filter { $0.hasPrefix("provider") }.count == 2)  // at the start and at the release
        #expect(runningZoom()?.isSettling == true)
        MediaClock.main.runUntilIdle(limit: 5)
        let history = app.log.take()
        #expect(history.filter { !$0.hasPrefix("provider") } == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ])
        #expect(app.a.presentedViewController == nil)
        #expect(!app.a.tiles[0].isHidden)
    }

    @Test func dragReleasedEarlyCancelsAndTheViewComesBack() throws {
        let app = presented()
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 210, y: 350), duration: 0.5)
        #expect(app.a.tiles[0].isHidden)  // the source is hidden while the dismissal may end in it
        MediaClock.main.runUntilIdle(limit: 5)
        // A cancelled dismissal's callbacks, in the order every cancelled dismissal sends them.
        #expect(app.log.take().filter { !$0.hasPrefix("provider") } == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
            "B.viewDidAppear(true)", "A.viewDidDisappear(true)",
        ])
        #expect(app.a.presentedViewController === app.b)
        #expect(app.b.view.frame == app.driver.window.bounds)
        #expect(app.b.view.transform == .identity)
        #expect(app.b.view.superview?.superview === app.driver.window)
        #expect(!app.a.tiles[0].isHidden)
    }

    @Test func upwardDragDoesNotDismiss() {
        let app = presented()
        app.driver.drag(from: CGPoint(x: 200, y: 600), to: CGPoint(x: 210, y: 300), duration: 0.3)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.log.take().isEmpty)
        #expect(app.a.presentedViewController === app.b)
    }

    @Test func interactiveDismissShouldBeginDecides() {
        let app = presented()
        let log = app.log
        let options = UIViewController.Transition.ZoomOptions()
        var allow = false
        options.interactiveDismissShouldBegin = { context in
            log("should begin at \(context.location), willBegin \(context.willBegin), moving \(context.velocity.dy > 0 ? "down" : "up")")
            return allow
        }
        let tile = app.a.tiles[0]
        app.b.preferredTransition = .zoom(options: options) { _ in tile }
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500), duration: 0.3)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(log.take().count == 1)
        #expect(app.a.presentedViewController === app.b)
        allow = true
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500), duration: 0.3)
        MediaClock.main.runUntilIdle(limit: 5)
        let history = log.take()
        #expect(history.first?.hasSuffix("willBegin true, moving down") == true)
        #expect(app.a.presentedViewController == nil)
    }

    /// A release that finishes, then a finger that catches the view while it settles and drags
    /// it back: the settle stops where it is, the transition is interactive again, and the new
    /// release cancels it.
    @Test func regrabDuringTheSettleTakesHoldAgain() throws {
        let app = presented()
        let events = EventRecorder()
        let observer = TransitionProbe.addObserver { event in
            guard case let .contextCall(_, call) = event else { return }
            if case .updateInteractiveTransition = call { return }
            events.record(call.description)
        }
        defer { TransitionProbe.removeObserver(observer) }
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 560), duration: 0.25)
        app.driver.advanceFrames(3)
        let zoom = try #require(runningZoom())
        #expect(zoom.isSettling)
        // The view is on its way into the tile: catch it in the middle of where it is now,
        // bring its centre back to the middle of the screen, hold still and let go.
        let now = try #require(presentedState(of: app.b.view))
        let grab = CGPoint(x: now.clip.midX, y: now.clip.midY)
        let finger = app.driver.touchDown(at: grab)
        var at = grab
        for _ in 0..<2 {
            app.driver.advanceFrames(1)
            at = CGPoint(x: at.x + 8, y: at.y + 8)
            finger.move(to: at)
        }
        #expect(zoom.isInteracting)
        let caught = try #require(zoom.lastInteractiveState)
        let rest = ZoomState.full(app.driver.window.bounds).contentCenter
        let steps = 20
        let start = at
        for i in 1...steps {
            app.driver.advanceFrames(1)
            let f = CGFloat(i) / CGFloat(steps)
            at = CGPoint(x: start.x + (rest.x - caught.contentCenter.x) * f, y: start.y + (rest.y - caught.contentCenter.y) * f)
            finger.move(to: at)
        }
        app.driver.advanceFrames(10)
        finger.lift()
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(events.events.filter { !$0.hasPrefix("complete") } == [
            "finishInteractiveTransition()", "pauseInteractiveTransition()", "cancelInteractiveTransition()",
        ])
        #expect(events.events.last == "completeTransition(false)")
        #expect(app.a.presentedViewController === app.b)
        #expect(app.b.view.frame == app.driver.window.bounds)
        #expect(!app.a.tiles[0].isHidden)
    }

    /// The release velocity becomes the settle spring's initial velocity, relative to the way
    /// left: a flick down towards a tile above starts the spring moving away from it (negative).
    @Test func releaseVelocityIsHandedToTheSpring() throws {
        let app = presented()
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 420), duration: 0.1)
        let zoom = try #require(runningZoom())
        #expect(zoom.isSettling)
        #expect(zoom.lastSettleVelocity < -1)
        let state = try #require(zoom.lastInteractiveState)
        let tile = app.a.tiles[0].frame
        // 1200 pt/s down over the way from the view's centre to the tile's.
        let expected = ZoomInteractionLaw.relativeVelocity(
            CGPoint(x: 0, y: 1200), from: state.contentCenter,
            to: ZoomState.source(tile, cornerRadius: 12, finalFrame: app.driver.window.bounds).contentCenter)
        #expect(abs(zoom.lastSettleVelocity - expected) < 0.15, "\(zoom.lastSettleVelocity) vs \(expected)")
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
    }

    func pinch(_ driver: AppDriver, from span0: CGFloat, to span1: CGFloat, center: CGPoint, duration: Double) {
        let a = driver.touchDown(at: CGPoint(x: center.x - span0 / 2, y: center.y))
        let b = driver.touchDown(at: CGPoint(x: center.x + span0 / 2, y: center.y))
        let steps = Int(duration * 60)
        for i in 1...steps {
            driver.advanceFrames(1)
            let s = span0 + (span1 - span0) * CGFloat(i) / CGFloat(steps)
            a.move(to: CGPoint(x: center.x - s / 2, y: center.y))
            b.move(to: CGPoint(x: center.x + s / 2, y: center.y))
        }
        a.lift()
        b.lift()
    }

    @Test func pinchInDismissesAndASmallPinchCancels() {
        let app = presented()
        pinch(app.driver, from: 200, to: 180, center: CGPoint(x: 196, y: 420), duration: 0.5)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController === app.b)
        #expect(app.log.take().filter { !$0.hasPrefix("provider") }.last == "A.viewDidDisappear(true)")
        pinch(app.driver, from: 240, to: 90, center: CGPoint(x: 196, y: 420), duration: 0.3)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
        #expect(app.log.take().filter { !$0.hasPrefix("provider") } == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ])
    }

    @Test func edgeSwipePopsAZoomedControllerByItsZoom() throws {
        let log = ModalLog()
        let a = Tiles("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let driver = AppDriver(rootViewController: nav, device: .iPhone15)
        driver.window.layoutIfNeeded()
        let b = ModalRecordingViewController("B", log: log)
        b.preferredTransition = .zoom { ($0.sourceViewController as? Tiles)?.tiles[3] }
        nav.pushViewController(b, animated: true)
        MediaClock.main.runUntilIdle(limit: 5)
        _ = log.take()
        // A short, slow swipe: cancelled.
        driver.drag(from: CGPoint(x: 3, y: 400), to: CGPoint(x: 60, y: 400), duration: 0.5)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(nav.topViewController === b)
        // A cancelled pop's callbacks, in the order every cancelled pop sends them.
        #expect(log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        ])
        // A long one: the zoom pops into tile 3.
        driver.drag(from: CGPoint(x: 3, y: 400), to: CGPoint(x: 250, y: 430), duration: 0.3)
        let zoom = try #require(runningZoom())
        #expect(!zoom.zoomingIn && !zoom.usesFallback)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(nav.viewControllers == [a])
        #expect(log.take() == [
            "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "B.viewDidDisappear(true)", "A.viewDidAppear(true)",
        ])
    }

    // MARK: A provider that follows a scrolled collection view

    final class Grid: UIViewController, UICollectionViewDataSource {
        var collectionView: UICollectionView!
        override func viewDidLoad() {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 120, height: 160)
            layout.minimumLineSpacing = 10
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
            collectionView.dataSource = self
            view.addSubview(collectionView)
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = UIColor(white: CGFloat(indexPath.item % 10) / 10, alpha: 1)
            return cell
        }
    }

    @Test func providerFollowsAScrolledCollectionView() throws {
        let grid = Grid()
        let driver = AppDriver(rootViewController: grid, device: .iPhone15)
        driver.window.layoutIfNeeded()
        let detail = UIViewController()
        var current = 4
        detail.preferredTransition = .zoom { context in
            (context.sourceViewController as? Grid)?.collectionView.cellForItem(at: IndexPath(item: current, section: 0))
        }
        grid.present(detail, animated: true)
        MediaClock.main.runUntilIdle(limit: 5)
        // Meanwhile the list scrolled, and the detail moved on to item 10.
        grid.collectionView.contentOffset = CGPoint(x: 0, y: 250)
        grid.collectionView.layoutIfNeeded()
        current = 10
        detail.dismiss(animated: true)
        let zoom = try #require(runningZoom())
        let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 10, section: 0)))
        let expected = cell.convert(cell.bounds, to: zoom.stage!.container)
        #expect(expected.minY < 1000 - 250)  // moved up with the scroll
        #expect(zoom.sourceState?.clip == expected)
        #expect(cell.isHidden)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(!cell.isHidden)
        #expect(grid.presentedViewController == nil)
    }

    // MARK: Bad input

    @Test(arguments: ["nil", "other window", "zero size", "hidden", "no window"])
    func unusableSourceFallsBackToTheCentre(_ kind: String) throws {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let stray = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        other.addSubview(stray)
        let app = makeApp { a in
            switch kind {
            case "nil": return nil
            case "other window": return stray
            case "zero size": return UIView(frame: .zero).adding(to: a.view)
            case "hidden":
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40)).adding(to: a.view)
                v.isHidden = true
                return v
            default: return UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            }
        }
        let reports = FlipbookDiagnostics.capture {
            app.a.present(app.b, animated: true)
        }
        let zoom = try #require(runningZoom())
        #expect(zoom.usesFallback)
        #expect(zoom.sourceState == .fallback(app.driver.window.bounds))
        let expected = ["nil": nil, "other window": "in another window", "zero size": "has no size", "hidden": "which is hidden",
                        "no window": "not in a window"][kind]!
        if let expected {
            #expect(reports.count == 1 && reports[0].contains(expected), "\(reports)")
        } else {
            #expect(reports.isEmpty, "\(reports)")
        }
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController === app.b)
        #expect(app.b.view.frame == app.driver.window.bounds)
        #expect(app.b.view.superview?.superview === app.driver.window)
        withExtendedLifetime(other) {}
    }

    @Test func sourceRemovedDuringTheDragFallsBackAtTheRelease() throws {
        let app = presented()
        let tile = app.a.tiles[0]
        let finger = app.driver.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: 320.0, through: 520, by: 20) {
            app.driver.advanceFrames(1)
            finger.move(to: CGPoint(x: 200, y: y))
        }
        tile.removeFromSuperview()
        let reports = FlipbookDiagnostics.capture { finger.lift() }
        #expect(reports.count == 1 && reports[0].contains("not in a window"), "\(reports)")
        let zoom = try #require(runningZoom())
        #expect(zoom.usesFallback)
        #expect(!tile.isHidden)  // given back its visibility when the zoom let go of it
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
    }

    /// A finger held still for 30 s: Flipbook's interaction timeout cancels the dismissal
    /// (docs/Divergences.md, "Interactive transitions"); the view springs back instead of staying
    /// where the finger left it, and the transition ends.
    @Test func interactionTimeoutSpringsTheViewBack() {
        let app = presented()
        let finger = app.driver.touchDown(at: CGPoint(x: 200, y: 300))
        for y in stride(from: 320.0, through: 420, by: 20) {
            app.driver.advanceFrames(1)
            finger.move(to: CGPoint(x: 200, y: y))
        }
        let reports = FlipbookDiagnostics.capture { app.driver.advance(by: 32) }
        #expect(reports.count == 1 && reports[0].contains("has not called update, finish or cancel"), "\(reports)")
        #expect(UIApplication.shared.runningTransitions.isEmpty)
        #expect(app.a.presentedViewController === app.b)
        #expect(app.b.view.superview?.superview === app.driver.window)
        #expect(app.b.view.transform == .identity && app.b.view.frame == app.driver.window.bounds)
        #expect(!app.a.tiles[0].isHidden)
        finger.lift()
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController === app.b)
    }

    /// Presented without animation, a zoomed controller still has its dismissal gestures; the
    /// drag dismisses it by the zoom.
    @Test func presentedWithoutAnimationStillDismissesByDrag() {
        let app = makeApp()
        app.a.present(app.b, animated: false)
        #expect(app.b.view.gestureRecognizers?.compactMap(\.name).sorted() == ["zoomDismissPan", "zoomDismissPinch"])
        _ = app.log.take()
        app.driver.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 260, y: 520), duration: 0.3)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
        #expect(app.log.take().filter { $0.hasPrefix("provider") }.count == 2)
    }

    @Test func dismissWhilePresentingIsRefusedAndNothingSticks() {
        let app = makeApp()
        app.a.present(app.b, animated: true)
        app.driver.advanceFrames(3)
        let reports = FlipbookDiagnostics.capture { app.b.dismiss(animated: true) }
        #expect(reports.count == 1 && reports[0].contains("while a presentation or dismiss is in progress"), "\(reports)")
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(UIApplication.shared.runningTransitions.isEmpty)
        #expect(app.a.presentedViewController === app.b)
        app.b.dismiss(animated: true)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
    }

    @Test func preferredTransitionChangedMidTransitionAppliesToTheNextOne() throws {
        let app = makeApp()
        app.a.present(app.b, animated: true)
        app.driver.advanceFrames(2)
        app.b.preferredTransition = .crossDissolve()
        let zoom = try #require(runningZoom())
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(zoom.stage?.wrapper.superview == nil)
        #expect(app.b.view.frame == app.driver.window.bounds)
        app.b.dismiss(animated: true)
        let animator = try #require(UIApplication.shared.runningTransitions.last?.animator as? DefaultModalAnimator)
        #expect(animator.kind == .crossDissolve)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController == nil)
    }

    @Test(arguments: ["coverVertical", "flipHorizontal", "crossDissolve", "partialCurl"])
    func otherStylesMapToModalTransitionStyles(_ name: String) throws {
        let (transition, kind): (UIViewController.Transition, DefaultModalAnimator.Kind) = switch name {
        case "coverVertical": (.coverVertical(), .coverVertical)
        case "flipHorizontal": (.flipHorizontal(), .flipHorizontal)
        case "crossDissolve": (.crossDissolve(), .crossDissolve)
        default: (.partialCurl(), .partialCurl)
        }
        let app = makeApp()
        app.b.modalPresentationStyle = .fullScreen
        app.b.preferredTransition = transition
        app.a.present(app.b, animated: true)
        let animator = try #require(UIApplication.shared.runningTransitions.last?.animator as? DefaultModalAnimator)
        #expect(animator.kind == kind)
        MediaClock.main.runUntilIdle(limit: 5)
        #expect(app.a.presentedViewController === app.b)
    }

    @Test func badAlignmentRectIsReportedAndIgnored() throws {
        let options = UIViewController.Transition.ZoomOptions()
        options.alignmentRectProvider = { _ in CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10) }
        let app = makeApp()
        let tile = app.a.tiles[1]
        app.b.preferredTransition = .zoom(options: options) { _ in tile }
        let reports = FlipbookDiagnostics.capture { app.a.present(app.b, animated: true) }
        #expect(reports.count == 1 && reports[0].contains("alignmentRectProvider"), "\(reports)")
        #expect(runningZoom()?.sourceState == .source(tile.frame, cornerRadius: 0, finalFrame: app.driver.window.bounds))
        MediaClock.main.runUntilIdle(limit: 5)
    }
}

extension UIView {
    fileprivate func adding(to parent: UIView) -> UIView {
        parent.addSubview(self)
        return self
    }
}

@MainActor
@Suite(.freshRuntime) struct ZoomTransitionReleaseTests {
    /// After an interactive zoom dismissal (by a drag, or driven by hand) nothing is left holding
    /// the controllers, the transition context or the animator (the engine used to ask for the
    /// interruptible animator before the context was interactive, and an unstarted spring kept
    /// the context alive).
    @Test(arguments: ["drag", "manual", "plain"])
    func everythingIsReleased(_ how: String) {
        weak var weakA: UIViewController?
        weak var weakB: UIViewController?
        weak var weakAnimator: ZoomTransitionAnimator?
        weak var weakContext: ViewControllerTransitionContext?
        do {
            let a = UIViewController()
            var driver: AppDriver? = AppDriver(rootViewController: a, device: .iPhone15)
            let b = UIViewController()
            b.modalPresentationStyle = .overFullScreen
            b.preferredTransition = .zoom { $0.sourceViewController.viewIfLoaded?.subviews.first }
            a.present(b, animated: true)
            driver!.advance(by: 1)
            switch how {
            case "drag":
                driver!.drag(from: CGPoint(x: 196, y: 426), to: CGPoint(x: 133, y: 664), duration: 0.1)
            case "manual":
                let interaction = ZoomInteraction(anchor: .zero)
                b.application.startingZoomInteraction = interaction
                b.dismiss(animated: true)
                b.application.startingZoomInteraction = nil
                interaction.animator?.updateInteraction(translation: CGPoint(x: 0, y: 200), pinch: nil)
                interaction.animator?.releaseDrag(translation: CGPoint(x: 0, y: 200), velocity: .zero, cancelled: false)
            default:
                b.dismiss(animated: true)
            }
            weakAnimator = UIApplication.shared.runningTransitions.last?.animator as? ZoomTransitionAnimator
            weakContext = UIApplication.shared.runningTransitions.last?.context
            #expect(weakAnimator != nil)
            MediaClock.main.runUntilIdle(limit: 10)
            #expect(a.presentedViewController == nil)
            weakA = a
            weakB = b
            driver = nil
            MediaClock.main.runUntilIdle(limit: 1)
        }
        #expect(weakA == nil && weakB == nil && weakAnimator == nil && weakContext == nil)
    }
}
