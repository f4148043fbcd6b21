/// Finding an object in a list by identity (`===`), for the layer and view trees' edits.
///
/// `list.firstIndex(where: { $0 === object })` written inside main-actor code costs more per
/// element than the comparison: the closure is main-actor isolated, so each call checks the
/// executor at run time, and each element is retained and released around the call. Views
/// and layers are referenced weakly too (superlayer, delegates), so their reference counts
/// live in side tables and every retain takes the slow path. An explode animation removes
/// hundreds of tiles from a container of hundreds of tiles, one at a time: this search,
/// which compares the stored references' bits and retains nothing, took that cost away.
package enum IdentitySearch {
    /// The first index of `object` in `list` (compared by identity), or nil.
    /// - Complexity: O(n), without retaining any element.
    package static func firstIndex<T: AnyObject>(of object: T, in list: [T]) -> Int? {
        let target = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        return list.withUnsafeBytes { bytes -> Int? in
            let stride = MemoryLayout<T>.stride
            var i = 0, offset = 0
            while offset + MemoryLayout<UInt>.size <= bytes.count {
                if bytes.load(fromByteOffset: offset, as: UInt.self) == target { return i }
                i += 1
                offset += stride
            }
            return nil
        }
    }

    /// The first index of `object` in `list` when there is a list.
    package static func firstIndex<T: AnyObject>(of object: T, in list: [T]?) -> Int? {
        guard let list else { return nil }
        return firstIndex(of: object, in: list)
    }
}
