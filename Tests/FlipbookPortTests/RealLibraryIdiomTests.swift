import FlipbookPort
import Foundation
import Testing

/// Idioms found in a fifth round of public iOS libraries: Swift 5-only syntax, `AnyObject`
/// delegates called through the Objective-C runtime, presence tests of optional methods, sound
/// frameworks, package manifests.
@Suite struct RealLibraryIdiomTests {
    /// `@available (*, unavailable)` parses in Swift 5 (a warning) and is an error in Swift 6: the
    /// porter parses as Swift 5 does, ports the file, and takes the space out.
    @Test func attributeWithASpaceBeforeItsArgumentsIsPortedAndTightened() {
        expectPort(
            """
            import UIKit

            open class ItemController<T: UIView>: UIViewController {
                @available (*, unavailable)
                required public init?(coder aDecoder: NSCoder) { fatalError() }
            }
            """,
            """
            \(importBlock)

            open class ItemController<T: UIView>: UIViewController {
                @available(*, unavailable)
                required public init?(coder aDecoder: NSCoder) { fatalError() }
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:4: attribute spacing: `@available (*, unavailable)`: no space before `(` (an error in Swift 6)",
            ])
    }

    /// `weak var delegate: AnyObject?` with `delegate?.menuOpened(self)`: the call goes through
    /// the one protocol of the folder that requires that method.
    @Test func callsOnAnAnyObjectDelegateGoThroughTheProtocolThatRequiresThem() {
        expectPort(
            """
            import UIKit

            @objc public protocol RingMenuDelegate {
                @objc optional func ringMenu(_ menu: RingMenu, didSelect index: Int)
                @objc optional func ringMenuOpened(_ menu: RingMenu)
            }

            open class RingMenu: UIButton {
                open weak var delegate: AnyObject?

                func open() {
                    delegate?.ringMenuOpened?(self)
                    self.delegate?.ringMenu?(self, didSelect: 2)
                }
            }
            """,
            """
            \(importBlock)

            public protocol RingMenuDelegate: AnyObject {
                func ringMenu(_ menu: RingMenu, didSelect index: Int)
                func ringMenuOpened(_ menu: RingMenu)
            }

            extension RingMenuDelegate {
                public func ringMenu(_ menu: RingMenu, didSelect index: Int) {}
                public func ringMenuOpened(_ menu: RingMenu) {}
            }

            open class RingMenu: UIButton {
                open weak var delegate: AnyObject?

                func open() {
                    (delegate as? RingMenuDelegate)?.ringMenuOpened(self)
                    (self.delegate as? RingMenuDelegate)?.ringMenu(self, didSelect: 2)
                }
            }
            """)
    }

    /// `(view as AnyObject).configureLayout()` sends the message whatever the view is; it
    /// goes through the protocol that requires it, trapping as iOS does when it is missing.
    @Test func aMethodCalledThroughAnAnyObjectCastGoesThroughItsProtocol() {
        expectPort(
            """
            \(importBlock)

            protocol LayoutConfigurable: AnyObject {
                func configureLayout()
            }
            final class Header: UIView, LayoutConfigurable { func configureLayout() {} }
            final class Footer: UIView, LayoutConfigurable { func configureLayout() {} }
            final class Lightbox: UIViewController {
                let header = Header(), footer = Footer()
                func layout() {
                    [header, footer].forEach { ($0 as AnyObject).configureLayout() }
                }
            }
            """,
            """
            \(importBlock)

            protocol LayoutConfigurable: AnyObject {
                func configureLayout()
            }
            final class Header: UIView, LayoutConfigurable { func configureLayout() {} }
            final class Footer: UIView, LayoutConfigurable { func configureLayout() {} }
            final class Lightbox: UIViewController {
                let header = Header(), footer = Footer()
                func layout() {
                    [header, footer].forEach { ($0 as! LayoutConfigurable).configureLayout() }
                }
            }
            """)
    }

    /// A method no protocol of the folder requires cannot be found without the runtime.
    @Test func aCallOnAnAnyObjectThatNoProtocolRequiresIsLeftByHand() {
        let output = Porter().port(
            """
            import UIKit

            final class Relay: NSObject {
                weak var target: AnyObject?
                func fire() { target?.relayDidFire(self) }
            }
            final class Receiver: NSObject {
                func relayDidFire(_ relay: Relay) {}
            }
            """, path: "T.swift")
        #expect(output.issues.map(\.formatted) == [
            "T.swift:5: not ported: `target?.relayDidFire(self)` calls `relayDidFire(_:)` on an `AnyObject`, which needs the "
                + "Objective-C runtime; no protocol of the folder requires it: give `target` a protocol type"
        ])
    }

    static let delegateProtocol = """
        @objc protocol SwiperDelegate: AnyObject {
            @objc optional func didTapCard(swiper: Swiper, index: Int)
        }
        """
    static let delegateProtocolPorted = """
        protocol SwiperDelegate: AnyObject {
            func didTapCard(swiper: Swiper, index: Int)
        }

        extension SwiperDelegate {
            func didTapCard(swiper: Swiper, index: Int) {}
        }
        """

    /// `if let f = delegate.didTapCard { … f(…) }` asked whether the delegate implements the
    /// optional method. Every delegate does after the port (the default does nothing): with no
    /// `else` and `f` only called, the body runs to no effect where iOS skipped it, so the test
    /// stays (bound through `Optional(…)` when the base is not Optional), with a warning.
    @Test func aPresenceTestWithNoElseStaysWithAWarning() {
        let output = Porter().port(
            """
            import UIKit

            \(Self.delegateProtocol)

            final class Swiper: UIView {
                weak var delegate: SwiperDelegate?
                func tap(at index: Int) {
                    if let delegate = delegate {
                        if let wasTapped = delegate.didTapCard {
                            wasTapped(self, index)
                        }
                    }
                    if let tapped = delegate?.didTapCard { tapped(self, index) }
                }
            }
            """, path: "T.swift")
        #expect(output.text == """
            \(importBlock)

            \(Self.delegateProtocolPorted)

            final class Swiper: UIView {
                weak var delegate: SwiperDelegate?
                func tap(at index: Int) {
                    if let delegate = delegate {
                        if let wasTapped = Optional(delegate.didTapCard) {
                            wasTapped(self, index)
                        }
                    }
                    if let tapped = delegate?.didTapCard { tapped(self, index) }
                }
            }
            """)
        #expect(output.leftByHand.isEmpty)
        #expect(output.warnings.map(\.line) == [11, 15])
        expectIdempotent([output])
    }

    /// With an `else` (iOS's fallback when the delegate lacks the method) the meaning cannot be
    /// kept: left by hand, where it used to compile and silently take the first branch.
    @Test func aPresenceTestWithAFallbackIsLeftByHand() {
        let output = Porter().port(
            """
            import UIKit

            \(Self.delegateProtocol)

            final class Swiper: UIView {
                weak var delegate: SwiperDelegate?
                func tap(at index: Int) {
                    if let tapped = delegate?.didTapCard { tapped(self, index) } else { flip() }
                    if delegate?.didTapCard == nil { flip() }
                }
                func flip() {}
            }
            """, path: "T.swift")
        #expect(output.issues.map(\.line) == [10, 11])
        // Reading an optional property is a value, not a presence test: nothing to report.
        let property = Porter().port(
            """
            import UIKit

            @objc protocol CardSource: AnyObject {
                @objc optional var title: String? { get }
            }

            final class Card: UIView {
                weak var source: CardSource?
                func show() {
                    if let title = source?.title { print(title) } else { print("untitled") }
                    if source?.title == nil { print("none") }
                }
            }
            """, path: "T.swift")
        #expect(property.leftByHand.isEmpty)
        #expect(output.issues.allSatisfy { $0.reason.contains("decide by hand") })
        expectIdempotent([output])
    }

    /// Sound and other SDK frameworks with no Linux counterpart: a file that uses them is left
    /// out on Linux (with a warning), as for AVFoundation; font registration of CoreText, which
    /// Flipbook provides, keeps the file. (AudioToolbox's system sounds are provided: a file using
    /// only those keeps its code, `PlatformGateRewriterTests`.)
    @Test func audioToolboxFilesAreLeftOutAndFontRegistrationStays() {
        let sound = Porter().port(
            """
            import UIKit
            import AudioToolbox

            public struct Tone {
                static var queue: AudioQueueRef?
                public static func play() {
                    if let queue { AudioQueueStart(queue, nil) }
                }
            }
            """, path: "T.swift")
        #expect(sound.text.hasPrefix("#if canImport(AudioToolbox)\n"))
        #expect(sound.leftByHand.isEmpty)
        #expect(sound.warnings.count == 1)
        let fonts = Porter().port(
            """
            import UIKit
            import CoreText

            enum Fonts {
                static func register(_ url: URL) {
                    CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil)
                }
            }
            """, path: "T.swift")
        #expect(fonts.text.contains("#if canImport(CoreText)\nimport CoreText\n#endif"))
        #expect(fonts.text.contains("enum Fonts {"))
        #expect(!fonts.text.hasPrefix("#if canImport(CoreText)"))
    }
}

extension RealLibraryIdiomTests {
    /// Linux's Foundation has no `NSAttributedString()`: the same empty string, spelled so both
    /// Foundations have it.
    @Test func anEmptyAttributedStringIsSpelledWithAString() {
        expectPort(
            """
            import Foundation

            func fallback() -> NSAttributedString { NSAttributedString() }
            let text = NSMutableAttributedString()
            let kept = NSAttributedString(string: "x")
            """,
            """
            import Foundation
            \(importBlock)

            func fallback() -> NSAttributedString { NSAttributedString(string: "") }
            let text = NSMutableAttributedString(string: "")
            let kept = NSAttributedString(string: "x")
            """,
            changes: [
                "T.swift:1: import: added `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif` (the file saw UIKit through its module)",
                "T.swift:3: Linux Foundation: `NSAttributedString()` -> `NSAttributedString(string: \"\")`: Linux's Foundation has no `NSAttributedString.init()`",
                "T.swift:4: Linux Foundation: `NSMutableAttributedString()` -> `NSMutableAttributedString(string: \"\")`: Linux's Foundation has no `NSMutableAttributedString.init()`",
            ])
    }
}

extension RealLibraryIdiomTests {
    /// `T()` for `T: UITableViewCell` compiles on iOS (Objective-C initialisers) and not in Swift
    /// without a `required` initialiser: ported (`MetatypeConstructionPortTests`), with what
    /// another pass rewrites inside the arguments (a Swift 4.2 name) kept in the call.
    @Test func makingAUIKitClassThroughAGenericParameterIsPorted() {
        let output = Porter().port(
            """
            import UIKit

            extension UITableView {
                func dequeue<T: UITableViewCell>(_: T.Type) -> T {
                    dequeueReusableCell(withIdentifier: String(describing: T.self)) as? T ?? T()
                }
            }
            open class ItemController<V>: UIViewController where V: UIView {
                public var itemView = V.init(frame: CGRect(x: 0, y: 0, width: 1, height: UITableViewAutomaticDimension))
                func decode(_ c: NSCoder) -> V? { V(coder: c) }
            }
            struct Box<Value> { func make(_ v: Value) -> Value { v } }
            """, path: "T.swift")
        #expect(output.text.contains("""
                    dequeueReusableCell(withIdentifier: String(describing: T.self)) as? T ?? flipbookPortMake(T.self, "init()", [
                        (UITableViewCell.self, { UITableViewCell() }),
                    ])
            """))
        #expect(output.text.contains("""
                public var itemView = flipbookPortMake(V.self, "init(frame:)", [
                    (UIView.self, { UIView(frame: CGRect(x: 0, y: 0, width: 1, height: UITableView.automaticDimension)) }),
                ])
            """))
        #expect(output.text.contains("V(coder: c)"))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}

extension RealLibraryIdiomTests {
    /// A lightbox's configuration plays videos with AVKit's player controller: Flipbook
    /// provides the player types (they show black), so the file keeps its code.
    @Test func aFileUsingOnlyTheVideoPlayerKeepsItsCode() {
        let output = Porter().port(
            """
            import UIKit
            import AVKit
            import AVFoundation

            public class LightConfig {
                @MainActor
                public static var handleVideo: (UIViewController, URL) -> Void = { from, url in
                    let controller = AVPlayerViewController()
                    controller.player = AVPlayer(url: url)
                    from.present(controller, animated: true) { controller.player?.play() }
                }
            }
            """, path: "T.swift")
        #expect(output.text.contains("#if canImport(AVKit)\nimport AVKit\n#endif"))
        #expect(output.text.contains("public class LightConfig {"))
        #expect(!output.text.hasPrefix("#if canImport(AVKit)"))
        #expect(output.leftByHand.isEmpty && output.warnings.isEmpty)
    }
}

/// `Package.swift` in a ported folder is SwiftPM's, read on the host: left alone.
@Suite struct PortManifestTests {
    @Test func packageManifestsAreNotPorted() throws {
        let folder = try PortDriverTests.Folder([
            "Lib/Package.swift": "// swift-tools-version:5.5\nimport PackageDescription\nlet package = Package(name: \"Lib\")\n",
            "Lib/Package@swift-5.9.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Lib\")\n",
            "Lib/Sources/Card.swift": "import UIKit\n\nfinal class Card: UIView {}\n",
        ])
        defer { folder.cleanUp() }
        let result = PortDriver.run(PortOptions(paths: [folder.path("Lib")]))
        #expect(result.exitCode == PortExitCode.ported)
        #expect(result.report.last == "1 file, 1 change, 0 left by hand")
        #expect(folder.read("Lib/Package.swift")?.contains("import UIKit") == false)
        #expect(folder.read("Lib/Package@swift-5.9.swift")?.contains("import UIKit") == false)
    }
}

extension RealLibraryIdiomTests {
    /// `Timer()` is a placeholder that code invalidates before it schedules a real timer; Linux's
    /// Foundation has no `Timer.init()`, so it becomes a timer that is never scheduled.
    @Test func aPlaceholderTimerIsOneThatIsNeverScheduled() {
        expectPort(
            """
            import Foundation

            final class Ticker {
                var timer = Timer()
                func stop() { timer.invalidate() }
            }
            """,
            """
            import Foundation
            \(importBlock)

            final class Ticker {
                var timer = Timer(timeInterval: 0, repeats: false, block: { _ in })
                func stop() { timer.invalidate() }
            }
            """,
            changes: [
                "T.swift:1: import: added `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif` (the file saw UIKit through its module)",
                "T.swift:4: Linux Foundation: `Timer()` -> `Timer(timeInterval: 0, repeats: false, block: { _ in })`: Linux's Foundation has no `Timer.init()`",
            ])
    }

    /// A library may declare its `@objc` delegate protocol once per platform, in a file under
    /// `#if !os(macOS)` and another under `#if os(macOS)`: each declaration loses its optional
    /// requirements, with its own defaults.
    @Test func aProtocolDeclaredOncePerPlatformIsPortedInEachFile() {
        let outputs = expectPortFolder(
            [
                ("Mac.swift", """
                #if os(macOS)
                import AppKit

                @objc public protocol LoopDelegate {
                    @objc optional func loopDidEnd(sender: NSView)
                }
                #endif
                """),
                ("Phone.swift", """
                #if !os(macOS)
                import UIKit

                @objc public protocol LoopDelegate {
                    @objc optional func loopDidEnd(sender: UIView)
                }

                final class Looper {
                    weak var delegate: LoopDelegate?
                    func end(_ view: UIView) { delegate?.loopDidEnd?(sender: view) }
                }
                #endif
                """),
            ],
            [
                """
                #if os(macOS)
                import AppKit

                public protocol LoopDelegate: AnyObject {
                    func loopDidEnd(sender: NSView)
                }

                extension LoopDelegate {
                    public func loopDidEnd(sender: NSView) {}
                }
                #endif
                """,
                """
                #if !os(macOS)
                #if canImport(UIKit)
                import UIKit
                #else
                import Flipbook
                #endif

                public protocol LoopDelegate: AnyObject {
                    func loopDidEnd(sender: UIView)
                }

                extension LoopDelegate {
                    public func loopDidEnd(sender: UIView) {}
                }

                final class Looper {
                    weak var delegate: LoopDelegate?
                    func end(_ view: UIView) { delegate?.loopDidEnd(sender: view) }
                }
                #endif
                """,
            ])
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }

    /// An import of a framework Flipbook does not provide, inside an `#if` around the whole file,
    /// leaves the file out on Linux as a top-level one does; under another platform's gate it is
    /// never compiled there and changes nothing.
    @Test func anUnprovidedImportInsideAGateLeavesTheFileOut() {
        let output = Porter().port(
            """
            #if !os(macOS)
            import ImageIO
            import UIKit

            func frames(_ data: Data) -> Int {
                CGImageSourceCreateWithData(data as CFData, nil).map(CGImageSourceGetCount) ?? 0
            }
            #endif
            """, path: "T.swift")
        #expect(output.text.hasPrefix("#if canImport(ImageIO)\n#if !os(macOS)\n"))
        #expect(output.issues.map(\.formatted) == [
            "T.swift:1: warning: `ImageIO` is not provided by Flipbook (docs/Porting.md, What stays out of reach): this file is left out on Linux; code elsewhere that uses it needs the same `#if`"
        ])
        expectIdempotent([output])
        let mac = Porter().port(
            """
            #if os(macOS)
            import ImageIO
            #endif
            import UIKit

            let side: CGFloat = 2
            """, path: "T.swift")
        #expect(!mac.text.contains("canImport(ImageIO)"))
        #expect(mac.issues.isEmpty)
    }
}

extension RealLibraryIdiomTests {
    /// A custom tab bar calls its UIKit delegate's optional requirements with `?(…)`; Flipbook's
    /// UIKit protocols give them defaults, so the second `?` goes, for the tab bar's, the text
    /// field's and the scroll view's zooming ones as for the transition protocols'.
    @Test func optionalCallsOfMoreUIKitDelegatesLoseTheirSecondQuestionMark() {
        let code = """
            \(importBlock)

            final class TabBar: UITabBar {
                func select(_ item: UITabBarItem, in field: UITextField, zooming scroll: UIScrollView) {
                    delegate?.tabBar?(self, didSelect: item)
                    _ = field.delegate?.textFieldShouldReturn?(field)
                    _ = scroll.delegate?.viewForZooming?(in: scroll)
                }
            }
            """
        expectPort(
            code,
            code.replacingOccurrences(of: "tabBar?(", with: "tabBar(")
                .replacingOccurrences(of: "textFieldShouldReturn?(", with: "textFieldShouldReturn(")
                .replacingOccurrences(of: "viewForZooming?(", with: "viewForZooming("),
            changes: [
                "T.swift:9: optional call: `delegate?.tabBar?(…)` -> `delegate?.tabBar(…)`: Flipbook's UIKit protocols give `tabBar` a default implementation",
                "T.swift:10: optional call: `field.delegate?.textFieldShouldReturn?(…)` -> `field.delegate?.textFieldShouldReturn(…)`: Flipbook's UIKit protocols give `textFieldShouldReturn` a default implementation",
                "T.swift:11: optional call: `scroll.delegate?.viewForZooming?(…)` -> `scroll.delegate?.viewForZooming(…)`: Flipbook's UIKit protocols give `viewForZooming` a default implementation",
            ])
    }
}

extension RealLibraryIdiomTests {
    /// `guard let f = delegate?.carousel(_:shouldSelectAt:) else { return true }` and then
    /// `return f(self, i)`: on iOS the caller answered `true` when the delegate did not implement
    /// the method. The requirement's default returns that `true`, so the guard may stay (warned).
    /// Overloads of one base name are told apart by their labels, and an unlabelled reference
    /// to a property of that name (`self.carousel`) is not a presence test.
    @Test func guardPresenceTestsWithTheirOwnFallbackStay() {
        let outputs = expectPortFolder(
            [
                ("Carousel.swift", """
                import UIKit

                @objc protocol CarouselDelegate {
                    @objc optional func carousel(_ carousel: Carousel, shouldSelectAt index: Int) -> Bool
                    @objc optional func carousel(_ carousel: Carousel, didSelectAt index: Int)
                    @objc optional func carouselDidScroll(_ carousel: Carousel)
                }

                final class Carousel: UIView {
                    weak var delegate: CarouselDelegate?
                    func shouldSelect(_ index: Int) -> Bool {
                        guard let function = delegate?.carousel(_:shouldSelectAt:) else {
                            return true
                        }
                        return function(self, index)
                    }
                    func didSelect(_ index: Int) {
                        guard let function = delegate?.carousel(_:didSelectAt:) else { return }
                        function(self, index)
                    }
                }

                final class CarouselLayout: NSObject {
                    weak var carousel: Carousel?
                    func prepare() {
                        guard let carousel = self.carousel else { return }
                        carousel.setNeedsLayout()
                    }
                }
                """),
            ],
            [
                """
                \(importBlock)

                protocol CarouselDelegate: AnyObject {
                    func carousel(_ carousel: Carousel, shouldSelectAt index: Int) -> Bool
                    func carousel(_ carousel: Carousel, didSelectAt index: Int)
                    func carouselDidScroll(_ carousel: Carousel)
                }

                extension CarouselDelegate {
                    func carousel(_ carousel: Carousel, shouldSelectAt index: Int) -> Bool { true }
                    func carousel(_ carousel: Carousel, didSelectAt index: Int) {}
                    func carouselDidScroll(_ carousel: Carousel) {}
                }

                final class Carousel: UIView {
                    weak var delegate: CarouselDelegate?
                    func shouldSelect(_ index: Int) -> Bool {
                        guard let function = delegate?.carousel(_:shouldSelectAt:) else {
                            return true
                        }
                        return function(self, index)
                    }
                    func didSelect(_ index: Int) {
                        guard let function = delegate?.carousel(_:didSelectAt:) else { return }
                        function(self, index)
                    }
                }

                final class CarouselLayout: NSObject {
                    weak var carousel: Carousel?
                    func prepare() {
                        guard let carousel = self.carousel else { return }
                        carousel.setNeedsLayout()
                    }
                }
                """,
            ])
        #expect(outputs[0].issues.map(\.formatted) == [
            "Carousel.swift:12: warning: `guard let function = delegate?.carousel(_:shouldSelectAt:)` asked whether the delegate implements `carousel`; every delegate does now (the default returns `true`, the guard's own fallback), so the statements after the guard always run: check that they may",
            "Carousel.swift:18: warning: `guard let function = delegate?.carousel(_:didSelectAt:)` asked whether the delegate implements `carousel`; every delegate does now (the default does nothing), so the statements after the guard always run: check that they may",
        ])
    }

    /// A guard whose `else` does something else than return the fallback, or whose function is
    /// used other than returned at once, still needs a decision by hand.
    @Test func guardPresenceTestsWithOtherFallbacksAreLeftByHand() {
        let output = Porter().port(
            """
            import UIKit

            @objc protocol SheetDelegate {
                @objc optional func sheetDidClose(_ sheet: UIView)
            }

            final class Sheet: UIView {
                weak var delegate: SheetDelegate?
                func close() {
                    guard let function = delegate?.sheetDidClose else {
                        removeFromSuperview()
                        return
                    }
                    function(self)
                }
            }
            """, path: "T.swift")
        #expect(output.issues.map(\.formatted).contains { $0.contains("not ported: `delegate?.sheetDidClose` (bound by `let`)") })
    }
}

extension RealLibraryIdiomTests {
    /// `@objc func sliderMoved(slider: UISlider, event: UIEvent)`: the event arrives as
    /// `UIEvent?`, and a method declaring a plain `UIEvent` gets it unwrapped, as iOS hands one
    /// from a touch. One declaring `UIEvent?` gets it as it is.
    @Test func anActionTakingAPlainEventGetsItUnwrapped() {
        let output = Porter().port(
            """
            import UIKit

            final class SliderView: UIView {
                let slider = UISlider()
                let other = UISlider()
                func wire() {
                    slider.addTarget(self, action: #selector(sliderMoved(slider:event:)), for: .valueChanged)
                    other.addTarget(self, action: #selector(otherMoved(_:event:)), for: .valueChanged)
                }
                @objc func sliderMoved(slider: UISlider, event: UIEvent) {}
                @objc func otherMoved(_ slider: UISlider, event: UIEvent?) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains("slider.addTarget(self, action: { $0.sliderMoved(slider: $1, event: $2!) }, for: .valueChanged)"))
        #expect(output.text.contains("other.addTarget(self, action: { $0.otherMoved($1, event: $2) }, for: .valueChanged)"))
        #expect(output.issues.isEmpty)
    }
}

extension RealLibraryIdiomTests {
    /// A file that uses only the web view stand-ins keeps its code; on Linux the import gate
    /// brings Flipbook's own module for them (`FlipbookWebKit`, which `import Flipbook` does not).
    @Test func aFileUsingOnlyTheWebViewImportsTheStandInModule() {
        let output = Porter().port(
            """
            import UIKit
            import WebKit

            final class Collapser: NSObject {
                func follow(_ view: UIView, delegate: UIScrollViewDelegate) {
                    if let web = view as? WKWebView { web.scrollView.delegate = delegate }
                }
            }
            """, path: "T.swift")
        #expect(output.text.contains("#if canImport(WebKit)\nimport WebKit\n#else\nimport FlipbookWebKit\n#endif"))
        #expect(output.text.contains("if let web = view as? WKWebView"))
        #expect(output.issues.isEmpty)
        expectIdempotent([output])
        let browser = Porter().port(
            """
            import UIKit
            import WebKit

            final class Browser: UIViewController {
                let store = WKWebsiteDataStore.default()
            }
            """, path: "T.swift")
        #expect(browser.text.hasPrefix("#if canImport(WebKit)\n"))
        #expect(browser.issues.map(\.formatted).first?.contains("`WebKit` is not provided by Flipbook") == true)
    }
}

extension RealLibraryIdiomTests {
    /// `responds(to: #selector(setter: UITableViewCell.separatorInset))` asked whether a UIKit
    /// class had a member new in iOS 7 or 8; Flipbook's has it (the code that uses it compiles
    /// only if so), so the test is `true`. A member of the library's own class is still asked.
    @Test func respondsToAUIKitClassMemberIsTrue() {
        let output = Porter().port(
            """
            import UIKit

            extension UITableViewCell {
                func removeMargins() {
                    if responds(to: #selector(setter: UITableViewCell.separatorInset)) { separatorInset = .zero }
                    if responds(to: #selector(setter: UIView.layoutMargins)) { layoutMargins = .zero }
                    if responds(to: #selector(Banner.show)) {}
                }
            }
            final class Banner: UIView { @objc func show() {} }
            """, path: "T.swift")
        #expect(output.text.contains("if true { separatorInset = .zero }"))
        #expect(output.text.contains("if true { layoutMargins = .zero }"))
        #expect(output.issues.map(\.formatted).contains { $0.contains("`responds(to:)` asks the Objective-C runtime") })
        #expect(output.changes.map(\.formatted).contains {
            $0.contains("`separatorInset` is a member of Flipbook's `UITableViewCell`, which every instance has")
        })
    }
}

