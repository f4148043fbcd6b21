import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Moving a view whose content uses Auto Layout, at the same size, as UIKit does it: setting
/// `center` (or a `frame` of the same size, or scrolling) lays nothing out, neither the view nor
/// its superview, and its subviews keep their frames (they move with it); changing its size
/// lays it out. The engine re-solves only when something outside the view is tied by a
/// constraint to something inside it, or a safe area inside it changes with the move.
@MainActor
@Suite(.freshRuntime) struct LayoutMoveTests {
    /// root ⊃ card (frame-placed, 200 × 120 at (40, 300)) ⊃ title (Auto Layout: 12 pt in from
    /// the card's top, leading and trailing, 30 high) ⊃ nothing. All three log `layoutSubviews`.
    struct Tree {
        let root: RecordingView, card: RecordingView, title: RecordingView
        var passes: Int { root.autoLayoutState.engine?.passCount ?? -1 }
    }

    func tree(log: @escaping (String) -> Void, in window: UIWindow? = nil) -> Tree {
        func make(_ name: String, _ frame: CGRect) -> RecordingView {
            let v = RecordingView(frame: frame)
            v.name = name
            v.log = log
            return v
        }
        let root = make("root", CGRect(x: 0, y: 0, width: 393, height: 852))
        let card = make("card", CGRect(x: 40, y: 300, width: 200, height: 120))
        let title = make("title", .zero)
        title.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        card.addSubview(title)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.heightAnchor.constraint(equalToConstant: 30),
        ])
        window?.addSubview(root)
        (window ?? root).layoutIfNeeded()
        return Tree(root: root, card: card, title: title)
    }

    @Test func settingCenterLaysNothingOutAndSolvesNothing() {
        var history: [String] = []
        let t = tree(log: { history.append($0) })
        #expect(t.title.frame == CGRect(x: 12, y: 12, width: 176, height: 30))
        let passes = t.passes
        history = []
        for step in 1...5 {
            t.card.center = CGPoint(x: 140 + CGFloat(step) * 7, y: 360 + CGFloat(step) * 11)
            t.root.layoutIfNeeded()
        }
        #expect(history == [], "UIKit calls no layoutSubviews when only the centre changes")
        #expect(t.passes == passes, "nothing to re-solve")
        #expect(t.title.frame == CGRect(x: 12, y: 12, width: 176, height: 30))
        #expect(t.title.convert(t.title.bounds, to: t.root) == CGRect(x: 87, y: 367, width: 176, height: 30))
    }

    @Test func aFrameOfTheSameSizeIsAMove() {
        var history: [String] = []
        let t = tree(log: { history.append($0) })
        history = []
        t.card.frame = CGRect(x: 10, y: 20, width: 200, height: 120)
        t.root.layoutIfNeeded()
        #expect(history == [])
        #expect(t.title.frame == CGRect(x: 12, y: 12, width: 176, height: 30))
    }

    @Test func aNewSizeLaysTheViewOutAndResolvesItsContent() {
        var history: [String] = []
        let t = tree(log: { history.append($0) })
        let passes = t.passes
        history = []
        t.card.frame = CGRect(x: 10, y: 20, width: 300, height: 120)
        t.root.layoutIfNeeded()
        #expect(history.contains("card.layoutSubviews"))
        #expect(!history.contains("title.layoutSubviews") || t.title.frame.width == 276)
        #expect(t.passes > passes)
        #expect(t.title.frame == CGRect(x: 12, y: 12, width: 276, height: 30))
    }

    /// A constraint from inside the card to its superview: the move changes where the title
    /// sits in the card, so the engine solves again and the title keeps its place on screen.
    @Test func aConstraintLeavingTheMovedViewIsSolvedAgain() {
        var history: [String] = []
        let t = tree(log: { history.append($0) })
        let pin = t.title.centerYAnchor.constraint(equalTo: t.root.topAnchor, constant: 340)
        pin.priority = .required
        NSLayoutConstraint.deactivate(t.card.constraints.filter { $0.firstAttribute == .top })
        pin.isActive = true
        t.root.layoutIfNeeded()
        #expect(t.title.frame.minY == 25)
        t.card.center.y += 20
        t.root.layoutIfNeeded()
        #expect(t.title.frame.minY == 5)
        #expect(t.title.convert(t.title.bounds, to: t.root).midY == 340)
    }

    /// An Auto Layout sibling pinned to the frame-placed card follows it.
    @Test func aSiblingPinnedToTheMovedViewFollowsIt() {
        let t = tree(log: { _ in })
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        t.root.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: t.card.trailingAnchor, constant: 8),
            badge.topAnchor.constraint(equalTo: t.card.topAnchor),
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        t.root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 248, y: 300, width: 20, height: 20))
        t.card.center = CGPoint(x: 200, y: 100)
        t.root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 308, y: 40, width: 20, height: 20))
    }

    /// Content pinned to the card's safe area: moving the card out from under the status bar
    /// changes its safe area, so its content is solved again.
    @Test func aSafeAreaThatChangesWithTheMoveIsSolvedAgain() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let t = tree(log: { _ in }, in: window)
        t.card.frame = CGRect(x: 40, y: 0, width: 200, height: 120)
        let label = UIView()
        label.translatesAutoresizingMaskIntoConstraints = false
        t.card.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: t.card.safeAreaLayoutGuide.topAnchor),
            label.leadingAnchor.constraint(equalTo: t.card.leadingAnchor),
            label.widthAnchor.constraint(equalToConstant: 10),
            label.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        let top = window.safeAreaInsets.top
        #expect(top > 0)
        #expect(label.frame.minY == top)
        t.card.center.y += 300
        window.layoutIfNeeded()
        #expect(label.frame.minY == 0)
    }

    /// Scrolling a scroll view whose content is pinned to its edges re-solves nothing; a view
    /// inside it pinned to the screen (a sticky header) is solved again and stays in place.
    @Test func scrollingSolvesOnlyWhatIsTiedOutside() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let scroll = UIScrollView(frame: root.bounds)
        root.addSubview(scroll)
        let row = UIView()
        row.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(row)
        NSLayoutConstraint.activate([
            row.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 100),
            row.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 10),
            row.widthAnchor.constraint(equalToConstant: 300),
            row.heightAnchor.constraint(equalToConstant: 44),
        ])
        scroll.contentSize = CGSize(width: 393, height: 3000)
        root.layoutIfNeeded()
        let passes = root.autoLayoutState.engine?.passCount ?? -1
        scroll.contentOffset = CGPoint(x: 0, y: 250)
        root.layoutIfNeeded()
        #expect(row.frame == CGRect(x: 10, y: 100, width: 300, height: 44))
        #expect(root.autoLayoutState.engine?.passCount == passes)
        #expect(row.convert(row.bounds, to: root).minY == -150)

        let sticky = UIView()
        sticky.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(sticky)
        NSLayoutConstraint.activate([
            sticky.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            sticky.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
            sticky.widthAnchor.constraint(equalToConstant: 100),
            sticky.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(sticky.convert(sticky.bounds, to: root).minY == 20)
        scroll.contentOffset = CGPoint(x: 0, y: 400)
        root.layoutIfNeeded()
        #expect(sticky.frame.minY == 420)
        #expect(sticky.convert(sticky.bounds, to: root).minY == 20)
    }

    /// A collection view cell whose layout attributes move it (same size) is not laid out;
    /// attributes of another size lay it out.
    @Test func cellsMovedByTheirAttributesAreNotLaidOut() {
        final class Cell: UICollectionViewCell {
            static var layouts = 0
            let label = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                label.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(label)
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 4),
                    label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -4),
                    label.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                    label.heightAnchor.constraint(equalToConstant: 10),
                ])
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() {
                super.layoutSubviews()
                Cell.layouts += 1
            }
        }
        let source = NumberedDataSource(counts: [6])
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        view.register(Cell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        let root = UIView(frame: view.frame)
        root.addSubview(view)
        root.layoutIfNeeded()
        let cells = view.visibleCells.compactMap { $0 as? Cell }
        #expect(cells.count == 6)
        #expect(cells.allSatisfy { $0.label.frame == CGRect(x: 4, y: 20, width: 92, height: 10) })
        let before = Cell.layouts
        layout.sectionInset = UIEdgeInsets(top: 30, left: 20, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.origin == CGPoint(x: 20, y: 30))
        #expect(Cell.layouts == before, "moved at the same size: no layout")
        layout.itemSize = CGSize(width: 120, height: 50)
        root.layoutIfNeeded()
        #expect(Cell.layouts > before)
        #expect(cells.allSatisfy { $0.label.frame == CGRect(x: 4, y: 20, width: 112, height: 10) })
    }
}
