import Foundation
import FlipbookGeometry

/// UIKit's horizontal margin for a table's built-in content (cell labels, header text, the
/// default separator inset, an inset-grouped table's sections): 16 pt, or 20 pt in views at
/// least 414 pt wide (the Plus and Max phones' width class). The one place this rule lives.
enum TableMargins {
    /// The width from which the wider margin applies, in points.
    static let wideWidth: CGFloat = 414

    /// The margin for a view `width` points wide.
    static func horizontal(forWidth width: CGFloat) -> CGFloat { width >= wideWidth ? 20 : 16 }
}
