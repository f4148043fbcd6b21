import Foundation
import FlipbookQuartz

extension NSLayoutConstraint {
    /// How `constraints(withVisualFormat:options:metrics:views:)` aligns the views of a format
    /// and reads its direction, UIKit's `NSLayoutConstraint.FormatOptions` (Apple's raw values:
    /// an alignment is `1 << attribute`).
    public struct FormatOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// Horizontal formats run from leading to trailing (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 0x3 << 16)

        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a Visual Format Language string describes, UIKit's
    /// `constraints(withVisualFormat:options:metrics:views:)`, e.g. `H:|-8-[a(==50)]-[b]|`,
    /// `V:|[a]|`, `[a(>=44@750)]`, `[a(==b)]`, `-(>=spacing)-` with `metrics: ["spacing": 12]`.
    ///
    /// The constraints are returned inactive, in the order of the format (activate them, or add
    /// them to a view). A standard connection `-` is 8 points between siblings and the superview's
    /// layout margin at a `|` edge (as UIKit's `|-[a]-|`: `a.leading == superview.leadingMargin`).
    /// A malformed format, a view or metric name missing from the dictionaries, a `|` next to a
    /// view without a superview, or alignment options along the format's own axis are reported
    /// through `FlipbookDiagnostics` (where UIKit raises an exception) and give `[]`.
    public class func constraints(
        withVisualFormat format: String, options opts: NSLayoutConstraint.FormatOptions = [],
        metrics: [String: Any]?, views: [String: Any]
    ) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, options: opts, metrics: metrics ?? [:], views: views)
        do {
            return try parser.parse()
        } catch let failure as VisualFormatParser.Failure {
            FlipbookDiagnostics.report(
                "Unable to parse constraint format: \(failure.message)\n\(format)\n\(String(repeating: " ", count: failure.offset))^")
        } catch {
            FlipbookDiagnostics.report("Unable to parse constraint format: \(error)\n\(format)")
        }
        return []
    }
}

