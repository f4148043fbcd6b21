import FlipbookPort
import Testing

/// String-key observing ported onto Flipbook's (docs/Porting.md, "Key-value observing").
@Suite struct KeyValueObservingRewriterTests {
    @Test func theObserverAdoptsTheProtocolAndDropsOverrideAndSuper() {
        expectPort(
            """
            import UIKit

            private var frameContext = 0

            open class Follower: NSObject {
                var button: UIView?
                func start() { button?.addObserver(self, forKeyPath: "frame", options: .new, context: &frameContext) }
                func stop() { button?.removeObserver(self, forKeyPath: "frame") }
                override open func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                                change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    if context == &frameContext {
                        print((change?[.newKey] as AnyObject).cgRectValue)
                    } else {
                        super.observeValue(
                            forKeyPath: keyPath,
                            of: object,
                            change: change,
                            context: context
                        )
                    }
                }
            }

            final class LoudFollower: Follower {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                           change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
            }

            final class Plain {
                func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """,
            """
            \(importBlock)

            private var frameContext = 0

            open class Follower: NSObject {
                var button: UIView?
                func start() { button?.addObserver(self, forKeyPath: "frame", options: .new, context: &frameContext) }
                func stop() { button?.removeObserver(self, forKeyPath: "frame") }
                open func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                                change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    if context == &frameContext {
                        print((change?[.newKey] as! NSValue).cgRectValue)
                    } else {
                    }
                }
            }

            extension Follower: FlipbookKeyValueObserver {}

            final class LoudFollower: Follower {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                           change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                }
            }

            final class Plain {
                func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """,
            issues: [])
    }

    @Test func aClassWithoutInheritanceAdoptsItToo() {
        let output = Porter().port(
            """
            import UIKit
            class Watcher {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains("class Watcher {"))
        #expect(output.text.contains("}\n\nextension Watcher: FlipbookKeyValueObserver {}"))
        #expect(output.issues.isEmpty)
    }

    /// In an extension it cannot be ported: reported, left as it was.
    @Test func anObserverInAnExtensionIsReported() {
        let output = Porter().port(
            """
            import UIKit
            extension UIView {
                open override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """, path: "T.swift")
        #expect(output.issues.contains { $0.reason.contains("FlipbookKeyValueObserver") })
    }

    /// `awakeFromNib()` in a plain NSObject subclass has nothing to override on Linux; in a view
    /// it overrides Flipbook's `UIResponder` one and stays.
    @Test func nibMethodsOfPlainObjectsBecomePlainMethods() {
        let output = Porter().port(
            """
            import UIKit
            open class ItemAnimation: NSObject {}
            open class FrameAnimation: ItemAnimation {
                open override func awakeFromNib() {
                    super.awakeFromNib()
                    print("awake")
                }
            }
            final class Spinner: UIView {
                override func awakeFromNib() { super.awakeFromNib() }
                override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }
            }
            """, path: "T.swift")
        #expect(output.text.contains("""
                open func awakeFromNib() {
                    print("awake")
                }
            """))
        #expect(output.text.contains("override func awakeFromNib() { super.awakeFromNib() }"))
        #expect(output.text.contains("override func prepareForInterfaceBuilder() { super.prepareForInterfaceBuilder() }"))
        #expect(output.changes.filter { $0.kind == .nibMethod }.count == 1)
    }

    /// A keyboard notification's user info cast to `[String: AnyObject]`, its values' members
    /// looked up through the Objective-C runtime (a search field library): boxed explicitly,
    /// also when the key is an old name the porter renames inside the brackets.
    @Test func userInfoValuesLookedUpOnAnyObjectAreUnboxed() {
        let output = expectPort(
            """
            import UIKit

            func keyboardWillShow(_ notification: Notification) {
                if let userInfo = (notification as NSNotification).userInfo as! [String: AnyObject]?,
                    let endFrame = userInfo[UIResponder.keyboardFrameEndUserInfoKey]?.cgRectValue,
                    let duration: TimeInterval = userInfo[UIKeyboardAnimationDurationUserInfoKey]?.doubleValue,
                    let curve = userInfo[UIResponder.keyboardAnimationCurveUserInfoKey]?.uintValue {
                    print(endFrame, duration, curve, userInfo["other"]?.description ?? "")
                }
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            func keyboardWillShow(_ notification: Notification) {
                if let userInfo = (notification as NSNotification).userInfo as! [String: AnyObject]?,
                    let endFrame = (userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue,
                    let duration: TimeInterval = (userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue,
                    let curve = (userInfo[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.uintValue {
                    print(endFrame, duration, curve, userInfo["other"]?.description ?? "")
                }
            }
            """)
        #expect(output.changes.filter { $0.kind == .keyValueObserving }.count == 3)
    }
}
