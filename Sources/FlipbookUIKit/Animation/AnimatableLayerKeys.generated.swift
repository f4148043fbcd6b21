// This file is generated from scripts/codegen/layer-properties.tsv by scripts/codegen/generate-layer-properties.py: edit the table, not this file.
import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension AnimatableLayerKeys {
    /// The keys UIView animation blocks capture (the table's `uiview` column).
    static let all: Set<String> = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "opacity", "cornerRadius", "borderWidth", "borderColor", "backgroundColor", "shadowColor",
        "shadowOpacity", "shadowOffset", "shadowRadius", "contentsRect", "contentsCenter",
    ]

    /// The keys whose values are colours (a nil colour reads as clear).
    static let colorKeys: Set<String> = ["borderColor", "backgroundColor", "shadowColor"]

    /// The current value of `key` on `layer` (model or presentation copy), boxed as the type
    /// Core Animation expects in `fromValue`/`toValue`; nil for keys not in `all`.
    static func value(of layer: CALayer, forKey key: String) -> Any? {
        switch key {
        case "bounds": layer.bounds
        case "position": layer.position
        case "zPosition": layer.zPosition
        case "anchorPoint": layer.anchorPoint
        case "anchorPointZ": layer.anchorPointZ
        case "transform": layer.transform
        case "sublayerTransform": layer.sublayerTransform
        case "opacity": layer.opacity
        case "cornerRadius": layer.cornerRadius
        case "borderWidth": layer.borderWidth
        case "borderColor": layer.borderColor ?? clearColor
        case "backgroundColor": layer.backgroundColor ?? clearColor
        case "shadowColor": layer.shadowColor ?? clearColor
        case "shadowOpacity": layer.shadowOpacity
        case "shadowOffset": layer.shadowOffset
        case "shadowRadius": layer.shadowRadius
        case "contentsRect": layer.contentsRect
        case "contentsCenter": layer.contentsCenter
        default: nil
        }
    }
}
