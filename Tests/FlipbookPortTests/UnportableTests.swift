import FlipbookPort
import Testing

@Suite struct UnportableTests {
    @Test func storyboardsSeguesNibsSwizzlingAndRuntimeLookups() {
        let code = """
            \(importBlock)

            final class GalleryViewController: UIViewController {
                override func awakeFromNib() {
                    super.awakeFromNib()
                }

                func openDetail() {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
                    present(detail, animated: true)
                    performSegue(withIdentifier: "zoom", sender: self)
                }

                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

                func loadHeader() {
                    let header = UINib(nibName: "Header", bundle: nil)
                    _ = Bundle.main.loadNibNamed("Footer", owner: self)
                    _ = header
                }

                static func swizzle() {
                    let a = class_getInstanceMethod(UIViewController.self, #selector(UIViewController.viewDidAppear(_:)))
                    let b = class_getInstanceMethod(GalleryViewController.self, #selector(GalleryViewController.traced(_:)))
                    method_exchangeImplementations(a!, b!)
                    _ = NSClassFromString("GalleryViewController")
                }

                func traced(_ animated: Bool) {}

                func later() {
                    perform(#selector(openDetail))
                    UIView.perform(.delete, on: [view], options: [], animations: nil)
                }

                func keys() {
                    view.setValue(0.5, forKey: "alpha")
                    view.layer.setValue(0.5, forKey: "opacity")
                    _ = shapeLayer.value(forKeyPath: "strokeEnd")
                }
                let shapeLayer = CAShapeLayer()
            }
            """
        let storyboard =
            "storyboards are not provided (no Interface Builder files on Linux): this compiles, but making a controller "
            + "from a storyboard reports at run time and gives an empty one (or nil); build the view controller in code"
        let segue =
            "`performSegue(withIdentifier:sender:)` needs a storyboard, which Flipbook does not have: the call is reported "
            + "at run time and does nothing; present or push the controller in code, or make a `UIStoryboardSegue` "
            + "subclass and call its `perform()`"
        let nib =
            "nibs are not provided (no Interface Builder files on Linux): this compiles, but loading or registering a nib "
            + "reports at run time and makes nothing; build the view in code"
        let swizzling =
            "method swizzling needs the Objective-C runtime: subclass and override, or call your code explicitly "
            + "(Flipbook exchanges `CALayer.add(_:forKey:)` and UIViewController's `viewDidLoad()` and appearance "
            + "methods only, swizzled in an extension of that class: docs/Porting.md, Method swizzling)"
        let outside =
            "outside a target-action call: selectors need the Objective-C runtime; pass a closure (docs/Porting.md, Target-action)"
        expectPort(
            code, code,
            issues: [
                "T.swift:13: warning: \(storyboard)",
                "T.swift:14: warning: \(storyboard)",
                "T.swift:16: warning: \(segue)",
                "T.swift:22: warning: \(nib)",
                "T.swift:23: warning: \(nib)",
                "T.swift:28: not ported: `#selector(UIViewController.viewDidAppear(_:))` \(outside)",
                "T.swift:28: not ported: \(swizzling)",
                "T.swift:29: not ported: `#selector(GalleryViewController.traced(_:))` \(outside)",
                "T.swift:29: not ported: \(swizzling)",
                "T.swift:30: not ported: \(swizzling)",
                "T.swift:31: not ported: `NSClassFromString` needs the Objective-C runtime: use the type itself (e.g. a `[String: UIViewController.Type]` table)",
                "T.swift:37: not ported: `perform(_:…)` needs the Objective-C runtime: call the method directly (`perform(_:with:afterDelay:)` with a `#selector` is ported onto the media clock)",
                "T.swift:42: warning: key-value coding works on CALayer keys only in Flipbook: check that this receiver is a layer, or use the property itself",
            ])
    }

    /// A function or closure parameter called `perform` is the library's own closure: calling it
    /// is no `NSObject.perform(_:)` (a page animator hands each animation to `perform`).
    @Test func aParameterCalledPerformIsNotTheRuntimesPerform() {
        let code = """
            \(importBlock)

            final class PageAnimator {
                var animations: [Int: [String]] = [:]

                func animate(_ page: Int, perform: (_ animation: String) -> Void) {
                    for animation in animations[page] ?? [] {
                        perform(animation)
                    }
                }

                func each(_ body: (String) -> Void) {
                    let run: ((String) -> Void) -> Void = { perform in perform("x") }
                    run(body)
                }
            }
            """
        expectPort(code, code, issues: [])
    }
}

@Suite struct FolderTests {
    @Test func bareSelectorResolvedFromAnotherFile() {
        expectPortFolder(
            [
                ("Menu.swift", "\(importBlock)\n\nfinal class MenuController: UIViewController {\n    func wire(_ b: UIButton) {\n        b.addTarget(self, action: #selector(openMenu), for: .touchUpInside)\n    }\n}\n"),
                ("Menu+Actions.swift", "\(importBlock)\n\nextension MenuController {\n    @objc func openMenu(_ sender: UIButton) {}\n}\n"),
            ],
            [
                "\(importBlock)\n\nfinal class MenuController: UIViewController {\n    func wire(_ b: UIButton) {\n        b.addTarget(self, action: { $0.openMenu($1) }, for: .touchUpInside)\n    }\n}\n",
                "\(importBlock)\n\nextension MenuController {\n    func openMenu(_ sender: UIButton) {}\n}\n",
            ])
    }

