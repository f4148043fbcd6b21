// This file is generated from scripts/codegen/layer-properties.tsv by scripts/codegen/generate-layer-properties.py: edit the table, not this file.
import Foundation
import FlipbookGeometry

/// The number properties the presentation walk writes directly (no `AnimatableValue`): a
/// trivially copyable field name, so compiled plans copy without reference counting.
enum DirectNumberField: Sendable {
    case zPosition, anchorPointZ, opacity, cornerRadius, borderWidth, shadowOpacity, shadowRadius

    /// The field of `key`, or nil when the walk has no direct write for it.
    init?(_ key: LayerKey) {
        switch key {
        case .zPosition: self = .zPosition
        case .anchorPointZ: self = .anchorPointZ
        case .opacity: self = .opacity
        case .cornerRadius: self = .cornerRadius
        case .borderWidth: self = .borderWidth
        case .shadowOpacity: self = .shadowOpacity
        case .shadowRadius: self = .shadowRadius
        default: return nil
        }
    }
}

/// The point properties the presentation walk writes directly (no `AnimatableValue`): a
/// trivially copyable field name, so compiled plans copy without reference counting.
enum DirectPointField: Sendable {
    case position, anchorPoint

    /// The field of `key`, or nil when the walk has no direct write for it.
    init?(_ key: LayerKey) {
        switch key {
        case .position: self = .position
        case .anchorPoint: self = .anchorPoint
        default: return nil
        }
    }
}

/// The color properties the presentation walk writes directly (no `AnimatableValue`): a
/// trivially copyable field name, so compiled plans copy without reference counting.
enum DirectColorField: Sendable {
    case borderColor, backgroundColor, shadowColor

    /// The field of `key`, or nil when the walk has no direct write for it.
    init?(_ key: LayerKey) {
        switch key {
        case .borderColor: self = .borderColor
        case .backgroundColor: self = .backgroundColor
        case .shadowColor: self = .shadowColor
        default: return nil
        }
    }
}

extension LayerValues {
    /// Stores a directly written number, converted to the property's type.
    @inline(__always)
    mutating func set(_ field: DirectNumberField, _ v: Double) {
        switch field {
        case .zPosition: zPosition = CGFloat(v)
        case .anchorPointZ: anchorPointZ = CGFloat(v)
        case .opacity: opacity = Float(v)
        case .cornerRadius: cornerRadius = CGFloat(v)
        case .borderWidth: borderWidth = CGFloat(v)
        case .shadowOpacity: shadowOpacity = Float(v)
        case .shadowRadius: shadowRadius = CGFloat(v)
        }
    }

    /// Stores a directly written point.
    @inline(__always)
    mutating func set(_ field: DirectPointField, _ p: CGPoint) {
        switch field {
        case .position: position = p
        case .anchorPoint: anchorPoint = p
        }
    }

    /// Stores a directly written colour.
    @inline(__always)
    mutating func set(_ field: DirectColorField, _ c: CGColor) {
        switch field {
        case .borderColor: borderColor = c
        case .backgroundColor: backgroundColor = c
        case .shadowColor: shadowColor = c
        }
    }
}
