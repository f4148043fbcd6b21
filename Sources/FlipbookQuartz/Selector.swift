import Foundation

/// Objective-C's `Selector`. Swift on Linux has no Objective-C runtime, so no selector can
/// exist: the type is uninhabited and only `nil` can be passed where UIKit takes a `Selector?`
/// (`super.init(target: nil, action: nil)` in a recognizer subclass, `removeTarget(self,
/// action: nil)`, an `init(target: Any?, action: Selector?)` override). Target-action takes
/// closures instead; `flipbook port` rewrites `#selector(…)` into them (docs/Porting.md).
public typealias Selector = Never