/// Idioms of a seventh round of public libraries.
@Suite struct RealLibraryIdiomTests7 {
    /// A library that may run in an app extension reaches the application through the runtime;
    /// Flipbook's `UIApplication.shared` is always there.
    @Test func theSharedApplicationBySelectorIsTheSharedApplication() {
        expectPort(
            """
            \(importBlock)

            extension UIApplication {
                static var safeShared: UIApplication? {
                    guard UIApplication.responds(to: NSSelectorFromString("sharedApplication")),
                        let app = UIApplication.perform(NSSelectorFromString("sharedApplication")) else { return nil }
                    return app.takeUnretainedValue() as? UIApplication
                }
                static var orNil: UIApplication? {
                    let selector = NSSelectorFromString("sharedApplication")
                    guard UIApplication.responds(to: selector) else { return nil }
                    return UIApplication.perform(selector)?.takeUnretainedValue() as? UIApplication
                }
            }
            """,
            """
            \(importBlock)

            extension UIApplication {
                static var safeShared: UIApplication? {
                    guard true,
                        let app = Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared)) else { return nil }
                    return app.takeUnretainedValue() as? UIApplication
                }
                static var orNil: UIApplication? {
                    guard true else { return nil }
                    return Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared))?.takeUnretainedValue() as? UIApplication
                }
            }
            """,
            changes: [
                "T.swift:9: shared application: `UIApplication.responds(to: NSSelectorFromString(\"sharedApplication\"))` -> `true`: Flipbook's `UIApplication.shared` is always there (no app extensions)",
                "T.swift:10: shared application: `UIApplication.perform(NSSelectorFromString(\"sharedApplication\"))` -> `Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared))`: Flipbook's `UIApplication.shared` is always there (no app extensions)",
                "T.swift:14: shared application: `let selector = NSSelectorFromString(\"sharedApplication\")` removed: Flipbook's `UIApplication.shared` is always there, so nothing asks for it by selector",
                "T.swift:15: shared application: `UIApplication.responds(to: selector)` -> `true`: Flipbook's `UIApplication.shared` is always there (no app extensions)",
                "T.swift:16: shared application: `UIApplication.perform(selector)` -> `Unmanaged<AnyObject>?.some(.passUnretained(UIApplication.shared))`: Flipbook's `UIApplication.shared` is always there (no app extensions)",
            ])
    }

