import Foundation

#if !canImport(CoreGraphics)
/// A drawing destination, CoreGraphics' `CGContext`, as a recording.
///
/// Flipbook's context draws nothing itself: every fill, stroke, clear, image and text
/// operation is appended to `commands` with the graphics state it needs, and the renderer
/// (FlipbookRender) replays the list with cairo. Paths are transformed by the CTM as they are
/// built, as CoreGraphics does, so recorded paths are in device space.
///
/// Device space is in points, origin at the top left, y downward (the space UIKit hands to
/// `draw(_:)`), `size` wide and high. Bad input (NaN or infinite coordinates, a negative line
/// width, restoring with no saved state) is ignored with a message in `diagnostics`; the
/// context stays consistent.
public final class CGContext {
    /// The device-space size in points (0 × 0 when unknown).
    public let size: CGSize
    /// Everything drawn so far, in order.
    public private(set) var commands: [Command] = []
    /// Messages about ignored bad input, each once.
    public private(set) var diagnostics: [String] = []

    var state = GraphicsState()
    var stateStack: [GraphicsState] = []
    /// The current path, in device space.
    var currentPath = CGMutablePath()

    /// A recording context of the given device size in points.
    public init(size: CGSize) {
        let valid = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        self.size = valid ? size : .zero
        if !valid { diagnose("CGContext(size:) given \(size); using zero size") }
    }

    /// A recording context with no known size.
    public convenience init() { self.init(size: .zero) }

    /// For a context that is not a bitmap context but stands for one (UIKit's
    /// `UIGraphicsBeginImageContext`), the image of what it has recorded so far: what
    /// `makeImage()` answers there, as iOS's bitmap context does.
    package var imageOfRecording: (() -> CGImage?)?

    /// The pixel buffer and format of a bitmap context (`CGContext(data:width:height:…)`,
    /// declared with `makeImage()` in FlipbookRender); nil for a plain recording context.
    package var bitmap: CGBitmapStorage?

    /// Hands over the commands recorded so far and forgets them (a bitmap context has drawn
    /// them into its pixels).
    package func takeCommands() -> [Command] {
        defer { commands = [] }
        return commands
    }

    /// Sets the CTM a bitmap context starts with (Core Graphics' y-up space).
    package func setInitialTransform(_ ctm: CGAffineTransform) { state.ctm = ctm }

    /// The state drawing commands would record now.
    public var graphicsState: GraphicsState { state }

    func diagnose(_ message: String) {
        if !diagnostics.contains(message) { diagnostics.append(message) }
    }

    func record(_ command: Command) { commands.append(command) }

