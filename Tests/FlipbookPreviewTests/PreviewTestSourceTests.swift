import Foundation
import Testing
import TestSupport
import Flipbook
import FlipbookCatalog
import FlipbookTesting
@testable import FlipbookPreview

/// "Copy as test" (docs/Preview.md, "Copy as test"): a session's scene and touches as Swift
/// Testing source, exactly; the source compiles and passes (RecordedSessionSample.swift is the
/// generator's output for `dragHalfWay`, kept in this target so the compiler checks it), and a
/// changed animator makes it fail.
@Suite(.freshRuntime) @MainActor struct PreviewTestSourceTests {
    static func registry() -> SceneRegistry {
        var r = SceneRegistry.builtIn
        CatalogScenes.register(in: &r)
        return r
    }

    /// card-flip on the iPhone SE at 1x, paused at the reveal (frame 90), dragged from the left
    /// edge half way across (moves 20 ms apart) and released: the browser test's session.
    static func dragHalfWay(_ engine: PreviewEngine) throws -> PreviewTimeline {
        let t = try #require(engine.makeTimeline(scene: "card-flip", device: "iphone-se", scale: 1))
        t.noteStop(90)
        _ = engine.frame(t, at: 90)
        let y = 333.0
        var time = 1.5
        engine.addInput(PreviewPointer(phase: .down, finger: 0, x: 3, y: y, time: time), on: t, at: 90)
        for x in stride(from: 30.0, through: 180, by: 30) {
            time += 0.02
            engine.addInput(PreviewPointer(phase: .move, finger: 0, x: x, y: y, time: time), on: t, at: 90)
        }
        engine.addInput(PreviewPointer(phase: .up, finger: 0, x: 180, y: y, time: time + 0.02), on: t, at: 90)
        return t
    }

