import Foundation
import FlipbookQuartz

/// One item of a tab bar, UIKit's `UITabBarItem`: a title, an image (and a selected image),
/// a tag and a badge. A view controller's `tabBarItem` is the item its tab bar controller shows.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    /// The system items, UIKit's `UITabBarItem.SystemItem` (Apple's raw values). Each has its
    /// own title (Flipbook draws no system glyphs: docs/Divergences.md, "Tab bar controller").
    public enum SystemItem: Int, Sendable {
        case more = 0, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads,
            mostRecent, mostViewed

        /// The title UIKit shows for the item (English).
        var title: String {
            switch self {
            case .more: return "More"
            case .favorites: return "Favorites"
            case .featured: return "Featured"
            case .topRated: return "Top Rated"
            case .recents: return "Recents"
            case .contacts: return "Contacts"
            case .history: return "History"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .downloads: return "Downloads"
            case .mostRecent: return "Most Recent"
            case .mostViewed: return "Most Viewed"
            }
        }
    }

    /// The system item this was created as, if any.
    public private(set) var systemItem: SystemItem?

    /// Creates an item without title or image.
    public override init() { super.init() }

    /// Interface Builder's initialiser. Flipbook has no archives: this creates an empty item.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Creates an item with a title, an image and a tag.
    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// Creates an item with a title, an image and the image shown while it is selected.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        super.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// Creates a system item (its title is UIKit's; its title and image cannot be changed in
    /// UIKit, Flipbook lets them be).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        super.init()
        self.systemItem = systemItem
        self.title = systemItem.title
        self.tag = tag
    }

    /// The image shown while the item is selected (nil: `image`, tinted).
    open var selectedImage: UIImage? {
        get { _selectedImage }
        set {
            _selectedImage = newValue
            itemDidChange()
        }
    }
    private var _selectedImage: UIImage?

    /// Text in a red oval at the item's top right (nil: no badge; "" shows a small dot).
    open var badgeValue: String? {
        get { _badgeValue }
        set {
            _badgeValue = newValue
            itemDidChange()
        }
    }
    private var _badgeValue: String?

    /// The badge's background colour (nil: system red).
    open var badgeColor: UIColor? {
        get { _badgeColor }
        set {
            noteAppearanceSet(AppearanceKey(.tabBarItemBadgeColor), { (item: UITabBarItem) in item.badgeColor = newValue })
            _badgeColor = newValue
            itemDidChange()
        }
    }
    private var _badgeColor: UIColor?

    private var badgeAttributesByState: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Text attributes for the badge in `state`.
    open func setBadgeTextAttributes(_ textAttributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        badgeAttributesByState[state.rawValue] = textAttributes
        itemDidChange()
    }

    /// The badge's text attributes for `state`, nil if none were set.
    open func badgeTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        badgeAttributesByState[state.rawValue]
    }

    /// Moves the title from its usual place, in points.
    open var titlePositionAdjustment: UIOffset {
        get { _titlePositionAdjustment }
        set {
            noteAppearanceSet(
                AppearanceKey(.tabBarItemTitlePositionAdjustment),
                { (item: UITabBarItem) in item.titlePositionAdjustment = newValue })
            _titlePositionAdjustment = newValue
            itemDidChange()
        }
    }
    private var _titlePositionAdjustment: UIOffset = .zero
}
