import Foundation
import Testing
import TestSupport
import FlipbookUIKit
@testable import FlipbookQuartz

/// `flipbookPortMake`, which `flipbook port` writes for `T()` and `type.init(…)` on a UIKit class
/// chosen at run time (docs/Porting.md, "Classes made through a metatype").
@Suite(.freshRuntime) @MainActor struct PortedMetatypeConstructionTests {
    /// A view whose `init(frame:)` override records that it ran, as UIKit's `-init` reaches it.
    final class FramedView: UIView {
        var madeThroughFrame = false
        override init(frame: CGRect) {
            super.init(frame: frame)
            madeThroughFrame = true
        }
        required init?(coder: NSCoder) { fatalError("not used") }
    }
    final class Badge: UILabel {}
    class Panel: UIView {}
    final class InsetPanel: Panel {}

    /// What the porter writes for `public var itemView = T()` with `T: UIView`.
    func makeItem<T: UIView>(_: T.Type) -> T {
        flipbookPortMake(T.self, "init()", [(UIView.self, { UIView() }), (FramedView.self, { FramedView() }), (Badge.self, { Badge() })])
    }

    @Test func theClassThatTheParameterIsIsMadeWithItsOwnInitialiser() {
        let framed = makeItem(FramedView.self)
        #expect(type(of: framed) == FramedView.self)
        #expect(framed.madeThroughFrame)
        #expect(type(of: makeItem(Badge.self)) == Badge.self)
        #expect(type(of: makeItem(UIView.self)) == UIView.self)
    }

    /// A metatype value typed by the base class makes the subclass it holds.
    @Test func aMetatypeValueMakesTheSubclassItHolds() {
        let kinds: [UIView.Type] = [Panel.self, InsetPanel.self]
        let made = kinds.map { kind in
            flipbookPortMake(kind, "init(frame:)", [
                (Panel.self, { Panel(frame: CGRect(x: 0, y: 0, width: 10, height: 20)) }),
                (InsetPanel.self, { InsetPanel(frame: CGRect(x: 0, y: 0, width: 10, height: 20)) }),
            ])
        }
        #expect(made.map { ObjectIdentifier(type(of: $0)) } == [ObjectIdentifier(Panel.self), ObjectIdentifier(InsetPanel.self)])
        #expect(made.allSatisfy { $0.bounds.size == CGSize(width: 10, height: 20) })
    }

    /// Only the exact class counts: a subclass that is not listed is not made as its superclass
    /// (which would be silently the wrong class); it stops with what to add.
    @Test func aClassThatIsNotListedIsNotMadeAsItsSuperclass() {
        let candidates: [(Any.Type, () -> Any)] = [(Panel.self, { Panel() })]
        #expect(PortedMetatypeConstruction.make(InsetPanel.self, candidates) == nil)
        #expect(PortedMetatypeConstruction.make(Panel.self, candidates).map { type(of: $0) == Panel.self } == true)
        let message = PortedMetatypeConstruction.unlisted(InsetPanel.self, "init()", candidates)
        #expect(message.contains("InsetPanel is made here through a metatype with `init()`"))
        #expect(message.contains("(Panel)"))
        #expect(message.contains("add `(InsetPanel.self, { InsetPanel(…) })` to the list at this call"))
        #expect(PortedMetatypeConstruction.unlisted(Panel.self, "init()", []).contains("(none)"))
    }

    /// The closures of the classes that are not picked never run: the arguments are evaluated once.
    @Test func onlyThePickedClosureRuns() {
        var runs = 0
        func frame() -> CGRect {
            runs += 1
            return .zero
        }
        _ = flipbookPortMake(Panel.self as UIView.Type, "init(frame:)", [
            (UIView.self, { UIView(frame: frame()) }), (Panel.self, { Panel(frame: frame()) }), (InsetPanel.self, { InsetPanel(frame: frame()) }),
        ])
        #expect(runs == 1)
    }
}
