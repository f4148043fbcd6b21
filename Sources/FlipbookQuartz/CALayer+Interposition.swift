import Foundation

// Method swizzling, the Flipbook way. On iOS a library exchanges a Core Animation method with
// one of its own (`method_exchangeImplementations`), so that every call of the original runs its
// method, and its method's call to itself runs the original. Swift on Linux has no Objective-C
// runtime, so the methods libraries exchange take a replacement explicitly: the replacement runs
// for every call, and `flipbookOriginal…` is the original implementation. `flipbook port`
// rewrites the swizzle into these calls (docs/Porting.md, "Method swizzling").
//
// Like a swizzle, a replacement is the class's, so it is process-wide (docs/ARCHITECTURE.md,
// "Process-wide state"); the latest one installed wins and `nil` restores the original.

extension CALayer {
    /// What runs for `add(_:forKey:)`; nil runs `flipbookOriginalAdd(_:forKey:)`.
    static var addReplacement: (@MainActor (CALayer, CAAnimation, String?) -> Void)?

    /// Runs `replacement` for every later `add(_:forKey:)` on any layer, as exchanging the
    /// method with one of your own does on iOS; nil restores Core Animation's. Inside it,
    /// `flipbookOriginalAdd(_:forKey:)` adds the animation.
    public static func flipbookInterposeAdd(_ replacement: (@MainActor (CALayer, CAAnimation, String?) -> Void)?) {
        addReplacement = replacement
    }
}
