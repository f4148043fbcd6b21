import Foundation
import Testing
import TestSupport
import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// API that the ninth round of real libraries called (docs/API-Status.md): Core Media's time and
/// a player's playhead (a lightbox's video scrubber), 3D Touch's preview interaction and the
/// traits that say whether there is any (a list that peeks its cells), a trait collection's
/// layout direction (a floating panel).
@Suite(.freshRuntime) @MainActor struct RealLibraryAPIRoundNineTests {
    // MARK: CMTime

    @Test nonisolated func timesAreRationalAndRoundedHalfAwayFromZero() {
        #expect(CMTime(value: 3, timescale: 2).seconds == 1.5)
        #expect(CMTimeGetSeconds(CMTimeMake(value: 1, timescale: 4)) == 0.25)
        let exact = CMTime(seconds: 0.25, preferredTimescale: 600)
        #expect(exact.value == 150 && exact.timescale == 600 && !exact.hasBeenRounded)
        let up = CMTime(seconds: 2.5, preferredTimescale: 1)
        #expect(up.value == 3 && up.hasBeenRounded)
        #expect(CMTime(seconds: -2.5, preferredTimescale: 1).value == -3)
        #expect(CMTime(seconds: .nan, preferredTimescale: 600) == .invalid)
        #expect(CMTime(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
        #expect(CMTime(value: 1, timescale: 0).isValid == false)
        #expect(CMTime().isValid == false)
        #expect(CMTime.invalid.seconds.isNaN && CMTime.indefinite.seconds.isNaN)
        #expect(CMTime.positiveInfinity.seconds == .infinity && CMTime.negativeInfinity.seconds == -.infinity)
        #expect(CMTime.indefinite.isNumeric == false && CMTime.zero.isNumeric)
    }

