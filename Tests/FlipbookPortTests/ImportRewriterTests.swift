import FlipbookPort
import Testing

@Suite struct ImportRewriterTests {
    @Test func appleUIImportsBecomeOneBlockAndFoundationStays() {
        expectPort(
            """
            // CardAnimator.swift
            import Foundation
            import UIKit
            import QuartzCore
            import CoreGraphics

            final class CardAnimator {}
            """,
            """
            // CardAnimator.swift
            import Foundation
            \(importBlock)

            final class CardAnimator {}
            """,
            changes: [
                "T.swift:3: import: `import UIKit`, `import QuartzCore`, `import CoreGraphics` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`"
            ])
    }

    @Test func gestureRecognizerSubclassImportGoesInsideTheUIKitBranch() {
        expectPort(
            """
            import UIKit.UIGestureRecognizerSubclass
            import ObjectiveC
            import UIKit

            final class DragRecognizer: UIGestureRecognizer {}
            """,
            """
            #if canImport(UIKit)
            import UIKit
            import UIKit.UIGestureRecognizerSubclass
            #else
            import Flipbook
            #endif

            final class DragRecognizer: UIGestureRecognizer {}
            """)
    }

    @Test func fileWithoutAUIKitImportGetsTheBlockAfterItsLastImport() {
        expectPort(
            """
            import Foundation
            import os.log

            final class SlideAnimator {}
            """,
            """
            import Foundation
            #if canImport(os)
            import os.log
            #endif
            \(importBlock)

            final class SlideAnimator {}
            """,
            changes: [
                "T.swift:2: platform gate: `import os.log` -> `#if canImport(os)` `import os.log` `#endif`: Flipbook provides `os_log`, `OSLog` and `os_unfair_lock` on Linux",
                "T.swift:2: import: added `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif` (the file saw UIKit through its module)",
            ])
    }

    @Test func fileWithoutImportsGetsTheBlockAfterItsHeaderComment() {
        expectPort(
            """
            //
            //  ZoomAnimator.swift
            //

            /// Zooms a thumbnail into place.
            final class ZoomAnimator {}
            """,
            """
            //
            //  ZoomAnimator.swift
            //

            \(importBlock)

            /// Zooms a thumbnail into place.
            final class ZoomAnimator {}
            """)
    }

    @Test func fileWithoutImportsOrHeaderGetsTheBlockAtTheTop() {
        expectPort(
            """
            /// Fades.
            final class FadeAnimator {}
            """,
            """
            \(importBlock)

            /// Fades.
            final class FadeAnimator {}
            """)
    }

    @Test func commentOnlyFileIsLeftAlone() {
        expectPort("// Nothing here yet.\n", "// Nothing here yet.\n", changes: [])
    }

    @Test func alreadyPortedFileIsLeftAlone() {
        let ported = """
            \(importBlock)
            import Foundation

            final class FadeAnimator {}
            """
        expectPort(ported, ported, changes: [])
    }

    @Test func importInsideAnImportOnlyGateBecomesTheBlockAndTheGateTakesFlipbookIn() {
        expectPort(
            """
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            import AppKit
            #endif

            final class FadeAnimator {}
            """,
            """
            #if canImport(UIKit) || canImport(Flipbook)
            \(importBlock)
            #elseif canImport(AppKit)
            import AppKit
            #endif

            final class FadeAnimator {}
            """)
    }

    /// Whole files are commonly wrapped in a platform gate with the import inside: the import
    /// becomes the block where it stands and the gate takes Flipbook in, so no `import UIKit`
    /// is reachable on Linux (and nothing is added at the top).
    @Test func importInsideAGateAroundTheWholeFileBecomesTheBlock() {
        for gate in ["canImport(UIKit)", "os(iOS)"] {
            let widened = gate == "os(iOS)" ? "os(iOS) || os(Linux)" : "canImport(UIKit) || canImport(Flipbook)"
            let output = expectPort(
                """
                // CardKit
                #if \(gate)
                import Foundation
                import UIKit
                import QuartzCore

                final class CardView: UIView {}
                #endif
                """,
                """
                // CardKit
                #if \(widened)
                import Foundation
                \(importBlock)

                final class CardView: UIView {}
                #endif
                """)
            #expect(output.changes.map(\.kind) == [.platformGate, .importBlock])
        }
    }

