import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Initialisers and time functions as UIKit declares them, which ported libraries rely on.
@Suite(.freshRuntime) @MainActor struct PortedInitializerTests {
    /// A button subclass that overrides `init(frame:)` keeps `init()` and `init(type:)`, since
    /// UIKit's `init(type:)` is a convenience initialiser (a bulletin-board library writes
    /// `HighlightButton()`); a subclass made with `init(type:)` is still that subclass.
    @Test func buttonSubclassesKeepTheConvenienceInitialisers() {
        final class HighlightButton: UIButton {
            var madeByFrame = false
            override init(frame: CGRect) {
                super.init(frame: frame)
                madeByFrame = true
            }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let plain = HighlightButton()
        #expect(plain.madeByFrame && plain.buttonType == .custom && plain.frame == .zero)
        let system = HighlightButton(type: .system)
        #expect(system.madeByFrame && system.buttonType == .system)
        system.setTitle("Go", for: .normal)
        #expect(system.titleColor(for: .normal) == UIButton(type: .system).titleColor(for: .normal))
        #expect(UIButton(type: .custom).titleColor(for: .normal) != system.titleColor(for: .normal))
    }

    /// Layout subclasses written for iOS implement and call the NSCoding initialiser.
    @Test func layoutSubclassesCallTheCoderInitialiser() {
        final class DropLayout: UICollectionViewFlowLayout {
            var ready = false
            override init() {
                super.init()
                ready = true
            }
            required init?(coder aDecoder: NSCoder) {
                super.init(coder: aDecoder)
                ready = true
            }
        }
        #expect(DropLayout().ready)
        #expect(DropLayout(coder: NSCoder())?.ready == true)
    }

    /// `CFAbsoluteTimeGetCurrent()` follows the media clock: differences are media time.
    @Test func absoluteTimeFollowsTheMediaClock() {
        let before = CFAbsoluteTimeGetCurrent()
        MediaClock.main.advance(by: 0.5)
        let after = CFAbsoluteTimeGetCurrent()
        #expect(abs((after - before) - 0.5) < 1e-9)
        #expect(before >= MediaClock.absoluteTimeOrigin)
        #expect(kCFAbsoluteTimeIntervalSince1970 == Date(timeIntervalSinceReferenceDate: 0).timeIntervalSince1970)
    }
}
