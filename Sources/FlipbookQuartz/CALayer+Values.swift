import Foundation
import FlipbookGeometry

extension CALayer {
    /// Reads a property as the engine sees it; nil for unknown keys.
    func animatableValue(for key: LayerKey) -> AnimatableValue? {
        switch key {
        // BEGIN GENERATED read (scripts/codegen/layer-properties.tsv; `make generate`)
        case .bounds: return .rect(state.bounds)
        case .position: return .point(state.position)
        case .zPosition: return .number(Double(state.zPosition))
        case .anchorPoint: return .point(state.anchorPoint)
        case .anchorPointZ: return .number(Double(state.anchorPointZ))
        case .transform: return .transform(state.transform)
        case .sublayerTransform: return .transform(state.sublayerTransform)
        case .opacity: return .number(Double(state.opacity))
        case .hidden: return .other(state.isHidden)
        case .masksToBounds: return .other(state.masksToBounds)
        case .cornerRadius: return .number(Double(state.cornerRadius))
        case .borderWidth: return .number(Double(state.borderWidth))
        case .borderColor: return .color(state.borderColor)
        case .backgroundColor: return .color(state.backgroundColor)
        case .shadowColor: return .color(state.shadowColor)
        case .shadowOpacity: return .number(Double(state.shadowOpacity))
        case .shadowOffset: return .size(state.shadowOffset)
        case .shadowRadius: return .number(Double(state.shadowRadius))
        case .shadowPath: return .other(state.shadowPath)
        case .contents: return .other(state.contents)
        case .contentsRect: return .rect(state.contentsRect)
        case .contentsCenter: return .rect(state.contentsCenter)
        case .shouldRasterize: return .other(state.shouldRasterize)
        case .rasterizationScale: return .number(Double(state.rasterizationScale))
        case .allowsGroupOpacity: return .other(state.allowsGroupOpacity)
        case .drawsAsynchronously: return .other(state.drawsAsynchronously)
        case .allowsEdgeAntialiasing: return .other(state.allowsEdgeAntialiasing)
        // END GENERATED read
        case .custom(let name): return customAnimatableValue(forKey: name) ?? storedCustomAnimatableValue(forKey: name)
        }
    }

    /// Writes a property from an engine value; false when the kind does not fit. Model layers
    /// go through the properties (so actions run); presentation copies write the storage.
    @discardableResult
    func setAnimatableValue(_ value: AnimatableValue, for key: LayerKey) -> Bool {
        guard isPresentationCopy else { return setModelValue(value, for: key) }
        switch (key, value) {
        // BEGIN GENERATED write-presentation (scripts/codegen/layer-properties.tsv; `make generate`)
        case (.bounds, .rect(let v)): state.bounds = v
        case (.position, .point(let v)): state.position = v
        case (.zPosition, .number(let v)): state.zPosition = CGFloat(v)
        case (.anchorPoint, .point(let v)): state.anchorPoint = v
        case (.anchorPointZ, .number(let v)): state.anchorPointZ = CGFloat(v)
        case (.transform, .transform(let v)): state.transform = v
        case (.transform, .affine(let v)): state.transform = CATransform3DMakeAffineTransform(v)
        case (.sublayerTransform, .transform(let v)): state.sublayerTransform = v
        case (.sublayerTransform, .affine(let v)): state.sublayerTransform = CATransform3DMakeAffineTransform(v)
        case (.opacity, .number(let v)): state.opacity = Float(v)
        case (.hidden, .other(let v as Bool)): state.isHidden = v
        case (.hidden, .number(let v)): state.isHidden = v != 0
        case (.masksToBounds, .other(let v as Bool)): state.masksToBounds = v
        case (.masksToBounds, .number(let v)): state.masksToBounds = v != 0
        case (.cornerRadius, .number(let v)): state.cornerRadius = CGFloat(v)
        case (.borderWidth, .number(let v)): state.borderWidth = CGFloat(v)
        case (.borderColor, .color(let v)): state.borderColor = v
        case (.backgroundColor, .color(let v)): state.backgroundColor = v
        case (.shadowColor, .color(let v)): state.shadowColor = v
        case (.shadowOpacity, .number(let v)): state.shadowOpacity = Float(v)
        case (.shadowOffset, .size(let v)): state.shadowOffset = v
        case (.shadowRadius, .number(let v)): state.shadowRadius = CGFloat(v)
        case (.shadowPath, .other(let v)): state.shadowPath = v as? CGPath
        case (.contents, .other(let v)): state.contents = v
        case (.contentsRect, .rect(let v)): state.contentsRect = v
        case (.contentsCenter, .rect(let v)): state.contentsCenter = v
        case (.shouldRasterize, .other(let v as Bool)): state.shouldRasterize = v
        case (.shouldRasterize, .number(let v)): state.shouldRasterize = v != 0
        case (.rasterizationScale, .number(let v)): state.rasterizationScale = CGFloat(v)
        case (.allowsGroupOpacity, .other(let v as Bool)): state.allowsGroupOpacity = v
        case (.allowsGroupOpacity, .number(let v)): state.allowsGroupOpacity = v != 0
        case (.drawsAsynchronously, .other(let v as Bool)): state.drawsAsynchronously = v
        case (.drawsAsynchronously, .number(let v)): state.drawsAsynchronously = v != 0
        case (.allowsEdgeAntialiasing, .other(let v as Bool)): state.allowsEdgeAntialiasing = v
        case (.allowsEdgeAntialiasing, .number(let v)): state.allowsEdgeAntialiasing = v != 0
        // END GENERATED write-presentation
        case (.custom(let name), _): return setCustomAnimatableValue(value, forKey: name)
        default: return false
        }
        return true
    }

