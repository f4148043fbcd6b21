import Foundation
import Testing
import TestSupport
import Flipbook

/// UICollectionViewController and the `NSIndexPath` row/item/section additions.
@Suite(.freshRuntime) @MainActor struct CollectionViewControllerTests {
    @Test func controllerIsItsCollectionsSourceAndDelegateAndClearsSelection() {
        final class Grid: UICollectionViewController, UICollectionViewDelegateFlowLayout {
            var selected: [Int] = []
            var displayed: Set<Int> = []
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            }
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
                cell.backgroundColor = .systemBlue
                return cell
            }
            override func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                displayed.insert(indexPath.item)
            }
            override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                selected.append(indexPath.item)
            }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                sizeForItemAt indexPath: IndexPath) -> CGSize { CGSize(width: 100, height: 100) }
        }
        let layout = UICollectionViewFlowLayout()
        let grid = Grid(collectionViewLayout: layout)
        #expect(grid.collectionViewLayout === layout)
        let nav = UINavigationController(rootViewController: grid)
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        #expect(grid.view === grid.collectionView)
        #expect(grid.collectionView.dataSource === grid && grid.collectionView.delegate === grid)
        #expect(grid.collectionView.numberOfItems(inSection: 0) == 6)
        #expect(grid.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size == CGSize(width: 100, height: 100))
        #expect(grid.displayed == Set(0..<6))
        let cell = grid.collectionView.cellForItem(at: IndexPath(item: 1, section: 0))
        if let cell { app.tap(cell) }
        app.advanceFrames(2)
        #expect(grid.selected == [1])
        #expect(grid.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        nav.pushViewController(UIViewController(), animated: false)
        nav.popViewController(animated: false)
        #expect(grid.collectionView.indexPathsForSelectedItems?.isEmpty ?? true, "cleared on viewWillAppear")
    }

    @Test func madeWithoutALayoutItReportsAndUsesAFlowLayout() {
        let messages = FlipbookDiagnostics.capture {
            let controller = UICollectionViewController()
            #expect(controller.collectionView.collectionViewLayout is UICollectionViewFlowLayout)
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("non-nil layout") == true)
    }

    @Test func nsIndexPathReadsRowItemAndSection() {
        let path = NSIndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.item == 3 && path.section == 1)
        #expect((IndexPath(item: 4, section: 2) as NSIndexPath).item == 4)
        #expect(NSIndexPath(item: 5, section: 0).row == 5)
        #expect(NSIndexPath().row == 0 && NSIndexPath().section == 0)
    }
}

/// Darwin's names that older iOS code writes (`NSInteger`, `NSEC_PER_SEC`).
@Suite struct DarwinNameTests {
    @Test func integersAndTimeConstantsAreDarwins() {
        let section: NSInteger = 3
        let count: NSUInteger = 2
        #expect(section == 3 && count == 2)
        #expect(Double(Int64(0.25 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC) == 0.25)
        #expect(NSEC_PER_MSEC * 1000 == NSEC_PER_SEC && USEC_PER_SEC * NSEC_PER_USEC == NSEC_PER_SEC)
    }
}

/// Xcode's literals, a few names older code reaches for, and the scene's coordinate space.
@Suite(.freshRuntime) @MainActor struct LiteralAndNameTests {
    @Test func colorAndImageLiteralsBuildUIKitObjects() {
        let color: UIColor = #colorLiteral(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.25, 0.5, 0.75, 1])
        let messages = FlipbookDiagnostics.capture {
            let image: UIImage = #imageLiteral(resourceName: "no-such-image-anywhere")
            #expect(image.size == .zero)
        }
        #expect(messages.count == 1)
    }

    @Test func hugeAndTheSceneCoordinateSpace() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.repeatCount = HUGE
        #expect(animation.repeatCount == .greatestFiniteMagnitude)
        let app = AppDriver(rootViewController: UIViewController(), device: .iPhone15)
        let scene = try #require(app.windowScene)
        #expect(scene.coordinateSpace.bounds == scene.screen.coordinateSpace.bounds)
        #expect(UIContentSizeCategory.didChangeNotification.rawValue == "UIContentSizeCategoryDidChangeNotification")
    }
}

/// Layout direction and the controller and responder hooks real libraries override.
@Suite(.freshRuntime) @MainActor struct LayoutDirectionAndHookTests {
    @Test func directionFollowsForcedAttributesDownTheTree() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
        parent.semanticContentAttribute = .forceRightToLeft
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        child.semanticContentAttribute = .forceLeftToRight
        #expect(child.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
    }

    @Test func hooksAreOverridable() {
        final class Sheet: UIViewController {
            override var prefersHomeIndicatorAutoHidden: Bool { true }
            override func accessibilityPerformEscape() -> Bool { true }
        }
        let sheet = Sheet()
        #expect(sheet.prefersHomeIndicatorAutoHidden && sheet.accessibilityPerformEscape())
        #expect(!UIViewController().accessibilityPerformEscape())
        UIAccessibility.post(notification: .screenChanged, argument: nil)
        let color = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(type(of: color) == UIColor.self)
    }
}

