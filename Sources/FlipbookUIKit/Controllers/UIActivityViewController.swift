import Foundation
import FlipbookQuartz

/// The share sheet, UIKit's `UIActivityViewController`.
///
/// Presented with `present(_:animated:)` it is a page sheet on a phone and a popover on an iPad
/// (UIKit's defaults; only the popover has a `popoverPresentationController`), showing a title row (the first
/// text or URL item), a grid of activities, each a rounded square with its name under it
/// (AirDrop, Messages, Mail, Copy, Print, Save Image for images, Add to Reading List for URLs,
/// minus `excludedActivityTypes`, with the `applicationActivities` that can act on the items),
/// and a Cancel button. Nothing is shared (docs/Divergences.md, "Share sheet"): choosing a
/// system activity dismisses the sheet and reports it as not completed; an application
/// activity runs as UIKit runs it (`UIActivity`). Cancel, or any other dismissal, calls
/// `completionWithItemsHandler(nil, false, nil, nil)` once the sheet is gone.
@preconcurrency @MainActor
open class UIActivityViewController: UIViewController {
    /// What the completion handler hears: the activity chosen (nil when cancelled), whether it
    /// completed, the items it returned, and an error.
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    /// Called once the sheet (and the activity chosen) has finished.
    open var completionWithItemsHandler: UIActivityViewController.CompletionWithItemsHandler?
    /// System activities not to offer.
    open var excludedActivityTypes: [UIActivity.ActivityType]? {
        didSet { contentDidChange() }
    }
    /// Whether a suggested activity may be shown prominently (stored; iOS 15.4).
    open var allowsProminentActivity: Bool = true

    /// The items to share, as given.
    let activityItems: [Any]
    /// The application's own activities, as given.
    let applicationActivities: [UIActivity]

