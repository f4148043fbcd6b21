import Flipbook
import Foundation
import Testing
import TestSupport

/// Snapshots drawn during an export are drawn at the frames' scale (docs/Divergences.md,
/// "Snapshot scale"), so a view swapped for its snapshot looks exactly the same, as on iOS.
@Suite(.freshRuntime) @MainActor struct SnapshotScaleTests {
    /// An iPhone 15 window (screen scale 3) whose card is swapped for its snapshot at 0.05 s.
    final class SwapScene: RenderScene {
        static let name = "snapshot-swap"
        static let summary = "A card swapped for its own snapshot"
        let duration: CFTimeInterval = 0.1
        let driver: AppDriver
        let card = UIView(frame: CGRect(x: 40, y: 120, width: 240, height: 150))
        private(set) var snapshot: UIView?
        private var startTime: CFTimeInterval = 0

        init(size: CGSize) {
            let root = UIViewController()
            driver = AppDriver(rootViewController: root, device: .iPhone15)
            root.view.backgroundColor = .white
            card.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.8, alpha: 1)
            card.layer.cornerRadius = 18
            let label = UILabel(frame: CGRect(x: 16, y: 20, width: 200, height: 40))
            label.text = "Snapshot me"
            label.textColor = .white
            card.addSubview(label)
            let dot = UIView(frame: CGRect(x: 150.5, y: 90.25, width: 33.3, height: 33.3))
            dot.backgroundColor = .orange
            dot.layer.cornerRadius = 16.65
            card.addSubview(dot)
            root.view.addSubview(card)
        }

        var rootLayer: CALayer { driver.window.layer }

        func start() { startTime = driver.time }

        func update(elapsed: CFTimeInterval) {
            driver.run(until: startTime + elapsed)
            if elapsed >= 0.05, snapshot == nil, let s = card.snapshotView(afterScreenUpdates: false) {
                s.frame = card.frame
                card.superview?.addSubview(s)
                card.isHidden = true
                snapshot = s
            }
            driver.window.layoutIfNeeded()
        }
    }

    @Test func aViewSwappedForItsSnapshotLooksTheSameInAnExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for scale in [1, 2] as [CGFloat] {
            _ = try SceneExporter.export(
                SwapScene.self,
                options: ExportOptions(formats: [.frames], outputDirectory: folder, fps: 60, scale: scale, device: .iPhone15))
            func frame(_ i: Int) throws -> Data {
                try Data(contentsOf: folder.appendingPathComponent("snapshot-swap-frames/frame-\(String(format: "%05d", i)).png"))
            }
            // Frame 2 shows the card, frame 4 its snapshot (taken at frame 3).
            #expect(try frame(2) == frame(4), "scale \(scale)")
            #expect(AppRuntime.current.frameScale == nil)
        }
    }

    /// Outside an export (or the preview) a snapshot is drawn at its window's screen scale.
    @Test func outsideAnExportSnapshotsUseTheScreenScale() throws {
        let scene = SwapScene(size: UIScreen.Device.iPhone15.size)
        scene.start()
        scene.update(elapsed: 0.06)
        let image = try #require(scene.snapshot?.layer.contents as? CGImage)
        #expect(image.width == 240 * 3 && image.height == 150 * 3)
    }
}