    private func setModelValue(_ value: AnimatableValue, for key: LayerKey) -> Bool {
        switch (key, value) {
        // BEGIN GENERATED write-model (scripts/codegen/layer-properties.tsv; `make generate`)
        case (.bounds, .rect(let v)): bounds = v
        case (.position, .point(let v)): position = v
        case (.zPosition, .number(let v)): zPosition = CGFloat(v)
        case (.anchorPoint, .point(let v)): anchorPoint = v
        case (.anchorPointZ, .number(let v)): anchorPointZ = CGFloat(v)
        case (.transform, .transform(let v)): transform = v
        case (.transform, .affine(let v)): transform = CATransform3DMakeAffineTransform(v)
        case (.sublayerTransform, .transform(let v)): sublayerTransform = v
        case (.sublayerTransform, .affine(let v)): sublayerTransform = CATransform3DMakeAffineTransform(v)
        case (.opacity, .number(let v)): opacity = Float(v)
        case (.hidden, .other(let v as Bool)): isHidden = v
        case (.hidden, .number(let v)): isHidden = v != 0
        case (.masksToBounds, .other(let v as Bool)): masksToBounds = v
        case (.masksToBounds, .number(let v)): masksToBounds = v != 0
        case (.cornerRadius, .number(let v)): cornerRadius = CGFloat(v)
        case (.borderWidth, .number(let v)): borderWidth = CGFloat(v)
        case (.borderColor, .color(let v)): borderColor = v
        case (.backgroundColor, .color(let v)): backgroundColor = v
        case (.shadowColor, .color(let v)): shadowColor = v
        case (.shadowOpacity, .number(let v)): shadowOpacity = Float(v)
        case (.shadowOffset, .size(let v)): shadowOffset = v
        case (.shadowRadius, .number(let v)): shadowRadius = CGFloat(v)
        case (.shadowPath, .other(let v)): shadowPath = v as? CGPath
        case (.contents, .other(let v)): contents = v
        case (.contentsRect, .rect(let v)): contentsRect = v
        case (.contentsCenter, .rect(let v)): contentsCenter = v
        case (.shouldRasterize, .other(let v as Bool)): shouldRasterize = v
        case (.shouldRasterize, .number(let v)): shouldRasterize = v != 0
        case (.rasterizationScale, .number(let v)): rasterizationScale = CGFloat(v)
        case (.allowsGroupOpacity, .other(let v as Bool)): allowsGroupOpacity = v
        case (.allowsGroupOpacity, .number(let v)): allowsGroupOpacity = v != 0
        case (.drawsAsynchronously, .other(let v as Bool)): drawsAsynchronously = v
        case (.drawsAsynchronously, .number(let v)): drawsAsynchronously = v != 0
        case (.allowsEdgeAntialiasing, .other(let v as Bool)): allowsEdgeAntialiasing = v
        case (.allowsEdgeAntialiasing, .number(let v)): allowsEdgeAntialiasing = v != 0
        // END GENERATED write-model
        // A colour set to nil by key (`setValue(nil, forKeyPath: "backgroundColor")`, as a
        // skeleton library restores a view it dressed): no colour, as Core Animation takes it.
        case (.backgroundColor, .other(.none)): backgroundColor = nil
        case (.borderColor, .other(.none)): borderColor = nil
        case (.shadowColor, .other(.none)): shadowColor = nil
        case (.custom(let name), _): return setCustomAnimatableValue(value, forKey: name)
        default: return false
        }
        return true
    }

