import Foundation

// The player's playhead and time observers (docs/API-Status.md, "Video players"). The playhead
// runs on the media clock at the player's rate while there is an item; `seek(to:)` moves it.
// A periodic observer is called at each multiple of its interval on the item's timeline while
// playing, and, as AVFoundation does, whenever playback starts or stops and whenever time
// jumps (a seek, a new item).
// Calls run on the main thread on the media clock, whatever queue is given. The public
// methods are in the class body (AVPlayer.swift), so subclasses can override them.

extension AVPlayer {
    /// The playhead: a position at an instant of the media clock, moving at a rate.
    struct Playhead {
        var position: Double = 0
        var since: CFTimeInterval = 0
        var rate: Double = 0

        func position(now: CFTimeInterval) -> Double { max(0, position + (now - since) * rate) }

        mutating func setRate(_ new: Double, now: CFTimeInterval) {
            position = position(now: now)
            since = now
            rate = new
        }

        mutating func seek(to seconds: Double, now: CFTimeInterval) {
            position = seconds
            since = now
        }
    }

    /// An observer `addPeriodicTimeObserver` returned: its interval in seconds (0: called only
    /// when playback starts, stops or jumps).
    @MainActor final class TimeObserver: NSObject {
        let interval: Double
        let block: @Sendable (CMTime) -> Void
        var pending: MediaClockToken?

        init(interval: Double, block: @escaping @Sendable (CMTime) -> Void) {
            self.interval = interval
            self.block = block
        }
    }

    /// The player's observers and their next calls on the media clock.
    @MainActor struct TimeObservers {
        private(set) var all: [TimeObserver] = []

        mutating func add(_ observer: TimeObserver, to player: AVPlayer) {
            all.append(observer)
            Self.schedule(observer, of: player)
        }

        mutating func remove(_ observer: TimeObserver) -> Bool {
            guard let i = all.firstIndex(where: { $0 === observer }) else { return false }
            all[i].pending?.cancel()
            all.remove(at: i)
            return true
        }

        /// Playback started, stopped or jumped: each periodic observer is called now (on the
        /// next frame) and every observer's next call is planned again.
        func playbackChanged(_ player: AVPlayer) {
            let time = player.currentTime()  // where playback started, stopped or jumped to
            for observer in all {
                MediaClock.main.schedule(after: 0) { [weak player, weak observer] in
                    guard let player, let observer, player.timeObservers.all.contains(where: { $0 === observer }) else { return }
                    observer.block(time)
                }
                Self.schedule(observer, of: player)
            }
        }

        /// Plans `observer`'s next call: the next multiple of its interval ahead of the
        /// playhead, reached at the current rate. None while paused.
        static func schedule(_ observer: TimeObserver, of player: AVPlayer) {
            observer.pending?.cancel()
            observer.pending = nil
            let rate = player.playhead.rate
            guard rate > 0, player.currentItem != nil else { return }
            let now = MediaClock.main.now
            let position = player.playhead.position(now: now)
            let interval = observer.interval
            guard interval > 0 else { return }
            let next = ((position / interval + 1e-9).rounded(.down) + 1) * interval
            observer.pending = MediaClock.main.schedule(after: (next - position) / rate) { [weak player, weak observer] in
                guard let player, let observer, player.timeObservers.all.contains(where: { $0 === observer }) else { return }
                observer.block(CMTime(seconds: next, preferredTimescale: 600))
                schedule(observer, of: player)
            }
        }
    }
}
