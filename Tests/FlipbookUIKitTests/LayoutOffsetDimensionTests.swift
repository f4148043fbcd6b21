import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// `anchorWithOffset(to:)`: a dimension that is the distance from one anchor to another, used
/// in constraints like any width or height (equal gaps, a panel's fractional inset).
@MainActor
@Suite(.freshRuntime) struct LayoutOffsetDimensionTests {
    private func container(width: CGFloat = 300, height: CGFloat = 400) -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.makeKeyAndVisible()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        return (window, view)
    }

    private func add(_ count: Int, to view: UIView) -> [UIView] {
        (0..<count).map { _ in
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(v)
            return v
        }
    }

    /// Three views with the two gaps between them kept equal: 300 − (50 + 40 + 50) = 160 of
    /// gaps, 80 each, so the middle one starts at 130.
    @Test func twoGapsKeptEqual() {
        let (window, view) = container()
        let v = add(3, to: view)
        NSLayoutConstraint.activate([
            v[0].leadingAnchor.constraint(equalTo: view.leadingAnchor),
            v[2].trailingAnchor.constraint(equalTo: view.trailingAnchor),
            v[0].widthAnchor.constraint(equalToConstant: 50),
            v[1].widthAnchor.constraint(equalToConstant: 40),
            v[2].widthAnchor.constraint(equalToConstant: 50),
            v[0].trailingAnchor.anchorWithOffset(to: v[1].leadingAnchor)
                .constraint(equalTo: v[1].trailingAnchor.anchorWithOffset(to: v[2].leadingAnchor)),
        ] + v.flatMap { [$0.topAnchor.constraint(equalTo: view.topAnchor), $0.heightAnchor.constraint(equalToConstant: 20)] })
        view.layoutIfNeeded()
        #expect(v[1].frame == CGRect(x: 130, y: 0, width: 40, height: 20))
        #expect(v[2].frame.minX == 250)
        withExtendedLifetime(window) {}
    }

    /// A panel's edge at a fraction of its guide (`guide.top → edge == 0.25 × guide.height`),
    /// the other way round from the bottom, a constant distance, and a distance that comes out
    /// negative when the second anchor lies before the first.
    @Test func fractionsConstantsAndDirection() {
        let (window, view) = container()
        let guide = UILayoutGuide()
        view.addLayoutGuide(guide)
        let v = add(3, to: view)
        NSLayoutConstraint.activate([
            guide.topAnchor.constraint(equalTo: view.topAnchor, constant: 40),
            guide.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            guide.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            guide.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            guide.topAnchor.anchorWithOffset(to: v[0].topAnchor).constraint(equalTo: guide.heightAnchor, multiplier: 0.25),
            v[1].bottomAnchor.anchorWithOffset(to: guide.bottomAnchor).constraint(equalTo: guide.heightAnchor, multiplier: 0.5),
            view.leadingAnchor.anchorWithOffset(to: v[2].leadingAnchor).constraint(equalToConstant: 30),
            v[2].topAnchor.anchorWithOffset(to: view.topAnchor).constraint(equalToConstant: -12),
        ] + v.flatMap { [$0.widthAnchor.constraint(equalToConstant: 10), $0.heightAnchor.constraint(equalToConstant: 10)] }
            + v[0...1].map { $0.leadingAnchor.constraint(equalTo: view.leadingAnchor) })
        view.layoutIfNeeded()
        #expect(v[0].frame.minY == 40 + 0.25 * 360)
        #expect(v[1].frame.maxY == 400 - 0.5 * 360)
        #expect(v[2].frame.origin == CGPoint(x: 30, y: 12))
        withExtendedLifetime(window) {}
    }

    /// The constraint logs the distance as UIKit's engine does, `(to − from)`, and it is
    /// installed on the closest view that holds every item it reads.
    @Test func descriptionAndInstallation() {
        let (window, view) = container()
        let inner = UIView()
        view.addSubview(inner)
        let v = add(2, to: inner)
        let c = v[0].trailingAnchor.anchorWithOffset(to: v[1].leadingAnchor).constraint(equalToConstant: 8)
        c.isActive = true
        #expect(inner.constraints.contains(c))
        #expect(c.description.contains("(UIView:"))
        #expect(c.description.contains(".leading - UIView:"))
        #expect(c.description.contains(".trailing) == 8"))
        let across = v[0].topAnchor.anchorWithOffset(to: view.bottomAnchor).constraint(equalToConstant: 100)
        across.isActive = true
        #expect(view.constraints.contains(across))
        withExtendedLifetime(window) {}
    }
}
