import FlipbookPort
import Foundation
import Testing

/// The file-system driver behind `flipbook port`, on temporary folders.
@Suite struct PortDriverTests {
    /// A temporary folder holding `files` (relative path -> text), removed by `cleanUp()`.
    struct Folder {
        let root: String

        init(_ files: [String: String]) throws {
            root = NSTemporaryDirectory() + "flipbook-port-\(UUID().uuidString)"
            for (path, text) in files { try write(path, text) }
        }

        func path(_ relative: String) -> String { root + "/" + relative }

        func write(_ relative: String, _ text: String) throws {
            let full = path(relative)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }

        func read(_ relative: String) -> String? { try? String(contentsOfFile: path(relative), encoding: .utf8) }

        /// Every file under the root, relative, sorted (hidden ones included).
        func listing() -> [String] {
            (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path($0), isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }.sorted()
        }

        func cleanUp() {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root)
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    static let animator = """
        import UIKit

        final class SlideAnimator: NSObject {
            @objc func handlePan(_ pan: UIPanGestureRecognizer) {}
        }
        """
    static let animatorPorted = """
        \(importBlock)

        final class SlideAnimator: NSObject {
            func handlePan(_ pan: UIPanGestureRecognizer) {}
        }
        """
    static let model = "import Foundation\n\nstruct Card { var title: String }\n"
    static let modelPorted = "import Foundation\n\(importBlock)\n\nstruct Card { var title: String }\n"

    @Test func portsAFolderInPlaceAndASecondRunChangesNothing() throws {
        let folder = try Folder([
            "App/SlideAnimator.swift": Self.animator, "App/Model/Card.swift": Self.model, "App/README.md": "# App\n",
            "App/.build/checkouts/Dep.swift": "import UIKit\n", "App/.hidden/Secret.swift": "import UIKit\n",
        ])
        defer { folder.cleanUp() }
        let first = PortDriver.run(PortOptions(paths: [folder.path("App")]))
        #expect(first.exitCode == PortExitCode.ported)
        #expect(first.errors.isEmpty)
        #expect(first.report.last == "2 files, 3 changes, 0 left by hand")
        #expect(first.report.first == "\(folder.path("App"))/Model/Card.swift:1: import: added `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif` (the file saw UIKit through its module)")
        #expect(folder.read("App/SlideAnimator.swift") == Self.animatorPorted)
        #expect(folder.read("App/Model/Card.swift") == Self.modelPorted)
        #expect(folder.read("App/.build/checkouts/Dep.swift") == "import UIKit\n")
        #expect(folder.read("App/.hidden/Secret.swift") == "import UIKit\n")
        #expect(folder.listing() == [
            "App/.build/checkouts/Dep.swift", "App/.hidden/Secret.swift", "App/Model/Card.swift", "App/README.md",
            "App/SlideAnimator.swift",
        ])  // no temporary file left

