import Foundation
import Testing
import Flipbook
@_spi(Benchmarks) @testable import FlipbookTesting

/// A full screen as a settings-style app has many: a large title and twelve rounded rows of text.
final class RowsScreen: UIViewController {
    let number: Int

    init(number: Int) {
        self.number = number
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        let header = UILabel(frame: CGRect(x: 20, y: 60, width: 353, height: 44))
        header.text = "Screen \(number)"
        header.font = .boldSystemFont(ofSize: 34)
        view.addSubview(header)
        for row in 0..<12 {
            let cell = UIView(frame: CGRect(x: 16, y: 120 + CGFloat(row) * 56, width: 361, height: 48))
            cell.backgroundColor = .secondarySystemGroupedBackground
            cell.layer.cornerRadius = 12
            let label = UILabel(frame: CGRect(x: 16, y: 0, width: 329, height: 48))
            label.text = "Row \(row + 1) of screen \(number)"
            cell.addSubview(label)
            view.addSubview(cell)
        }
    }
}

/// A suite of full-screen snapshots (iPhone 15 at 2×, 786 × 1704 pixels) recorded, then
/// compared, in this test target's build, as a user's `swift test` runs one: the comparison
/// must cost no more than the recording (docs/Testing.md, "Comparing fast").
///
/// Three screens by default; `FLIPBOOK_SNAPSHOT_SUITE=40` (or any count) times that many and
/// prints drawing alone, record, compare and (up to 100 screens) the reference path's compare
/// side by side.
@Suite(.cleanClock)
@MainActor
struct SnapshotSuiteTimingTests {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test func suiteRecordsThenCompares() throws {
        let env = ProcessInfo.processInfo.environment
        let count = max(1, Int(env["FLIPBOOK_SNAPSHOT_SUITE"] ?? "") ?? 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-suite-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let screens: [UIViewController] = (1...count).map { RowsScreen(number: $0) }
        let reference = Snapshotting<UIViewController, RenderedImage>(
            pathExtension: "png", diffing: .referenceImage()
        ) { controller in
            MainActor.assumeIsolated {
                controller.loadViewIfNeeded()
                let view = controller.view!
                if view.window == nil, view.bounds.isEmpty { view.frame = UIScreen.main.bounds }
                view.layoutIfNeeded()
                return LayerRenderer(scale: 2).render(view.layer)
            }
        }
        // Drawing alone, as both recording and comparing draw each screen first.
        let timed = env["FLIPBOOK_SNAPSHOT_SUITE"] != nil
        let draw = !timed ? 0 : seconds {
            for screen in screens {
                Snapshotting<UIViewController, RenderedImage>.image.snapshot(screen).run { _ in }
            }
        }
        var failures: [String] = []
        func check(_ message: String?) { if let message { failures.append(message) } }
        let record = seconds {
            for (i, screen) in screens.enumerated() {
                _ = verifySnapshot(of: screen, as: .image, named: "screen\(i)", record: .all, snapshotDirectory: folder.path)
            }
        }
        let compare = seconds {
            for (i, screen) in screens.enumerated() {
                check(verifySnapshot(of: screen, as: .image, named: "screen\(i)", record: .never, snapshotDirectory: folder.path))
            }
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
        // The same suite through the reference path (a real PNG round trip, Swift loops).
        // (Skipped above 100 screens: at about seven times the recording it would take long.)
        let timeReference = timed && count <= 100
        let slow = !timeReference ? 0 : seconds {
            for (i, screen) in screens.enumerated() {
                check(verifySnapshot(of: screen, as: reference, named: "screen\(i)", record: .never, snapshotDirectory: folder.path))
            }
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
        // One row changed: the mismatch pays for the difference image, and says where it is.
        let changed = screens[0]
        changed.view.subviews[3].backgroundColor = .systemYellow
        var mismatch: String?
        let failing = seconds {
            mismatch = verifySnapshot(of: changed, as: .image, named: "screen0", record: .never, snapshotDirectory: folder.path)
        }
        let message = try #require(mismatch)
        #expect(message.contains("pixels (") && message.contains("Diff image: "))
        if let path = message.components(separatedBy: "Diff image: ").last?.components(separatedBy: "\n").first {
            try? FileManager.default.removeItem(atPath: path)
        }
        if timed {
            func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000 / Double(count)) }
            print("""
                snapshot suite, \(count) screens at 786 × 1704 (debug build of the test target):
                  draw only         \(String(format: "%.2f", draw)) s  (\(ms(draw)) a screen)
                  record            \(String(format: "%.2f", record)) s  (\(ms(record)) a screen)
                  compare           \(String(format: "%.2f", compare)) s  (\(ms(compare)) a screen)  \(String(format: "%.2f", compare / record)) × record
                  reference compare \(!timeReference ? "skipped" : "\(String(format: "%.2f", slow)) s  (\(ms(slow)) a screen)  \(String(format: "%.2f", slow / record)) × record, \(String(format: "%.1f", slow / compare)) × compare")
                  one mismatch      \(String(format: "%.1f", failing * 1000)) ms (difference image written)
                """)
        }
    }
}
