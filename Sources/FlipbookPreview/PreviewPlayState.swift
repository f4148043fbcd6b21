/// What held back a played frame that fell due, since the last frame sent: the page (too much
/// in flight: its next acknowledgement sends the frame), the encoder (a frame still waited for
/// it: it wakes the loop when it starts that one), or both. `PreviewCatchUp` counts the frames
/// passed over meanwhile as the page's when it held the loop back at all, else the encoder's.
struct PreviewHoldup: OptionSet, Equatable, Sendable, CustomStringConvertible {
    let rawValue: Int
    static let page = PreviewHoldup(rawValue: 1)
    static let encoder = PreviewHoldup(rawValue: 2)

    var description: String {
        [contains(.page) ? "page" : nil, contains(.encoder) ? "encoder" : nil].compactMap { $0 }.joined(separator: "+")
    }
}

/// Whether a page's session plays (docs/Preview.md, "Session states").
///
/// `paused` ⇄ `playing` by the page's play and pause, a step, reaching the last frame, a new
/// scene; `closed` (the page went away) is final: nothing leaves it.
enum PreviewPlayState: Equatable, Sendable {
    /// Not playing: a scene just loaded, paused, stepped, or played to its last frame.
    case paused
    /// Playing; `held`: what held back a frame due since the last one sent.
    case playing(held: PreviewHoldup)
    /// The page went away: no more frames, replies or wake-ups.
    case closed

    var isPlaying: Bool { if case .playing = self { true } else { false } }
    var isClosed: Bool { self == .closed }
    /// What holds the play loop back (nothing unless playing).
    var held: PreviewHoldup { if case .playing(let h) = self { h } else { [] } }

    /// Plays (from nothing held back).
    mutating func play() { if !isClosed { self = .playing(held: []) } }
    mutating func pause() { if !isClosed { self = .paused } }
    mutating func close() { self = .closed }
    /// Notes that `h` held back a due frame (while playing).
    mutating func hold(_ h: PreviewHoldup) { if case .playing(let old) = self { self = .playing(held: old.union(h)) } }
    /// `h` no longer holds the loop back (a frame was sent, or playing was re-anchored).
    mutating func release(_ h: PreviewHoldup = [.page, .encoder]) {
        if case .playing(let old) = self { self = .playing(held: old.subtracting(h)) }
    }
}

/// Whether the page has been sent a frame showing its latest touch.
enum PreviewInputFrameState {
    /// Every touch so far is on a frame sent (or there was none).
    case shown
    /// A touch changed the scene at the session's position; the main-actor job queued on the
    /// clock draws it, after the pointer messages already waiting (a burst of moves: one frame).
    case queued(PreviewWakeUp)
    /// A touch changed the scene but the page has too many frames in flight: the next
    /// acknowledgement queues the frame again.
    case held

    var isPending: Bool { if case .shown = self { false } else { true } }
    var isQueued: Bool { if case .queued = self { true } else { false } }
}
