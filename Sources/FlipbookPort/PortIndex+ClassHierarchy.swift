import SwiftSyntax

/// The index's questions about the folder's classes: superclasses, roots among UIKit's classes,
/// inheritance, and which class declaration a name means where several share it.
extension PortIndex {
    /// The first inherited type of a class declared in the folder (its superclass when it has one).
    func superclass(of name: String) -> String? {
        guard let type = classes[name]?.decl.inheritanceClause?.inheritedTypes.first?.type else { return nil }
        // `ItemBaseController<VideoView>`: the generic class's name.
        if let generic = type.as(IdentifierTypeSyntax.self), generic.genericArgumentClause != nil { return generic.name.text }
        return type.trimmedDescription
    }

    /// The first class up from `name` (itself included) that the folder does not declare: the
    /// UIKit (or other outside) class its superclasses lead to; nil for a class of the folder
    /// with no superclass, or a loop.
    func root(of name: String) -> String? {
        var current = name
        var seen: Set<String> = []
        while classes[current] != nil {
            guard seen.insert(current).inserted, let next = superclass(of: current) else { return nil }
            current = next
        }
        return current
    }

    /// Whether `type` is `name` or one of its superclasses, following the folder's classes and
    /// then UIKit's own hierarchy; a base class the porter does not know might be anything.
    /// Whether the member `key`, declared in an extension of the folder's class `type`, moves into
    /// the class body (`ExtensionOverrideMover`): a class of the folder that descends from `type`
    /// overrides it, which Swift allows only for a member of the class body. Neither the class's
    /// body nor an ancestor's in the folder declares it already (the override then overrides
    /// that one), and `type` is a plain class here, not generic (its extensions may not repeat
    /// its parameters).
    func hoistsExtensionMember(_ key: String, of type: String) -> Bool {
        guard let site = classes[type], site.decl.genericParameterClause == nil, let overriding = overridingTypes[key]
        else { return false }
        var current: String? = type
        var seen: Set<String> = []
        while let name = current, classes[name] != nil, seen.insert(name).inserted {
            if classBodyMembers[name]?.contains(key) == true { return false }
            current = superclass(of: name)
        }
        return overriding.contains { $0 != type && isSelfOrAncestor(type, of: $0) }
    }

    /// The declaration of class `name` that code in the file at `path` extends: the one in that
    /// file, else the one whose folder shares the longest path with it (the same copy of a
    /// library that the folder holds twice).
    func classSite(named name: String, nearest path: String) -> ClassSite? {
        guard let sites = classSites[name], sites.count > 1 else { return classes[name] }
        func shared(_ other: String) -> Int {
            zip(path.split(separator: "/"), other.split(separator: "/")).prefix { $0 == $1 }.count
        }
        return sites.max { a, b in (a.path == path ? Int.max : shared(a.path)) < (b.path == path ? Int.max : shared(b.path)) }
    }

    /// Whether the folder's class `name` has `ancestor` among its superclasses, as declared in
    /// the folder (a chain that leaves the folder answers false).
    func inherits(_ name: String, from ancestor: String) -> Bool {
        var current = name
        var seen: Set<String> = [name]
        while let next = superclass(of: current), seen.insert(next).inserted {
            if next == ancestor { return true }
            current = next
        }
        return false
    }

    func isSelfOrAncestor(_ type: String, of name: String) -> Bool {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            if current == type { return true }
            guard classes[current] != nil else { break }
            guard let next = superclass(of: current) else { return false }
            current = next
        }
        guard let known = Self.uikitAncestors[current] else { return true }
        return known.contains(type)
    }

    /// The superclasses of UIKit classes that libraries subclass.
    static let uikitAncestors: [String: Set<String>] = {
        let responder: Set<String> = ["UIResponder", "NSObject"]
        let view = responder.union(["UIView"])
        let control = view.union(["UIControl"])
        let scroll = view.union(["UIScrollView"])
        let controller = responder.union(["UIViewController"])
        var table: [String: Set<String>] = ["NSObject": [], "UIResponder": ["NSObject"], "UIView": responder, "UIViewController": responder]
        for v in ["UILabel", "UIImageView", "UIStackView", "UIVisualEffectView", "UIWindow", "UIControl", "UIScrollView",
                  "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UINavigationBar", "UITabBar", "UIToolbar",
                  "UITableViewHeaderFooterView", "UIProgressView", "UIActivityIndicatorView", "UISearchBar", "UIPickerView"] {
            table[v] = view
        }
        for c in ["UIButton", "UISwitch", "UISlider", "UISegmentedControl", "UITextField", "UIPageControl", "UIDatePicker", "UIStepper"] {
            table[c] = control
        }
        for s in ["UITableView", "UICollectionView", "UITextView"] { table[s] = scroll }
        for c in ["UINavigationController", "UITabBarController", "UITableViewController", "UICollectionViewController",
                  "UIPageViewController", "UISplitViewController", "UIAlertController"] {
            table[c] = controller
        }
        table["UICollectionViewCell"] = view.union(["UICollectionReusableView"])
        for o in ["UIPresentationController", "UIPercentDrivenInteractiveTransition", "UIGestureRecognizer", "CALayer",
                  "UIDynamicBehavior", "UICollectionViewLayout"] {
            table[o] = ["NSObject"]
        }
        for l in ["CAGradientLayer", "CAShapeLayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer", "CAEmitterLayer"] {
            table[l] = ["NSObject", "CALayer"]
        }
        for g in ["UIPanGestureRecognizer", "UITapGestureRecognizer", "UILongPressGestureRecognizer", "UISwipeGestureRecognizer",
                  "UIPinchGestureRecognizer", "UIRotationGestureRecognizer"] {
            table[g] = ["NSObject", "UIGestureRecognizer"]
        }
        table["UIScreenEdgePanGestureRecognizer"] = ["NSObject", "UIGestureRecognizer", "UIPanGestureRecognizer"]
        return table
    }()
}