    /// A selector for anything else is still left by hand.
    @Test func otherSelectorsByStringAreStillReported() {
        let output = Porter().port(
            """
            \(importBlock)

            let keyWindow = UIApplication.shared.perform(NSSelectorFromString("keyWindow"))
            """, path: "T.swift")
        #expect(output.text.contains("NSSelectorFromString(\"keyWindow\")"))
        #expect(output.leftByHand.count == 2)
    }

    /// An animator base class implements its protocols in extensions; its subclasses override
    /// those methods. Only a member of the class body can be overridden without Objective-C, so
    /// the overridden members move into the class body, `open` kept; the rest stay.
    @Test func extensionMembersThatSubclassesOverrideMoveIntoTheClass() {
        let outputs = expectPortFolder(
            [
                (
                    "Transition.swift",
                    """
                    \(importBlock)

                    open class Transition: NSObject {
                        public var duration: TimeInterval = 0.25
                    }

                    extension Transition: UIViewControllerAnimatedTransitioning {
                        // The default duration.
                        open func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval {
                            duration
                        }

                        open func animateTransition(using context: UIViewControllerContextTransitioning) {}

                        public func animationEnded(_ completed: Bool) {}
                    }
                    """
                ),
                (
                    "Fade.swift",
                    """
                    \(importBlock)

                    final class Fade: Transition {
                        override func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
                    }

                    extension Fade {
                        override func animateTransition(using context: UIViewControllerContextTransitioning) {}
                    }
                    """
                ),
            ],
            [
                """
                \(importBlock)

                open class Transition: NSObject {
                    public var duration: TimeInterval = 0.25

                    // The default duration.
                    open func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval {
                        duration
                    }

                    open func animateTransition(using context: UIViewControllerContextTransitioning) {}
                }

                extension Transition: UIViewControllerAnimatedTransitioning {
                    public func animationEnded(_ completed: Bool) {}
                }
                """,
                """
                \(importBlock)

                final class Fade: Transition {
                    override func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

                    override func animateTransition(using context: UIViewControllerContextTransitioning) {}
                }
                """,
            ])
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
        #expect(outputs[0].changes.map(\.formatted).contains {
            $0.contains("`open func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval` moved from `extension Transition` into `class Transition`: a subclass overrides it")
        })
    }

    /// `open static var` compiled once; today's compilers refuse it in every mode.
    @Test func openStaticMembersArePublic() {
        expectPort(
            """
            \(importBlock)

            open class Menu: UIViewController {
                open static var preferences = 1
                open class var style: Int { 2 }
                open static func reset() {}
            }
            """,
            """
            \(importBlock)

            open class Menu: UIViewController {
                public static var preferences = 1
                open class var style: Int { 2 }
                public static func reset() {}
            }
            """,
            changes: [
                "T.swift:8: attribute: `open static` -> `public static`: a static member cannot be overridden",
                "T.swift:10: attribute: `open static` -> `public static`: a static member cannot be overridden",
            ])
    }
}

