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

/// Wall and CPU time of steps (CPU time as well, since the machine may be shared).
final class SuiteTimer {
    var cpu: [String: Double] = [:]

    /// Wall seconds of `body`; the process's CPU seconds in it are kept as `cpu[name]`.
    func seconds(_ name: String, _ body: () -> Void) -> Double {
        func cpuNow() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = DispatchTime.now().uptimeNanoseconds, c = cpuNow()
        body()
        cpu[name] = cpuNow() - c
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// A suite of full-screen snapshots (iPhone 15 at 2×, 786 × 1704 pixels) recorded, then
/// compared, in this test target's build, as a user's `swift test` runs one: the comparison
/// must cost no more than the recording (docs/Testing.md, "Comparing fast").
///
/// Three screens by default; `FLIPBOOK_SNAPSHOT_SUITE=40` (or any count) times that many and
/// prints drawing alone, record, compare and (up to 100 screens) the reference path's compare
/// side by side.
@Suite(.freshRuntime)
@MainActor
struct SnapshotSuiteTimingTests {
    @Test func suiteRecordsThenCompares() throws {
        let timer = SuiteTimer()
        func seconds(_ name: String = "", _ body: () -> Void) -> Double { timer.seconds(name, body) }
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
        let draw = !timed ? 0 : seconds("draw") {
            for screen in screens {
                Snapshotting<UIViewController, RenderedImage>.image.snapshot(screen).run { _ in }
            }
        }
        var failures: [String] = []
        func check(_ message: String?) { if let message { failures.append(message) } }
        let record = seconds("record") {
            for (i, screen) in screens.enumerated() {
                _ = verifySnapshot(of: screen, as: .image, named: "screen\(i)", record: .all, snapshotDirectory: folder.path)
            }
        }
        let compare = seconds("compare") {
            for (i, screen) in screens.enumerated() {
                check(verifySnapshot(of: screen, as: .image, named: "screen\(i)", record: .never, snapshotDirectory: folder.path))
            }
        }
        #expect(failures.isEmpty, "\(failures.first ?? "")")
        // The same suite through the reference path (a real PNG round trip, Swift loops).
        // (Skipped above 100 screens: at about seven times the recording it would take long.)
        let timeReference = timed && count <= 100
        let slow = !timeReference ? 0 : seconds("reference") {
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
            func line(_ label: String, _ wall: Double, _ key: String) -> String {
                let c = timer.cpu[key] ?? 0
                return label.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: "%7.2f s wall %7.2f s CPU  (%6.1f ms CPU a screen)", wall, c, c * 1000 / Double(count))
            }
            let (r, c, s) = (timer.cpu["record"] ?? 1, timer.cpu["compare"] ?? 1, timer.cpu["reference"] ?? 0)
            let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
            print("""
                snapshot suite, \(count) screens at 786 × 1704 (debug build of the test target; load average \(load)):
                  \(line("draw only", draw, "draw"))
                  \(line("record", record, "record"))
                  \(line("compare", compare, "compare"))  \(String(format: "%.2f", c / r)) × record (CPU)
                  \(timeReference ? line("reference compare", slow, "reference") + String(format: "  %.2f × record, %.1f × compare (CPU)", s / r, s / c) : "reference compare  skipped")
                  one mismatch      \(String(format: "%.1f", failing * 1000)) ms wall (difference image written)
                """)
        }
    }
}
