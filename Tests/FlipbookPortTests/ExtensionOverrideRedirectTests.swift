import FlipbookPort
import Testing

/// A class's override of a method the library declares in an extension of a UIKit class takes a
/// name of its own, and the extension's method hands calls on that class to it
/// (docs/Porting.md, "Overrides of a library's extension methods").
@Suite struct ExtensionOverrideRedirectTests {
    @Test func theOverrideIsRenamedAndTheExtensionHandsCallsToIt() {
        let library = """
            import UIKit

            extension UIViewController {
                @objc public func toggleLeft(animated: Bool, _ count: inout Int) {
                    slideMenu()?.toggleLeft(animated: animated, &count)
                }
            }
            """
        let menu = """
            import UIKit

            open class SlideMenu: UIViewController {
                open override func toggleLeft(animated: Bool, _ count: inout Int) {
                    count += 1
                }
            }

            final class FancyMenu: SlideMenu {
                override func toggleLeft(animated: Bool, _ count: inout Int) {
                    super.toggleLeft(animated: animated, &count)
                }
            }
            """
        let outputs = expectPortFolder(
            [("Lib.swift", library), ("Menu.swift", menu)],
            [
                """
                \(importBlock)

                extension UIViewController {
                    public func toggleLeft(animated: Bool, _ count: inout Int) {
                        if let overriding = self as? SlideMenu { return overriding.flipbookOverrideToggleLeft(animated: animated, &count) }
                        slideMenu()?.toggleLeft(animated: animated, &count)
                    }
                }
                """,
                """
                \(importBlock)

                open class SlideMenu: UIViewController {
                    open func flipbookOverrideToggleLeft(animated: Bool, _ count: inout Int) {
                        count += 1
                    }
                }

                final class FancyMenu: SlideMenu {
                    override func flipbookOverrideToggleLeft(animated: Bool, _ count: inout Int) {
                        super.flipbookOverrideToggleLeft(animated: animated, &count)
                    }
                }
                """,
            ])
        #expect(outputs.allSatisfy { $0.leftByHand.isEmpty })
        #expect(outputs[1].changes.filter { $0.kind == .extensionOverride }.count == 2)
    }

    /// An override that calls the extension's version through `super` would get the call back:
    /// it stays reported, as does an overridden property.
    @Test func superCallsAndPropertiesStayReported() {
        let library = """
            import UIKit

            extension UIViewController {
                func closeLeft() {}
                var menuWidth: CGFloat { 200 }
            }
            """
        let menu = """
            import UIKit

            final class SlideMenu: UIViewController {
                override func closeLeft() {
                    super.closeLeft()
                    print("closed")
                }
                override var menuWidth: CGFloat { 300 }
            }
            """
        let outputs = Porter().port([PortInput(path: "Lib.swift", text: library), PortInput(path: "Menu.swift", text: menu)])
        #expect(outputs[1].issues.count == 2)
        #expect(outputs[1].text.contains("override func closeLeft()"))
        #expect(!outputs[0].text.contains("overriding"))
    }
}