        let second = PortDriver.run(PortOptions(paths: [folder.path("App")]))
        #expect(second.exitCode == PortExitCode.ported)
        #expect(second.report == ["2 files, 0 changes, 0 left by hand"])
    }

    @Test func somethingLeftByHandExitsOne() throws {
        let folder = try Folder(["A.swift": "import UIKit\nlet f = NSClassFromString(\"Menu\")\n"])
        defer { folder.cleanUp() }
        let run = PortDriver.run(PortOptions(paths: [folder.path("A.swift")], quiet: true))
        #expect(run.exitCode == PortExitCode.leftByHand)
        #expect(run.report == [
            "\(folder.path("A.swift")):6: not ported: `NSClassFromString` needs the Objective-C runtime: use the type itself (e.g. a `[String: UIViewController.Type]` table) (line 2 before porting)",
            "1 file, 1 change, 1 left by hand",
        ])
        #expect(folder.read("A.swift") == "\(importBlock)\nlet f = NSClassFromString(\"Menu\")\n")
    }

    /// Advice is printed as a warning and does not fail the run.
    @Test func warningsAloneExitZero() throws {
        let folder = try Folder(["A.swift": "import UIKit\nfunc f(_ o: NSObject) { o.setValue(1, forKey: \"k\") }\n"])
        defer { folder.cleanUp() }
        let run = PortDriver.run(PortOptions(paths: [folder.path("A.swift")], quiet: true))
        #expect(run.exitCode == PortExitCode.ported)
        #expect(run.report.count == 2 && run.report[0].contains(": warning: key-value coding works on CALayer keys only"))
        #expect(run.report[1] == "1 file, 1 change, 0 left by hand, 1 warning")
    }

    @Test func unparseableFileIsNotRewrittenAndTheOthersAre() throws {
        let broken = "import UIKit\n\nfinal class Broken {\n    func f( {\n}\n"
        let folder = try Folder(["Broken.swift": broken, "SlideAnimator.swift": Self.animator])
        defer { folder.cleanUp() }
        let run = PortDriver.run(PortOptions(paths: [folder.root]))
        #expect(run.exitCode == PortExitCode.leftByHand)
        #expect(folder.read("Broken.swift") == broken)
        #expect(folder.read("SlideAnimator.swift") == Self.animatorPorted)
        let line = run.report.first { $0.contains("Broken.swift") }
        #expect(line?.hasPrefix("\(folder.root)/Broken.swift:4: not ported: the file does not parse (") == true)
        #expect(run.report.last == "2 files, 2 changes, 1 left by hand")
    }

    @Test func usageErrorsExitTwoAndWriteNothing() throws {
        let folder = try Folder(["Notes/readme.txt": "nothing\n", "A.swift": Self.animator])
        defer { folder.cleanUp() }
        let missing = PortDriver.run(PortOptions(paths: [folder.path("A.swift"), folder.path("Nope")]))
        #expect(missing.exitCode == PortExitCode.usage)
        #expect(missing.errors == ["error: \(folder.path("Nope")): no such file or folder"])
        #expect(folder.read("A.swift") == Self.animator)

        let empty = PortDriver.run(PortOptions(paths: [folder.path("Notes")]))
        #expect(empty.exitCode == PortExitCode.usage)
        #expect(empty.errors == ["error: \(folder.path("Notes")): no Swift files in this folder"])

        let notSwift = PortDriver.run(PortOptions(paths: [folder.path("Notes/readme.txt")]))
        #expect(notSwift.exitCode == PortExitCode.usage)
        #expect(notSwift.errors == ["error: \(folder.path("Notes/readme.txt")): not a Swift file"])

        let none = PortDriver.run(PortOptions(paths: []))
        #expect(none.exitCode == PortExitCode.usage)
    }

    @Test func readOnlyFileIsNamedAndTheOthersArePorted() throws {
        let folder = try Folder(["Locked.swift": Self.animator, "Open.swift": Self.model])
        defer { folder.cleanUp() }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.path("Locked.swift"))
        let run = PortDriver.run(PortOptions(paths: [folder.root]))
        #expect(run.exitCode == PortExitCode.leftByHand)
        #expect(run.errors == ["error: \(folder.root)/Locked.swift: cannot be written (the file is read-only); left as it was"])
        #expect(folder.read("Locked.swift") == Self.animator)
        #expect(folder.read("Open.swift") == Self.modelPorted)
        #expect(run.report.last == "2 files, 3 changes, 0 left by hand; 1 file not written")
        let permissions = try FileManager.default.attributesOfItem(atPath: folder.path("Open.swift"))[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o644 || permissions?.intValue == 0o664)
    }

    @Test func outWritesTheWholeTreeElsewhereAndLeavesTheSources() throws {
        let folder = try Folder([
            "App/SlideAnimator.swift": Self.animator, "App/Model/Card.swift": Self.model,
            "App/Ported.swift": "\(importBlock)\nlet x = 1\n",
        ])
        defer { folder.cleanUp() }
        let run = PortDriver.run(PortOptions(paths: [folder.path("App")], out: folder.path("Out")))
        #expect(run.exitCode == PortExitCode.ported)
        #expect(folder.read("App/SlideAnimator.swift") == Self.animator)
        #expect(folder.read("App/Model/Card.swift") == Self.model)
        #expect(folder.read("Out/SlideAnimator.swift") == Self.animatorPorted)
        #expect(folder.read("Out/Model/Card.swift") == Self.modelPorted)
        #expect(folder.read("Out/Ported.swift") == "\(importBlock)\nlet x = 1\n")
        #expect(folder.listing().filter { $0.hasPrefix("Out/") } == ["Out/Model/Card.swift", "Out/Ported.swift", "Out/SlideAnimator.swift"])

        // --out inside the ported folder is not searched again.
        let inside = PortDriver.run(PortOptions(paths: [folder.path("App")], out: folder.path("App/Ported")))
        #expect(inside.exitCode == PortExitCode.ported)
        #expect(inside.report.last == "3 files, 3 changes, 0 left by hand")
        let again = PortDriver.run(PortOptions(paths: [folder.path("App")], out: folder.path("App/Ported")))
        #expect(again.report.last == "3 files, 3 changes, 0 left by hand")
    }

    @Test func severalInputsMirrorBelowTheirCommonFolder() throws {
        let folder = try Folder([
            "Kit/Sources/SlideAnimator.swift": Self.animator, "Kit/Extras/Card.swift": Self.model,
        ])
        defer { folder.cleanUp() }
        let run = PortDriver.run(
            PortOptions(paths: [folder.path("Kit/Sources"), folder.path("Kit/Extras/Card.swift")], out: folder.path("Out"), quiet: true))
        #expect(run.exitCode == PortExitCode.ported)
        #expect(run.report == ["2 files, 3 changes, 0 left by hand"])  // quiet: the summary only
        #expect(folder.read("Out/Sources/SlideAnimator.swift") == Self.animatorPorted)
        #expect(folder.read("Out/Extras/Card.swift") == Self.modelPorted)
    }

    @Test func checkWritesNothingAndFailsWhenAChangeWouldBeMade() throws {
        let folder = try Folder(["A.swift": Self.animator, "B.swift": Self.modelPorted])
        defer { folder.cleanUp() }
        let dirty = PortDriver.run(PortOptions(paths: [folder.root], check: true))
        #expect(dirty.exitCode == PortExitCode.leftByHand)
        #expect(dirty.report.last == "2 files, 2 changes, 0 left by hand (--check: nothing written)")
        #expect(folder.read("A.swift") == Self.animator)

        let clean = PortDriver.run(PortOptions(paths: [folder.path("B.swift")], check: true))
        #expect(clean.exitCode == PortExitCode.ported)
        #expect(clean.report == ["1 file, 0 changes, 0 left by hand (--check: nothing written)"])
    }
}