    /// Reads a full key path ("position.x"); nil when unknown.
    func animatableValue(for path: LayerKeyPath) -> AnimatableValue? {
        guard let whole = animatableValue(for: path.key) else { return nil }
        guard let c = path.component else { return whole }
        return c.get(from: whole)
    }

    /// Writes a full key path; false when unknown or the kind does not fit.
    @discardableResult
    func setAnimatableValue(_ value: AnimatableValue, for path: LayerKeyPath) -> Bool {
        guard let c = path.component else { return setAnimatableValue(value, for: path.key) }
        guard let whole = animatableValue(for: path.key), let updated = c.set(value, in: whole) else { return false }
        return setAnimatableValue(updated, for: path.key)
    }

    // MARK: Key-value coding

    /// The value of a property by name (Apple's KVC), or of a custom key: the value stored
    /// with `setValue(_:forKey:)` (as it was given, or as an animation wrote it on a
    /// presentation copy), else the class's `defaultValue(forKey:)`. Reached through
    /// `NSObject.value(forKey:)` (NSObject+KeyValueCoding.swift), which every object has.
    final func layerValue(forKey key: String) -> Any? {
        let k = LayerKey(key)
        if case .custom(let name) = k, customAnimatableValue(forKey: name) == nil {
            return storedCustomValue(forKey: name)
        }
        return animatableValue(for: k)?.anyValue
    }

    /// The value at a key path such as "position.x" or "transform.rotation.z". Reached through
    /// `NSObject.value(forKeyPath:)` (NSObject+KeyValueCoding.swift).
    final func layerValue(forKeyPath keyPath: String) -> Any? {
        let path = LayerKeyPath(keyPath)
        guard path.component != nil else { return value(forKey: keyPath) }
        return animatableValue(for: path)?.anyValue
    }

    /// Sets a property by name; unknown keys are stored on the layer, as CALayer does.
    /// A value of the wrong type is reported and ignored. Reached through
    /// `NSObject.setValue(_:forKey:)`.
    final func setLayerValue(_ value: Any?, forKey key: String) {
        setLayerValue(value, forKeyPath: key)
    }

    /// Sets the value at a key path such as "transform.scale" or "bounds.size.width".
    /// A custom key (one no property declares, such as a subclass's `@NSManaged` property)
    /// is stored as given; on a model layer the change runs the key's action and, when the
    /// class's `needsDisplay(forKey:)` says so, marks the layer for display. Reached through
    /// `NSObject.setValue(_:forKeyPath:)`.
    final func setLayerValue(_ value: Any?, forKeyPath keyPath: String) {
        let path = LayerKeyPath(keyPath)
        if case .custom(let name) = path.key, path.component == nil, customAnimatableValue(forKey: name) == nil {
            setStoredCustomValue(value, forKey: name)
            return
        }
        let v = AnimatableValue(value) ?? .other(nil)
        if !setAnimatableValue(v, for: path) {
            FlipbookDiagnostics.report(
                "CALayer setValue:forKeyPath: \"\(keyPath)\" cannot take a value of type \(v.kindName); ignored.",
                once: "CALayer.setValue.\(keyPath)")
        }
    }

}
