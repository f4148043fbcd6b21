import Foundation
import FlipbookQuartz

/// A button of an alert or action sheet, UIKit's `UIAlertAction`: a title, a style and a
/// handler the alert calls after it has been dismissed.
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    /// How the action is drawn (and, for `.cancel`, where), UIKit's `UIAlertAction.Style`.
    public enum Style: Int, Sendable {
        case `default` = 0, cancel = 1, destructive = 2
    }

    /// The button's title.
    open private(set) var title: String?
    /// The button's style.
    open private(set) var style: UIAlertAction.Style
    let handler: ((UIAlertAction) -> Void)?

    /// Whether the button can be tapped (default true); a disabled one is drawn grey.
    open var isEnabled: Bool = true {
        didSet { onChange?() }
    }

    /// Told when `isEnabled` changes (the alert showing the action redraws its row).
    var onChange: (() -> Void)?

    /// An action titled `title`, drawn in `style`, calling `handler` (if any) when chosen.
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init(title: title, style: style, storedHandler: handler)
    }

    init(title: String?, style: UIAlertAction.Style, storedHandler: ((UIAlertAction) -> Void)?) {
        self.title = title
        self.style = style
        self.handler = storedHandler
        super.init()
    }

    /// An empty default action (UIKit's `UIAlertAction()`).
    public override convenience init() { self.init(title: nil, style: .default, storedHandler: nil) }
}

