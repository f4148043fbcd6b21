import Foundation

#if !canImport(Darwin)
// Objective-C's `+[NSObject description]`, which Linux's Foundation lacks: code names a view's
// nib or reuse identifier after its class with `T.description()` ("Module.ClassName").
extension NSObject {
    /// The class's name with its module, as Objective-C's class method `description` gives it.
    public class func description() -> String { String(reflecting: self) }
}
#endif
