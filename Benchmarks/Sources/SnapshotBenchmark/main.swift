// SnapshotBenchmark: what one full-screen image snapshot costs to record and to compare, the
// comparison beside its reference run in the same process (issue 39, docs/Testing.md,
// "Comparing fast").
//
// The screen is the test suites' RowsScreen: a large title and twelve rounded rows of text on
// an iPhone 15 at 2× (786 × 1704 pixels), 40 different screens. Per screen, medians of all:
//   - draw: `LayerRenderer.render` alone (both sides pay it);
//   - record: draw, `toData` (Flipbook's PNG writer) and the file written;
//   - compare: the reference file read, `fromData`, `diffV2` with the freshly drawn image;
//     reference: the comparison before issue 39 (cairo reads, the new image goes through a
//     real PNG round trip, the pixels compared and a difference image drawn in Swift loops);
//   - mismatch: one row changed, so the difference image is drawn (both paths).
// This is the library built for release; the debug build a test target uses is measured by
// `FLIPBOOK_SNAPSHOT_SUITE=40 swift test --filter SnapshotSuiteTiming` (docs/Testing.md).
// CPU time is printed beside wall time: the machine may be shared (give its load average).
// Build and run: cd Benchmarks && swift build -c release --product SnapshotBenchmark
//   && .build/release/SnapshotBenchmark [--screens N]
@_spi(Benchmarks) import FlipbookTesting
import Flipbook
import Foundation

func cpuMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

func wallMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
}

func median(_ v: [Double]) -> Double { v.isEmpty ? .nan : v.sorted()[v.count / 2] }

/// The test suites' screen (Tests/FlipbookTestingTests/SnapshotSuiteTimingTests.swift).
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

let args = CommandLine.arguments
let count = args.firstIndex(of: "--screens").flatMap { Int(args[$0 + 1]) } ?? 40
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let fast = Diffing<RenderedImage>.image(), reference = Diffing<RenderedImage>.referenceImage()
/// (wall, cpu) medians of each measured step.
var times: [String: [(Double, Double)]] = [:]
@MainActor func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
    let w = wallMilliseconds(), c = cpuMilliseconds()
    let result = try body()
    times[name, default: []].append((wallMilliseconds() - w, cpuMilliseconds() - c))
    return result
}

var failures = 0
for i in 0..<count {
    let screen = RowsScreen(number: i + 1)
    screen.loadViewIfNeeded()
    screen.view.frame = UIScreen.main.bounds
    func draw() -> RenderedImage {
        screen.view.layoutIfNeeded()
        return LayerRenderer(scale: 2).render(screen.view.layer)
    }
    let file = folder.appendingPathComponent("screen\(i).png")
    _ = measure("draw") { draw() }
    try measure("record") { try fast.toData(draw()).write(to: file) }
    let image = draw()
    let data = try Data(contentsOf: file)
    if measure("compare") { fast.diffV2(fast.fromData(try! Data(contentsOf: file)), image) } != nil { failures += 1 }
    if measure("reference compare") { reference.diffV2(reference.fromData(try! Data(contentsOf: file)), image) } != nil { failures += 1 }
    screen.view.subviews[3].backgroundColor = .systemYellow
    let changed = draw()
    for (name, diffing) in [("mismatch", fast), ("reference mismatch", reference)] {
        let failure = measure(name) { diffing.diffV2(diffing.fromData(data), changed) }
        if failure == nil { failures += 1 }
        if let path = failure?.0.components(separatedBy: "Diff image: ").last { try? FileManager.default.removeItem(atPath: path) }
    }
}

@MainActor func row(_ name: String) -> (wall: Double, cpu: Double) {
    let v = times[name] ?? []
    return (median(v.map(\.0)), median(v.map(\.1)))
}
let (draw, record) = (row("draw"), row("record"))
print("SnapshotBenchmark: \(count) screens at 786 × 1704 (release build); medians, wall / CPU ms a screen")
func padded(_ s: String) -> String { s.padding(toLength: 12, withPad: " ", startingAt: 0) }
print("  " + padded("draw") + String(format: "%8.2f / %6.2f", draw.wall, draw.cpu))
print("  " + padded("record") + String(format: "%8.2f / %6.2f", record.wall, record.cpu))
for (name, ref) in [("compare", "reference compare"), ("mismatch", "reference mismatch")] {
    let a = row(name), b = row(ref)
    print("  " + padded(name) + String(format: "%8.2f / %6.2f   reference %8.2f / %6.2f   %5.1f× faster (CPU)   %4.2f× record (CPU, draw included)",
                 a.wall, a.cpu, b.wall, b.cpu, b.cpu / a.cpu, (a.cpu + draw.cpu) / record.cpu))
}
if failures > 0 { print("FAIL: \(failures) comparisons gave the wrong verdict"); exit(1) }