extension RealLibraryIdiomTests7 {
    /// A delegate proxy's `forwardingTarget(for:)` becomes `DelegateForwarding`'s property; the
    /// runtime questions beside it go.
    @Test func delegateProxiesForwardThroughDelegateForwarding() {
        let output = expectPort(
            """
            \(importBlock)

            final class ScrollProxy: NSObject, UIScrollViewDelegate {
                weak var original: UIScrollViewDelegate?

                override func responds(to aSelector: Selector!) -> Bool {
                    super.responds(to: aSelector) || original?.responds(to: aSelector) == true
                }

                // Everything else goes to the original delegate.
                override func forwardingTarget(for aSelector: Selector!) -> Any? {
                    if original?.responds(to: aSelector) == true { return original }
                    return super.forwardingTarget(for: aSelector)
                }

                override func conforms(to aProtocol: Protocol) -> Bool { super.conforms(to: aProtocol) }

                func scrollViewDidScroll(_ scrollView: UIScrollView) {}
            }
            """,
            """
            \(importBlock)

            final class ScrollProxy: NSObject, UIScrollViewDelegate {
                weak var original: UIScrollViewDelegate?

                // Everything else goes to the original delegate.
                public var forwardingDelegate: AnyObject? { original as AnyObject? }

                func scrollViewDidScroll(_ scrollView: UIScrollView) {}
            }

            extension ScrollProxy: DelegateForwarding {}
            """)
        #expect(output.changes.map(\.formatted) == [
            "T.swift:10: delegate proxy: `override func responds(to aSelector: Selector!) -> Bool` removed: the defaults of UIKit's delegate protocols answer every requirement and hand it to `forwardingDelegate`",
            "T.swift:15: delegate proxy: `override func forwardingTarget(for aSelector: Selector!) -> Any?` -> `public var forwardingDelegate: AnyObject? { original as AnyObject? }` and `extension ScrollProxy: DelegateForwarding {}`: the delegate messages it does not implement go to `original`",
            "T.swift:20: delegate proxy: `override func conforms(to aProtocol: Protocol) -> Bool` removed: the defaults of UIKit's delegate protocols answer every requirement and hand it to `forwardingDelegate`",
        ])
    }

    /// A target that depends on the selector is left by hand.
    @Test func aProxyWhoseTargetDependsOnTheSelectorIsLeft() {
        let output = Porter().port(
            """
            \(importBlock)

            final class Proxy: NSObject {
                weak var a: NSObject?
                override func forwardingTarget(for aSelector: Selector!) -> Any? { pick(aSelector) }
                func pick(_ s: Selector) -> Any? { a }
            }
            """, path: "T.swift")
        #expect(!output.text.contains("DelegateForwarding"))
        #expect(output.issues.map(\.reason).contains { $0.hasPrefix("a delegate proxy that forwards") })
    }
}