    @Test func optionalRequirementDeclaredInAnotherFile() {
        let outputs = expectPortFolder(
            [
                ("Player.swift", "\(importBlock)\n\nfinal class Player {\n    weak var delegate: PlayerDelegate?\n    func end() { delegate?.playerDidFinish?(self) }\n}\n"),
                ("PlayerDelegate.swift", "\(importBlock)\n\n@objc protocol PlayerDelegate {\n    @objc optional func playerDidFinish(_ player: Player)\n}\n"),
            ],
            [
                "\(importBlock)\n\nfinal class Player {\n    weak var delegate: PlayerDelegate?\n    func end() { delegate?.playerDidFinish(self) }\n}\n",
                "\(importBlock)\n\nprotocol PlayerDelegate: AnyObject {\n    func playerDidFinish(_ player: Player)\n}\n\nextension PlayerDelegate {\n    func playerDidFinish(_ player: Player) {}\n}\n",
            ])
        #expect(outputs[0].changes.map(\.formatted) == [
            "Player.swift:9: optional call: `delegate?.playerDidFinish?(…)` -> `delegate?.playerDidFinish(…)`: `playerDidFinish` has a default implementation now"
        ])
    }

    @Test func overrideMovesIntoAClassInAnotherFile() {
        let outputs = expectPortFolder(
            [
                ("BubbleView.swift", "\(importBlock)\n\nfinal class BubbleView: UIView {\n    var radius: CGFloat = 8\n}\n"),
                ("BubbleView+Layout.swift", """
                    \(importBlock)

                    extension BubbleView {
                        /// Keeps the corners round.
                        override func layoutSubviews() {
                            super.layoutSubviews()
                            layer.cornerRadius = radius
                        }

                        override var intrinsicContentSize: CGSize { CGSize(width: padding, height: padding) }
                    }

                    private let padding: CGFloat = 12
                    """),
            ],
            [
                "\(importBlock)\n\nfinal class BubbleView: UIView {\n    var radius: CGFloat = 8\n\n    /// Keeps the corners round.\n    override func layoutSubviews() {\n        super.layoutSubviews()\n        layer.cornerRadius = radius\n    }\n\n    override var intrinsicContentSize: CGSize { CGSize(width: padding, height: padding) }\n}\n",
                "\(importBlock)\n\nlet padding: CGFloat = 12",
            ])
        // What the moved member uses that was private to its file becomes internal.
        #expect(outputs[1].changes.map(\.formatted) == [
            "BubbleView+Layout.swift:9: override moved: `override func layoutSubviews()` moved from `extension BubbleView` into `class BubbleView` (BubbleView.swift)",
            "BubbleView+Layout.swift:14: override moved: `override var intrinsicContentSize: CGSize` moved from `extension BubbleView` into `class BubbleView` (BubbleView.swift)",
            "BubbleView+Layout.swift:17: override moved: `private` removed from `padding`: `override var intrinsicContentSize: CGSize` moves into `class BubbleView` (BubbleView.swift) and uses it",
        ])
        #expect(outputs[1].issues.isEmpty)
    }

    @Test func unparseableFileIsLeftAndReported() {
        let broken = "\(importBlock)\n\nfinal class Broken {\n    func f() {\n        let x = (1 + \n    }\n"
        let outputs = Porter().port([PortInput(path: "Broken.swift", text: broken)])
        #expect(outputs[0].text == broken)
        #expect(!outputs[0].parsed)
        #expect(outputs[0].issues.map(\.formatted) == [
            "Broken.swift:9: not ported: the file does not parse (expected an expression); left unchanged"
        ])
    }
}

@Suite struct AppleOnlyTests {
    @Test func delegateProxiesAndCoreTextFontsAreNamedWithWhatToDo() {
        let code = """
            \(importBlock)
            import CoreText

            final class DelegateProxy: NSObject {
                weak var other: NSObject?
                override func responds(to aSelector: Selector!) -> Bool { true }
                override func forwardingTarget(for aSelector: Selector!) -> Any? { other?.responds(to: aSelector) == true ? other : nil }
            }
            func registerFonts(_ font: CGFont, _ urls: [URL]) {
                CTFontManagerRegisterGraphicsFont(font, nil)  // provided
                CTFontManagerRegisterFontURLs(urls as CFArray, .process, true, nil)
            }
            """
        let output = Porter().port(code, path: "T.swift")
        let reasons = output.issues.map(\.reason)
        #expect(reasons.filter { $0.hasPrefix("a delegate proxy that forwards") }.count == 2)
        #expect(reasons.filter { $0.hasPrefix("`CTFontManagerRegisterFontURLs` is not provided") }.count == 1)
    }

    /// Now ported (`KeyValueObservingRewriterTests`): nothing is left by hand.
    @Test func keyValueObservingWithTheSelectorAPIIsPorted() {
        let code = """
            \(importBlock)

            final class MenuAnimation: NSObject {
                func attach(_ view: UIView) {
                    view.addObserver(self, forKeyPath: "frame", options: .new, context: nil)
                }
                func detach(_ view: UIView) {
                    view.removeObserver(self, forKeyPath: "frame")
                }
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.issues.isEmpty)
        #expect(output.text.contains("extension MenuAnimation: FlipbookKeyValueObserver {}"))
    }
}
