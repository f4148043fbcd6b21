import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A dialog of nested stack views sized by Auto Layout, three stack levels deep: a card
/// (centred, 300 wide) holds a vertical stack of a text block (two labels pinned inside a
/// plain view, so it has no intrinsic size and is measured by a fitting solve), a row of
/// buttons (plain views with a height constraint), and a footer stack holding a row stack of
/// small boxes (plain views with a height constraint).
@MainActor
final class NestedStackDialog {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let card = UIView()
    let outer = UIStackView()
    let text = UIView()
    let title = UILabel()
    let message = UILabel()
    let buttons = UIStackView()
    var buttonViews: [UIView] = []
    var buttonHeights: [NSLayoutConstraint] = []
    let footer = UIStackView()
    let row = UIStackView()
    var boxes: [UIView] = []
    var cardWidth: NSLayoutConstraint!

    init() {
        root.addSubview(card)
        card.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(outer)
        outer.translatesAutoresizingMaskIntoConstraints = false
        outer.axis = .vertical
        cardWidth = card.widthAnchor.constraint(equalToConstant: 300)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            cardWidth,
            outer.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            outer.trailingAnchor.constraint(equalTo: card.trailingAnchor),
            outer.topAnchor.constraint(equalTo: card.topAnchor),
            outer.bottomAnchor.constraint(equalTo: card.bottomAnchor),
        ])

        text.translatesAutoresizingMaskIntoConstraints = false
        for label in [title, message] {
            label.translatesAutoresizingMaskIntoConstraints = false
            // One line each: a wrapping label takes its width from the layout before, so a
            // dialog built fresh in the final state could differ from one that lived the
            // history (the comparison below is about memory, not about that).
            label.numberOfLines = 1
            text.addSubview(label)
        }
        title.text = "Title"
        message.text = "A message"
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: text.topAnchor, constant: 20),
            title.leadingAnchor.constraint(equalTo: text.leadingAnchor, constant: 20),
            title.trailingAnchor.constraint(lessThanOrEqualTo: text.trailingAnchor, constant: -20),
            message.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            message.leadingAnchor.constraint(equalTo: text.leadingAnchor, constant: 20),
            message.trailingAnchor.constraint(lessThanOrEqualTo: text.trailingAnchor, constant: -20),
            message.bottomAnchor.constraint(equalTo: text.bottomAnchor, constant: -20),
        ])
        outer.addArrangedSubview(text)

        buttons.distribution = .fillEqually
        buttons.alignment = .center
        for _ in 0..<3 {
            let b = UIView()
            let h = b.heightAnchor.constraint(equalToConstant: 45)
            h.isActive = true
            buttonViews.append(b)
            buttonHeights.append(h)
            buttons.addArrangedSubview(b)
        }
        outer.addArrangedSubview(buttons)

        footer.axis = .vertical
        footer.spacing = 4
        for _ in 0..<2 { row.addArrangedSubview(makeBox(height: 20)) }
        row.spacing = 2
        footer.addArrangedSubview(row)
        footer.addArrangedSubview(makeBox(height: 10))
        outer.addArrangedSubview(footer)
    }

    func makeBox(height: CGFloat) -> UIView {
        let box = UIView()
        box.heightAnchor.constraint(equalToConstant: height).isActive = true
        boxes.append(box)
        return box
    }

    /// Every view's frame, depth first.
    var frames: [CGRect] { frames(skippingHidden: false) }

    /// Every view's frame, depth first, but for hidden views' when `skippingHidden` (a hidden
    /// arranged view keeps whatever frame it had, so a view hidden before its first layout
    /// differs from one hidden later).
    func frames(skippingHidden: Bool) -> [CGRect] {
        var out: [CGRect] = []
        func visit(_ v: UIView) {
            if !(skippingHidden && v.isHidden) { out.append(v.frame) }
            for s in v.subviews { visit(s) }
        }
        visit(root)
        return out
    }
}

