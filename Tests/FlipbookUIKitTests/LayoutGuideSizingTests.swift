import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A view whose size comes from content pinned to its own margins or safe-area guide grows
/// around that content, as in UIKit: the guide is its owner's bounds less the insets, with the
/// owner's size still free to solve. (A message library lays out its banner this way: a view
/// pinned only at its top, a background view pinned to the banner's `layoutMarginsGuide`.)
/// Before, the guide was pinned to the frame it had before the pass, so the banner solved to a
/// height of 0 and its content hung above it.
@MainActor
@Suite(.freshRuntime) struct LayoutGuideSizingTests {
    private func banner(in host: UIView, guide: (UIView) -> UILayoutGuide) -> (banner: UIView, content: UIView) {
        let banner = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 80))
        banner.translatesAutoresizingMaskIntoConstraints = false
        banner.preservesSuperviewLayoutMargins = false
        banner.insetsLayoutMarginsFromSafeArea = false
        banner.layoutMargins = UIEdgeInsets(top: 25, left: 20, bottom: 15, right: 20)
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        banner.addSubview(content)
        host.addSubview(banner)
        let g = guide(banner)
        NSLayoutConstraint.activate([
            banner.leadingAnchor.constraint(equalTo: host.leadingAnchor),
            banner.trailingAnchor.constraint(equalTo: host.trailingAnchor),
            banner.topAnchor.constraint(equalTo: host.topAnchor, constant: 10).withPriority(200),
            content.topAnchor.constraint(equalTo: g.topAnchor).withPriority(900),
            content.bottomAnchor.constraint(equalTo: g.bottomAnchor).withPriority(900),
            content.leadingAnchor.constraint(equalTo: g.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            content.heightAnchor.constraint(equalToConstant: 60),
            content.heightAnchor.constraint(equalToConstant: 350).withPriority(200),
        ])
        return (banner, content)
    }

    private func host() -> UIView {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
        window.makeKeyAndVisible()
        let host = UIView(frame: window.bounds)
        window.addSubview(host)
        return host
    }

    @Test func aViewGrowsAroundContentPinnedToItsMargins() {
        let host = host()
        let (banner, content) = banner(in: host) { $0.layoutMarginsGuide }
        host.layoutIfNeeded()
        #expect(banner.frame == CGRect(x: 0, y: 10, width: 320, height: 25 + 60 + 15))
        #expect(content.frame == CGRect(x: 20, y: 25, width: 280, height: 60))
        #expect(banner.layoutMarginsGuide.layoutFrame == content.frame)

        // New margins move the guide and resize the view at the next pass.
        banner.layoutMargins = UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        host.layoutIfNeeded()
        #expect(banner.frame == CGRect(x: 0, y: 10, width: 320, height: 70))
        #expect(content.frame == CGRect(x: 10, y: 5, width: 300, height: 60))
    }

    /// A view that sets its margins in its own `layoutSubviews` is laid out once a frame, and
    /// told of its margins once, when they first change.
    @Test func sameMarginsAgainChangeNothing() {
        final class Pill: UIView {
            var passes = 0, marginChanges = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                passes += 1
                layoutMargins = UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
            }
            override func layoutMarginsDidChange() {
                super.layoutMarginsDidChange()
                marginChanges += 1
            }
        }
        let host = host()
        let pill = Pill(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        host.addSubview(pill)
        MediaClock.main.advanceFrames(3)
        #expect(pill.passes == 2, "the first pass, then one more for the margins' first change")
        #expect(pill.marginChanges == 1)
        pill.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 12, bottom: 4, trailing: 12)
        MediaClock.main.advanceFrames(1)
        #expect(pill.passes == 2 && pill.marginChanges == 1)
    }

    @Test func aViewGrowsAroundContentPinnedToItsSafeArea() {
        // A phone's window: its top inset (the status bar, 59 pt) covers the banner's top.
        let root = UIViewController()
        let app = AppDriver(rootViewController: root, device: .iPhone15)
        let (banner, content) = banner(in: root.view) { $0.safeAreaLayoutGuide }
        app.advanceFrames(1)
        #expect(abs(banner.safeAreaInsets.top - 49) < 1e-9)
        #expect(banner.frame == CGRect(x: 0, y: 10, width: 393, height: 49 + 60))
        #expect(content.frame == CGRect(x: 0, y: 49, width: 393, height: 60))
    }
}

extension NSLayoutConstraint {
    fileprivate func withPriority(_ value: Float) -> NSLayoutConstraint {
        priority = UILayoutPriority(value)
        return self
    }
}
