import FlipbookPort
import Testing

/// Idioms of the ninth round of real libraries (docs/Porting.md), besides metatype construction
/// and registered cells (`MetatypeConstructionPortTests`).
@Suite struct RealLibraryIdiomRoundNineTests {
    /// `(x as AnyObject).cgRectValue` is a `CGRect!`: a declaration inferring its type from it
    /// holds a `CGRect?`, which the code then reads with `?.`; elsewhere it is unwrapped at once.
    @Test func aRuntimeLookupInADeclarationStaysOptional() {
        let output = Porter().port(
            """
            import UIKit

            final class Watcher: NSObject {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    let oldRect = (change![NSKeyValueChangeKey.oldKey]! as AnyObject).cgRectValue
                    let newRect: CGRect = (change![.newKey]! as AnyObject).cgRectValue
                    if (oldRect?.equalTo(newRect))! { print(newRect) }
                    print((change?[.newKey] as AnyObject).cgPointValue)
                }
            }
            """, path: "Watcher.swift")
        #expect(output.text.contains("let oldRect = (change![NSKeyValueChangeKey.oldKey]! as? NSValue)?.cgRectValue"))
        #expect(output.text.contains("let newRect: CGRect = (change![.newKey]! as! NSValue).cgRectValue"))
        #expect(output.text.contains("print((change?[.newKey] as! NSValue).cgPointValue)"))
        expectIdempotent([output])
    }
}
