import Foundation

#if !canImport(Darwin)
// Darwin's Foundation overlay converts an `NSNumber` to a `CGFloat` (as it does to every number
// type); Linux's Foundation has no such initialisers. Ported code does
// `width.flatMap(CGFloat.init)` on an `NSNumber?` (numbers read from dictionaries and
// `value(forKey:)`). The labelless form is deprecated in Swift 4 and later there, renamed
// `init(truncating:)`: the same warning appears here.
extension CGFloat {
    /// The number's value as a `CGFloat` (its `doubleValue`).
    @available(swift, deprecated: 4, renamed: "init(truncating:)")
    public init(_ number: NSNumber) { self.init(Double(truncating: number)) }

    /// The number's value as a `CGFloat`, rounded if it cannot be held exactly.
    public init(truncating number: NSNumber) { self.init(Double(truncating: number)) }

    /// The number's value, or nil when a `CGFloat` cannot hold it exactly.
    public init?(exactly number: NSNumber) {
        guard let value = Double(exactly: number) else { return nil }
        self.init(value)
    }
}
#endif
