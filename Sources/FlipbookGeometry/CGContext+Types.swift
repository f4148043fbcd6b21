import Foundation

#if !canImport(CoreGraphics)
/// How the ends of stroked open subpaths are drawn, CoreGraphics' `CGLineCap`.
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt, round, square
}

/// How joins between stroked segments are drawn, CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter, round, bevel
}

/// Which points a path encloses, CoreGraphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable, Hashable {
    case winding, evenOdd
}

/// What `CGContext.drawPath(using:)` does with the current path, CoreGraphics' `CGPathDrawingMode`.
public enum CGPathDrawingMode: Int32, Sendable, Hashable {
    case fill, eoFill, stroke, fillStroke, eoFillStroke
}

/// How drawn colour combines with what is already there, CoreGraphics' `CGBlendMode`.
public enum CGBlendMode: Int32, Sendable, Hashable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter
}

/// How images are resampled when drawn scaled, CoreGraphics' `CGInterpolationQuality`.
public enum CGInterpolationQuality: Int32, Sendable, Hashable {
    case `default`, none, low, medium, high
}

extension CGImage: Hashable {
    /// Identity, as CoreGraphics compares images (CFEqual on a CGImage is identity).
    public static func == (l: CGImage, r: CGImage) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

extension CGContext {
    /// The graphics state a recorded command was drawn with: everything a replay needs.
    ///
    /// Units: the CTM maps user space to the context's device space, which is in points with
    /// the origin at the top left and y growing downward (UIKit's drawing space); the renderer
    /// scales device space to pixels.
    public struct GraphicsState: Sendable, Hashable {
        /// The current transformation matrix (user space → device space).
        public var ctm: CGAffineTransform = .identity
        public var fillColor: CGColor = .black
        public var strokeColor: CGColor = .black
        /// Line width in user space (scaled by the CTM at stroke time, as CoreGraphics does).
        public var lineWidth: CGFloat = 1
        public var lineCap: CGLineCap = .butt
        public var lineJoin: CGLineJoin = .miter
        public var miterLimit: CGFloat = 10
        /// Dash pattern in user space; empty for a solid line.
        public var lineDashLengths: [CGFloat] = []
        public var lineDashPhase: CGFloat = 0
        /// Global alpha multiplied into everything drawn (0…1).
        public var alpha: CGFloat = 1
        public var shouldAntialias: Bool = true
        /// How drawn colour combines with the destination.
        public var blendMode: CGBlendMode = .normal
        /// How scaled images are resampled.
        public var interpolationQuality: CGInterpolationQuality = .default
        /// The clip: drawing is limited to the intersection of these regions (empty: no clip).
        public var clip: [Clip] = []
        /// Image masks the clip is also intersected with (`clip(to:mask:)`), oldest first.
        public var masks: [ClipMask] = []
        /// The shadow drawn under everything drawn (`setShadow`); nil for none.
        public var shadow: Shadow?

        public init() {}
    }

    /// A shadow set with `setShadow(offset:blur:color:)`: the drawing's alpha, blurred, offset in
    /// device space and painted in `color` under it (docs/Semantics.md, "Shadows in drawings").
    public struct Shadow: Sendable, Hashable {
        public var offset: CGSize
        public var blur: CGFloat
        public var color: CGColor
    }

    /// One clipping region: a path already in device space and its fill rule.
    public struct Clip: Sendable, Hashable {
        public var path: CGPath
        public var rule: CGPathFillRule
        public init(path: CGPath, rule: CGPathFillRule) {
            self.path = path
            self.rule = rule
        }
    }

