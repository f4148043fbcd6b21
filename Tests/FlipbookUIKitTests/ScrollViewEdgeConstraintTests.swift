import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Content pinned to a scroll view's own edges (not its content layout guide), the way scroll
/// views were laid out before iOS 11 and still are in many storyboards.
@MainActor
@Suite(.freshRuntime) struct ScrollViewEdgeConstraintTests {
    /// A tall column pinned to the scroll view's four edges, as wide as the scroll view: the
    /// column keeps its own height and that height becomes the content size.
    @Test func edgesPinnedFromInsideDecideTheContentSize() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        let scroll = UIScrollView()
        scroll.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scroll)
        let column = UIView()
        column.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(column)
        NSLayoutConstraint.activate([
            scroll.topAnchor.constraint(equalTo: root.topAnchor),
            scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            column.topAnchor.constraint(equalTo: scroll.topAnchor),
            column.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
            column.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
            column.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            column.heightAnchor.constraint(equalToConstant: 1500),
        ])
        root.layoutIfNeeded()
        #expect(scroll.frame == CGRect(x: 0, y: 0, width: 390, height: 800))
        #expect(column.frame == CGRect(x: 0, y: 0, width: 390, height: 1500))
        #expect(scroll.contentSize == CGSize(width: 390, height: 1500))
        // Scrolled, the column moves with the content and keeps its size.
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        #expect(column.frame == CGRect(x: 0, y: 0, width: 390, height: 1500))
        #expect(scroll.contentSize == CGSize(width: 390, height: 1500))
    }

    /// The scroll view's centre and size, seen from inside, stay its frame's.
    @Test func sizeAnchorsStayTheFrames() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 800))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 400))
        root.addSubview(scroll)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.widthAnchor.constraint(equalTo: scroll.widthAnchor, multiplier: 0.5),
            badge.heightAnchor.constraint(equalTo: scroll.heightAnchor, multiplier: 0.25),
            badge.topAnchor.constraint(equalTo: scroll.topAnchor, constant: 10),
            badge.leadingAnchor.constraint(equalTo: scroll.leadingAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 20, y: 10, width: 195, height: 100))
    }
}