    @Test func aRecordedSessionIsExactlyThisSource() throws {
        let session = PreviewRecordedSession(
            sceneName: "card-flip", scene: .type(module: "FlipbookCatalog", typePath: "CardFlipScene"), device: "iphone-se", scale: 1,
            inputs: [
                PreviewInput(frame: 90, pointer: PreviewPointer(phase: .down, finger: 0, x: 3, y: 333, time: 1.5)),
                PreviewInput(frame: 90, pointer: PreviewPointer(phase: .move, finger: 0, x: 100.5, y: 333, time: 1.52)),
                PreviewInput(frame: 91, pointer: PreviewPointer(phase: .up, finger: 0, x: 180, y: 333, time: nil)),
            ],
            stops: [90], transitions: [.init(kind: "presentation", start: 30, end: 67, result: "completed"), .init(kind: "dismissal", start: 90, end: nil)],
            lastFrame: 192)
        let source = try PreviewTestSource.make(session).get()
        #expect(source == """
            // "Copy as test" in `flipbook preview`: card-flip on iphone-se at 1x, 3 touch events.
            // The touches are replayed on the scene's AppDriver at their frames; the filmstrip shows the
            // frames where you paused and where transitions began and ended, the history every transition call.
            // In a test target that depends on FlipbookTesting: the first `swift test` records the references
            // (and fails, as swift-snapshot-testing does), the next ones compare against them.
            import Flipbook
            import FlipbookTesting
            import Testing
            @testable import FlipbookCatalog

            @Test(.freshRuntime) @MainActor func cardFlipSession() {
                let replay = SceneReplay(CardFlipScene.self, device: .iPhoneSE, scale: 1, touches: [
                    .down(0, x: 3.0, y: 333.0, frame: 90, time: 1.5),
                    .move(0, x: 100.5, y: 333.0, frame: 90, time: 1.52),
                    .up(0, x: 180.0, y: 333.0, frame: 91),
                ])
                let recorder = TransitionRecorder(app: replay.driver)
                // Frames at 60 fps: 30 (presentation began), 48 (presentation half way), 67 (presentation completed), 90 (paused, dismissal began)
                assertSnapshot(of: replay.filmstrip(atFrames: [30, 48, 67, 90]), as: .image(), named: "filmstrip")
                assertSnapshot(of: recorder.history.description, as: .lines, named: "transitions")
            }

            """)
    }

    @Test func aSessionWithNoTouchesGivesTheFilmstripOnly() throws {
        let session = PreviewRecordedSession(
            sceneName: "card-deck", scene: .preview(module: "SampleTransitions", name: "card-deck"), device: "ipad", scale: 2,
            inputs: [], stops: [], transitions: [], lastFrame: 180)
        let source = try PreviewTestSource.make(session).get()
        #expect(source.contains("let replay = try #require(SceneReplay(preview: \"card-deck\", device: .iPad, scale: 2))\n"))
        #expect(source.contains("@Test(.freshRuntime) @MainActor func cardDeckSession() throws {"))
        #expect(source.contains("@testable import SampleTransitions"))
        #expect(source.contains("replay.filmstrip(atFrames: [0, 180])"))
        #expect(!source.contains("TransitionRecorder"))
        #expect(!source.contains("touches:"))
    }

    @Test func aSceneThatIsNotAnAppSceneHasNoTest() {
        // The renderer's test scene draws layers; it has no AppDriver to replay touches on.
        guard case .unavailable(let why) = PreviewTestSource.sceneReference(for: TestScene.self) else {
            Issue.record("TestScene is not an AppScene")
            return
        }
        #expect(why.contains("not an AppScene"))
        #expect(PreviewSession.testUnavailable(TestScene.self) == why)
        #expect(PreviewSession.testUnavailable(CardFlipScene.self) == nil)
        #expect(PreviewTestSource.sceneReference(for: CardFlipScene.self) == .type(module: "FlipbookCatalog", typePath: "CardFlipScene"))
        let session = PreviewRecordedSession(
            sceneName: "test", scene: .unavailable(why), device: "iphone-15", scale: 2, inputs: [], stops: [], transitions: [], lastFrame: 60)
        #expect(throws: PreviewTestSourceUnavailable.self) { try PreviewTestSource.make(session).get() }
    }

    @Test func filmstripFramesAreStopsAndTransitionsThinnedToTwelve() {
        var session = PreviewRecordedSession(
            sceneName: "x", scene: .type(module: "M", typePath: "S"), device: "iphone-15", scale: 1, inputs: [], stops: [500, 4, 4],
            transitions: [.init(kind: "push", start: 10, end: 30)], lastFrame: 100)
        #expect(PreviewTestSource.filmstripFrames(session) == [4, 10, 20, 30])
        session.stops = Array(0..<40)
        #expect(PreviewTestSource.filmstripFrames(session).count == PreviewTestSource.maxFilmstripFrames)
        #expect(PreviewTestSource.filmstripFrames(session).first == 0 && PreviewTestSource.filmstripFrames(session).last == 39)
        #expect(PreviewTestSource.functionName("9 lives!") == "scene9LivesSession")
    }

    /// The sample in this target is what the generator writes for the browser test's session.
    @Test func theCompiledSampleIsTheGeneratorsOutput() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try Self.dragHalfWay(engine)
        let session = engine.recordedSession(of: t)
        #expect(session.transitions.map(\.kind) == ["presentation", "dismissal"])
        let source = try PreviewTestSource.make(session).get()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("RecordedSessionSample.swift")
        let kept = try String(contentsOf: sample, encoding: .utf8)
        if kept != source {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("RecordedSessionSample.generated.swift")
            try? source.write(to: out, atomically: true, encoding: .utf8)
            Issue.record("RecordedSessionSample.swift is not the generator's output; the output is in \(out.path)")
        }
    }

    /// A replay in a test draws the frames the preview drew for the same touches.
    @Test func theReplayDrawsThePreviewsFrames() throws {
        let engine = PreviewEngine(registry: Self.registry())
        defer { engine.shutdown() }
        let t = try Self.dragHalfWay(engine)
        let live = try #require(engine.rawFrame(t, at: 150).pixels)
        let replay = SceneReplay(
            CardFlipScene.self, device: .iPhoneSE, scale: 1,
            touches: t.inputs.map {
                SceneReplay.Touch(
                    SceneReplay.Touch.Phase(rawValue: $0.pointer.phase.rawValue)!, finger: $0.pointer.finger, x: $0.pointer.x,
                    y: $0.pointer.y, frame: $0.frame, time: $0.pointer.time)
            })
        let image = replay.image(atFrame: 150)
        #expect(image.premultipliedPixels == live, "the replay's frame 150 differs from the preview's")
    }

    /// Bad input to a replay is reported, never a trap: touches out of order, a point that is not
    /// a number, a frame before the one drawn, a preview that is not linked in.
    @Test func badReplayInputIsReported() throws {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        let replay = SceneReplay(
            CardFlipScene.self, device: .iPhoneSE, scale: 1,
            touches: [
                .down(0, x: .nan, y: 10, frame: 5), .down(1, x: 10, y: 10, frame: 3, time: .infinity),
                .up(1, x: 10, y: 10, frame: 4),
            ])
        #expect(reports.contains { $0.contains("SceneReplay: touch 1 (down) is at frame 3, before the touch before it (frame 5)") })
        _ = replay.image(atFrame: 8)
        #expect(reports.contains { $0.contains("SceneReplay: a touch at (nan, 10.0) is not a point; skipped.") })
        let again = replay.image(atFrame: 2)
        #expect(again.width == 375 && replay.frame == 8)
        #expect(reports.contains { $0.contains("SceneReplay: frame 2 is before frame 8") })
        #expect(SceneReplay(preview: "no-such-preview") == nil)
        #expect(reports.contains { $0.contains("SceneReplay(preview: \"no-such-preview\")") })
    }

    /// Record, pass, then a changed animator fails with the filmstrip's difference and the
    /// history's: the generated test's body, with its snapshots in a folder of its own.
    @Test func aChangedAnimatorFailsTheRecordedTest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each run as a test of its own: a fresh runtime (its clock, its application).
        func run(duration: TimeInterval, record: SnapshotTestingConfiguration.Record) -> [String] {
            AppRuntime().run { body(duration: duration, record: record) }
        }
        func body(duration: TimeInterval, record: SnapshotTestingConfiguration.Record) -> [String] {
            SlideAnimator.duration = duration
            defer { SlideAnimator.duration = 0.5 }
            let replay = SceneReplay(
                SlideScene.self, device: .iPhoneSE, scale: 1,
                touches: [.down(0, x: 100, y: 100, frame: 6, time: 0.1), .up(0, x: 100, y: 100, frame: 7)])
            let recorder = TransitionRecorder(app: replay.driver)
            let strip = replay.filmstrip(atFrames: [6, 20, 40])
            return [
                verifySnapshot(of: strip, as: .image(), named: "filmstrip", record: record, snapshotDirectory: folder, testName: "slide"),
                verifySnapshot(
                    of: recorder.history.description, as: .lines, named: "transitions", record: record, snapshotDirectory: folder,
                    testName: "slide"),
            ].compactMap { $0 }
        }
        #expect(run(duration: 0.5, record: .all).count == 2)  // recorded (reported as failures)
        #expect(run(duration: 0.5, record: .never).isEmpty)
        let changed = run(duration: 0.25, record: .never)
        #expect(changed.count == 2)
        #expect(changed.first?.contains("does not match") == true)
        #expect(changed.last?.contains("0.25") == true, "\(changed.last ?? "")")
    }
}

// MARK: A scene whose animator's duration a test changes

final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    nonisolated(unsafe) static var duration: TimeInterval = 0.5
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { Self.duration }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let to = context.viewController(forKey: .to), let view = context.view(forKey: .to) else {
            return context.completeTransition(false)
        }
        let final = context.finalFrame(for: to)
        context.containerView.addSubview(view)
        view.frame = final.offsetBy(dx: final.width, dy: 0)
        UIView.animate(withDuration: Self.duration, animations: { view.frame = final }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

final class SlideCardController: UIViewController, UIViewControllerTransitioningDelegate {
    init() {
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overFullScreen
        transitioningDelegate = self
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override func viewDidLoad() { view.backgroundColor = .systemOrange }
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { SlideAnimator() }
}

/// A home screen whose button presents a card with `SlideAnimator`.
final class SlideHomeController: UIViewController {
    override func viewDidLoad() {
        view.backgroundColor = .systemTeal
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 40, y: 60, width: 200, height: 100)
        button.backgroundColor = .white
        button.addAction(UIAction { [unowned self] _ in self.present(SlideCardController(), animated: true) }, for: .touchUpInside)
        view.addSubview(button)
    }
}

final class SlideScene: AppScene {
    static let name = "slide-test"
    static let summary = "A tap presents a card that slides in"
    let duration: CFTimeInterval = 1
    let driver: AppDriver
    init(size: CGSize) { driver = AppDriver(rootViewController: SlideHomeController(), device: .fitting(size)) }
}
