import Foundation
import FlipbookQuartz

/// Pull to refresh, UIKit's `UIRefreshControl`, shown by setting a scroll view's
/// `refreshControl`.
///
/// The control sits above the scroll view's content, 60 pt high and as wide as the scroll view.
/// Pulling the content down while dragging shows its spinner (still, fading in with the pull);
/// once the pull reaches `UIRefreshControl.triggerDistance` (90 pt, 1.5 × the control's height)
/// the control begins refreshing and sends `.valueChanged`, once per drag. While it refreshes its
/// height is added to the top of the scroll view's `adjustedContentInset`, so the released
/// content rests below the spinning control; `endRefreshing()` takes the inset away and animates
/// the content back up (docs/Semantics.md, "Refresh control").
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// The control's height (UIKit's refresh control is 60 pt high).
    public static let controlHeight: CGFloat = 60
    /// How far the content must be pulled below its resting top to begin refreshing (Flipbook's
    /// choice, 1.5 × the control's height: docs/Divergences.md, "Refresh control").
    public static let triggerDistance: CGFloat = 90
    /// How long `endRefreshing()` takes to move the content back up.
    static let endDuration: TimeInterval = 0.3

    let spinner = UIActivityIndicatorView(style: .medium)
    private var titleLabel: UILabel?
    private var refreshingFlag = false
    /// The control sent `.valueChanged` during the current drag (a drag triggers it once).
    private var triggeredThisDrag = false
    /// The scroll view showing the control.
    weak var hostScrollView: UIScrollView?

    /// A refresh control, not refreshing.
    public init() {
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: Self.controlHeight))
        setUpRefreshControl()
    }

    /// A refresh control (its frame is the scroll view's to set once it is shown).
    public override convenience init(frame: CGRect) {
        self.init()
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpRefreshControl()
    }

    private func setUpRefreshControl() {
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        addSubview(spinner)
    }

    // MARK: State

    /// Whether a refresh is under way (from a pull or `beginRefreshing()`).
    open var isRefreshing: Bool { refreshingFlag }

    /// Tells the control a refresh began in code: it spins and its scroll view's inset makes
    /// room for it, but the content is not moved to show it (as in UIKit: scroll to
    /// `contentOffset.y - frame.height` to show it). No `.valueChanged` is sent.
    open func beginRefreshing() {
        guard !refreshingFlag else { return }
        setRefreshing(true, movingContent: false)
    }

    /// Tells the control the refresh ended: the spinner stops and the content moves back up
    /// over `endDuration` (animated), unless a finger holds it.
    open func endRefreshing() {
        guard refreshingFlag else { return }
        UIView.animate(withDuration: Self.endDuration) {
            self.setRefreshing(false, movingContent: true)
        }
    }

    private func setRefreshing(_ refreshing: Bool, movingContent: Bool) {
        refreshingFlag = refreshing
        if refreshing { spinner.startAnimating() } else { spinner.stopAnimating() }
        guard let sv = hostScrollView else {
            updateSpinnerForPull(refreshing ? Self.triggerDistance : 0)
            return
        }
        sv.checkAdjustedContentInset(keepingOffset: !movingContent)
        if movingContent, !sv.isTracking, sv.motion == nil, sv.contentOffset.y < sv.minimumContentOffset.y {
            sv.contentOffset = CGPoint(x: sv.contentOffset.x, y: sv.minimumContentOffset.y)
        }
        scrollViewDidMove(sv)
    }

    // MARK: Appearance

    /// The spinner's colour follows the control's own tint colour (UIKit's grey spinner when
    /// none is set).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = tintColorStorage
    }

    /// A title shown under the spinner (nil: none).
    open var attributedTitle: NSAttributedString? {
        didSet {
            if let attributedTitle {
                let label = titleLabel ?? makeTitleLabel()
                label.attributedText = attributedTitle
                label.isHidden = false
            } else {
                titleLabel?.isHidden = true
            }
            setNeedsLayout()
        }
    }

    private func makeTitleLabel() -> UILabel {
        let label = UILabel()
        label.font = .systemFont(ofSize: 13)
        label.textColor = .secondaryLabel
        label.textAlignment = .center
        addSubview(label)
        titleLabel = label
        return label
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let s = spinner.bounds.size
        let hasTitle = titleLabel.map { !$0.isHidden } ?? false
        let centreY = hasTitle ? b.midY - 10 : b.midY
        spinner.frame = CGRect(x: b.midX - s.width / 2, y: centreY - s.height / 2, width: s.width, height: s.height)
        titleLabel?.frame = CGRect(x: 0, y: centreY + s.height / 2 + 4, width: b.width, height: 16)
    }

    // MARK: The scroll view's side

    /// The height the refreshing control adds to its scroll view's top inset.
    var insetWhileShown: CGFloat { refreshingFlag ? Self.controlHeight : 0 }

    /// A drag of the scroll view began: the control may trigger again.
    func scrollViewBeganDrag() { triggeredThisDrag = false }

    /// The scroll view scrolled or was laid out: place the control above the content, show the
    /// spinner as far as the content is pulled, and begin refreshing when a drag pulls it past
    /// `triggerDistance`.
    func scrollViewDidMove(_ sv: UIScrollView) {
        let restingTop = sv.adjustedContentInset.top - insetWhileShown
        let f = CGRect(x: 0, y: -restingTop - Self.controlHeight, width: sv.bounds.width, height: Self.controlHeight)
        if frame != f { UIView.performWithoutAnimation { frame = f } }
        let pull = -(sv.contentOffset.y + restingTop)
        if !sv.isDragging, pull <= 0 { triggeredThisDrag = false }
        if sv.isDragging, !refreshingFlag, !triggeredThisDrag, isEnabled, pull >= Self.triggerDistance {
            triggeredThisDrag = true
            setRefreshing(true, movingContent: false)
            sendActions(for: .valueChanged)
            return
        }
        updateSpinnerForPull(pull)
    }

    private func updateSpinnerForPull(_ pull: CGFloat) {
        let a: CGFloat = refreshingFlag ? 1 : min(1, max(0, pull / Self.triggerDistance))
        if spinner.alpha != a { UIView.performWithoutAnimation { spinner.alpha = a } }
        titleLabel?.alpha = a
    }
}
