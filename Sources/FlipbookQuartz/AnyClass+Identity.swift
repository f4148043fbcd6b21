/// Identity of classes, `type(of: view) === UITableView.self`: on Apple platforms every class is
/// an Objective-C object, so Swift's `===` for `AnyObject?` compares metatypes too; Linux has no
/// such bridging and rejects the comparison. These overloads give the same answer: two classes
/// are identical when they are the same class (a subclass is not its superclass), and two nils
/// are identical.
public func === (lhs: AnyClass?, rhs: AnyClass?) -> Bool {
    switch (lhs, rhs) {
    case let (lhs?, rhs?): ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
    case (nil, nil): true
    default: false
    }
}

/// Whether two classes are not the same class (see `===`).
public func !== (lhs: AnyClass?, rhs: AnyClass?) -> Bool {
    !(lhs === rhs)
}
