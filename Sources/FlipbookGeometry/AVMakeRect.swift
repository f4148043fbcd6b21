import Foundation

/// AVFoundation's `AVMakeRect(aspectRatio:insideRect:)`: the largest rectangle of `aspectRatio`'s
/// proportions that fits inside `boundingRect`, centred in it. Image transitions call it to find
/// where an aspect-fit image sits in its view. It is the one AVFoundation function Flipbook
/// provides (AVFoundation itself is Apple-only; `flipbook port` keeps a file whose only
/// AVFoundation use is this function, docs/Porting.md). An aspect ratio with a side that is zero,
/// negative or not finite has no such rectangle: the answer is a zero-size rectangle at the
/// bounding rectangle's centre (docs/Divergences.md), as is the answer for an empty bounding rectangle.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    let bounds = boundingRect.standardized
    let centre = CGPoint(x: bounds.midX, y: bounds.midY)
    let w = aspectRatio.width, h = aspectRatio.height
    guard w.isFinite, h.isFinite, w > 0, h > 0, bounds.width.isFinite, bounds.height.isFinite,
        bounds.width > 0, bounds.height > 0
    else {
        return CGRect(origin: centre.x.isFinite && centre.y.isFinite ? centre : .zero, size: .zero)
    }
    let scale = min(bounds.width / w, bounds.height / h)
    let size = CGSize(width: w * scale, height: h * scale)
    return CGRect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
}
