import Foundation

// Core Media's rational time, which video players read and seek with (docs/API-Status.md,
// "Video players"). A time is `value / timescale` seconds, or one of the special times: invalid,
// indefinite (not known yet, as a live stream's duration), and the two infinities. Comparison
// and arithmetic follow `CMTimeCompare` and `CMTimeAdd`: exact across timescales, special
// times ordered and combined as Core Media documents them.

public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMTimeEpoch = Int64

/// The largest timescale Core Media uses when it must choose one (`kCMTimeMaxTimescale`).
public let kCMTimeMaxTimescale: CMTimeScale = 1_000_000_000

/// What a `CMTime` is, Core Media's `CMTimeFlags`.
public struct CMTimeFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let valid = CMTimeFlags(rawValue: 1 << 0)
    public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
    public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
    public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
    public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
    public static let impliedValueFlagsMask: CMTimeFlags = [.positiveInfinity, .negativeInfinity, .indefinite]
}

/// How a time is rounded to another timescale, Core Media's `CMTimeRoundingMethod`.
public enum CMTimeRoundingMethod: UInt32, Sendable {
    case roundHalfAwayFromZero = 1
    case roundTowardZero = 2
    case roundAwayFromZero = 3
    case quickTime = 4
    case roundTowardPositiveInfinity = 5
    case roundTowardNegativeInfinity = 6
    public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A rational time, Core Media's `CMTime`.
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: CMTimeFlags
    public var epoch: CMTimeEpoch