    /// A share sheet for `activityItems`, offering `applicationActivities` beside the system's.
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        self.activityItems = activityItems
        self.applicationActivities = applicationActivities ?? []
        super.init(nibName: nil, bundle: nil)
        // UIKit shows the sheet as a popover on iPad (anchored by the caller's
        // `popoverPresentationController?.sourceView`), as a sheet on a phone.
        if UIDevice.current.userInterfaceIdiom == .pad { modalPresentationStyle = .popover }
    }

    /// Archives do not exist in Flipbook: a sheet with no items.
    public required init?(coder: NSCoder) {
        activityItems = []
        applicationActivities = []
        super.init(coder: coder)
    }

    // MARK: What is offered

    /// One activity the sheet offers.
    struct Entry {
        var type: UIActivity.ActivityType?
        var title: String
        var color: UIColor
        var image: UIImage?
        var activity: UIActivity?
    }

    /// The activities offered, in the order shown: the ways to share, then the actions.
    var entries: [Entry] {
        let excluded = Set(excludedActivityTypes ?? [])
        func system(_ type: UIActivity.ActivityType, _ title: String, _ color: UIColor) -> Entry? {
            excluded.contains(type) ? nil : Entry(type: type, title: title, color: color, image: nil, activity: nil)
        }
        let hasImage = activityItems.contains { $0 is UIImage }
        let hasURL = activityItems.contains { $0 is URL || $0 is NSURL }
        let usable = applicationActivities.filter { $0.canPerform(withActivityItems: activityItems) }
        func custom(_ category: UIActivity.Category) -> [Entry] {
            usable.filter { type(of: $0).activityCategory == category }.map {
                Entry(type: $0.activityType, title: $0.activityTitle ?? "", color: .systemGray, image: $0.activityImage, activity: $0)
            }
        }
        let grey = UIColor(white: 0.55, alpha: 1)
        let sharing = [
            system(.airDrop, "AirDrop", .systemBlue), system(.message, "Messages", .systemGreen),
            system(.mail, "Mail", .systemBlue),
        ].compactMap { $0 }
        var actions = [system(.copyToPasteboard, "Copy", grey)]
        if hasImage { actions.append(system(.saveToCameraRoll, "Save Image", grey)) }
        if hasURL { actions.append(system(.addToReadingList, "Add to Reading List", grey)) }
        actions.append(system(.print, "Print", grey))
        return sharing + custom(.share) + actions.compactMap { $0 } + custom(.action)
    }

    /// The title row's text: the first text or URL item.
    var headline: String {
        for item in activityItems {
            if let text = item as? String, !text.isEmpty { return text }
            if let url = item as? URL { return url.absoluteString }
        }
        return activityItems.isEmpty ? "" : "\(activityItems.count) item\(activityItems.count == 1 ? "" : "s")"
    }

    // MARK: The view

    private let titleLabel = UILabel()
    private let titleSeparator = UIView()
    /// The activity tiles, in `entries` order.
    private(set) var tiles: [ActivityTile] = []
    /// The Cancel button.
    let cancelButton = UIButton(type: .system)
    private var needsRebuild = true

    open override func loadView() {
        let root = UIView()
        root.backgroundColor = .systemGroupedBackground
        titleLabel.font = .systemFont(ofSize: 15, weight: .semibold)
        titleLabel.textColor = .label
        titleLabel.lineBreakMode = .byTruncatingTail
        titleSeparator.backgroundColor = UIColor(white: 0, alpha: 0.15)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        cancelButton.backgroundColor = .secondarySystemGroupedBackground
        cancelButton.layer.cornerRadius = 10
        cancelButton.addAction(UIAction { [weak self] _ in self?.cancel() }, for: .touchUpInside)
        for v in [titleLabel, titleSeparator, cancelButton] { root.addSubview(v) }
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

    private func rebuild() {
        needsRebuild = false
        titleLabel.text = headline
        for tile in tiles { tile.removeFromSuperview() }
        tiles = entries.enumerated().map { index, entry in
            let tile = ActivityTile(entry: entry)
            tile.addAction(UIAction { [weak self] _ in self?.choose(index) }, for: .touchUpInside)
            view.addSubview(tile)
            return tile
        }
    }

    /// Title row 56 points; tiles 76 × 96 in rows from 16 points below it; Cancel 50 points
    /// high, 16 from the sides and above the bottom safe area.
    private func layoutContent() {
        let b = view.bounds
        let safe = view.safeAreaInsets
        titleLabel.frame = CGRect(x: 16, y: 0, width: max(0, b.width - 32), height: 56)
        titleSeparator.frame = CGRect(x: 0, y: 56, width: b.width, height: 0.5)
        let tileSize = CGSize(width: 76, height: 96)
        let perRow = max(1, Int((b.width - 16) / tileSize.width))
        for (i, tile) in tiles.enumerated() {
            let row = i / perRow, column = i % perRow
            tile.frame = CGRect(
                x: 8 + CGFloat(column) * tileSize.width, y: 72 + CGFloat(row) * tileSize.height,
                width: tileSize.width, height: tileSize.height)
        }
        cancelButton.frame = CGRect(x: 16, y: b.maxY - max(16, safe.bottom) - 50, width: max(0, b.width - 32), height: 50)
    }

    // MARK: Choosing and finishing

    /// Whether the completion handler has been called for this presentation.
    private var reported = false
    /// Whether the sheet is leaving because it is being dismissed.
    private var leaving = false
    /// The application activity running, and the controller shown for it.
    private var runningActivity: UIActivity?
    private var shownActivityController: UIViewController?

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if !leaving, runningActivity == nil { reported = false }
    }

    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        leaving = isBeingDismissed
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        leaving = false  // a dismissal given up (a sheet dragged back)
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        guard leaving else { return }
        leaving = false
        // Dismissed without an activity (Cancel, a swipe, the presenter's dismiss).
        if runningActivity == nil { report(nil, completed: false) }
    }

    private func report(_ type: UIActivity.ActivityType?, completed: Bool) {
        guard !reported else { return }
        reported = true
        completionWithItemsHandler?(type, completed, nil, nil)
    }

    /// Cancel: dismisses the sheet; the handler hears (nil, false, nil, nil).
    func cancel() {
        guard runningActivity == nil else { return }
        if presentingViewController != nil {
            dismiss(animated: true)
        } else {
            report(nil, completed: false)
        }
    }

    /// The tile at `index` was chosen.
    func choose(_ index: Int) {
        let all = entries
        guard all.indices.contains(index), runningActivity == nil, !reported else { return }
        let entry = all[index]
        guard let activity = entry.activity else {
            // A system activity: nothing is shared; the sheet goes and reports it not completed.
            reported = true
            let finish: () -> Void = { [weak self] in self?.completionWithItemsHandler?(entry.type, false, nil, nil) }
            if presentingViewController != nil { dismiss(animated: true, completion: finish) } else { finish() }
            return
        }
        runningActivity = activity
        activity.presentingSheet = self
        activity.prepare(withActivityItems: activityItems)
        let presenter = presentingViewController
        let run: () -> Void = { [weak self] in
            guard let self, self.runningActivity === activity else { return }
            if let shown = activity.activityViewController, let presenter {
                self.shownActivityController = shown
                presenter.present(shown, animated: true)
            } else {
                activity.perform()
            }
        }
        if presenter != nil { dismiss(animated: true, completion: run) } else { run() }
    }

    /// `activity` called `activityDidFinish(completed)`.
    func activityFinished(_ activity: UIActivity, completed: Bool) {
        guard runningActivity === activity else { return }
        let finish: () -> Void = { [weak self] in
            guard let self else { return }
            self.runningActivity = nil
            self.shownActivityController = nil
            self.report(activity.activityType, completed: completed)
        }
        if let shown = shownActivityController, shown.presentingViewController != nil {
            shown.dismiss(animated: true, completion: finish)
        } else {
            finish()
        }
    }
}

/// One activity in the share sheet: a 60-point rounded square in the activity's colour (its
/// image, if any, drawn on it in white) and its name under it.
@preconcurrency @MainActor
final class ActivityTile: UIControl {
    let entry: UIActivityViewController.Entry
    let icon = UIView()
    let imageView = UIImageView(frame: .zero)
    let label = UILabel()

    init(entry: UIActivityViewController.Entry) {
        self.entry = entry
        super.init(frame: .zero)
        icon.backgroundColor = entry.color
        icon.layer.cornerRadius = 13
        icon.isUserInteractionEnabled = false
        imageView.image = entry.image?.withRenderingMode(.alwaysTemplate)
        imageView.tintColor = .white
        imageView.contentMode = .scaleAspectFit
        label.text = entry.title
        label.font = .systemFont(ofSize: 11)
        label.textColor = .label
        label.textAlignment = .center
        label.numberOfLines = 2
        addSubview(icon)
        icon.addSubview(imageView)
        addSubview(label)
    }

    required init?(coder: NSCoder) { fatalError("ActivityTile is made in code") }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.frame = CGRect(x: (bounds.width - 60) / 2, y: 0, width: 60, height: 60)
        imageView.frame = icon.bounds.insetBy(dx: 14, dy: 14)
        label.frame = CGRect(x: 2, y: 66, width: bounds.width - 4, height: max(0, bounds.height - 66))
    }

    override var isHighlighted: Bool {
        didSet { icon.alpha = isHighlighted ? 0.6 : 1 }
    }
}
