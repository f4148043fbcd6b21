import Foundation
import Testing
import TestSupport
import FlipbookUIKit
import FlipbookQuartz

/// API that the eighth round of real libraries called (docs/API-Status.md).
@Suite(.freshRuntime) @MainActor struct RealLibraryAPIRoundEightTests {
    /// `objc_sync_enter`/`exit`: recursive on one thread, exclusive across threads, and an exit
    /// by a thread that does not hold the lock fails without releasing it.
    @Test nonisolated func objcSyncIsARecursiveLockPerObject() {
        let token = SyncToken()
        #expect(objc_sync_exit(token) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
        #expect(objc_sync_enter(token) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_enter(token) == OBJC_SYNC_SUCCESS)
        // Another thread waits until both enters are undone.
        let order = LockedLog()
        let other = Thread {
            objc_sync_enter(token)
            order.append("other")
            objc_sync_exit(token)
        }
        other.start()
        Thread.sleep(forTimeInterval: 0.05)
        order.append("first exit")
        #expect(objc_sync_exit(token) == OBJC_SYNC_SUCCESS)
        Thread.sleep(forTimeInterval: 0.05)
        order.append("second exit")
        #expect(objc_sync_exit(token) == OBJC_SYNC_SUCCESS)
        while !order.entries.contains("other") { Thread.sleep(forTimeInterval: 0.01) }
        #expect(order.entries == ["first exit", "second exit", "other"])
        // A metatype locks its class object: the same lock each time.
        #expect(objc_sync_enter(NSObject.self) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_exit(NSObject.self) == OBJC_SYNC_SUCCESS)
        #expect(objc_sync_exit(NSObject.self) == OBJC_SYNC_NOT_OWNING_THREAD_ERROR)
    }

    /// Key paths on an NSObject reference: a layer answers the whole path; any other object is
    /// asked for the first key, and one that has none is reported and changes nothing.
    @Test func keyPathCodingThroughNSObject() {
        let layer = CALayer()
        let object: NSObject = layer
        object.setValue(0.5, forKeyPath: "transform.scale")
        #expect((object.value(forKeyPath: "transform.scale") as? NSNumber)?.doubleValue == 0.5)
        object.setValue(CGFloat(12), forKeyPath: "bounds.size.width")
        #expect(layer.bounds.width == 12)
        let view = UIView()
        view.setValue(0.3, forKeyPath: "alpha")
        #expect(view.alpha == 1)
        #expect(view.value(forKeyPath: "layer.opacity") == nil)
    }

    @Test func playerStatusFollowsItsItem() {
        let player = AVPlayer()
        #expect(player.status == .unknown)
        player.replaceCurrentItem(with: AVPlayerItem(url: URL(fileURLWithPath: "/tmp/clip.mp4")))
        #expect(player.status == .readyToPlay)
        #expect(player.error == nil)
    }

    @Test func supportedOrientationsComeFromTheDelegateElseTheDeclaredOnes() {
        final class PortraitDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?)
                -> UIInterfaceOrientationMask { .portrait }
        }
        let app = UIApplication.shared
        #expect(app.supportedInterfaceOrientations(for: nil) == .allButUpsideDown)
        let delegate = PortraitDelegate()
        app.delegate = delegate
        #expect(app.supportedInterfaceOrientations(for: nil) == .portrait)
        app.delegate = nil
        #expect(UIDevice().userInterfaceIdiom == UIDevice.current.userInterfaceIdiom)
    }
}

/// An object locked from two threads.
private final class SyncToken: Sendable {}

/// A list appended from several threads.
private final class LockedLog: @unchecked Sendable {  // @unchecked: `items` is touched only under `lock`.
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var entries: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