    @Test func indentedImportInsideANestedGateKeepsItsIndentation() {
        expectPort(
            """
            #if DEBUG
                #if os(iOS)
                    import UIKit
                #endif
            #endif
            """,
            """
            #if DEBUG
                #if os(iOS) || os(Linux)
                    #if canImport(UIKit)
                    import UIKit
                    #else
                    import Flipbook
                    #endif
                #endif
            #endif
            """)
    }

    /// A file importing a framework Flipbook does not provide is left out on Linux whole, so the
    /// rest of the library compiles (seen in a public library with an OpenGL animator).
    @Test func filesImportingFrameworksFlipbookDoesNotProvideAreWrapped() {
        expectPort(
            """
            // Player
            import UIKit
            import AVFoundation
            import GLKit

            final class PlayerTransition { var player: AVAudioPlayer?; var surface: GLKView? }
            """,
            """
            // Player
            #if canImport(AVFoundation) && canImport(GLKit)
            \(importBlock)
            import AVFoundation
            import GLKit

            final class PlayerTransition { var player: AVAudioPlayer?; var surface: GLKView? }
            #endif

            """,
            issues: [
                "T.swift:2: warning: `AVFoundation`, `GLKit` are not provided by Flipbook (docs/Porting.md, What stays out of reach): this file is left out on Linux; code elsewhere that uses it needs the same `#if`"
            ])
    }
}

@Suite struct PlatformGateRewriterTests {
    /// A file whose only AVFoundation use is `AVMakeRect` (Flipbook provides it) keeps compiling:
    /// only its import is gated.
    @Test func aFileUsingOnlyAVMakeRectKeepsItsCodeWithTheImportGated() {
        expectPort(
            """
            import UIKit
            import AVFoundation

            extension UIImageView {
                var displayedImageFrame: CGRect {
                    guard let image = image else { return bounds }
                    return AVMakeRect(aspectRatio: image.size, insideRect: bounds)
                }
            }
            """,
            """
            \(importBlock)
            #if canImport(AVFoundation)
            import AVFoundation
            #endif

            extension UIImageView {
                var displayedImageFrame: CGRect {
                    guard let image = image else { return bounds }
                    return AVMakeRect(aspectRatio: image.size, insideRect: bounds)
                }
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:2: platform gate: `import AVFoundation` -> `#if canImport(AVFoundation)` `import AVFoundation` `#endif`: the file uses only `AVMakeRect` of it, which Flipbook provides",
            ])
    }

    /// A menu that clicks with AudioToolbox's system sounds (Flipbook records them, silent)
    /// keeps its code; only the import is gated.
    @Test func aFileUsingOnlySystemSoundsKeepsItsCodeWithTheImportGated() {
        expectPort(
            """
            import UIKit
            import AudioToolbox

            final class Menu: UIView {
                var sound: SystemSoundID = 0
                func load(_ url: URL) { AudioServicesCreateSystemSoundID(url as CFURL, &sound) }
                func open() { AudioServicesPlaySystemSound(sound); AudioServicesPlaySystemSound(SystemSoundID(kSystemSoundID_Vibrate)) }
            }
            """,
            """
            \(importBlock)
            #if canImport(AudioToolbox)
            import AudioToolbox
            #endif

            final class Menu: UIView {
                var sound: SystemSoundID = 0
                func load(_ url: URL) { AudioServicesCreateSystemSoundID(url as CFURL, &sound) }
                func open() { AudioServicesPlaySystemSound(sound); AudioServicesPlaySystemSound(SystemSoundID(kSystemSoundID_Vibrate)) }
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:2: platform gate: `import AudioToolbox` -> `#if canImport(AudioToolbox)` `import AudioToolbox` `#endif`: the file uses only `SystemSoundID`, `AudioServicesCreateSystemSoundID`, `AudioServicesPlaySystemSound`, `kSystemSoundID_Vibrate` of it, which Flipbook provides",
            ])
    }