/// An alert or action sheet, UIKit's `UIAlertController`.
///
/// Presented with `present(_:animated:)` over the presenter (full screen, with a cross
/// dissolve), it shows a dimming view and either a centred 270-point card (`.alert`: title,
/// message, then the actions as rows, two actions side by side) or a sheet at the bottom of
/// the screen (`.actionSheet`: the actions as rows, a cancel action in its own card below).
/// Tapping an enabled row dismisses the alert and then calls the action's handler, as iOS
/// does; tapping outside an action sheet does the same with its cancel action, if it has one.
/// See docs/Divergences.md for the measurements chosen.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    /// Alert or action sheet, UIKit's `UIAlertController.Style`.
    public enum Style: Int, Sendable {
        case actionSheet = 0, alert = 1
    }

    /// The style given at creation.
    open private(set) var preferredStyle: UIAlertController.Style = .alert
    /// The actions, in the order added.
    open private(set) var actions: [UIAlertAction] = []
    /// The action drawn bold and chosen by the Return key (must be one of `actions`).
    open var preferredAction: UIAlertAction? {
        get { _preferredAction }
        set {
            if let newValue, !actions.contains(where: { $0 === newValue }) {
                FlipbookDiagnostics.report(
                    "UIAlertController.preferredAction: the action \"\(newValue.title ?? "")\" was not added with addAction(_:); ignored.")
                return
            }
            _preferredAction = newValue
            contentDidChange()
        }
    }
    private var _preferredAction: UIAlertAction?

    /// The message under the title.
    open var message: String? {
        didSet { contentDidChange() }
    }

    open override var title: String? {
        didSet { contentDidChange() }
    }

    /// An alert of `preferredStyle` with `title` and `message`.
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    /// Adds `action` as a row. A second `.cancel` action is reported and ignored (UIKit
    /// raises an exception).
    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            FlipbookDiagnostics.report(
                "UIAlertController can only have one action with a style of UIAlertActionStyleCancel; ignored \"\(action.title ?? "")\".")
            return
        }
        actions.append(action)
        action.onChange = { [weak self] in self?.contentDidChange() }
        contentDidChange()
    }

    // MARK: The view

    /// The rows, their actions, in the order shown.
    var rows: [AlertActionRow] = []
    private let dimmingView = AlertDimmingView()
    private let card = UIView()
    private let cancelCard = UIView()
    private let titleLabel = UILabel()
    private let messageLabel = UILabel()
    private var separators: [UIView] = []
    private var needsRebuild = true
    /// The action being run (a second tap during the dismissal is ignored).
    private var chosenAction: UIAlertAction?

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .clear
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.2)
        dimmingView.onTap = { [weak self] in self?.dimmingViewTapped() }
        root.addSubview(dimmingView)
        for c in [card, cancelCard] {
            c.backgroundColor = UIColor(white: 0.97, alpha: 1)
            c.clipsToBounds = true
            root.addSubview(c)
        }
        for l in [titleLabel, messageLabel] {
            l.numberOfLines = 0
            l.textAlignment = .center
            card.addSubview(l)
        }
        view = root
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if needsRebuild { rebuild() }
        layoutContent()
    }

    private func contentDidChange() {
        needsRebuild = true
        viewIfLoaded?.setNeedsLayout()
    }

    /// Remakes the rows and label styles from the actions and texts.
    private func rebuild() {
        needsRebuild = false
        let isAlert = preferredStyle == .alert
        titleLabel.text = title
        titleLabel.font = isAlert ? .boldSystemFont(ofSize: 17) : .boldSystemFont(ofSize: 13)
        titleLabel.textColor = isAlert ? .black : .gray
        titleLabel.isHidden = (title ?? "").isEmpty
        messageLabel.text = message
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = isAlert ? .black : .gray
        messageLabel.isHidden = (message ?? "").isEmpty
        for r in rows { r.removeFromSuperview() }
        for s in separators { s.removeFromSuperview() }
        separators = []
        rows = orderedActions.map { action in
            // The preferred action is bold; without one, the cancel action is.
            let bold = action === preferredAction || (preferredAction == nil && action.style == .cancel)
            let row = AlertActionRow(action: action, isAlert: isAlert, isBold: bold)
            row.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.choose(action)
            }, for: .touchUpInside)
            return row
        }
        for row in rows {
            (!isAlert && row.action.style == .cancel ? cancelCard : card).addSubview(row)
        }
        cancelCard.isHidden = isAlert || !rows.contains { $0.action.style == .cancel }
    }

    /// The actions in the order iOS shows them: an alert with two actions puts the cancel one
    /// on the left; otherwise the cancel action comes last.
    var orderedActions: [UIAlertAction] {
        let others = actions.filter { $0.style != .cancel }
        let cancel = actions.filter { $0.style == .cancel }
        if preferredStyle == .alert, actions.count == 2 { return cancel + others }
        return others + cancel
    }

    /// Whether the alert's two rows sit side by side.
    private var rowsSideBySide: Bool { preferredStyle == .alert && rows.count == 2 }

    private func addSeparator(_ frame: CGRect, in parent: UIView) {
        let s = UIView(frame: frame)
        s.backgroundColor = UIColor(white: 0, alpha: 0.2)
        parent.addSubview(s)
        separators.append(s)
    }

    private func layoutContent() {
        for s in separators { s.removeFromSuperview() }
        separators = []
        let bounds = view.bounds
        dimmingView.frame = bounds
        let isAlert = preferredStyle == .alert
        let width: CGFloat = isAlert ? 270 : max(0, min(bounds.width, 414) - 16)
        let textWidth = width - 32
        var y: CGFloat = 0
        let hasText = !titleLabel.isHidden || !messageLabel.isHidden
        if hasText { y += isAlert ? 20 : 14 }
        for l in [titleLabel, messageLabel] where !l.isHidden {
            let size = l.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude))
            if l === messageLabel, !titleLabel.isHidden { y += isAlert ? 2 : 4 }
            l.frame = CGRect(x: (width - textWidth) / 2, y: y, width: textWidth, height: ceil(size.height))
            y += ceil(size.height)
        }
        if hasText { y += isAlert ? 20 : 14 }
        let rowHeight: CGFloat = isAlert ? 44 : 57
        let cardRows = rows.filter { $0.superview === card }
        if rowsSideBySide {
            addSeparator(CGRect(x: 0, y: y, width: width, height: 0.5), in: card)
            for (i, row) in cardRows.enumerated() {
                row.frame = CGRect(x: CGFloat(i) * width / 2, y: y, width: width / 2, height: rowHeight)
            }
            addSeparator(CGRect(x: width / 2, y: y, width: 0.5, height: rowHeight), in: card)
            y += rowHeight
        } else {
            for row in cardRows {
                if y > 0 { addSeparator(CGRect(x: 0, y: y, width: width, height: 0.5), in: card) }
                row.frame = CGRect(x: 0, y: y, width: width, height: rowHeight)
                y += rowHeight
            }
        }
        let cardHeight = y
        let safe = view.safeAreaInsets
        if isAlert {
            card.layer.cornerRadius = 14
            card.frame = CGRect(x: (bounds.width - width) / 2, y: (bounds.height - cardHeight) / 2, width: width, height: cardHeight)
        } else {
            card.layer.cornerRadius = 13
            cancelCard.layer.cornerRadius = 13
            var bottom = bounds.maxY - max(8, safe.bottom)
            if !cancelCard.isHidden {
                for row in rows where row.superview === cancelCard {
                    row.frame = CGRect(x: 0, y: 0, width: width, height: rowHeight)
                }
                cancelCard.frame = CGRect(x: (bounds.width - width) / 2, y: bottom - rowHeight, width: width, height: rowHeight)
                bottom = cancelCard.frame.minY - 8
            }
            card.frame = CGRect(x: (bounds.width - width) / 2, y: bottom - cardHeight, width: width, height: cardHeight)
        }
        card.isHidden = cardHeight == 0
    }

    // MARK: Choosing

    /// Dismisses the alert, then runs `action`'s handler.
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, chosenAction == nil else { return }
        chosenAction = action
        let finish = { [weak self] in
            self?.chosenAction = nil
            action.handler?(action)
        }
        if presentingViewController != nil {
            dismiss(animated: true, completion: finish)
        } else {
            finish()
        }
    }

    private func dimmingViewTapped() {
        guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else { return }
        choose(cancel)
    }
}

/// The dimming view behind an alert; it tells the alert when it is tapped.
@preconcurrency @MainActor
final class AlertDimmingView: UIView {
    var onTap: (() -> Void)?

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        onTap?()
    }
}

/// One action's row: its title in the style's colour and weight; grey while pressed.
@preconcurrency @MainActor
final class AlertActionRow: UIControl {
    let action: UIAlertAction
    let label = UILabel()

    init(action: UIAlertAction, isAlert: Bool, isBold bold: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        let size: CGFloat = isAlert ? 17 : 20
        label.font = bold ? .systemFont(ofSize: size, weight: .semibold) : .systemFont(ofSize: size)
        addSubview(label)
        isEnabled = action.isEnabled
        applyColors()
    }

    required init?(coder: NSCoder) { fatalError("AlertActionRow is made in code") }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    override var isHighlighted: Bool {
        didSet { applyColors() }
    }

    override var isEnabled: Bool {
        didSet { applyColors() }
    }

    private func applyColors() {
        if !isEnabled {
            label.textColor = UIColor(white: 0.6, alpha: 1)
        } else {
            label.textColor = action.style == .destructive ? .systemRed : .systemBlue
        }
        backgroundColor = isHighlighted ? UIColor(white: 0, alpha: 0.1) : .clear
    }
}