    /// The invalid time (all zero), as `CMTime()` is in Core Media.
    public init() { self.init(value: 0, timescale: 0, flags: [], epoch: 0) }

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds (`CMTimeMake`); invalid when `timescale` is not positive.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds` in `preferredTimescale` (`CMTimeMakeWithSeconds`), rounded half away from
    /// zero and marked rounded when inexact. NaN is invalid and an infinity is that infinity;
    /// a value too large for the timescale halves the timescale until it fits, as Core Media does.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        if seconds.isNaN || preferredTimescale <= 0 {
            self = .invalid
        } else if seconds.isInfinite {
            self = seconds > 0 ? .positiveInfinity : .negativeInfinity
        } else {
            var scale = preferredTimescale
            while scale > 1, abs(seconds * Double(scale)) >= 9.2e18 { scale /= 2 }
            let exact = seconds * Double(scale)
            guard abs(exact) < 9.2e18 else {
                self = seconds > 0 ? .positiveInfinity : .negativeInfinity
                return
            }
            let rounded = exact.rounded(.toNearestOrAwayFromZero)
            self.init(value: CMTimeValue(rounded), timescale: scale, flags: rounded == exact ? .valid : [.valid, .hasBeenRounded], epoch: 0)
        }
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime()
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// A finite time: valid and none of the special ones.
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: .impliedValueFlagsMask) }
    public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

    /// The time in seconds (`CMTimeGetSeconds`): NaN for an invalid or indefinite time, an
    /// infinity for an infinite one.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric, timescale > 0 else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// This time in `newTimescale` (`CMTimeConvertScale`); special times are kept. QuickTime's
    /// method rounds toward zero to a coarser timescale and away from it to a finer one, and
    /// never rounds a negative time up to zero.
    public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
        guard isNumeric, newTimescale > 0 else { return isNumeric ? .invalid : self }
        if newTimescale == timescale { return self }
        let estimate = Double(value) * Double(newTimescale) / Double(timescale)
        guard abs(estimate) < 9.2e18 else { return estimate > 0 ? .positiveInfinity : .negativeInfinity }
        let product = value.multipliedFullWidth(by: Int64(newTimescale))
        var (q, r) = Int64(timescale).dividingFullWidth(product)
        if r != 0 {
            let negative = product.high < 0
            let half = r.magnitude * 2 >= UInt64(timescale)
            let away: Bool
            switch method {
            case .roundHalfAwayFromZero: away = half
            case .roundTowardZero: away = false
            case .roundAwayFromZero: away = true
            case .quickTime: away = newTimescale > timescale || (negative && q == 0)
            case .roundTowardPositiveInfinity: away = !negative
            case .roundTowardNegativeInfinity: away = negative
            }
            if away { q += negative ? -1 : 1 }
            r = 1
        }
        return CMTime(value: q, timescale: newTimescale, flags: r == 0 ? flags : flags.union(.hasBeenRounded), epoch: epoch)
    }

    /// Core Media's order: negative infinity < numeric times < indefinite < positive infinity <
    /// invalid; numeric times by their exact value across timescales (the epoch first).
    private var rank: Int {
        if !isValid { return 4 }
        if isPositiveInfinity { return 3 }
        if isIndefinite { return 2 }
        if isNegativeInfinity { return 0 }
        return 1
    }

    /// `CMTimeCompare`: -1, 0 or 1.
    public static func compare(_ a: CMTime, _ b: CMTime) -> Int32 {
        if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
        guard a.rank == 1 else { return 0 }
        if a.epoch != b.epoch { return a.epoch < b.epoch ? -1 : 1 }
        let l = a.value.multipliedFullWidth(by: Int64(b.timescale))
        let r = b.value.multipliedFullWidth(by: Int64(a.timescale))
        if l.high != r.high { return l.high < r.high ? -1 : 1 }
        return l.low == r.low ? 0 : (l.low < r.low ? -1 : 1)
    }

    public static func == (a: CMTime, b: CMTime) -> Bool { compare(a, b) == 0 }
    public static func < (a: CMTime, b: CMTime) -> Bool { compare(a, b) < 0 }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        guard rank == 1 else { return }
        // Equal times have equal reduced fractions.
        let g = CMTime.gcd(Int64(abs(value == .min ? value + 1 : value)), Int64(timescale))
        hasher.combine(epoch)
        hasher.combine(value / max(g, 1))
        hasher.combine(Int64(timescale) / max(g, 1))
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    /// `CMTimeAdd`: the sum in the operands' timescale, or their least common multiple (at most
    /// `kCMTimeMaxTimescale`, rounded); invalid with an invalid operand or +∞ and -∞ together;
    /// indefinite with an indefinite one; an infinity with an infinite one.
    public static func + (a: CMTime, b: CMTime) -> CMTime {
        if !a.isValid || !b.isValid { return .invalid }
        if (a.isPositiveInfinity && b.isNegativeInfinity) || (a.isNegativeInfinity && b.isPositiveInfinity) { return .invalid }
        if a.isIndefinite || b.isIndefinite { return .indefinite }
        if a.isPositiveInfinity || b.isPositiveInfinity { return .positiveInfinity }
        if a.isNegativeInfinity || b.isNegativeInfinity { return .negativeInfinity }
        let scale = commonTimescale(a.timescale, b.timescale)
        let x = a.convertScale(scale, method: .default), y = b.convertScale(scale, method: .default)
        let (sum, overflow) = x.value.addingReportingOverflow(y.value)
        if overflow { return sum < 0 ? .positiveInfinity : .negativeInfinity }
        let rounded = x.hasBeenRounded || y.hasBeenRounded
        return CMTime(value: sum, timescale: scale, flags: rounded ? [.valid, .hasBeenRounded] : .valid, epoch: a.epoch)
    }

    /// `CMTimeSubtract`.
    public static func - (a: CMTime, b: CMTime) -> CMTime {
        var negated = b
        if b.isPositiveInfinity { negated = .negativeInfinity } else if b.isNegativeInfinity { negated = .positiveInfinity } else if b.isNumeric {
            negated.value = b.value == .min ? .max : -b.value
        }
        return a + negated
    }

    public static func += (a: inout CMTime, b: CMTime) { a = a + b }
    public static func -= (a: inout CMTime, b: CMTime) { a = a - b }

    static func commonTimescale(_ a: CMTimeScale, _ b: CMTimeScale) -> CMTimeScale {
        if a == b { return a }
        let lcm = Int64(a) / gcd(Int64(a), Int64(b)) * Int64(b)
        return CMTimeScale(min(lcm, Int64(kCMTimeMaxTimescale)))
    }

    public var description: String {
        if !isValid { return "CMTime(invalid)" }
        if isIndefinite { return "CMTime(indefinite)" }
        if isPositiveInfinity { return "CMTime(+infinity)" }
        if isNegativeInfinity { return "CMTime(-infinity)" }
        return "CMTime(\(value)/\(timescale) = \(seconds)s\(hasBeenRounded ? ", rounded" : ""))"
    }
}

/// `CMTimeMake(value:timescale:)`.
public func CMTimeMake(value: CMTimeValue, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
/// `CMTimeMakeWithSeconds(_:preferredTimescale:)`.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
/// `CMTimeGetSeconds(_:)`.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }
/// `CMTimeCompare(_:_:)`.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 { CMTime.compare(time1, time2) }
/// `CMTimeAdd(_:_:)`.
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }
/// `CMTimeSubtract(_:_:)`.
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }
/// `CMTimeConvertScale(_:timescale:method:)`.
public func CMTimeConvertScale(_ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    time.convertScale(newTimescale, method: method)
}