extension RealLibraryIdiomTests7 {
    /// A maths function named through CoreFoundation, which Linux's Foundation does not re-export.
    @Test func coreFoundationQualifiedFunctionsAreFoundations() {
        expectPort(
            """
            \(importBlock)

            private let goldenRatio: Float = (1.0 + CoreFoundation.sqrt(5.0)) / 2.0
            """,
            """
            \(importBlock)

            private let goldenRatio: Float = (1.0 + Foundation.sqrt(5.0)) / 2.0
            """,
            changes: [
                "T.swift:7: Linux Foundation: `CoreFoundation.sqrt` -> `Foundation.sqrt`: Linux's Foundation does not re-export CoreFoundation"
            ])
    }
}

extension RealLibraryIdiomTests7 {
    /// An example app's entry point: the app delegate stays, its attribute goes.
    @Test func theApplicationMainAttributeGoes() {
        expectPort(
            """
            \(importBlock)

            @UIApplicationMain
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }
            """,
            """
            \(importBlock)

            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }
            """,
            changes: [
                "T.swift:7: attribute: removed @UIApplicationMain from `AppDelegate`: Flipbook starts an app from `AppDriver` or `flipbook preview`, not from a process entry point"
            ])
    }
}

extension RealLibraryIdiomTests7 {
    /// NSObject's class method `description()`, the class's name.
    @Test func aClassDescriptionIsItsName() {
        expectPort(
            """
            \(importBlock)

            func name(_ object: AnyObject, _ view: UIView) -> String {
                type(of: object).description() + view.classForCoder.description().replacingOccurrences(of: "_", with: "")
            }
            """,
            """
            \(importBlock)

            func name(_ object: AnyObject, _ view: UIView) -> String {
                String(describing: type(of: object)) + String(describing: view.classForCoder).replacingOccurrences(of: "_", with: "")
            }
            """)
    }
}

