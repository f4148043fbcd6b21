import Foundation

// Core Foundation's types that iOS drawing and font code names, as the Foundation classes they
// are toll-free bridged with on Apple platforms (on Linux there is no Core Foundation to
// import). iOS code's `colors as CFArray`, `data as CFData`, `url as CFURL` and
// `Unmanaged<CFError>` compile unchanged: Swift values bridge to these classes with `as` on
// Linux too.

/// Core Foundation's immutable array: Foundation's `NSArray`.
public typealias CFArray = NSArray
/// Core Foundation's immutable data: Foundation's `NSData`.
public typealias CFData = NSData
/// Core Foundation's URL: Foundation's `NSURL`.
public typealias CFURL = NSURL
/// Core Foundation's error: Foundation's `NSError`.
public typealias CFError = NSError