    /// `CMTimeCompare`: exact across timescales; negative infinity < numbers < indefinite <
    /// positive infinity < invalid; equal times hash alike.
    @Test nonisolated func timesCompareAsCoreMediaOrdersThem() {
        #expect(CMTime(value: 1, timescale: 2) == CMTime(value: 300, timescale: 600))
        #expect(Set([CMTime(value: 1, timescale: 2), CMTime(value: 300, timescale: 600), CMTime(value: 2, timescale: 4)]).count == 1)
        #expect(CMTime(value: 1, timescale: 3) < CMTime(value: 334, timescale: 1000))
        #expect(CMTime(value: Int64.max, timescale: 1) > CMTime(value: Int64.max - 1, timescale: 1))
        let sorted = [CMTime.invalid, .positiveInfinity, .indefinite, CMTime(value: 1, timescale: 1), .negativeInfinity].sorted()
        #expect(sorted.map(\.description) == [
            "CMTime(-infinity)", "CMTime(1/1 = 1.0s)", "CMTime(indefinite)", "CMTime(+infinity)", "CMTime(invalid)",
        ])
        #expect(CMTimeCompare(.invalid, .invalid) == 0 && CMTimeCompare(.zero, .indefinite) == -1)
    }

    /// `CMTimeAdd`/`CMTimeSubtract`: the common timescale is the least common multiple.
    @Test nonisolated func sumsUseTheLeastCommonTimescale() {
        let sum = CMTime(value: 1, timescale: 2) + CMTime(value: 1, timescale: 3)
        #expect(sum.value == 5 && sum.timescale == 6)
        let mixed = CMTimeAdd(CMTime(value: 1, timescale: 600), CMTime(value: 1, timescale: 1000))
        #expect(mixed.value == 8 && mixed.timescale == 3000)
        #expect((CMTime(value: 1, timescale: 2) - CMTime(value: 3, timescale: 4)) == CMTime(value: -1, timescale: 4))
        #expect((CMTime.positiveInfinity + .negativeInfinity) == .invalid)
        #expect((CMTime.indefinite + .zero).isIndefinite)
        #expect((CMTime.invalid + .zero) == .invalid)
        #expect((CMTime.zero - .positiveInfinity).isNegativeInfinity)
    }

    @Test nonisolated func conversionRoundsByTheMethodAsked() {
        let twoThirds = CMTime(value: 2, timescale: 3)
        #expect(twoThirds.convertScale(1, method: .roundHalfAwayFromZero).value == 1)
        #expect(twoThirds.convertScale(1, method: .roundTowardZero).value == 0)
        #expect(twoThirds.convertScale(1, method: .quickTime).value == 0)  // coarser: toward zero
        #expect(twoThirds.convertScale(1, method: .roundTowardZero).hasBeenRounded)
        let negative = CMTime(value: -1, timescale: 3)
        #expect(negative.convertScale(1, method: .quickTime).value == -1)  // never rounded up to zero
        #expect(negative.convertScale(1, method: .roundTowardZero).value == 0)
        #expect(negative.convertScale(1, method: .roundTowardNegativeInfinity).value == -1)
        #expect(negative.convertScale(1, method: .roundTowardPositiveInfinity).value == 0)
        let finer = CMTimeConvertScale(twoThirds, timescale: 600, method: .default)
        #expect(finer.value == 400 && !finer.hasBeenRounded)
        #expect(CMTime.indefinite.convertScale(600, method: .default).isIndefinite)
    }

    // MARK: AVPlayer's playhead

    /// The playhead runs at the rate while playing, stops when paused, and jumps on a seek; a
    /// periodic observer hears each multiple of its interval and every start, stop and jump.
    @Test func aPlayersPlayheadAndPeriodicObserver() {
        let clock = MediaClock.main
        let player = AVPlayer(url: URL(fileURLWithPath: "/videos/clip.mp4"))
        #expect(player.currentTime() == .zero)
        #expect(player.currentItem?.duration.isIndefinite == true)
        let heard = LockedValue<[Double]>([])
        let observer = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 2), queue: .main) { time in
            heard.withLock { $0.append(time.seconds) }
        }
        clock.advance(by: 1)
        #expect(heard.current.isEmpty)  // paused: no calls
        player.play()
        clock.advance(by: 1.6)
        #expect(player.currentTime().seconds == 1.6)
        #expect(heard.current == [0, 0.5, 1, 1.5])
        player.pause()
        clock.advance(by: 1)
        #expect(player.currentTime().seconds == 1.6)
        player.seek(to: CMTime(value: 1, timescale: 5))
        clock.advance(by: 0.5)
        #expect(heard.current == [0, 0.5, 1, 1.5, 1.6, 0.2])
        player.rate = 2
        clock.advance(by: 0.5)  // 0.2 -> 1.2 at twice the speed
        #expect(abs(player.currentTime().seconds - 1.2) < 1 / 600)
        #expect(heard.current == [0, 0.5, 1, 1.5, 1.6, 0.2, 0.2, 0.5, 1])
        player.removeTimeObserver(observer)
        clock.advance(by: 1)
        #expect(heard.current.count == 9)
        let reports = FlipbookDiagnostics.capture { player.removeTimeObserver(NSObject()) }
        #expect(reports.count == 1)
    }

    @Test func aSeekCompletesOnTheNextFrameAndABadTimeIsRefused() {
        let player = AVPlayer(url: URL(fileURLWithPath: "/videos/clip.mp4"))
        let finished = LockedValue<[Bool]>([])
        player.seek(to: CMTime(seconds: 3, preferredTimescale: 600)) { ok in finished.withLock { $0.append(ok) } }
        #expect(finished.current.isEmpty)
        MediaClock.main.advanceFrames(1)
        #expect(finished.current == [true])
        #expect(player.currentTime().seconds == 3)
        let reports = FlipbookDiagnostics.capture {
            player.seek(to: .indefinite) { ok in finished.withLock { $0.append(ok) } }
        }
        MediaClock.main.advanceFrames(1)
        #expect(reports.count == 1 && finished.current == [true, false] && player.currentTime().seconds == 3)
        _ = FlipbookDiagnostics.capture { player.rate = .nan }
        #expect(player.rate == 0)
    }

    // MARK: Traits and 3D Touch

    @Test func aWindowsTraitsSayLeftToRightAndNoForceTouch() {
        let controller = UIViewController()
        _ = AppDriver(rootViewController: controller, device: .iPhone15)
        #expect(controller.traitCollection.layoutDirection == .leftToRight)
        #expect(controller.traitCollection.forceTouchCapability == .unavailable)
        let blank = UITraitCollection()
        #expect(blank.layoutDirection == .unspecified && blank.forceTouchCapability == .unknown)
        let rtl = UITraitCollection(traitsFrom: [controller.traitCollection, UITraitCollection(layoutDirection: .rightToLeft)])
        #expect(rtl.layoutDirection == .rightToLeft && rtl.forceTouchCapability == .unavailable)
        #expect(controller.traitCollection.containsTraits(in: UITraitCollection(forceTouchCapability: .unavailable)))
        #expect(!controller.traitCollection.containsTraits(in: UITraitCollection(forceTouchCapability: .available)))
        #expect(UITraitCollection(layoutDirection: .leftToRight) != UITraitCollection(layoutDirection: .rightToLeft))
        #expect(UITraitEnvironmentLayoutDirection.unspecified.rawValue == -1 && UIForceTouchCapability.available.rawValue == 2)
    }

    final class Peeker: NSObject, UIPreviewInteractionDelegate {
        var calls: [String] = []
        func previewInteraction(_ previewInteraction: UIPreviewInteraction, didUpdatePreviewTransition transitionProgress: CGFloat, ended: Bool) {
            calls.append("preview \(transitionProgress)")
        }
        func previewInteractionDidCancel(_ previewInteraction: UIPreviewInteraction) { calls.append("cancel") }
    }

    /// No simulated device senses force: a preview interaction never begins, whatever the
    /// touches on its view.
    @Test func aPreviewInteractionNeverBegins() {
        let controller = UIViewController()
        let app = AppDriver(rootViewController: controller, device: .iPhone15)
        let peeker = Peeker()
        var interaction: UIPreviewInteraction? = UIPreviewInteraction(view: controller.view)
        interaction?.delegate = peeker
        #expect(interaction?.view === controller.view)
        #expect(interaction?.location(in: nil) == .zero)
        app.tap(at: CGPoint(x: 100, y: 100))
        app.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), duration: 1)
        interaction?.cancel()
        #expect(peeker.calls.isEmpty)
        #expect(peeker.previewInteractionShouldBegin(interaction!))
        weak var gone = interaction
        interaction = nil
        #expect(gone == nil)  // the view does not keep it
    }
}
