// UIKit API that real iOS libraries call (issue 37), written as those libraries write it and
// compiled in the Swift 5 language mode, as they are: segues, nib awakening, the deprecated
// status bar notifications, separator effects, split view ancestors, `as CFArray` gradients,
// extended layout, coordinate spaces, child trait overrides, interaction-end notifications,
// Visual Format Language and zooming scroll views. Only the import differs from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A custom segue presenting its destination.
final class FadeSegue: UIStoryboardSegue {
    override func perform() {
        destination.modalPresentationStyle = .overFullScreen
        source.present(destination, animated: true, completion: nil)
    }
}

final class ProfileCell: UITableViewCell {
    var awoke = false
    override func awakeFromNib() {
        super.awakeFromNib()
        awoke = true
    }
}

final class PhotoCell: UICollectionViewCell {
    override func awakeFromNib() {
        super.awakeFromNib()
        contentView.backgroundColor = .black
    }
}

/// A constraint that follows the keyboard, as animation libraries write it: objects a nib holds
/// (constraints, gesture recognizers, bar items) override NSObject's nib hooks too.
final class KeyboardFollowingConstraint: NSLayoutConstraint {
    var offset: CGFloat = 0
    override func awakeFromNib() {
        super.awakeFromNib()
        offset = constant
    }
}

/// An Auto Layout DSL's own constraint class: it declares no initialiser and is made with
/// UIKit's classic one.
final class LabelledConstraint: NSLayoutConstraint {
    var label: String?
}

final class NibTapRecognizer: UITapGestureRecognizer {
    override func awakeFromNib() { super.awakeFromNib() }
    override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }
}

final class NibBarButtonItem: UIBarButtonItem {
    override func awakeFromNib() { super.awakeFromNib() }
}

/// UIKit's batch-update block does not escape: a card swiper hands it a closure that calls its
/// own non-escaping parameter.
final class BatchingSwiper: UIView {
    let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let table = UITableView()
    private(set) var ran = 0
    func performUpdates(updateClosure: () -> Void) {
        UIView.performWithoutAnimation {
            collection.performBatchUpdates({
                updateClosure()
            }, completion: { [weak self] _ in self?.ran += 1 })
            table.performBatchUpdates({ updateClosure() })
            table.performBatchUpdates(nil, completion: nil)
        }
    }
}

final class BadgeView: UIView {
    override func awakeFromNib() {
        super.awakeFromNib()
        layer.cornerRadius = 4
    }
}

final class ListViewController: UIViewController {
    var prepared: [String] = []
    var statusBarObserver: NSObjectProtocol?
    let child = UIViewController()

    override func awakeFromNib() {
        super.awakeFromNib()
        edgesForExtendedLayout = []
        automaticallyAdjustsScrollViewInsets = false
        extendedLayoutIncludesOpaqueBars = true
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        statusBarObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didChangeStatusBarFrameNotification, object: nil, queue: .main
        ) { note in
            _ = note.userInfo?[UIApplication.statusBarFrameUserInfoKey]
        }
        addChild(child)
        view.addSubview(child.view)
        child.view.translatesAutoresizingMaskIntoConstraints = false
        let views: [String: Any] = ["child": child.view!]
        let metrics = ["margin": 16]
        view.addConstraints(NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-margin-[child]-margin-|", options: [], metrics: metrics, views: views))
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-(>=20@750)-[child(==200)]", options: .alignAllCenterX, metrics: nil, views: views))
        child.didMove(toParent: self)
        setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: .regular), forChild: child)
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        identifier == "detail"
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        if segue.identifier == "detail" { prepared.append(segue.destination.title ?? "") }
    }

    override func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        super.overrideTraitCollection(forChild: childViewController)
    }

    func showDetail() {
        performSegue(withIdentifier: "detail", sender: self)
    }

    func gradientLayerImage(size: CGSize) -> UIImage {
        let top = UIColor.white, bottom = UIColor.gray
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { context in
            let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [top.cgColor, bottom.cgColor] as CFArray,
                locations: [0, 1])!
            context.cgContext.drawLinearGradient(
                gradient, start: .zero, end: CGPoint(x: 0, y: size.height), options: [])
        }
    }

    func pointOnScreen(_ point: CGPoint) -> CGPoint {
        let space = view.window?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace
        let onScreen = view.convert(point, to: space)
        return UIScreen.main.fixedCoordinateSpace.convert(onScreen, from: UIScreen.main.coordinateSpace)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.notifyWhenInteractionEnds { context in
            if context.isCancelled { self.prepared.append("cancelled") }
        }
    }
}

