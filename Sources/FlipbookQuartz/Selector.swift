import Foundation

/// Objective-C's `Selector`. Swift on Linux has no Objective-C runtime, so no selector can
/// exist: the type is uninhabited and only `nil` can be passed where UIKit takes a `Selector?`
/// (`super.init(target: nil, action: nil)` in a recognizer subclass, `removeTarget(self,
/// action: nil)`, an `init(target: Any?, action: Selector?)` override). Target-action takes
/// closures instead; `flipbook port` rewrites `#selector(…)` into them (docs/Porting.md).
public typealias Selector = Never

extension NSObject {
    /// NSObject's `responds(to:)`, for code that passes a `Selector` it was given through
    /// (`func unwind(withSelector: Selector) { … $0.responds(to: withSelector) … }`): with no
    /// selector possible, such code compiles and its one possible call, with `nil`, answers
    /// false, as on iOS. A `#selector(…)` literal still does not compile; `flipbook port`
    /// reports each `responds(to:)` (docs/Porting.md).
    public func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        switch aSelector {}
    }
}
