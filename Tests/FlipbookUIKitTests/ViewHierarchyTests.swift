import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
final class RecordingView: UIView {
    var log: (String) -> Void = { _ in }
    var name = ""
    override func willMove(toSuperview newSuperview: UIView?) { log("\(name).willMoveToSuperview(\((newSuperview as? RecordingView)?.name ?? "nil"))") }
    override func didMoveToSuperview() { log("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log("\(name).willMoveToWindow(\(newWindow == nil ? "nil" : "w"))") }
    override func didMoveToWindow() { log("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log("\(name).didAddSubview(\((subview as? RecordingView)?.name ?? "?"))") }
    override func willRemoveSubview(_ subview: UIView) { log("\(name).willRemoveSubview(\((subview as? RecordingView)?.name ?? "?"))") }
    override func layoutSubviews() { log("\(name).layoutSubviews") }
}

@MainActor
@Suite(.freshRuntime) struct ViewHierarchyTests {
    func make(_ names: String..., log: @escaping (String) -> Void) -> [RecordingView] {
        names.map { n in
            let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            v.name = n
            v.log = log
            return v
        }
    }

    @Test func addAndRemoveCallbacksInUIKitOrder() {
        var history: [String] = []
        let vs = make("a", "b", "c", log: { history.append($0) })
        let (a, b, c) = (vs[0], vs[1], vs[2])
        b.addSubview(c)
        history = []
        a.addSubview(b)
        a.addSubview(c)  // moves c from b to a
        c.removeFromSuperview()
        #expect(history == [
            "b.willMoveToSuperview(a)", "b.didMoveToSuperview", "a.didAddSubview(b)",
            "b.willRemoveSubview(c)", "c.willMoveToSuperview(a)", "c.didMoveToSuperview", "a.didAddSubview(c)",
            "a.willRemoveSubview(c)", "c.willMoveToSuperview(nil)", "c.didMoveToSuperview",
        ])
    }

    @Test func windowCallbacksReachTheWholeSubtreeParentsFirst() {
        var history: [String] = []
        let vs = make("a", "b", log: { history.append($0) })
        vs[0].addSubview(vs[1])
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        history = []
        window.addSubview(vs[0])
        #expect(vs[1].window === window)
        vs[0].removeFromSuperview()
        #expect(history == [
            "a.willMoveToSuperview(nil)", "a.willMoveToWindow(w)", "b.willMoveToWindow(w)",
            "a.didMoveToWindow", "b.didMoveToWindow", "a.didMoveToSuperview",
            "a.willMoveToSuperview(nil)", "a.willMoveToWindow(nil)", "b.willMoveToWindow(nil)",
            "a.didMoveToWindow", "b.didMoveToWindow", "a.didMoveToSuperview",
        ])
    }

    @Test func subviewsAndSublayersKeepTheSameOrder() {
        let p = UIView()
        let extra = CALayer()
        p.layer.addSublayer(extra)  // a non-view layer at the back
        let v = (0..<4).map { i -> UIView in let x = UIView(); x.tag = i + 1; return x }
        p.addSubview(v[0])
        p.addSubview(v[1])
        p.insertSubview(v[2], at: 0)
        p.insertSubview(v[3], aboveSubview: v[2])
        #expect(p.subviews.map(\.tag) == [3, 4, 1, 2])
        p.bringSubviewToFront(v[2])
        p.sendSubviewToBack(v[1])
        #expect(p.subviews.map(\.tag) == [2, 4, 1, 3])
        p.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(p.subviews.map(\.tag) == [3, 4, 1, 2])
        p.insertSubview(v[0], belowSubview: v[2])
        #expect(p.subviews.map(\.tag) == [1, 3, 4, 2])
        let viewLayers = (p.layer.sublayers ?? []).filter { $0 !== extra }
        #expect(viewLayers.map { l in p.subviews.firstIndex { $0.layer === l } ?? -1 } == [0, 1, 2, 3])
        #expect(p.layer.sublayers?.contains { $0 === extra } == true)
        #expect(p.viewWithTag(4) === v[3])
        #expect(p.viewWithTag(99) == nil)
    }

    @Test func addingAnAncestorIsRefused() {
        let a = UIView(), b = UIView()
        a.addSubview(b)
        let messages = FlipbookDiagnostics.capture { b.addSubview(a) }
        #expect(messages.count == 1)
        #expect(a.superview == nil && b.superview === a)
    }

    @Test func layoutIfNeededRunsLayoutSubviewsTopDownOnce() {
        var history: [String] = []
        let vs = make("a", "b", log: { history.append($0) })
        vs[0].addSubview(vs[1])
        history = []
        vs[0].layoutIfNeeded()
        vs[0].layoutIfNeeded()
        #expect(history == ["a.layoutSubviews", "b.layoutSubviews"])
        history = []
        vs[1].setNeedsLayout()
        vs[0].layoutIfNeeded()
        vs[1].bounds.size = CGSize(width: 50, height: 50)  // size change → needs layout
        vs[1].layoutIfNeeded()
        #expect(history == ["b.layoutSubviews", "b.layoutSubviews"])
    }

    @Test func viewIsItsLayersDelegateAndAnswersNoAction() {
        let v = UIView()
        #expect(v.layer.delegate === v)
        #expect(v.action(for: v.layer, forKey: "position") is NSNull)
        // Inside an animation block an animatable key is recorded (a placeholder action);
        // a key UIKit does not animate still answers NSNull.
        var inside: [CAAction?] = []
        UIView.animate(withDuration: 0.1) {
            inside = [v.action(for: v.layer, forKey: "opacity"), v.action(for: v.layer, forKey: "hidden")]
        }
        #expect(!(inside[0] is NSNull) && inside[0] != nil)
        #expect(inside[1] is NSNull)
    }
}