/// A zoomable image viewer, as photo libraries write it.
final class ZoomingImageViewController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView()
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.frame = view.bounds
        scrollView.delegate = self
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = 4
        scrollView.bouncesZoom = true
        scrollView.addSubview(imageView)
        scrollView.contentSize = imageView.bounds.size
        view.addSubview(scrollView)
    }

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { imageView }

    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        log.append("zoom \(scrollView.zoomScale)")
    }

    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
        log.append("begin")
    }

    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        log.append("end \(scale)")
    }

    func doubleTapped(at point: CGPoint) {
        if scrollView.zoomScale > scrollView.minimumZoomScale {
            scrollView.setZoomScale(scrollView.minimumZoomScale, animated: true)
        } else {
            let size = CGSize(width: scrollView.bounds.width / 2, height: scrollView.bounds.height / 2)
            scrollView.zoom(to: CGRect(origin: CGPoint(x: point.x - size.width / 2, y: point.y - size.height / 2), size: size), animated: true)
        }
    }
}

final class CalledUIKitAPITests: XCTestCase {
    func testBatchUpdatesTakeANonEscapingClosure() {
        let swiper = BatchingSwiper()
        var calls = 0
        swiper.performUpdates { calls += 1 }
        XCTAssertEqual(calls, 2)  // the collection's batch and the table's
        MediaClock.main.runUntilIdle()
        XCTAssertEqual(swiper.ran, 1)
    }

    func testTheCalledAPICompilesAndRunsInSwift5() {
        let list = ListViewController()
        let nav = UINavigationController(rootViewController: list)
        let app = AppDriver(rootViewController: nav)
        app.window.layoutIfNeeded()
        XCTAssertEqual(list.child.traitCollection.horizontalSizeClass, .regular)
        XCTAssertNil(list.splitViewController)
        XCTAssertEqual(list.edgesForExtendedLayout, .all)
        let detail = UIViewController()
        detail.title = "Detail"
        let segue = FadeSegue(identifier: "detail", source: list, destination: detail)
        if list.shouldPerformSegue(withIdentifier: "detail", sender: nil) {
            list.prepare(for: segue, sender: nil)
            segue.perform()
        }
        app.advance(by: 1)
        XCTAssertEqual(list.prepared, ["Detail"])
        XCTAssertTrue(nav.presentedViewController === detail)
        let table = UITableView()
        table.separatorEffect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .light))
        XCTAssertNotNil(table.separatorEffect)
        XCTAssertEqual(list.gradientLayerImage(size: CGSize(width: 4, height: 4)).size, CGSize(width: 4, height: 4))
        XCTAssertEqual(list.pointOnScreen(.zero).x, list.view.convert(CGPoint.zero, to: nil).x)
        XCTAssertEqual(UITraitCollection(userInterfaceLevel: .elevated).userInterfaceLevel, .elevated)
        ProfileCell(style: .default, reuseIdentifier: nil).awakeFromNib()
    }

    func testAZoomingViewerCompilesAndZoomsInSwift5() {
        let viewer = ZoomingImageViewController()
        let app = AppDriver(rootViewController: viewer)
        viewer.scrollView.setZoomScale(2, animated: false)
        XCTAssertEqual(viewer.scrollView.zoomScale, 2)
        XCTAssertEqual(viewer.scrollView.contentSize, CGSize(width: 800, height: 600))
        XCTAssertNotNil(viewer.scrollView.pinchGestureRecognizer)
        viewer.doubleTapped(at: CGPoint(x: 10, y: 10))
        app.advance(by: 1)
        XCTAssertEqual(viewer.scrollView.zoomScale, 1)
        XCTAssertFalse(viewer.scrollView.isZooming || viewer.scrollView.isZoomBouncing)
    }
}
