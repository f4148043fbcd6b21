import Foundation
import FlipbookGeometry

extension CALayer {
    // MARK: Display

    /// Marks the layer's content as needing a redraw at the next commit (next frame).
    public func setNeedsDisplay() {
        guard !isPresentationCopy, !needsDisplayFlag else { return }
        needsDisplayFlag = true
        owningRuntime.clock.engine.markNeedsDisplay(self)
    }

    /// Marks part of the layer as needing a redraw (Flipbook redraws the whole layer).
    public func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether a redraw is pending.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now if a redraw is pending.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        display()
    }

    /// Redraws every layer of the tree whose redraw is pending, this one first: what drawing
    /// the tree now needs (`render(in:)`, a snapshot after screen updates) when the tree may be
    /// in no window, where the commit leaves its drawing waiting.
    package func displayTreeIfNeeded() {
        displayIfNeeded()
        for s in sublayers ?? [] { s.displayTreeIfNeeded() }
        mask?.displayTreeIfNeeded()
    }

    /// Redraws the content: the delegate's `display(_:)` when there is a delegate (its
    /// default draws through `draw(in:)`), else `draw(in:)` into a new recording context.
    func performDisplay() {
        needsDisplayFlag = false
        if let d = delegate { d.display(self) } else { displayWithoutDelegate() }
    }

    /// Records `draw(in:)` into a fresh `CGContext` of the bounds' size and keeps it in
    /// `drawnContent` for the renderer (Flipbook's stand-in for the backing store).
    public func displayWithoutDelegate() {
        needsDisplayFlag = false
        delegate?.layerWillDraw(self)
        let ctx = CGContext(size: bounds.size)
        draw(in: ctx)
        drawnContent = ctx
    }

    /// Drops drawn content that holds no drawing: a view displays once when it first appears,
    /// and most draw nothing (UIView.display(_:)); without content the layer stays cheap to
    /// present, and it looks the same.
    package func discardEmptyDrawnContent() {
        if let content = drawnContent, content.bitmap == nil, content.commands.isEmpty { drawnContent = nil }
    }

    /// Draws the layer's content; the default asks the delegate's `draw(_:in:)`.
    func performDraw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: Layout

    /// Marks the layer as needing `layoutSublayers()` at the next commit (next frame).
    public func setNeedsLayout() {
        guard !isPresentationCopy, !needsLayoutFlag else { return }
        needsLayoutFlag = true
        owningRuntime.clock.engine.markNeedsLayout(self)
    }

    /// Whether a layout is pending.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now if pending, then the sublayers that need it, top down.
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for s in sublayers ?? [] { s.layoutIfNeeded() }
    }

    /// Positions the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    func performLayoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

}

extension AnimationEngine {
    /// Lays out, then redraws, every layer marked since the last commit (Core Animation's
    /// commit order), outermost first. Layout and drawing in a tree whose root is a view's
    /// layer that no window hosts wait in `layoutAwaitingHost` and `displayAwaitingHost` and
    /// run at the first commit after the tree joins a window, or when asked for
    /// (`layoutIfNeeded()`, `displayIfNeeded()`, `render(in:)`) (docs/Semantics.md, "Layout of
    /// views in no window").
    func layoutAndDisplay() {
        var guardCount = 0
        if !layoutAwaitingHost.isEmpty {
            let waiting = layoutAwaitingHost
            layoutAwaitingHost = []
            for entry in waiting { if let layer = entry.layer { needsLayoutLayers.append(layer) } }
        }
        if !displayAwaitingHost.isEmpty {
            let waiting = displayAwaitingHost
            displayAwaitingHost = []
            for entry in waiting { if let layer = entry.layer { needsDisplayLayers.append(layer) } }
        }
        while !needsLayoutLayers.isEmpty || !needsDisplayLayers.isEmpty, guardCount < 8 {
            guardCount += 1
            let layout = needsLayoutLayers
            needsLayoutLayers = []
            for layer in layout where layer.needsLayoutFlag {
                var top = layer
                while let p = top.superlayer, p.needsLayoutFlag { top = p }
                guard Self.isLaidOutAtCommit(top) else {
                    layoutAwaitingHost.append(WeakLayer(layer: layer))
                    continue
                }
                top.layoutIfNeeded()
            }
            let display = needsDisplayLayers
            needsDisplayLayers = []
            for layer in display where layer.needsDisplayFlag {
                guard Self.isLaidOutAtCommit(layer) else {
                    displayAwaitingHost.append(WeakLayer(layer: layer))
                    continue
                }
                layer.displayIfNeeded()
            }
        }
    }

    /// Whether the commit lays out and draws `layer`'s tree: its root is hosted by a window,
    /// or is a plain layer rather than a view's.
    private static func isLaidOutAtCommit(_ layer: CALayer) -> Bool {
        var root = layer
        while let p = root.superlayer { root = p }
        return root.hostRuntime != nil || !root.layoutWaitsForHost
    }

    func markNeedsDisplay(_ layer: CALayer) { needsDisplayLayers.append(layer) }
    func markNeedsLayout(_ layer: CALayer) { needsLayoutLayers.append(layer) }
}

/// A weak reference to a layer, for lists that must not keep their layers alive.
struct WeakLayer {
    weak var layer: CALayer?
}
