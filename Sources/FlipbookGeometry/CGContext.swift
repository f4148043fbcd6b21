import Foundation

#if !canImport(CoreGraphics)
/// A drawing destination, CoreGraphics' `CGContext`.
///
/// Flipbook's CGContext records drawing commands; the renderer (FlipbookRender)
/// replays them with cairo. (Placeholder: the recording API lands with the
/// geometry work.)
public final class CGContext {
    public init() {}
}
#endif