    /// A file that imports frameworks Flipbook does not provide but uses none of their names
    /// (told by prefix: `MTK`/`MTL`, `PH`) keeps its code; only the imports are gated. Seen in a
    /// public transition library whose geometry helpers imported MetalKit for nothing.
    @Test func aFileUsingNothingOfAnUnprovidedFrameworkKeepsItsCode() {
        let output = expectPort(
            """
            import UIKit
            import MetalKit
            import Photos

            public extension CGPoint {
                func moved(by t: CGAffineTransform) -> CGPoint { applying(t) }
            }
            """,
            """
            \(importBlock)
            #if canImport(MetalKit)
            import MetalKit
            #endif
            #if canImport(Photos)
            import Photos
            #endif

            public extension CGPoint {
                func moved(by t: CGAffineTransform) -> CGPoint { applying(t) }
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:2: platform gate: `import MetalKit` -> `#if canImport(MetalKit)` `import MetalKit` `#endif`: the file uses none of its names",
                "T.swift:3: platform gate: `import Photos` -> `#if canImport(Photos)` `import Photos` `#endif`: the file uses none of its names",
            ])
        #expect(output.issues.isEmpty)
        // One name of the framework (a Metal device) and the file is left out, as before.
        let metal = Porter().port("import UIKit\nimport MetalKit\n\nfinal class Glass { var device: MTLDevice? }\n", path: "T.swift")
        #expect(metal.text.hasPrefix("#if canImport(MetalKit)\n"))
        #expect(metal.warnings.count == 1)
        // SwiftUI's names have no prefix: a file using its common names (hosting, `View`,
        // `Text`) is left out; one that uses them only under `#if os(visionOS)` keeps its code.
        let swiftUI = Porter().port(
            "import UIKit\nimport SwiftUI\n\nfinal class Host { let c = UIHostingController(rootView: Text(\"x\")) }\n",
            path: "T.swift")
        #expect(swiftUI.text.hasPrefix("#if canImport(SwiftUI)\n"))
        let vision = Porter().port(
            """
            import UIKit
            import SwiftUI

            final class Toast: UIView {
                lazy var background: UIView = {
                    #if os(visionOS)
                    return UIHostingController(rootView: Color.clear).view
                    #else
                    return UIView()
                    #endif
                }()
            }
            """, path: "T.swift")
        #expect(vision.text.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif"))
        #expect(vision.text.contains("final class Toast: UIView {"))
        #expect(!vision.text.hasPrefix("#if canImport(SwiftUI)"))
    }

    /// Seen in a public tooltip library: SwiftUI imported under the author's own condition,
    /// and the one SwiftUI helper under the same condition further down. Those clauses gain
    /// `&& canImport(SwiftUI)`; the UIKit class stays, and a second run changes nothing.
    @Test func swiftUIUnderTheAuthorsOwnConditionLeavesOnlyThoseParts() {
        let input = """
            import UIKit
            #if !(os(iOS) && (arch(i386) || arch(arm)))
            import SwiftUI
            #endif

            open class Tip: UIView {
                open func show(text: String) {}
            }

            #if !(os(iOS) && (arch(i386) || arch(arm)))
            extension Tip {
                public func show<V: View>(rootView: V, in parent: UIViewController) {
                    let controller = UIHostingController(rootView: rootView)
                    parent.addChild(controller)
                }
            }
            #endif
            """
        let output = Porter().port(input, path: "T.swift")
        #expect(output.text.contains("#if (!((os(iOS) || os(Linux)) && (arch(i386) || arch(arm)))) && canImport(SwiftUI)\nimport SwiftUI"))
        #expect(output.text.contains("#if (!((os(iOS) || os(Linux)) && (arch(i386) || arch(arm)))) && canImport(SwiftUI)\nextension Tip {"))
        #expect(output.text.contains("open class Tip: UIView {"))
        #expect(!output.text.hasPrefix("#if canImport(SwiftUI)"))
        #expect(output.warnings.isEmpty)
        #expect(Porter().port(output.text, path: "T.swift").text == output.text, "idempotent")
        // A SwiftUI name outside those clauses: the file is left out, as before.
        let leaking = Porter().port(input + "\nlet shared = Text(\"x\")\n", path: "T.swift")
        #expect(leaking.text.hasPrefix("#if canImport(SwiftUI)\n"))
    }

    /// `import os.log` (and `import Darwin`) are gated alone: Flipbook provides `os_log` and
    /// `OSLog` where Linux has no `os` module; a second run leaves the gate as it is.
    @Test func osLogImportIsGatedAlone() {
        expectPort(
            """
            import os.log
            import UIKit

            let sysLog = OSLog(subsystem: "com.example.panel", category: "Panel")

            final class Panel: UIView {
                func move() { os_log("%{public}@", log: sysLog, type: .info, "moved") }
            }
            """,
            """
            #if canImport(os)
            import os.log
            #endif
            \(importBlock)

            let sysLog = OSLog(subsystem: "com.example.panel", category: "Panel")

            final class Panel: UIView {
                func move() { os_log("%{public}@", log: sysLog, type: .info, "moved") }
            }
            """,
            changes: [
                "T.swift:1: platform gate: `import os.log` -> `#if canImport(os)` `import os.log` `#endif`: Flipbook provides `os_log`, `OSLog` and `os_unfair_lock` on Linux",
                "T.swift:2: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
            ])
    }

    /// A blur helper using vImage's box convolution keeps compiling (Flipbook provides it);
    /// one using vDSP is left out.
    @Test func accelerateImportIsGatedAloneForTheBoxBlur() {
        let outputs = Porter().port([
            PortInput(
                path: "Blur.swift",
                text: """
                    import Accelerate
                    import UIKit

                    func blur(_ buffer: inout vImage_Buffer, box: UInt32) -> vImage_Error {
                        vImageBoxConvolve_ARGB8888(&buffer, &buffer, nil, 0, 0, box, box, nil, vImage_Flags(kvImageEdgeExtend))
                    }

                    """),
            PortInput(path: "Wave.swift", text: "import Accelerate\n\nfunc peak(_ x: [Float]) -> Float { var m: Float = 0; vDSP_maxv(x, 1, &m, 1); return m }\n"),
        ])
        #expect(outputs[0].text.hasPrefix("#if canImport(Accelerate)\nimport Accelerate\n#endif\n"))
        #expect(outputs[0].changes.map(\.formatted).first
            == "Blur.swift:1: platform gate: `import Accelerate` -> `#if canImport(Accelerate)` `import Accelerate` `#endif`: the file uses only `vImage_Buffer`, `vImage_Error`, `vImageBoxConvolve_ARGB8888`, `vImage_Flags`, `kvImageEdgeExtend` of it, which Flipbook provides")
        #expect(outputs[1].text.hasPrefix("#if canImport(Accelerate)\nimport Accelerate\n"))
        #expect(outputs[1].issues.map(\.formatted).first?.contains("`Accelerate` is not provided by Flipbook") == true)
        #expect(outputs[1].text.hasSuffix("#endif\n"))
        expectIdempotent(outputs)
    }

    /// Inside a whole-file gate too.
    @Test func darwinImportInsideAGateIsGatedToo() {
        expectPort(
            """
            #if os(iOS)
            import Darwin

            final class Ticker {
                func roll() -> UInt32 { arc4random_uniform(6) }
            }
            #endif
            """,
            """
            \(importBlock)

            #if os(iOS) || os(Linux)
            #if canImport(Darwin)
            import Darwin
            #endif

            final class Ticker {
                func roll() -> UInt32 { UInt32.random(in: 0..<Swift.max(6, 1)) }
            }
            #endif
            """,
            changes: nil)
    }

    /// A file that uses GL through another file's `import GLKit` (Swift lets imports leak across
    /// a module's files) is left out with it.
    @Test func aFileUsingAFrameworkAnotherFileImportsIsWrappedToo() {
        let outputs = Porter().port([
            PortInput(path: "Render.swift", text: "import GLKit\n\nfinal class SpriteRender {}\n"),
            PortInput(path: "Texture.swift", text: "import UIKit\n\nfinal class ViewTexture {\n    var name: GLuint = 0\n}\n"),
            PortInput(path: "Plain.swift", text: "import UIKit\n\nfinal class Glow: UIView {}\n"),
        ])
        #expect(outputs[1].text.hasPrefix("#if canImport(GLKit)\n"))
        #expect(outputs[1].issues.map(\.formatted) == [
            "Texture.swift:1: warning: `GLuint` is GLKit's, which this file sees through another file's import; GLKit is not provided by Flipbook (docs/Porting.md, What stays out of reach): this file is left out on Linux; code elsewhere that uses it needs the same `#if`"
        ])
        #expect(!outputs[2].text.contains("canImport(GLKit)"), "`Glow` is not GL's")
        expectIdempotent(outputs)
    }

    @Test func iOSGateTakesLinuxIn() {
        expectPort(
            """
            \(importBlock)

            #if os(iOS)
            let haptics = true
            #endif
            """,
            """
            \(importBlock)

            #if os(iOS) || os(Linux)
            let haptics = true
            #endif
            """,
            changes: ["T.swift:7: platform gate: `#if os(iOS)` -> `#if os(iOS) || os(Linux)`"])
    }

    @Test func alternativesGetOneLinuxAtTheEnd() {
        expectPort(
            """
            \(importBlock)

            #if os(iOS) || os(tvOS)
            let a = 1
            #elseif os(macOS)
            let a = 2
            #endif
            """,
            """
            \(importBlock)

            #if os(iOS) || os(tvOS) || os(Linux)
            let a = 1
            #elseif os(macOS)
            let a = 2
            #endif
            """)
    }

    @Test func canImportUIKitAroundCodeTakesFlipbookIn() {
        expectPort(
            """
            \(importBlock)

            #if canImport(UIKit)
            extension UIView {
                func pinEdges() {}
            }
            #else
            extension NSView {}
            #endif
            """,
            """
            \(importBlock)

            #if canImport(UIKit) || canImport(Flipbook)
            extension UIView {
                func pinEdges() {}
            }
            #else
            extension NSView {}
            #endif
            """)
    }

    @Test func gateInsideAConjunctionIsWrapped() {
        expectPort(
            """
            \(importBlock)

            #if os(iOS) && !targetEnvironment(macCatalyst)
            let a = 1
            #endif
            """,
            """
            \(importBlock)

            #if (os(iOS) || os(Linux)) && !targetEnvironment(macCatalyst)
            let a = 1
            #endif
            """)
    }

    @Test func macOSAndAlreadyWidenedBranchesAreLeft() {
        let code = """
            \(importBlock)

            #if os(macOS)
            let a = 1
            #elseif !(os(iOS) || os(Linux))
            let a = 2
            #endif
            #if canImport(UIKit) || canImport(Flipbook)
            let b = 3
            #endif
            """
        expectPort(code, code, changes: [])
    }

    /// Linux answers as an iPhone: a negated iOS test is false there too.
    @Test func negatedGatesAreWrapped() {
        expectPort(
            """
            \(importBlock)

            #if !os(iOS)
            let a = 1
            #endif
            #if !canImport(UIKit) && !os(watchOS)
            let b = 2
            #endif
            """,
            """
            \(importBlock)

            #if !(os(iOS) || os(Linux))
            let a = 1
            #endif
            #if !(canImport(UIKit) || canImport(Flipbook)) && !os(watchOS)
            let b = 2
            #endif
            """)
    }

    /// tvOS, visionOS, watchOS and macOS tests are false on an iPhone, so they stay false on
    /// Linux: `#elseif os(tvOS)` branches are not taken instead of the iOS ones.
    @Test func otherPlatformsAreNotWidened() {
        expectPort(
            """
            \(importBlock)

            #if os(iOS)
            let style = 1
            #elseif os(tvOS)
            let style = 2
            #endif
            #if os(tvOS) || os(visionOS)
            let focus = true
            #endif
            """,
            """
            \(importBlock)

            #if os(iOS) || os(Linux)
            let style = 1
            #elseif os(tvOS)
            let style = 2
            #endif
            #if os(tvOS) || os(visionOS)
            let focus = true
            #endif
            """)
    }

    /// QuartzCore and CoreGraphics are Apple UI modules Flipbook provides: code under their
    /// `canImport` is kept on Linux; modules Flipbook does not provide stay out.
    @Test func quartzCoreAndCoreGraphicsGatesTakeFlipbookIn() {
        expectPort(
            """
            \(importBlock)

            #if canImport(QuartzCore)
            func shadowPath() {}
            #endif
            #if canImport(CoreGraphics) && canImport(SwiftUI)
            func both() {}
            #endif
            #if canImport(AVFoundation)
            func play() {}
            #endif
            """,
            """
            \(importBlock)

            #if canImport(QuartzCore) || canImport(Flipbook)
            func shadowPath() {}
            #endif
            #if (canImport(CoreGraphics) || canImport(Flipbook)) && canImport(SwiftUI)
            func both() {}
            #endif
            #if canImport(AVFoundation)
            func play() {}
            #endif
            """)
    }
}