extension RealLibraryIdiomTests7 {
    /// NSObject's class method `classForCoder()`, the class itself (ExpandingMenu finds its
    /// sound bundle with `Bundle(for: ExpandingMenuButton.classForCoder())`).
    @Test func aClassesClassForCoderIsTheClass() {
        expectPort(
            """
            \(importBlock)

            final class MenuButton: UIView {
                lazy var sounds = Bundle(for: MenuButton.classForCoder()).url(forResource: "Menu", withExtension: "bundle")
                var coder: AnyClass { classForCoder }
                class func bundle() -> Bundle { Bundle(for: self.classForCoder()) }
                func same() -> Bool { type(of: self).classForCoder() == MenuButton.self }
            }
            """,
            """
            \(importBlock)

            final class MenuButton: UIView {
                lazy var sounds = Bundle(for: MenuButton.self).url(forResource: "Menu", withExtension: "bundle")
                var coder: AnyClass { classForCoder }
                class func bundle() -> Bundle { Bundle(for: self) }
                func same() -> Bool { type(of: self) == MenuButton.self }
            }
            """)
    }
}

extension RealLibraryIdiomTests7 {
    /// An observer written in an extension in another file is ported there and moves into the
    /// class, which adopts the observer protocol.
    @Test func anObserverInAnExtensionIsPortedAndMoves() {
        let outputs = expectPortFolder(
            [
                ("Panel.swift", "\(importBlock)\n\nopen class Panel: UIViewController {\n    var count = 0\n}\n"),
                (
                    "Panel+KVO.swift",
                    """
                    \(importBlock)

                    extension Panel {
                        override open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                            if keyPath == "frame" {
                                count += 1
                            } else {
                                super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                            }
                        }
                    }

                    """
                ),
            ],
            [
                "\(importBlock)\n\nopen class Panel: UIViewController {\n    var count = 0\n\n    open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {\n        if keyPath == \"frame\" {\n            count += 1\n        } else {\n        }\n    }\n}\n",
                "\(importBlock)\n\nextension Panel: FlipbookKeyValueObserver {}\n",
            ])
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }
}

