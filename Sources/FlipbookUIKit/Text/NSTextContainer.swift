import Foundation
import FlipbookGeometry

/// The region text is laid out in, UIKit's `NSTextContainer` (minimal: Flipbook has no
/// `NSLayoutManager` nor exclusion paths).
///
/// A text view's container is as wide as the view less its `textContainerInset`
/// (`widthTracksTextView`), and each line keeps `lineFragmentPadding` (5 points) clear at both
/// ends, so a text view's text starts 5 points in from its left edge by default, as on iOS.
/// Changing the padding, the line limit or the line break mode lays the text view's text out
/// again.
@preconcurrency @MainActor
open class NSTextContainer: NSObject {
    /// The text view laying out text in this container (set by the text view).
    weak var textView: UITextView?

    /// The container's size (default: zero, filled in by a text view whose width it tracks;
    /// a height of `greatestFiniteMagnitude` does not limit the text).
    open var size: CGSize {
        didSet { layoutDidChange() }
    }

    /// The room kept clear at the start and the end of each line (default 5 points).
    open var lineFragmentPadding: CGFloat = 5 {
        didSet {
            if !lineFragmentPadding.isFinite || lineFragmentPadding < 0 {
                FlipbookDiagnostics.report(
                    "NSTextContainer.lineFragmentPadding: ignored \(lineFragmentPadding); keeping \(oldValue).",
                    once: "NSTextContainer.lineFragmentPadding")
                lineFragmentPadding = oldValue
                return
            }
            layoutDidChange()
        }
    }

    /// Lines at most; 0 for no limit (the default).
    open var maximumNumberOfLines: Int = 0 {
        didSet { layoutDidChange() }
    }

    /// How the last line is cut when the line limit cuts the text (default `.byWordWrapping`:
    /// not cut; the truncating modes end it with an ellipsis).
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping {
        didSet { layoutDidChange() }
    }

    /// Whether a text view sets the container's width from its own (default true).
    open var widthTracksTextView = true {
        didSet { layoutDidChange() }
    }

    /// Whether a text view sets the container's height from its own (default false).
    open var heightTracksTextView = false

    /// A container of `size`.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    /// A container of zero size (a text view fills in its width).
    public convenience override init() { self.init(size: .zero) }

    /// Interface Builder's initialiser: Flipbook has no archives, so this is `init()`.
    public required init?(coder: NSCoder) {
        self.size = .zero
        super.init()
    }

    /// Set while the text view writes the size it tracks (no new layout is asked for then).
    private var isTracking = false

    /// The text view sets the size it tracks.
    func track(size newSize: CGSize) {
        guard newSize != size else { return }
        isTracking = true
        size = newSize
        isTracking = false
    }

    private func layoutDidChange() {
        if !isTracking { textView?.textLayoutDidChange() }
    }
}
