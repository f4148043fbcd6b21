// generated from scripts/codegen/layer-properties.tsv by scripts/codegen/generate-layer-properties.py: edit the table, not this
import FlipbookGeometry

extension CALayer {
    /// The key-value observing name of `keyPath` when it is one of the stored properties whose
    /// setters announce changes (docs/API-Status.md, "Key-value observing"), else nil.
    @preconcurrency @MainActor
    package static func observedKey<Root: CALayer>(of keyPath: AnyKeyPath, root: Root.Type) -> String? {
        if keyPath == \Root.bounds as AnyKeyPath { return "bounds" }
        if keyPath == \Root.position as AnyKeyPath { return "position" }
        if keyPath == \Root.zPosition as AnyKeyPath { return "zPosition" }
        if keyPath == \Root.anchorPoint as AnyKeyPath { return "anchorPoint" }
        if keyPath == \Root.anchorPointZ as AnyKeyPath { return "anchorPointZ" }
        if keyPath == \Root.transform as AnyKeyPath { return "transform" }
        if keyPath == \Root.sublayerTransform as AnyKeyPath { return "sublayerTransform" }
        if keyPath == \Root.opacity as AnyKeyPath { return "opacity" }
        if keyPath == \Root.isHidden as AnyKeyPath { return "hidden" }
        if keyPath == \Root.masksToBounds as AnyKeyPath { return "masksToBounds" }
        if keyPath == \Root.cornerRadius as AnyKeyPath { return "cornerRadius" }
        if keyPath == \Root.borderWidth as AnyKeyPath { return "borderWidth" }
        if keyPath == \Root.borderColor as AnyKeyPath { return "borderColor" }
        if keyPath == \Root.backgroundColor as AnyKeyPath { return "backgroundColor" }
        if keyPath == \Root.shadowColor as AnyKeyPath { return "shadowColor" }
        if keyPath == \Root.shadowOpacity as AnyKeyPath { return "shadowOpacity" }
        if keyPath == \Root.shadowOffset as AnyKeyPath { return "shadowOffset" }
        if keyPath == \Root.shadowRadius as AnyKeyPath { return "shadowRadius" }
        if keyPath == \Root.shadowPath as AnyKeyPath { return "shadowPath" }
        if keyPath == \Root.contents as AnyKeyPath { return "contents" }
        if keyPath == \Root.contentsRect as AnyKeyPath { return "contentsRect" }
        if keyPath == \Root.contentsCenter as AnyKeyPath { return "contentsCenter" }
        if keyPath == \Root.rasterizationScale as AnyKeyPath { return "rasterizationScale" }
        return nil
    }
}