extension RealLibraryIdiomTests7 {
    /// `UIViewImplicitlyAnimating`'s optional methods, called on an interruptible animator.
    @Test func optionalCallsOfTheImplicitlyAnimatingProtocolLoseTheirSecondQuestionMark() {
        let code = """
            \(importBlock)

            func finish(_ animator: UIViewImplicitlyAnimating) {
                animator.addAnimations?({ })
                animator.addCompletion?({ _ in })
                animator.continueAnimation?(withTimingParameters: nil, durationFactor: 1)
            }
            """
        expectPort(
            code,
            code.replacingOccurrences(of: "addAnimations?(", with: "addAnimations(")
                .replacingOccurrences(of: "addCompletion?(", with: "addCompletion(")
                .replacingOccurrences(of: "continueAnimation?(", with: "continueAnimation("))
    }
}

extension RealLibraryIdiomTests7 {
    /// A folder holding a library twice (its sources and an example's vendored copy): each
    /// copy's extension override moves into its own copy of the class.
    @Test func eachCopyOfALibraryKeepsItsOwnOverrides() {
        let cls = "\(importBlock)\n\nfinal class Card: UIView {\n    var radius: CGFloat = 8\n}\n"
        let ext = "\(importBlock)\n\nextension Card {\n    override func layoutSubviews() { layer.cornerRadius = radius }\n}\n"
        let outputs = Porter().port([
            PortInput(path: "Example/Pods/Kit/Card.swift", text: cls),
            PortInput(path: "Example/Pods/Kit/Card+Layout.swift", text: ext),
            PortInput(path: "Sources/Kit/Card.swift", text: cls),
            PortInput(path: "Sources/Kit/Card+Layout.swift", text: ext),
        ])
        for i in [0, 2] {
            #expect(outputs[i].text.components(separatedBy: "override func layoutSubviews()").count == 2, "\(outputs[i].path)")
        }
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }
}
