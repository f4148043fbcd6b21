import FlipbookPort
import Testing

@Suite struct SelectorRewriterTests {
    @Test func gestureRecognizersTakeTheClosureForm() {
        expectPort(
            """
            \(importBlock)

            final class CardViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(self.handlePan(_:)))
                    let tap = UITapGestureRecognizer(target: self, action: #selector(dismissCard))
                    let edge = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(CardViewController.handleEdge(_:)))
                    pan.addTarget(self, action: #selector(trackPan(_:)))
                    pan.removeTarget(self, action: nil)
                    view.gestureRecognizers = [pan, tap, edge]
                }

                func handlePan(_ pan: UIPanGestureRecognizer) {}
                func dismissCard() {}
                func handleEdge(_ edge: UIScreenEdgePanGestureRecognizer) {}
                func trackPan(_ pan: UIPanGestureRecognizer) {}
            }
            """,
            """
            \(importBlock)

            final class CardViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let pan = UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) })
                    let tap = UITapGestureRecognizer(target: self, action: { $0.dismissCard() })
                    let edge = UIScreenEdgePanGestureRecognizer(target: self, action: { $0.handleEdge($1) })
                    pan.addTarget(self, action: { $0.trackPan($1) })
                    pan.removeTarget(self, action: nil)
                    view.gestureRecognizers = [pan, tap, edge]
                }

                func handlePan(_ pan: UIPanGestureRecognizer) {}
                func dismissCard() {}
                func handleEdge(_ edge: UIScreenEdgePanGestureRecognizer) {}
                func trackPan(_ pan: UIPanGestureRecognizer) {}
            }
            """,
            changes: [
                "T.swift:10: selector: `#selector(self.handlePan(_:))` -> `{ $0.handlePan($1) }`",
                "T.swift:11: selector: `#selector(dismissCard)` -> `{ $0.dismissCard() }`",
                "T.swift:12: selector: `#selector(CardViewController.handleEdge(_:))` -> `{ $0.handleEdge($1) }`",
                "T.swift:13: selector: `#selector(trackPan(_:))` -> `{ $0.trackPan($1) }`",
            ])
    }

