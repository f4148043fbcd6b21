import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A view that turns off `translatesAutoresizingMaskIntoConstraints` but is placed by hand (its
/// frame set in code, no constraint naming it), holding deeper views that do use constraints:
/// the pattern of a header view that sizes itself from a scroll view's offset and hosts a
/// collection of constrained cells.
@MainActor
@Suite(.freshRuntime) struct LayoutUnnamedAncestorTests {
    /// `holder` is in the engine's pass only as the ancestor of `badge`, whose constraints name
    /// `inner` and itself: the engine keeps `holder` where its frame says and does not zero it.
    @Test func handPlacedAncestorKeepsItsFrame() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let holder = UIView(frame: CGRect(x: 10, y: 30, width: 300, height: 120))
        holder.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(holder)
        let inner = UIView(frame: CGRect(x: 20, y: 10, width: 200, height: 100))
        holder.addSubview(inner)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        inner.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: inner.leadingAnchor, constant: 8),
            badge.topAnchor.constraint(equalTo: inner.topAnchor, constant: 6),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(holder.frame == CGRect(x: 10, y: 30, width: 300, height: 120))
        #expect(inner.frame == CGRect(x: 20, y: 10, width: 200, height: 100))
        #expect(badge.frame == CGRect(x: 8, y: 6, width: 40, height: 20))
        // Placed by hand again later (a scroll moved it): the next pass keeps the new frame.
        holder.frame = CGRect(x: 0, y: -50, width: 375, height: 50)
        badge.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(holder.frame == CGRect(x: 0, y: -50, width: 375, height: 50))
        #expect(badge.frame == CGRect(x: 8, y: 6, width: 40, height: 20))
    }

    /// Once a constraint names it, the same kind of view is the engine's to place.
    @Test func namedViewIsPlacedByTheEngine() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let holder = UIView(frame: CGRect(x: 10, y: 30, width: 300, height: 120))
        holder.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(holder)
        NSLayoutConstraint.activate([
            holder.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            holder.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            holder.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            holder.heightAnchor.constraint(equalToConstant: 64),
        ])
        root.layoutIfNeeded()
        #expect(holder.frame == CGRect(x: 0, y: 100, width: 375, height: 64))
    }
}