    /// One image mask of the clip (`clip(to:mask:)`): `image` mapped into `rect`, in the user
    /// space of `ctm` (the CTM when the clip was set), Core Graphics' way: the image's first
    /// (top) row at the rect's maxY edge, as `draw(_:in:)` places an image. Where the mask's
    /// coverage is 0 nothing is drawn, where it is 1 drawing is unchanged, in between drawing is
    /// faded by it; outside `rect` nothing is drawn. The coverage is the image's alpha, or its
    /// luminance when the image is opaque (see `clip(to:mask:)`).
    public struct ClipMask: Sendable, Hashable {
        public var image: CGImage
        public var rect: CGRect
        public var ctm: CGAffineTransform
        public init(image: CGImage, rect: CGRect, ctm: CGAffineTransform) {
            self.image = image
            self.rect = rect
            self.ctm = ctm
        }

        /// Whether the mask uses the image's luminance (every pixel opaque) rather than its alpha.
        public var usesLuminance: Bool {
            let p = image.pixels
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }

        /// The coverage of each pixel (0…255), rows top to bottom: the alpha, or for an opaque
        /// image the Rec. 709 luma of its colour (a gray image's gray level).
        public var coverage: [UInt8] {
            let p = image.pixels
            let n = image.width * image.height
            var out = [UInt8](repeating: 0, count: n)
            if usesLuminance {
                for i in 0..<n {
                    let luma = 0.2126 * Double(p[4 * i]) + 0.7152 * Double(p[4 * i + 1]) + 0.0722 * Double(p[4 * i + 2])
                    out[i] = UInt8(max(0, min(255, luma.rounded())))
                }
            } else {
                for i in 0..<n { out[i] = p[4 * i + 3] }
            }
            return out
        }
    }

    /// Horizontal alignment of a text command's lines within its rectangle.
    public enum TextAlignment: Int, Sendable, Hashable {
        case left, center, right
    }

    /// A string to lay out and draw (Flipbook's text command; UIKit's string drawing uses it).
    public struct TextRun: Sendable, Hashable {
        public var string: String
        /// The layout rectangle in user space: lines wrap at word boundaries to its width and
        /// start at its top; text is drawn upright in UIKit's y-down space and not clipped.
        public var rect: CGRect
        /// A Pango-style font description: family, optional style words, size in points,
        /// e.g. "Helvetica Neue Bold 17" or "Sans 12".
        public var fontDescription: String
        public var color: CGColor
        public var alignment: TextAlignment
        public init(string: String, rect: CGRect, fontDescription: String, color: CGColor, alignment: TextAlignment) {
            self.string = string
            self.rect = rect
            self.fontDescription = fontDescription
            self.color = color
            self.alignment = alignment
        }
    }

    /// A recorded drawing operation, with the state it needs so a replay is straightforward.
    public enum Command: Sendable, Hashable {
        /// Fill `path` (device space) with `state.fillColor` under `rule`.
        case fill(CGPath, rule: CGPathFillRule, state: GraphicsState)
        /// Stroke `path` (device space) with `state.strokeColor`; line width, dashes, caps and
        /// joins are in the user space of `state.ctm` (set the CTM after building the path,
        /// as cairo and CoreGraphics both do).
        case stroke(CGPath, state: GraphicsState)
        /// Make `rect` (user space of `state.ctm`) fully transparent, within the clip.
        case clear(CGRect, state: GraphicsState)
        /// Draw `image` scaled into `rect` (user space), CoreGraphics' way: the image's first
        /// (top) row goes at the rect's **maxY** edge. In a y-down space such as UIKit's this
        /// shows the image upside down, exactly as `CGContext.draw` does on iOS; UIKit's
        /// `UIImage.draw(in:)` flips the CTM first.
        case drawImage(CGImage, rect: CGRect, state: GraphicsState)
        /// Lay out and draw a string (see `TextRun`).
        case drawText(TextRun, state: GraphicsState)
        /// Paint a linear or radial gradient over the clip (see `GradientRun`).
        case drawGradient(GradientRun, state: GraphicsState)

        /// The graphics state the command was recorded with.
        public var state: GraphicsState {
            switch self {
            case .fill(_, _, let state), .stroke(_, let state), .clear(_, let state), .drawImage(_, _, let state),
                .drawText(_, let state), .drawGradient(_, let state):
                state
            }
        }
    }
}
#endif
