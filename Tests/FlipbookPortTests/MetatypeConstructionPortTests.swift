import FlipbookPort
import Testing

/// `T()` and `type.init(…)` on a UIKit class chosen at run time (docs/Porting.md, "Classes made
/// through a metatype"): each becomes `flipbookPortMake` with the classes the folder can make.
@Suite struct MetatypeConstructionPortTests {
    /// A generic view controller making its item view with `T()`, `T: UIView & ItemView`: the
    /// folder's views that conform and can be made with `init()`, and the UIKit class the folder
    /// binds `T` to, are listed; a view that does not conform, or has only its own initialiser, is not.
    @Test func aGenericParameterBoundByAUIKitClass() {
        let outputs = Porter().port([
            PortInput(path: "ItemBaseController.swift", text: """
                import UIKit

                public protocol ItemView { var image: UIImage? { get set } }

                open class ItemBaseController<T: UIView>: UIViewController where T: ItemView {
                    public var itemView = T()
                }
                """),
            PortInput(path: "Items.swift", text: """
                import UIKit

                extension UIImageView: ItemView {}
                class ImageController: ItemBaseController<UIImageView> {}
                class VideoView: UIView, ItemView {
                    var image: UIImage?
                }
                class LoopingVideoView: VideoView {
                    override init(frame: CGRect) { super.init(frame: frame) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                class TitledVideoView: VideoView {
                    init(title: String) { super.init(frame: .zero) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                class Scrubber: UIControl {}
                """),
        ])
        #expect(outputs[0].text.contains("""
                public var itemView = flipbookPortMake(T.self, "init()", [
                    (LoopingVideoView.self, { LoopingVideoView() }),
                    (VideoView.self, { VideoView() }),
                    (UIImageView.self, { UIImageView() }),
                ])
            """))
        #expect(outputs[0].changes.contains { $0.kind == .metatypeInit })
        #expect(outputs.allSatisfy { $0.leftByHand.isEmpty })
        expectIdempotent(outputs)
    }

    /// A table view's fallback `T()` for `T: UITableViewCell`: the bound itself, and the cells
    /// that inherit `init()`, also by overriding `init(style:reuseIdentifier:)`, which UIKit's
    /// `init()` goes through; one with only its own designated initialiser stops on iOS too
    /// ("unimplemented initializer"), so it is not listed. `T(coder:)` is required and stays.
    @Test func aFunctionsGenericParameter() {
        let output = Porter().port(
            """
            import UIKit

            extension UITableView {
                func dequeue<T: UITableViewCell>(_: T.Type) -> T {
                    dequeueReusableCell(withIdentifier: String(describing: T.self)) as? T ?? T()
                }
                func decode<T: UITableViewCell>(_ c: NSCoder) -> T? { T(coder: c) }
            }
            class PlainCell: UITableViewCell {}
            class StyledCell: UITableViewCell {
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            class TitledCell: UITableViewCell {
                init(title: String) { super.init(style: .default, reuseIdentifier: title) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """, path: "T.swift")
        #expect(output.text.contains("""
                    dequeueReusableCell(withIdentifier: String(describing: T.self)) as? T ?? flipbookPortMake(T.self, "init()", [
                        (UITableViewCell.self, { UITableViewCell() }),
                        (PlainCell.self, { PlainCell() }),
                        (StyledCell.self, { StyledCell() }),
                    ])
            """))
        #expect(output.text.contains("T(coder: c)"))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }

    /// A menu of demos, each a controller class kept as a metatype: `interface.type.init()` lists
    /// the folder's controllers descending from the property's class.
    @Test func aMetatypePropertyOfAFolderClass() {
        let output = Porter().port(
            """
            import UIKit

            class InterfaceViewController: UIViewController {}
            class SpringViewController: InterfaceViewController {}
            class FlashlightViewController: InterfaceViewController {}
            class MenuCell: UICollectionViewCell {}
            struct Interface {
                let name: String
                var type: InterfaceViewController.Type
            }
            class MenuViewController: UIViewController {
                let interfaces = [Interface(name: "Spring", type: SpringViewController.self)]
                func open(_ interface: Interface) {
                    let viewController = interface.type.init()
                    navigationController?.pushViewController(viewController, animated: true)
                }
            }
            """, path: "Menu.swift")
        #expect(output.text.contains("""
                    let viewController = flipbookPortMake(interface.type, "init()", [
                        (FlashlightViewController.self, { FlashlightViewController() }),
                        (InterfaceViewController.self, { InterfaceViewController() }),
                        (SpringViewController.self, { SpringViewController() }),
                    ])
            """))
        expectIdempotent([output])
    }

    /// A transition's presentation controller class, chosen by the user: UIKit's own and the
    /// folder's subclass that inherits the initialiser are listed, with the call's arguments.
    /// An initialiser the folder declares `required` compiles as it is and stays.
    @Test func aMetatypePropertyOfAUIKitClassWithArguments() {
        let output = Porter().port(
            """
            import UIKit

            open class PresentationController: UIPresentationController {
                var dimming: UIView?
            }
            open class InteractiveTransition: UIPercentDrivenInteractiveTransition {
                required public init(owner: AnyObject) { super.init() }
            }
            open class AlertTransition: NSObject, UIViewControllerTransitioningDelegate {
                public var presentationControllerType: UIPresentationController.Type = PresentationController.self
                public var interactionType: InteractiveTransition.Type?
                public func presentationController(
                    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
                ) -> UIPresentationController? {
                    _ = interactionType?.init(owner: self)
                    return presentationControllerType.init(presentedViewController: presented, presenting: presenting)
                }
            }
            """, path: "AlertTransition.swift")
        #expect(output.text.contains("""
                    return flipbookPortMake(presentationControllerType, "init(presentedViewController:presenting:)", [
                        (UIPresentationController.self, { UIPresentationController(presentedViewController: presented, presenting: presenting) }),
                        (PresentationController.self, { PresentationController(presentedViewController: presented, presenting: presenting) }),
                    ])
            """))
        #expect(output.text.contains("_ = interactionType?.init(owner: self)"))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }

    /// A `private` class of another file cannot be named from the call, so is not listed; a
    /// generic class cannot be named without its arguments either.
    @Test func classesTheCallCannotNameAreLeftOut() {
        let outputs = Porter().port([
            PortInput(path: "Factory.swift", text: """
                import UIKit

                func make<V: UIView>(_ type: V.Type) -> V { V(frame: .zero) }
                private class LocalView: UIView {}
                """),
            PortInput(path: "Views.swift", text: """
                import UIKit

                private class HiddenView: UIView {}
                class Box<Content>: UIView {}
                class ShownView: UIView {}
                """),
        ])
        #expect(outputs[0].text.contains("""
            func make<V: UIView>(_ type: V.Type) -> V { flipbookPortMake(V.self, "init(frame:)", [
                (UIView.self, { UIView(frame: .zero) }),
                (LocalView.self, { LocalView(frame: .zero) }),
                (ShownView.self, { ShownView(frame: .zero) }),
            ]) }
            """))
        expectIdempotent(outputs)
    }
}

/// Cells that UIKit cannot make by class (no `init(frame:)`, no `init(style:reuseIdentifier:)`)
/// get Flipbook's registered-class initialiser, stopping as UIKit does, for Linux only.
@Suite struct RegisteredCellInitializerPortTests {
    @Test func aNibCellGetsTheRegisteredInitialiserThatStops() {
        let output = Porter().port(
            """
            import UIKit

            open class ButtonBarViewCell: UICollectionViewCell {
                open var label: UILabel!

                public required init?(coder aDecoder: NSCoder) {
                    super.init(coder: aDecoder)
                }
            }
            class TitledCell: UITableViewCell {
                let title: String
                init(title: String) {
                    self.title = title
                    super.init(style: .default, reuseIdentifier: nil)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            class CodeCell: UICollectionViewCell {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class PlainCell: UITableViewCell {}
            """, path: "Cells.swift")
        #expect(output.text.contains("""
                    super.init(coder: aDecoder)
                }

                #if canImport(Flipbook)
                /// Flipbook makes registered classes through this initialiser (flipbook port). ButtonBarViewCell has no
                /// `init(frame:)`, so it cannot be made by class: UIKit stops here too ("unimplemented initializer").
                public required convenience init(registeredFrame frame: CGRect) {
                    fatalError("ButtonBarViewCell has no init(frame:), so it cannot be made by class (register its nib, or give it init(frame:))")
                }
                #endif
            }
            """))
        #expect(output.text.contains("""
                required convenience init(registeredReuseIdentifier: String?) {
                    fatalError("TitledCell has no init(style:reuseIdentifier:), so it cannot be made by class (register its nib, or give it init(style:reuseIdentifier:))")
                }
            """))
        #expect(output.changes.filter { $0.kind == .registeredInitializer }.count == 2)
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}
