// ScrollBenchmark: what one 120 Hz frame of a scrolling feed costs, and flow layout's cost.
//
// 1. Scrolling: a 10 000-item collection view (three columns of covers, Douyin's profile grid:
//    130 × 173 items 1 pt apart on an iPhone 15 window) is scrolled from the top to the bottom
//    frame by frame at a constant speed. Each timed frame does what a device's frame must:
//    move the content offset, run the clock's frame (the Core Animation commit lays the
//    collection view out: visible items found, cells dequeued, reused and configured by the
//    data source, each cell laid out), then build the presentation tree of the window
//    (`presentation()`). Figures: median, p95 and worst frame in ms against the 8.33 ms budget
//    of a 120 Hz frame, and how many cells were ever created (reuse keeps it at a screenful).
//    `--render` also renders every 20th frame at @2x (the rasteriser's share, reported apart).
// 2. Flow layout: `invalidateLayout()` + `prepare()` + `layoutAttributesForElements(in:)` over
//    the whole content for 10 000 items, as a ratio against the reference: building the same
//    10 000 CGRects in a plain loop into an array. Medians of 31 runs each.
// CPU time is reported beside wall time: the machine may be shared (give its load average).
// Build and run: cd Benchmarks && swift build -c release && .build/release/ScrollBenchmark [--render]
//   [--flow-only] [--runs N]
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

func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let i = min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * q).rounded())))
    return sorted[i]
}

func f2(_ v: Double) -> String { String(format: "%.2f", v) }
func f3(_ v: Double) -> String { String(format: "%.3f", v) }

let itemCount = 10_000
let columns = 3
let spacing: CGFloat = 1

/// A feed cell: a coloured cover, a title and a like count (what the feed app's cell shows).
final class FeedCell: UICollectionViewCell {
    nonisolated(unsafe) static var created = 0
    let cover = UIView()
    let title = UILabel()
    let likes = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        Self.created += 1
        contentView.addSubview(cover)
        title.font = .boldSystemFont(ofSize: 12)
        title.textColor = .white
        likes.font = .systemFont(ofSize: 11)
        likes.textColor = .white
        contentView.addSubview(title)
        contentView.addSubview(likes)
    }

    required init?(coder: NSCoder) { nil }

    func configure(_ item: Int) {
        cover.backgroundColor = UIColor(hue: CGFloat((item * 37) % 100) / 100, saturation: 0.55, brightness: 0.9, alpha: 1)
        title.text = "Video #\(item + 1)"
        likes.text = "♥ \(300 + (item &* 2_654_435_761) % 180_000)"
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        cover.frame = b
        likes.frame = CGRect(x: 6, y: b.height - 22, width: b.width - 12, height: 16)
        title.frame = likes.frame.offsetBy(dx: 0, dy: -16)
    }
}

final class FeedController: UIViewController, UICollectionViewDataSource {
    let layout = UICollectionViewFlowLayout()
    var collectionView: UICollectionView!
    var configured = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let w = ((view.bounds.width - spacing * CGFloat(columns - 1)) / CGFloat(columns)).rounded(.down)
        layout.itemSize = CGSize(width: w, height: (w * 4 / 3).rounded())
        layout.minimumLineSpacing = spacing
        layout.minimumInteritemSpacing = spacing
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(FeedCell.self, forCellWithReuseIdentifier: "feed")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "feed", for: indexPath)
        (cell as? FeedCell)?.configure(indexPath.item)
        configured += 1
        return cell
    }
}

