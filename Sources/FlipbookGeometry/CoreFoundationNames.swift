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
/// Core Foundation's immutable string: Foundation's `NSString` (`name as CFString`).
public typealias CFString = NSString
/// Core Foundation's run-loop timer: Foundation's `Timer` (a helper's `(CFRunLoopTimer?) -> Void`
/// handler; `flipbook port` puts the timer itself on the media clock).
public typealias CFRunLoopTimer = Timer
/// Core Foundation's URL: Foundation's `NSURL`.
public typealias CFURL = NSURL
/// Core Foundation's error: Foundation's `NSError`.
public typealias CFError = NSError

/// A pointer to the bytes of `data`, Core Foundation's `CFDataGetBytePtr`.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
    data.map { $0.bytes.assumingMemoryBound(to: UInt8.self) }
}

/// The number of bytes of `data`, Core Foundation's `CFDataGetLength`.
public func CFDataGetLength(_ data: CFData!) -> Int {
    data?.length ?? 0
}


#if !canImport(Darwin)
/// Core Foundation's reference to any object: on Apple platforms Swift imports `CFTypeRef` as
/// `AnyObject`, so every class instance is one.
public typealias CFTypeRef = AnyObject
/// Core Foundation's signed count and index type (`Int` on 64-bit Apple platforms).
public typealias CFIndex = Int

/// The swift runtime's count of the strong references to a native object (the entry point Swift's
/// runtime exports on every platform; the heap object's header keeps the count).
@_silgen_name("swift_retainCount")
private func swiftRetainCount(_ object: UnsafeMutableRawPointer) -> Int

/// The number of strong references to `cf`, Core Foundation's `CFGetRetainCount`: on Apple
/// platforms a Swift object answers its Swift strong retain count, which is what this answers
/// (0 for nil, where Core Foundation would crash). As on Apple platforms the absolute number
/// includes the temporary references the caller's code holds (more in unoptimised builds);
/// only the difference between two readings means something, e.g. a debug check that a call
/// left no extra reference behind.
public func CFGetRetainCount(_ cf: CFTypeRef!) -> CFIndex {
    guard let object = cf else { return 0 }
    return swiftRetainCount(Unmanaged.passUnretained(object).toOpaque())
}
#endif
