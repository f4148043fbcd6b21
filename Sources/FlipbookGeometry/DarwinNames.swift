import Foundation

#if !canImport(Darwin)
// Names Apple's SDK gives every Swift file through Darwin and Objective-C headers, which Linux's
// Foundation and Glibc do not declare: older iOS code still writes `NSInteger` in delegate
// methods and `Double(NSEC_PER_SEC)` around `DispatchTime`.

/// Objective-C's `NSInteger`, which Swift imports as `Int`.
public typealias NSInteger = Int
/// Objective-C's `NSUInteger`, which Swift imports as `UInt`.
public typealias NSUInteger = UInt

/// Nanoseconds in a second (Darwin's `<sys/time.h>`).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second.
public let USEC_PER_SEC: UInt64 = 1_000_000

/// Darwin's `<math.h>` `HUGE` and `MAXFLOAT`, which Swift imports as the largest finite `Float`
/// (code writes `animation.repeatCount = HUGE` for "forever").
public let HUGE: Float = .greatestFiniteMagnitude
public let MAXFLOAT: Float = .greatestFiniteMagnitude
#endif

#if canImport(Glibc)
import Glibc

// Darwin's C headers leave the pointers of `memcpy`, `memmove`, `memset` and `memcmp` without
// nullability, so Swift takes them as implicitly unwrapped and iOS code passes what `malloc`
// returned (an Optional) straight in; glibc marks them non-null. These overloads accept the
// Optionals and trap on nil, as the C functions would fault.

@discardableResult
public func memcpy(_ dst: UnsafeMutableRawPointer?, _ src: UnsafeRawPointer?, _ n: Int) -> UnsafeMutableRawPointer? {
    guard n > 0 else { return dst }
    guard let dst, let src else { preconditionFailure("memcpy with a nil pointer") }
    return Glibc.memcpy(dst, src, n)
}

@discardableResult
public func memmove(_ dst: UnsafeMutableRawPointer?, _ src: UnsafeRawPointer?, _ n: Int) -> UnsafeMutableRawPointer? {
    guard n > 0 else { return dst }
    guard let dst, let src else { preconditionFailure("memmove with a nil pointer") }
    return Glibc.memmove(dst, src, n)
}

@discardableResult
public func memset(_ b: UnsafeMutableRawPointer?, _ c: Int32, _ len: Int) -> UnsafeMutableRawPointer? {
    guard len > 0 else { return b }
    guard let b else { preconditionFailure("memset with a nil pointer") }
    return Glibc.memset(b, c, len)
}
#endif