@MainActor
func scrollBenchmark(render: Bool) {
    MediaClock.main.framesPerSecond = 120
    let controller = FeedController()
    let driver = AppDriver(rootViewController: controller, device: .iPhone15)
    driver.window.layoutIfNeeded()
    driver.advanceFrames(1)
    let cv = controller.collectionView!
    let maxOffset = cv.contentSize.height - cv.bounds.height + cv.adjustedContentInset.bottom
    // A fast fling's speed (6 000 pt/s), 50 pt a frame at 120 Hz.
    let step: CGFloat = 50
    let frameCount = Int(((maxOffset + cv.adjustedContentInset.top) / step).rounded(.up))
    var frameMs: [Double] = []
    var frameCpu: [Double] = []
    var renderMs: [Double] = []
    frameMs.reserveCapacity(frameCount)
    let renderer = LayerRenderer(scale: 2)
    let configured0 = controller.configured
    var offset = -cv.adjustedContentInset.top
    var visibleSum = 0
    for i in 0..<frameCount {
        offset = min(offset + step, maxOffset)
        let w0 = wallMilliseconds(), c0 = cpuMilliseconds()
        cv.contentOffset = CGPoint(x: 0, y: offset)
        driver.advanceFrames(1)
        let tree = driver.window.layer.presentation()
        let w1 = wallMilliseconds(), c1 = cpuMilliseconds()
        withExtendedLifetime(tree) {}
        frameMs.append(w1 - w0)
        frameCpu.append(c1 - c0)
        visibleSum += cv.indexPathsForVisibleItems.count
        if render && i % 20 == 0 {
            let r0 = wallMilliseconds()
            _ = renderer.render(driver.window.layer)
            renderMs.append(wallMilliseconds() - r0)
        }
    }
    let budget = 1000.0 / 120
    let median = quantile(frameMs, 0.5), p95 = quantile(frameMs, 0.95), worst = frameMs.max() ?? .nan
    print("Scrolling \(itemCount) items, \(frameCount) frames at \(Int(step)) pt/frame (\(Int(step * 120)) pt/s at 120 Hz), iPhone 15 window:")
    print("  per frame (offset + commit/layout/cell configuration + presentation tree), wall ms:")
    print("    median \(f3(median)) (\(f2(median / budget * 100)) % of 8.33 ms), p95 \(f3(p95)) (\(f2(p95 / budget * 100)) %), worst \(f3(worst))")
    print("    CPU ms: median \(f3(quantile(frameCpu, 0.5))), p95 \(f3(quantile(frameCpu, 0.95)))")
    print("    frames over budget: \(frameMs.filter { $0 > budget }.count) of \(frameCount)")
    print("  cells created: \(FeedCell.created); cells configured while scrolling: \(controller.configured - configured0); mean visible items: \(f2(Double(visibleSum) / Double(max(frameCount, 1))))")
    print("  reached the end: \(cv.contentOffset.y >= maxOffset - 0.5) (offset \(f2(cv.contentOffset.y)) of \(f2(maxOffset)))")
    if render {
        print("  render @2x of every 20th frame (\(renderMs.count) frames): median \(f2(quantile(renderMs, 0.5))) ms, p95 \(f2(quantile(renderMs, 0.95))) ms")
    }
}

@MainActor
func flowLayoutBenchmark(runs: Int) {
    let controller = FeedController()
    let driver = AppDriver(rootViewController: controller, device: .iPhone15)
    driver.window.layoutIfNeeded()
    let cv = controller.collectionView!
    let layout = controller.layout
    let size = layout.itemSize
    let width = cv.bounds.width
    var layoutMs: [Double] = []
    var referenceMs: [Double] = []
    var checksum = 0.0
    for _ in 0..<runs {
        // The reference: the same 10 000 frames in a plain loop (full lines share their spare
        // width between the two gaps, as the flow layout does).
        let r0 = wallMilliseconds()
        let gap = (width - CGFloat(columns) * size.width) / CGFloat(columns - 1)
        var rects: [CGRect] = []
        rects.reserveCapacity(itemCount)
        for i in 0..<itemCount {
            let row = i / columns, column = i % columns
            rects.append(CGRect(
                x: CGFloat(column) * (size.width + gap), y: CGFloat(row) * (size.height + spacing),
                width: size.width, height: size.height))
        }
        referenceMs.append(wallMilliseconds() - r0)
        checksum += rects[itemCount - 1].maxY

        let l0 = wallMilliseconds()
        layout.invalidateLayout()
        layout.prepare()
        let all = layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: layout.collectionViewContentSize)) ?? []
        layoutMs.append(wallMilliseconds() - l0)
        checksum += Double(all.last?.frame.maxY ?? 0)
        // The two agree on every frame.
        let ordered = all.sorted { $0.indexPath.item < $1.indexPath.item }
        if all.count != itemCount || zip(ordered, rects).contains(where: { $0.frame != $1 }) {
            print("  flow layout and reference disagree (\(all.count) attributes)")
        }
    }
    let lm = quantile(layoutMs, 0.5), rm = quantile(referenceMs, 0.5)
    print("Flow layout of \(itemCount) items (invalidate + prepare + attributes for the whole content), \(runs) runs:")
    print("  flow layout median \(f3(lm)) ms; reference (10 000 CGRects in a loop) median \(f3(rm)) ms; ratio \(f2(lm / rm))×  [checksum \(f2(checksum))]")
    _ = driver
}

let arguments = CommandLine.arguments.dropFirst()
var loadAverage = [Double](repeating: 0, count: 3)
_ = getloadavg(&loadAverage, 3)
print("load average: \(f2(loadAverage[0])) \(f2(loadAverage[1])) \(f2(loadAverage[2])) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
// `--flow-only` skips the scrolling; `--runs N` times the flow layout N times (31 by default),
// e.g. for a profile of the flow layout alone: perf record -g .build/release/ScrollBenchmark --flow-only --runs 2000
let runs = arguments.firstIndex(of: "--runs").flatMap { i in i + 1 < arguments.endIndex ? Int(arguments[i + 1]) : nil } ?? 31
MainActor.assumeIsolated {
    if !arguments.contains("--flow-only") { scrollBenchmark(render: arguments.contains("--render")) }
    flowLayoutBenchmark(runs: max(runs, 1))
}