    /// Seen in a public tooltip library: a swipe recognizer whose action method declares a tap
    /// recognizer. iOS passes the swipe unchecked; a method that never reads it gets a fresh
    /// recognizer of its declared kind, one that reads it is left to the author.
    @Test func aRecognizerOfAnotherKindThanTheMethodDeclares() {
        let output = Porter().port(
            """
            \(importBlock)

            final class Tip: UIView {
                let pan: UIPanGestureRecognizer
                init(pan: UIPanGestureRecognizer) {
                    self.pan = pan
                    super.init(frame: .zero)
                    pan.addTarget(self, action: #selector(handleEdge(_:)))
                    self.pan.addTarget(self, action: #selector(handleEdgeQuietly(_:)))
                }
                func handleEdge(_ gesture: UIScreenEdgePanGestureRecognizer) { print(gesture.state) }
                func handleEdgeQuietly(_ gesture: UIScreenEdgePanGestureRecognizer) { isHidden = true }
                func arm() {
                    let swipe = UISwipeGestureRecognizer(target: self, action: #selector(handleSwipeOutside(_:)))
                    let press = UILongPressGestureRecognizer(target: self, action: #selector(handlePress(_:)))
                    let edge = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                    gestureRecognizers = [swipe, press, edge]
                }
                func handleSwipeOutside(_ gesture: UITapGestureRecognizer) { isHidden = true }
                func handlePress(_ gesture: UITapGestureRecognizer) { print(gesture.numberOfTapsRequired) }
                func handlePan(_ gesture: UIPanGestureRecognizer) { print(gesture) }
            }
            """, path: "T.swift")
        #expect(output.text.contains("UISwipeGestureRecognizer(target: self, action: { $0.handleSwipeOutside(UITapGestureRecognizer()) })"))
        #expect(output.text.contains("UIScreenEdgePanGestureRecognizer(target: self, action: { $0.handlePan($1) })"), "an edge pan is a pan")
        #expect(output.text.contains("#selector(handlePress(_:))"), "left as it was")
        #expect(output.text.contains("self.pan.addTarget(self, action: { $0.handleEdgeQuietly(UIScreenEdgePanGestureRecognizer()) })"))
        #expect(output.issues.map(\.reason) == [
            "`#selector(handleEdge(_:))`: `handleEdge` takes a `UIScreenEdgePanGestureRecognizer`, but this "
                + "`UIPanGestureRecognizer` hands itself, which Objective-C passes unchecked: declare the parameter "
                + "as `UIPanGestureRecognizer` or `UIGestureRecognizer`",
            "`#selector(handlePress(_:))`: `handlePress` takes a `UITapGestureRecognizer`, but this "
                + "`UILongPressGestureRecognizer` hands itself, which Objective-C passes unchecked: declare the parameter "
                + "as `UILongPressGestureRecognizer` or `UIGestureRecognizer`",
        ])
    }

    @Test func aGeneralRecognizerIsCastToTheKindTheMethodTakes() {
        let output = Porter().port(
            """
            \(importBlock)

            open class SlideAnimation: NSObject {
                open var gestureRecognizer: UIGestureRecognizer? {
                    didSet { gestureRecognizer?.addTarget(self, action: #selector(slide(_:))) }
                }
                var edge: UIPanGestureRecognizer!
                func disarm() {
                    gestureRecognizer?.removeTarget(self, action: #selector(slide(_:)))
                    edge!.addTarget(self, action: #selector(fromEdge(_:)))
                }
                @objc func slide(_ sender: UIPanGestureRecognizer) { print(sender.translation(in: nil)) }
                @objc func fromEdge(_ sender: UIScreenEdgePanGestureRecognizer) { print(sender.edges) }
            }
            """, path: "T.swift")
        #expect(output.text.contains("gestureRecognizer?.addTarget(self, action: { $0.slide($1 as! UIPanGestureRecognizer) })"))
        #expect(output.text.contains("gestureRecognizer?.removeTarget(self, action: { $0.slide($1 as! UIPanGestureRecognizer) })"))
        #expect(output.text.contains("edge!.addTarget(self, action: #selector(fromEdge(_:)))"), "a pan is not an edge pan: left")
        #expect(output.issues.map(\.reason) == [
            "`#selector(fromEdge(_:))`: `fromEdge` takes a `UIScreenEdgePanGestureRecognizer`, but this "
                + "`UIPanGestureRecognizer` hands itself, which Objective-C passes unchecked: declare the parameter "
                + "as `UIPanGestureRecognizer` or `UIGestureRecognizer`"
        ])
    }

    @Test func aBarButtonItemsTargetAndActionPropertiesBecomeOneClosure() {
        let output = Porter().port(
            """
            \(importBlock)

            final class Overlay: UIView {
                let bar = UINavigationBar()
                var closeButton: UIBarButtonItem?
                func arm(_ item: UIBarButtonItem, host: Host) {
                    if let closeButton = closeButton {
                        closeButton.target = self
                        closeButton.action = #selector(close)
                    }
                    item.target = host
                    item.action = #selector(Host.share(_:))
                }
                @objc func close() {}
            }
            final class Host: UIViewController {
                @objc func share(_ sender: Any) {}
            }
            func loose(_ item: UIBarButtonItem) {
                item.action = #selector(Overlay.close)
            }
            """, path: "T.swift")
        #expect(output.text.contains("closeButton.setAction(target: self) { $0.close() }"))
        #expect(output.text.contains("item.setAction(target: host) { $0.share($1) }"), "the target's type is the method's")
        #expect(output.text.contains("item.action = #selector(Overlay.close)"), "no target set beside it: left")
        #expect(output.issues.map(\.reason) == [
            "`#selector(Overlay.close)` outside a target-action call: selectors need the Objective-C runtime; "
                + "pass a closure (docs/Porting.md, Target-action)"
        ])
    }

    /// `#selector(action.didTap)` names the method through the target itself (CDAlertView).
    @Test func aSelectorNamedThroughAnInstanceCastsNothing() {
        let output = Porter().port(
            """
            \(importBlock)

            final class AlertAction: NSObject {
                @objc func didTap() {}
            }
            func wire(_ button: UIButton, _ action: AlertAction) {
                button.addTarget(action, action: #selector(action.didTap), for: .touchUpInside)
            }
            """, path: "T.swift")
        #expect(output.text.contains("button.addTarget(action, action: { $0.didTap() }, for: .touchUpInside)"))
        #expect(output.issues.isEmpty)
    }

    /// A display link given a weak proxy as its target (so that it does not keep its owner
    /// alive): the message reaches the owner through the proxy (CHIPageControl).
    /// A morphing label loads each effect by a name built at run time: the methods the name can
    /// spell become the cases of a switch.
    @Test func aSelectorBuiltFromAStringBecomesASwitchOverTheTypesMethods() {
        let output = Porter().port(
            """
            \(importBlock)

            class MorphLabel: UILabel {
                var loaded: [String] = []
                func start() {
                    for name in ["Fall", "Burn", "Missing"] {
                        let effectFunc = Selector("\\(name)Load")
                        if responds(to: effectFunc) {
                            perform(effectFunc)
                        }
                    }
                }
            }

            extension MorphLabel {
                func FallLoad() { loaded.append("Fall") }
                func BurnLoad() { loaded.append("Burn") }
                func reload(_ x: Int) {}
            }
            """, path: "T.swift")
        #expect(output.issues.isEmpty, "\(output.issues)")
        #expect(output.text.contains("""
                    for name in ["Fall", "Burn", "Missing"] {
                        switch "\\(name)Load" {
                        case "BurnLoad": BurnLoad()
                        case "FallLoad": FallLoad()
                        default: break
                        }
                    }
            """))
        expectIdempotent([output])
    }

    @Test func aTargetThatIsAForwardingProxyIsReachedThrough() {
        let output = Porter().port(
            """
            \(importBlock)

            final class WeakProxy: NSObject {
                weak var target: NSObjectProtocol?
                init(_ target: NSObjectProtocol) { self.target = target; super.init() }
                override func forwardingTarget(for aSelector: Selector!) -> Any? { target }
            }
            class PageControl: UIView {
                var link: CADisplayLink?
                func start() {
                    link = CADisplayLink(target: WeakProxy(self), selector: #selector(step))
                    let proxy = WeakProxy(self)
                    _ = Timer.scheduledTimer(timeInterval: 1, target: proxy, selector: #selector(PageControl.tick(_:)), userInfo: nil, repeats: true)
                }
                @objc func step() {}
                @objc func tick(_ timer: Timer) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains("CADisplayLink(target: WeakProxy(self), selector: { ($0.forwardingDelegate as? PageControl)?.step() })"))
        #expect(output.text.contains("target: proxy, selector: { ($0.forwardingDelegate as? PageControl)?.tick($1) }"))
        #expect(output.issues.isEmpty, "\(output.issues.map(\.reason))")
    }

    @Test func controlsKeepTheSelectorsArgumentLabels() {
        expectPort(
            """
            \(importBlock)

            func wire(_ button: UIButton, to host: HostViewController) {
                button.addTarget(host, action: #selector(HostViewController.buttonTapped(_:forEvent:)), for: .touchUpInside)
                button.addTarget(host, action: #selector(HostViewController.slide(_:by:)), for: .valueChanged)
                button.removeTarget(host, action: #selector(HostViewController.present(_:)), for: .touchUpInside)
            }
            """,
            """
            \(importBlock)

            func wire(_ button: UIButton, to host: HostViewController) {
                button.addTarget(host, action: { $0.buttonTapped($1, forEvent: $2) }, for: .touchUpInside)
                button.addTarget(host, action: { $0.slide($1, by: $2) }, for: .valueChanged)
                button.removeTarget(host, action: { $0.present($1) }, for: .touchUpInside)
            }
            """,
            issues: [])
    }

    @Test func barButtonItemsDisplayLinksTimersAndNotifications() {
        expectPort(
            """
            \(importBlock)

            final class PlayerViewController: UIViewController {
                var link: CADisplayLink?

                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: self, action: #selector(close))
                    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done(_:)))
                    link = CADisplayLink(target: self, selector: #selector(step))
                    link = UIScreen.main.displayLink(withTarget: self, selector: #selector(step))
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(keyboardWillShow(_:)),
                        name: UIResponder.keyboardWillShowNotification, object: nil)
                }

                func close() {}
                func done(_ item: UIBarButtonItem) {}
                func step(_ link: CADisplayLink) {}
                func tick(_ timer: Timer) {}
                func keyboardWillShow(_ note: Notification) {}
            }
            """,
            """
            \(importBlock)

            final class PlayerViewController: UIViewController {
                var link: CADisplayLink?

                override func viewDidLoad() {
                    super.viewDidLoad()
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: self, action: { $0.close() })
                    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: { $0.done($1) })
                    link = CADisplayLink(target: self, selector: { $0.step($1) })
                    link = UIScreen.main.displayLink(withTarget: self, selector: { $0.step($1) })
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: { $0.tick($1) }, userInfo: nil, repeats: true)
                    NotificationCenter.default.addObserver(
                        self, selector: { $0.keyboardWillShow($1) },
                        name: UIResponder.keyboardWillShowNotification, object: nil)
                }

                func close() {}
                func done(_ item: UIBarButtonItem) {}
                func step(_ link: CADisplayLink) {}
                func tick(_ timer: Timer) {}
                func keyboardWillShow(_ note: Notification) {}
            }
            """)
    }

    /// A selector can only name an `@objc` method: when one overload is `@objc` (or an
    /// `@IBAction`) and the others are plain Swift, the bare name is that one, as on iOS.
    @Test func bareSelectorOfAnOverloadedNamePicksTheOneObjCMethod() {
        expectPort(
            """
            \(importBlock)

            open class BannerView: UIView {
                func install() {
                    addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(dismiss)))
                }
                @objc open func dismiss() { dismiss(customCompletion: nil) }
                func dismiss(customCompletion: (() -> Void)? = nil) {}
            }
            """,
            """
            \(importBlock)

            open class BannerView: UIView {
                func install() {
                    addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.dismiss() }))
                }
                open func dismiss() { dismiss(customCompletion: nil) }
                func dismiss(customCompletion: (() -> Void)? = nil) {}
            }
            """)
    }

    @Test func bareSelectorOfAnOverloadedNameIsLeft() {
        let code = """
            \(importBlock)

            final class FeedViewController: UIViewController {
                func install(_ control: UIRefreshControl) {
                    control.addTarget(self, action: #selector(refresh), for: .valueChanged)
                }
                func refresh() {}
                func refresh(_ sender: UIRefreshControl) {}
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:9: not ported: `#selector(refresh)` is ambiguous: `refresh` is declared as refresh() and refresh(_:); spell the one meant, e.g. `#selector(refresh())`"
            ])
    }

    @Test func bareSelectorOfAnUnknownMethodIsLeft() {
        let code = """
            \(importBlock)

            let tap = UITapGestureRecognizer(target: handler, action: #selector(handleTap))
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:7: not ported: `#selector(handleTap)`: no method named `handleTap` in the ported files, so its arguments are unknown; write the closure by hand (`{ $0.handleTap() }` or `{ $0.handleTap($1) }`)"
            ])
    }

    @Test func recognizerSubclassInitWithAnOptionalSelectorParameterCompilesAsItIs() {
        expectPort(
            """
            \(importBlock)

            final class DragRecognizer: UIPanGestureRecognizer {
                override init(target: Any?, action: Selector?) {
                    super.init(target: target, action: action)
                    maximumNumberOfTouches = 1
                }
            }
            """,
            """
            \(importBlock)

            final class DragRecognizer: UIPanGestureRecognizer {
                override init(target: Any?, action: Selector?) {
                    super.init(target: target, action: action)
                    maximumNumberOfTouches = 1
                }
            }
            """,
            changes: [])
    }

    @Test func nilTargetIsLeft() {
        let code = """
            \(importBlock)

            func wire(_ button: UIButton) {
                button.addTarget(nil, action: #selector(UIResponder.becomeFirstResponder), for: .touchUpInside)
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:8: not ported: `#selector(UIResponder.becomeFirstResponder)` with a nil target goes up the responder chain, which needs selectors: name the target and pass a closure (docs/Porting.md, Target-action)"
            ])
    }

    @Test func selectorsOutsideTargetActionAreLeft() {
        let code = """
            \(importBlock)

            final class Shortcuts: UIViewController {
                var stored: Selector = #selector(getter: UIView.alpha)
                let command = UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(closeCard))
                let named = Selector("closeCard")
                func closeCard() {}
                func wire(_ pan: UIPanGestureRecognizer) {
                    pan.addTarget(self, action: #selector(getter: view))
                    pan.addTarget(self, action: #selector(move(_:by:with:)))
                }
                func move(_ a: Int, by b: Int, with c: Int) {}
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:8: not ported: a `Selector` value needs the Objective-C runtime: store a closure (e.g. `(Target) -> Void`) instead",
                "T.swift:8: not ported: `#selector(getter: UIView.alpha)` outside a target-action call: selectors need the Objective-C runtime; pass a closure (docs/Porting.md, Target-action)",
                "T.swift:9: not ported: `#selector(closeCard)` outside a target-action call: selectors need the Objective-C runtime; pass a closure (docs/Porting.md, Target-action)",
                "T.swift:10: not ported: `Selector(…)` names a method by string, which only the Objective-C runtime can call: pass a closure",
                "T.swift:13: not ported: `#selector(getter: view)` names a property's getter, which only Objective-C can call: pass a closure that reads the property",
                "T.swift:14: not ported: `#selector(move(_:by:with:))` takes 3 arguments; a target-action closure receives the target, the sender and the event only",
            ])
    }

    /// `#selector(Menu.handleTap(recognizer:))` sent to a target typed as a plain
    /// `UIViewController`: Objective-C sends the message whatever the static type says, so the
    /// closure casts its target (and traps, as iOS does, when the object lacks the method).
    @Test func aQualifiedSelectorOnATargetOfAnotherTypeCastsTheTarget() {
        expectPort(
            """
            \(importBlock)

            final class Menu: UIViewController {
                @objc func handleTap(recognizer: UIGestureRecognizer) {}
                func wire() { view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(Menu.handleTap(recognizer:)))) }
            }
            final class Animator: NSObject {
                var tap: UITapGestureRecognizer?
                func attach(to presented: UIViewController) {
                    tap = UITapGestureRecognizer(target: presented, action: #selector(Menu.handleTap(recognizer:)))
                }
            }
            """,
            """
            \(importBlock)

            final class Menu: UIViewController {
                func handleTap(recognizer: UIGestureRecognizer) {}
                func wire() { view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: { $0.handleTap(recognizer: $1) })) }
            }
            final class Animator: NSObject {
                var tap: UITapGestureRecognizer?
                func attach(to presented: UIViewController) {
                    tap = UITapGestureRecognizer(target: presented, action: { ($0 as! Menu).handleTap(recognizer: $1) })
                }
            }
            """,
            changes: [
                "T.swift:8: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:9: selector: `#selector(Menu.handleTap(recognizer:))` -> `{ $0.handleTap(recognizer: $1) }`",
                "T.swift:14: selector: `#selector(Menu.handleTap(recognizer:))` -> `{ ($0 as! Menu).handleTap(recognizer: $1) }`",
            ])
    }

    /// An action method whose parameter is a value, not the sender (`ignoreAndShare: Bool`): UIKit
    /// would hand it the sender's pointer; the porter writes no closure that would not compile.
    @Test func anActionTakingAValueInsteadOfTheSenderIsLeftByHand() {
        let code = """
            \(importBlock)

            final class Browser: UIViewController {
                var skipsSheet = false
                func share(ignoreAndShare: Bool) { skipsSheet = ignoreAndShare }
            }
            final class Bar: UIToolbar {
                func wire(_ browser: Browser) {
                    let item = UIBarButtonItem(barButtonSystemItem: .action, target: browser, action: #selector(Browser.share))
                    _ = item
                }
            }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.text == code)
        #expect(output.leftByHand.map(\.formatted) == [
            "T.swift:13: not ported: `#selector(Browser.share)`: `share` takes a `Bool` where UIKit hands the sender; write the closure by hand with the value meant (`{ $0.share(ignoreAndShare: …) }`)"
        ])
    }

    /// The same method that never reads its parameter: any value keeps the meaning.
    @Test func anActionThatNeverReadsItsValueParameterGetsAPlaceholder() {
        let output = expectPort(
            """
            \(importBlock)

            final class Browser: UIViewController {
                func share(ignoreAndShare: Bool) { view.alpha = 0.5 }
            }
            final class Bar: UIToolbar {
                func wire(_ browser: Browser) {
                    let item = UIBarButtonItem(barButtonSystemItem: .action, target: browser, action: #selector(Browser.share))
                    _ = item
                }
            }
            """,
            """
            \(importBlock)

            final class Browser: UIViewController {
                func share(ignoreAndShare: Bool) { view.alpha = 0.5 }
            }
            final class Bar: UIToolbar {
                func wire(_ browser: Browser) {
                    let item = UIBarButtonItem(barButtonSystemItem: .action, target: browser, action: { $0.share(ignoreAndShare: false) })
                    _ = item
                }
            }
            """)
        #expect(output.changes.map(\.formatted).contains {
            $0.hasSuffix("`share` never reads its first parameter, so it gets `false` where iOS passed the sender")
        })
    }

    /// The first-responder idiom (a panel's keyboard guide): an action sent to nil goes up the
    /// responder chain, and a method every responder has (declared in `extension UIResponder`)
    /// reaches the first responder. The closure's parameter is typed, as `to:` cannot say it.
    @Test func sendActionTakesATypedClosure() {
        _ = expectPort(
            """
            \(importBlock)

            private extension UIResponder {
                static weak var found: AnyObject?

                static func currentFirstResponder() -> AnyObject? {
                    UIResponder.found = nil
                    UIApplication.shared.sendAction(#selector(findFirstResponder), to: nil, from: nil, for: nil)
                    return UIResponder.found
                }

                @objc func findFirstResponder() {
                    UIResponder.found = self
                }
            }

            final class FormViewController: UIViewController {
                func submit() {
                    UIApplication.shared.sendAction(#selector(done(_:)), to: self, from: nil, for: nil)
                }

                @objc func done(_ sender: Any?) {}
            }
            """,
            """
            \(importBlock)

            private extension UIResponder {
                static weak var found: AnyObject?

                static func currentFirstResponder() -> AnyObject? {
                    UIResponder.found = nil
                    UIApplication.shared.sendAction({ (target: UIResponder) in target.findFirstResponder() }, to: nil, from: nil, for: nil)
                    return UIResponder.found
                }

                func findFirstResponder() {
                    UIResponder.found = self
                }
            }

            final class FormViewController: UIViewController {
                func submit() {
                    UIApplication.shared.sendAction({ (target: FormViewController, sender: Any?) in target.done(sender) }, to: self, from: nil, for: nil)
                }

                func done(_ sender: Any?) {}
            }
            """)
    }
}
