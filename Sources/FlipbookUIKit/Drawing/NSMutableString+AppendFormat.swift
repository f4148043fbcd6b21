import Foundation

#if !canImport(Darwin)
// Darwin Foundation's `-[NSMutableString appendFormat:]`, which Linux's Foundation lacks:
// libraries build random identifiers with it. (`NSAttributedString()`, which Linux also lacks,
// cannot be added from an extension; `flipbook port` writes `NSAttributedString(string: "")`.)
extension NSMutableString {
    /// Appends `format` filled in with `arguments`, as `appendFormat:` (`String(format:)`'s
    /// specifiers, `%C` for a UTF-16 unit included).
    public func appendFormat(_ format: NSString, _ arguments: CVarArg...) {
        append(String(format: format as String, arguments: arguments))
    }
}
#endif