/// UIKit's rectangle drawing functions and the orientation an image is made with.
@Suite(.freshRuntime) @MainActor struct RectDrawingTests {
    @Test func rectFillAndFrameDrawInTheCurrentContext() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.blue.setFill()
            UIRectFrame(CGRect(x: 2, y: 2, width: 6, height: 6))
        }
        let cg = try #require(image.cgImage)
        let pixels = cg.pixels
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let i = y * cg.bytesPerRow + x * 4
            return Array(pixels[i..<i + 4])
        }
        let scale = Int(image.scale)
        let red = pixel(0, 0), blue = pixel(2 * scale, 2 * scale), inside = pixel(5 * scale, 5 * scale)
        #expect(red != blue)
        #expect(inside == red, "the frame is one point wide; the inside keeps the fill")
        UIRectFill(.zero)   // outside a context: nothing, no crash
        let turned = UIImage(cgImage: cg, scale: 1, orientation: .left)
        #expect(turned.imageOrientation == .left && image.imageOrientation == .up)
    }
}

/// Font descriptors as theme code uses them: kept without a size, made into fonts of several
/// sizes, asked for bold and italic variants.
@Suite struct FontDescriptorTests {
    @Test func descriptorsMakeFontsOfAnySizeAndTraits() throws {
        let base = UIFont.systemFont(ofSize: 15).fontDescriptor
        #expect(base.pointSize == 15)
        let title = UIFont(descriptor: base, size: 28)
        #expect(title.pointSize == 28 && title.pangoName == UIFont.systemFamilyName)
        let bold = try #require(base.withSymbolicTraits(.traitBold))
        #expect(UIFont(descriptor: bold, size: 0).pangoName == "\(UIFont.systemFamilyName) Bold")
        #expect(UIFont(descriptor: bold, size: 0).pointSize == 15)
        let boldItalic = try #require(base.withSymbolicTraits([.traitBold, .traitItalic]))
        #expect(UIFont(descriptor: boldItalic, size: 12).pangoName == "\(UIFont.systemFamilyName) Bold Oblique")
        #expect(base.withSymbolicTraits(.traitCondensed) == nil)
        let named = UIFontDescriptor(name: "Helvetica-Bold", size: 0)
        #expect(UIFont(descriptor: named, size: 20).fontName == "Helvetica-Bold")
        #expect(UIFontDescriptor(fontAttributes: [.family: "DejaVu Serif", .size: 11]).pointSize == 11)
    }
}

/// `T.description()`, Objective-C's class description: the class's name with its module.
@Suite struct ClassDescriptionTests {
    @Test func aClassDescribesItselfWithItsModule() {
        func name<T: UIView>(_ type: T.Type) -> String { T.description() }
        #expect(name(UILabel.self).hasSuffix(".UILabel"))
        #expect(UIView.description().components(separatedBy: ".").last == "UIView")
        #expect(UIView().description != UIView.description())
    }
}

/// Nib code compiles; loading or registering a nib reports and makes nothing.
@Suite(.freshRuntime) @MainActor struct NibTests {
    @Test func nibsReportAndMakeNothing() {
        let messages = FlipbookDiagnostics.capture {
            #expect(Bundle.main.loadNibNamed("MessageView", owner: nil, options: nil) == nil)
            #expect(UINib(nibName: "Cell", bundle: nil).instantiate(withOwner: nil).isEmpty)
            let table = UITableView(frame: .zero, style: .plain)
            table.register(UINib(nibName: "Row", bundle: nil), forCellReuseIdentifier: "row")
        }
        #expect(messages.count == 3)
        #expect(messages.allSatisfy { $0.contains("nibs are not provided") })
    }
}

/// The hierarchy edits are open, as UIKit's: a view that redirects its subviews (a masking
/// view's content) overrides them.
@Suite(.freshRuntime) @MainActor struct OpenHierarchyTests {
    @Test func addSubviewAndFriendsAreOverridable() {
        final class Masking: UIView {
            let content = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                super.addSubview(content)
            }
            required init?(coder: NSCoder) { nil }
            override func addSubview(_ view: UIView) { content.addSubview(view) }
            override func accessibilityElementCount() -> Int { content.subviews.count }
        }
        let masking = Masking(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView()
        masking.addSubview(child)
        #expect(child.superview === masking.content)
        (masking as UIView).addSubview(UIView())
        #expect(masking.content.subviews.count == 2 && masking.subviews.count == 1)
        #expect(masking.accessibilityElementCount() == 2)
        child.removeFromSuperview()
        #expect(masking.content.subviews.count == 1)
        #expect(UIApplication.shared.applicationState == .active)
    }
}