extension LayoutAutoLayoutTests {
    /// Remembered fitting answers give the very frames an uncached layout gives, after each of
    /// a series of changes; each change must forget what it affects (a constant, a label's text
    /// and font, hiding an arranged view, adding and removing arranged views, stack spacing).
    /// The uncached dialog lives the same history, and a dialog built fresh in the final state
    /// agrees too.
    @Test func rememberedFittingSizesMatchUncachedLayoutAfterChanges() {
        defer { LayoutMemo.isEnabled = true }
        let steps: [(String, (NestedStackDialog) -> Void)] = [
            ("initial", { _ in }),
            ("constant", { $0.buttonHeights[0].constant = 60 }),
            ("text", { $0.title.text = "A much longer title than before" }),
            ("hide", { $0.buttonViews[1].isHidden = true }),
            ("add", { d in d.footer.addArrangedSubview(d.makeBox(height: 33)) }),
            ("remove", { $0.row.arrangedSubviews[0].removeFromSuperview() }),
            ("font", { $0.message.font = .systemFont(ofSize: 24) }),
            ("spacing", { $0.footer.spacing = 11 }),
            ("unhide", { $0.buttonViews[1].isHidden = false }),
            ("width", { $0.cardWidth.constant = 320 }),
        ]
        LayoutMemo.isEnabled = true
        let cached = NestedStackDialog()
        LayoutMemo.isEnabled = false
        let uncached = NestedStackDialog()
        for (i, (name, change)) in steps.enumerated() {
            LayoutMemo.isEnabled = true
            change(cached)
            cached.root.layoutIfNeeded()
            let a = cached.frames
            LayoutMemo.isEnabled = false
            change(uncached)
            uncached.root.layoutIfNeeded()
            #expect(a == uncached.frames, "after \(name)")
            let fresh = NestedStackDialog()
            for (_, earlier) in steps[0...i] { earlier(fresh) }
            fresh.root.layoutIfNeeded()
            #expect(cached.frames(skippingHidden: true) == fresh.frames(skippingHidden: true), "fresh, after \(name)")
        }
        // The changes did move things (the comparison is not between two unchanged layouts).
        #expect(cached.card.frame.width == 320 && cached.buttonViews[0].frame.height == 60)
    }

    /// A three-level stack dialog lays out with a bounded number of solver builds (counted,
    /// not timed): each fitted view is solved once, a pass with nothing changed solves
    /// nothing, and a change deep inside solves again only what it affects. Uncached, the
    /// same layout built solvers for every arranged view at every level in every pass.
    @Test func nestedStackDialogLaysOutWithABoundedNumberOfSolves() {
        let d = NestedStackDialog()
        var start = CassowarySolver.constructions
        d.root.layoutIfNeeded()
        let first = CassowarySolver.constructions - start
        // The root engine, the text block, three buttons, three boxes.
        #expect(first <= 8, "first layout built \(first) solvers")
        start = CassowarySolver.constructions
        d.root.setNeedsLayout()
        d.outer.setNeedsLayout()
        d.root.layoutIfNeeded()
        #expect(CassowarySolver.constructions == start, "a pass with nothing changed solves nothing")
        start = CassowarySolver.constructions
        d.boxes[0].constraints[0].constant = 25
        d.root.layoutIfNeeded()
        let again = CassowarySolver.constructions - start
        #expect(again == 1, "only the changed box is solved again (built \(again))")
        #expect(d.row.frame.height == 25)
    }
}

extension LayoutAutoLayoutTests {
    /// Setting a constraint's constant (or priority) to the value it already has changes
    /// nothing: a controller that sets it in every `viewDidLayoutSubviews` (sizing an image
    /// from its width, say) is not laid out again and again, frame after frame.
    @Test func settingAConstantToItsValueAsksForNoLayout() {
        final class Resetting: UIViewController {
            let box = UIView()
            var height: NSLayoutConstraint!
            var width: NSLayoutConstraint!
            var passes = 0
            var wanted: CGFloat = 50
            override func viewDidLoad() {
                super.viewDidLoad()
                box.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(box)
                height = box.heightAnchor.constraint(equalToConstant: 50)
                width = box.widthAnchor.constraint(equalToConstant: 80)
                width.priority = .defaultHigh
                NSLayoutConstraint.activate([
                    box.topAnchor.constraint(equalTo: view.topAnchor), box.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                    height, width,
                ])
            }
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                passes += 1
                height.constant = wanted
                width.priority = .defaultHigh
            }
        }
        let controller = Resetting()
        let app = AppDriver(rootViewController: controller, device: .iPhone15)
        app.run(until: 0.5)
        let settled = controller.passes
        #expect(controller.box.frame.size == CGSize(width: 80, height: 50))
        app.run(until: 1.0)
        #expect(controller.passes == settled, "no layout while the values stay the same")
        // A real change still lays out: the constant set in the next pass moves the box.
        controller.wanted = 60
        controller.view.setNeedsLayout()
        app.run(until: 1.1)
        #expect(controller.box.frame.height == 60)
    }
}