    static func finite(_ values: CGFloat...) -> Bool { values.allSatisfy(\.isFinite) }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, colours, line settings, alpha, clip).
    public func saveGState() { stateStack.append(state) }

    /// Pops the most recently saved graphics state; with none saved, nothing changes (a diagnostic).
    public func restoreGState() {
        guard let s = stateStack.popLast() else {
            return diagnose("restoreGState() without a matching saveGState(): ignored")
        }
        state = s
    }

    /// The current transformation matrix (user space → device space).
    public var ctm: CGAffineTransform { state.ctm }

    /// Moves the user-space origin by (x, y) user-space units.
    public func translateBy(x: CGFloat, y: CGFloat) {
        guard Self.finite(x, y) else { return diagnose("translateBy with a non-finite value: ignored") }
        state.ctm = state.ctm.translatedBy(x: x, y: y)
    }

    /// Scales user space by (x, y).
    public func scaleBy(x: CGFloat, y: CGFloat) {
        guard Self.finite(x, y) else { return diagnose("scaleBy with a non-finite value: ignored") }
        state.ctm = state.ctm.scaledBy(x: x, y: y)
    }

    /// Rotates user space by `angle` radians (positive turns +x toward +y).
    public func rotate(by angle: CGFloat) {
        guard angle.isFinite else { return diagnose("rotate(by:) with a non-finite angle: ignored") }
        state.ctm = state.ctm.rotated(by: angle)
    }

    /// Applies `transform` to user space: the new CTM is `transform` then the old CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        let t = transform
        guard Self.finite(t.a, t.b, t.c, t.d, t.tx, t.ty) else {
            return diagnose("concatenate with a non-finite transform: ignored")
        }
        state.ctm = t.concatenating(state.ctm)
    }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// Line width in user space; negative or non-finite widths are ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { return diagnose("setLineWidth(\(width)): ignored") }
        state.lineWidth = width
    }
    /// How later drawing combines with what is already drawn.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// How images drawn scaled are resampled (part of the graphics state).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite, limit > 0 else { return diagnose("setMiterLimit(\(limit)): ignored") }
        state.miterLimit = limit
    }
    /// Dash pattern: lengths in user space, starting `phase` units into the pattern. An empty
    /// list (or one with negative, non-finite or all-zero lengths) gives a solid line.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let ok = lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 } && phase.isFinite
        state.lineDashLengths = ok ? lengths : []
        state.lineDashPhase = ok ? phase : 0
    }
    /// Draws a shadow under what is drawn next: `offset` in Core Graphics' base space (right and
    /// down for positive values in UIKit's contexts, whose base space is flipped; right and up in
    /// a bitmap context's), `blur` its softness (a Gaussian of
    /// σ = blur / 2), in black of alpha 1/3 (Core Graphics' default colour). Part of the
    /// graphics state. A non-finite offset or blur is reported and draws no shadow.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
    }

    /// `setShadow(offset:blur:)` in `color`; nil turns shadows off, as in Core Graphics.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color else {
            state.shadow = nil
            return
        }
        guard Self.finite(offset.width, offset.height, blur) else {
            state.shadow = nil
            return diagnose("setShadow with a non-finite offset or blur: no shadow")
        }
        // Stored in the recording's device space, which is y-down for both kinds of context.
        let device = bitmap == nil ? offset : CGSize(width: offset.width, height: -offset.height)
        state.shadow = Shadow(offset: device, blur: max(0, blur), color: color)
    }

    /// Global alpha, clamped to 0…1 (non-finite reads as 1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1 }
    public func setShouldAntialias(_ flag: Bool) { state.shouldAntialias = flag }

    // MARK: Current path (points are user space, stored in device space)

    /// Discards the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space (zero when the path is empty).
    public var currentPointOfPath: CGPoint { currentPath.currentPoint.applying(state.ctm.inverted()) }

    /// The bounding box of the current path in user space (`.null` when empty).
    public var boundingBoxOfPath: CGRect {
        let b = currentPath.boundingBox
        return b.isNull ? b : b.applying(state.ctm.inverted())
    }

    /// A copy of the current path in user space (nil when empty).
    public var path: CGPath? {
        guard !currentPath.isEmpty else { return nil }
        let m = CGMutablePath()
        m.addPath(currentPath, transform: state.ctm.inverted())
        return m
    }

    private func valid(_ points: CGPoint...) -> Bool {
        guard points.allSatisfy({ Self.finite($0.x, $0.y) }) else {
            diagnose("path point with a non-finite coordinate: ignored")
            return false
        }
        return true
    }

    public func move(to point: CGPoint) {
        guard valid(point) else { return }
        currentPath.move(to: point, transform: state.ctm)
    }

    /// A line from the current point; with no current point it starts a subpath there.
    public func addLine(to point: CGPoint) {
        guard valid(point) else { return }
        if currentPath.isEmpty { return currentPath.move(to: point, transform: state.ctm) }
        currentPath.addLine(to: point, transform: state.ctm)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard valid(end, control1, control2) else { return }
        if currentPath.isEmpty { currentPath.move(to: control1, transform: state.ctm) }
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: state.ctm)
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard valid(end, control) else { return }
        if currentPath.isEmpty { currentPath.move(to: control, transform: state.ctm) }
        currentPath.addQuadCurve(to: end, control: control, transform: state.ctm)
    }

    public func closePath() {
        if !currentPath.isEmpty { currentPath.closeSubpath() }
    }

    public func addLines(between points: [CGPoint]) {
        guard valid(points.isEmpty ? [CGPoint.zero] : points) else { return }
        currentPath.addLines(between: points, transform: state.ctm)
    }

    private func valid(_ points: [CGPoint]) -> Bool {
        guard points.allSatisfy({ Self.finite($0.x, $0.y) }) else {
            diagnose("path point with a non-finite coordinate: ignored")
            return false
        }
        return true
    }

    private func valid(_ rect: CGRect) -> Bool {
        guard Self.finite(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) else {
            diagnose("rectangle with a non-finite value: ignored")
            return false
        }
        return true
    }

    public func addRect(_ rect: CGRect) {
        guard valid(rect) else { return }
        currentPath.addRect(rect, transform: state.ctm)
    }

    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }

    public func addEllipse(in rect: CGRect) {
        guard valid(rect) else { return }
        currentPath.addEllipse(in: rect, transform: state.ctm)
    }

    /// Adds `path` (in user space) to the current path.
    public func addPath(_ path: CGPath) {
        guard valid(path.elements.flatMap(\.points)) else { return }
        currentPath.addPath(path, transform: state.ctm)
    }

    /// An arc of the circle at `center` with `radius`, from `startAngle` to `endAngle` (radians,
    /// measured from +x toward +y). `clockwise: false` sweeps with increasing angle. A line
    /// joins the current point to the arc's start, as CoreGraphics does. Drawn as cubic
    /// Béziers of at most 90° each.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard valid(center), Self.finite(radius, startAngle, endAngle), radius >= 0 else {
            return diagnose("addArc with a non-finite value or negative radius: ignored")
        }
        // The sweep: increasing angle for counterclockwise (`clockwise: false`), decreasing for
        // clockwise, at most a full turn; a non-zero multiple of 2π is a full turn.
        let full = 2 * CGFloat.pi, d = endAngle - startAngle
        let m = d - full * (d / full).rounded(.down)  // d modulo 2π, in 0..<2π
        let sweep: CGFloat
        if clockwise {
            sweep = d <= -full ? -full : (d <= 0 ? d : (m == 0 ? -full : m - full))
        } else {
            sweep = d >= full ? full : (d >= 0 ? d : (m == 0 ? full : m))
        }
        func point(_ a: CGFloat) -> CGPoint { CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        let start = point(startAngle)
        if currentPath.isEmpty { move(to: start) } else { addLine(to: start) }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        var a = startAngle
        for _ in 0..<pieces {
            let b = a + step
            let p0 = point(a), p3 = point(b)
            let c1 = CGPoint(x: p0.x - k * radius * sin(a), y: p0.y + k * radius * cos(a))
            let c2 = CGPoint(x: p3.x + k * radius * sin(b), y: p3.y - k * radius * cos(b))
            currentPath.addCurve(to: p3, control1: c1, control2: c2, transform: state.ctm)
            a = b
        }
    }
}
#endif