/// A Visual Format Language string read into constraints (Apple's grammar:
/// `(H|V:)? (| connection)? view (connection view)* (connection |)?`).
@MainActor
struct VisualFormatParser {
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    /// One `relation constant-or-view @priority` of a predicate list.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var viewName: String?
        var priority: Float = 1000
    }

    /// What lies between two items: nothing (`][`), the standard space (`-`) or predicates.
    enum Connection {
        case adjacent
        case standard
        case predicates([Predicate])
    }

    let chars: [Character]
    let options: NSLayoutConstraint.FormatOptions
    let metrics: [String: Any]
    let views: [String: Any]
    var index = 0

    init(format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any], views: [String: Any]) {
        chars = Array(format)
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    // MARK: Reading

    private func fail(_ message: String) -> Failure { Failure(message: message, offset: min(index, chars.count)) }

    private var current: Character? { index < chars.count ? chars[index] : nil }

    private mutating func skipSpaces() {
        while let c = current, c == " " { index += 1 }
    }

    private mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        guard current == c else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ c: Character, _ what: String) throws {
        guard take(c) else { throw fail("Expected \(what)") }
    }

    private mutating func identifier() -> String? {
        skipSpaces()
        guard let c = current, c.isLetter || c == "_", c.isASCII else { return nil }
        var name = ""
        while let c = current, c.isASCII, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            index += 1
        }
        return name
    }

    private mutating func number() -> CGFloat? {
        skipSpaces()
        let start = index
        if current == "-" || current == "+" { index += 1 }
        var text = start < index ? String(chars[start]) : ""
        var digits = 0
        while let c = current, c.isASCII, c.isNumber || c == "." {
            text.append(c)
            index += 1
            if c != "." { digits += 1 }
        }
        guard digits > 0, let value = Double(text), value.isFinite else {
            index = start
            return nil
        }
        return CGFloat(value)
    }

    private func metric(_ name: String) throws -> CGFloat {
        guard let raw = metrics[name] else { throw fail("\(name) is not a key in the metrics dictionary.") }
        let value: Double?
        switch raw {
        case let v as CGFloat: value = Double(v)
        case let v as Double: value = v
        case let v as Float: value = Double(v)
        case let v as Int: value = Double(v)
        case let v as NSNumber: value = v.doubleValue
        default: value = nil
        }
        guard let value, value.isFinite else { throw fail("The metric \(name) is not a finite number.") }
        return CGFloat(value)
    }

    /// A constant: a number or a metric's name.
    private mutating func constant() throws -> CGFloat? {
        if let n = number() { return n }
        let start = index
        if let name = identifier() {
            guard metrics[name] != nil else {
                index = start
                throw fail("\(name) is not a key in the metrics dictionary.")
            }
            return try metric(name)
        }
        return nil
    }

    /// One predicate; a view name is allowed only inside a view's parentheses.
    private mutating func predicate(allowsView: Bool) throws -> Predicate {
        var p = Predicate()
        skipSpaces()
        if take("=") {
            try expect("=", "'==' as a relation")
            p.relation = .equal
        } else if take("<") {
            try expect("=", "'<=' as a relation")
            p.relation = .lessThanOrEqual
        } else if take(">") {
            try expect("=", "'>=' as a relation")
            p.relation = .greaterThanOrEqual
        }
        if let n = number() {
            p.constant = n
        } else {
            let start = index
            guard let name = identifier() else { throw fail("Expected a number, metric or view name") }
            if metrics[name] != nil {
                p.constant = try metric(name)
            } else if allowsView, views[name] != nil {
                p.viewName = name
            } else {
                index = start
                throw fail(allowsView
                    ? "\(name) is not a key in the views or metrics dictionary."
                    : "\(name) is not a key in the metrics dictionary.")
            }
        }
        if take("@") {
            guard let priority = try constant() else { throw fail("Expected a priority after '@'") }
            guard priority >= 1, priority <= 1000 else {
                throw fail("A priority must be between 1 and 1000, got \(priority).")
            }
            p.priority = Float(priority)
        }
        return p
    }

    /// `(predicate, predicate, …)`; the opening parenthesis is taken.
    private mutating func predicateList(allowsView: Bool) throws -> [Predicate] {
        var list = [try predicate(allowsView: allowsView)]
        while take(",") { list.append(try predicate(allowsView: allowsView)) }
        try expect(")", "')' to end the predicate list")
        return list
    }

    /// A connection before a `[` or `|` (nil when there is none, i.e. the format ends).
    private mutating func connection() throws -> Connection? {
        skipSpaces()
        guard let c = current else { return nil }
        if c == "[" || c == "|" { return .adjacent }
        guard c == "-" else { throw fail("Expected '-', '[' or '|'") }
        index += 1
        skipSpaces()
        if current == "[" || current == "|" { return .standard }
        let predicates: [Predicate]
        if take("(") {
            predicates = try predicateList(allowsView: false)
        } else {
            guard let value = try constant() else { throw fail("Expected a number or metric in the connection") }
            predicates = [Predicate(constant: value)]
        }
        try expect("-", "'-' to end the connection")
        skipSpaces()
        guard current == "[" || current == "|" else { throw fail("Expected a view or '|' after the connection") }
        return .predicates(predicates)
    }

    /// `[name(predicates)]`; the bracket is taken.
    private mutating func view() throws -> (name: String, item: UIView, predicates: [Predicate]) {
        let start = index
        guard let name = identifier() else { throw fail("Expected a view name") }
        guard let value = views[name] else {
            index = start
            throw fail("\(name) is not a key in the views dictionary.")
        }
        guard let item = value as? UIView else {
            index = start
            throw fail("\(name) is not a view (\(type(of: value))).")
        }
        var predicates: [Predicate] = []
        if take("(") { predicates = try predicateList(allowsView: true) }
        try expect("]", "']' to end the view")
        return (name, item, predicates)
    }

    // MARK: Building

    mutating func parse() throws -> [NSLayoutConstraint] {
        var vertical = false
        skipSpaces()
        if chars.count >= index + 2, chars[index + 1] == ":", chars[index] == "H" || chars[index] == "V" {
            vertical = chars[index] == "V"
            index += 2
        }
        let axis = Axis(vertical: vertical, options: options)
        // The alignment options relate neighbouring views: a format with one view makes no
        // alignment constraint, and UIKit does not check the options against the axis then
        // (Segmentio lays out its one title with `|-[containerView]-|` and `.alignAllCenterX`).
        var alignments: [NSLayoutConstraint.Attribute]?

        var result: [NSLayoutConstraint] = []
        var leadingEdge: Connection?
        if take("|") {
            leadingEdge = try connection()
            guard leadingEdge != nil else { throw fail("Expected a view after '|'") }
        }
        try expect("[", "a view: '['")
        var previous = try view()
        var first = true
        func addViewConstraints(_ v: (name: String, item: UIView, predicates: [Predicate])) {
            for p in v.predicates {
                let other = p.viewName.flatMap { views[$0] as? UIView }
                result.append(make(v.item, axis.size, p.relation, other, other == nil ? .notAnAttribute : axis.size, p.constant, p.priority))
            }
        }
        while true {
            if first {
                if let edge = leadingEdge {
                    guard let superview = previous.item.superview else {
                        throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
                    }
                    result += edgeConstraints(edge, view: previous.item, superview: superview, axis: axis, atStart: true)
                }
                addViewConstraints(previous)
                first = false
            }
            guard let link = try connection() else { break }
            if take("|") {
                guard let superview = previous.item.superview else {
                    throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
                }
                result += edgeConstraints(link, view: previous.item, superview: superview, axis: axis, atStart: false)
                skipSpaces()
                guard current == nil else { throw fail("Expected the end of the format after '|'") }
                break
            }
            try expect("[", "a view: '['")
            let next = try view()
            result += spacingConstraints(link, from: previous.item, to: next.item, axis: axis)
            addViewConstraints(next)
            if alignments == nil { alignments = try alignmentAttributes(vertical: vertical) }
            for attribute in alignments ?? [] {
                result.append(make(next.item, attribute, .equal, previous.item, attribute, 0, 1000))
            }
            previous = next
        }
        return result
    }

    /// The attributes of one format's axis.
    struct Axis {
        var start: NSLayoutConstraint.Attribute
        var end: NSLayoutConstraint.Attribute
        var startMargin: NSLayoutConstraint.Attribute
        var endMargin: NSLayoutConstraint.Attribute
        var size: NSLayoutConstraint.Attribute

        init(vertical: Bool, options: NSLayoutConstraint.FormatOptions) {
            if vertical {
                (start, end, startMargin, endMargin, size) = (.top, .bottom, .topMargin, .bottomMargin, .height)
                return
            }
            switch options.intersection(.directionMask) {
            case .directionLeftToRight:
                (start, end, startMargin, endMargin) = (.left, .right, .leftMargin, .rightMargin)
            case .directionRightToLeft:
                (start, end, startMargin, endMargin) = (.right, .left, .rightMargin, .leftMargin)
            default:
                (start, end, startMargin, endMargin) = (.leading, .trailing, .leadingMargin, .trailingMargin)
            }
            size = .width
        }
    }

    /// The attributes the alignment options ask for; they must lie across the format's axis.
    private func alignmentAttributes(vertical: Bool) throws -> [NSLayoutConstraint.Attribute] {
        let horizontalEdges: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllLeading, .leading),
            (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
        ]
        let verticalEdges: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllTop, .top), (.alignAllBottom, .bottom), (.alignAllCenterY, .centerY),
            (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        let along = vertical ? verticalEdges : horizontalEdges
        if let clash = along.first(where: { options.contains($0.0) }) {
            throw Failure(
                message: "Options mask required views to be aligned on a \(vertical ? "vertical" : "horizontal") edge "
                    + "(\(clash.1.name)), which is not allowed for layout that is also \(vertical ? "vertical" : "horizontal").",
                offset: 0)
        }
        let across = vertical ? horizontalEdges : verticalEdges
        return across.filter { options.contains($0.0) }.map(\.1)
    }

    private func make(
        _ a: AnyObject, _ attrA: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
        _ b: AnyObject?, _ attrB: NSLayoutConstraint.Attribute, _ constant: CGFloat, _ priority: Float
    ) -> NSLayoutConstraint {
        let c = NSLayoutConstraint(item: a, attribute: attrA, relatedBy: relation, toItem: b, attribute: attrB,
                                   multiplier: 1, constant: constant)
        if priority < 1000 { c.priority = UILayoutPriority(priority) }
        return c
    }

    /// Sibling spacing: `next.start (relation) previous.end + constant`.
    private func spacingConstraints(_ link: Connection, from previous: UIView, to next: UIView, axis: Axis) -> [NSLayoutConstraint] {
        switch link {
        case .adjacent:
            return [make(next, axis.start, .equal, previous, axis.end, 0, 1000)]
        case .standard:
            return [make(next, axis.start, .equal, previous, axis.end, 8, 1000)]
        case .predicates(let list):
            return list.map { make(next, axis.start, $0.relation, previous, axis.end, $0.constant, $0.priority) }
        }
    }

    /// Spacing to the superview: `view.start (relation) superview.start + constant` at the start,
    /// `superview.end (relation) view.end + constant` at the end; the standard space is the
    /// superview's layout margin.
    private func edgeConstraints(
        _ link: Connection, view: UIView, superview: UIView, axis: Axis, atStart: Bool
    ) -> [NSLayoutConstraint] {
        switch link {
        case .adjacent:
            return atStart ? [make(view, axis.start, .equal, superview, axis.start, 0, 1000)]
                : [make(superview, axis.end, .equal, view, axis.end, 0, 1000)]
        case .standard:
            return atStart ? [make(view, axis.start, .equal, superview, axis.startMargin, 0, 1000)]
                : [make(superview, axis.endMargin, .equal, view, axis.end, 0, 1000)]
        case .predicates(let list):
            return list.map {
                atStart ? make(view, axis.start, $0.relation, superview, axis.start, $0.constant, $0.priority)
                    : make(superview, axis.end, $0.relation, view, axis.end, $0.constant, $0.priority)
            }
        }
    }
}
