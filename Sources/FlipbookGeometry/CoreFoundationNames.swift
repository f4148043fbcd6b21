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

/// A pointer to the bytes of `data`, Core Foundation's `CFDataGetBytePtr`.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
    data.map { $0.bytes.assumingMemoryBound(to: UInt8.self) }
}

/// The number of bytes of `data`, Core Foundation's `CFDataGetLength`.
public func CFDataGetLength(_ data: CFData!) -> Int {
    data?.length ?? 0
}
