import Testing
import TestSupport
@testable import FlipbookUIKit

/// The baseline views and Dynamic Type limits a label wrapper overrides (a marquee label hands
/// them to its inner label).
@Suite(.freshRuntime)
@MainActor
struct BaselineAndContentSizeLimitTests {
    final class Wrapper: UIView {
        let inner = UILabel()
        override func forBaselineLayout() -> UIView { inner }
        override var forLastBaselineLayout: UIView { inner }
        override var maximumContentSizeCategory: UIContentSizeCategory? {
            get { inner.maximumContentSizeCategory }
            set { inner.maximumContentSizeCategory = newValue }
        }
    }

    @Test func aViewIsItsOwnBaselineViewUnlessASubclassSaysOtherwise() {
        let plain = UIView()
        #expect(plain.forBaselineLayout() === plain)
        #expect(plain.forFirstBaselineLayout === plain)
        #expect(plain.forLastBaselineLayout === plain)
        let wrapper = Wrapper()
        #expect(wrapper.forBaselineLayout() === wrapper.inner)
        #expect(wrapper.forLastBaselineLayout === wrapper.inner)
        #expect(wrapper.forFirstBaselineLayout === wrapper)
    }

    @Test func contentSizeLimitsAreKeptAndDescribed() {
        let view = UIView()
        #expect(view.minimumContentSizeCategory == nil && view.maximumContentSizeCategory == nil)
        view.minimumContentSizeCategory = .small
        view.maximumContentSizeCategory = .accessibilityMedium
        #expect(view.minimumContentSizeCategory == .small)
        #expect(view.maximumContentSizeCategory == .accessibilityMedium)
        #expect(view.appliedContentSizeCategoryLimitsDescription.contains(UIContentSizeCategory.small.rawValue))
        let wrapper = Wrapper()
        wrapper.maximumContentSizeCategory = .large
        #expect(wrapper.inner.maximumContentSizeCategory == .large)
        #expect(wrapper.appliedContentSizeCategoryLimitsDescription.contains(UIContentSizeCategory.large.rawValue))
    }
}
