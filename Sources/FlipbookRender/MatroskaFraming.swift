/// Just enough Matroska to hand ffmpeg raw I420 frames each with its own timestamp, down a pipe:
/// the stream the MP4 and WebM exports send so that a frame repeating the one before is not
/// sent (and not encoded) at all, the frame before simply lasting longer
/// (docs/Renderer.md, "Exports"; docs/Divergences.md, "Video frame timing").
///
/// Raw video in a pipe has no timestamps (ffmpeg numbers the frames at a fixed rate), so this
/// writes the smallest Matroska that carries them: an EBML header, a Segment of unknown size
/// (a stream), its Info (timestamps in nanoseconds) and one video track
/// (`V_UNCOMPRESSED`, colour space `I420`, a default duration of one frame), then one Cluster
/// per frame holding one SimpleBlock. Element IDs and the variable-length sizes are the EBML
/// rules of RFC 8794; the elements are those of RFC 9559 (Matroska).
struct MatroskaFraming: Sendable, Equatable {
    /// Frame size (even: I420).
    let width: Int
    let height: Int
    /// Frames per second; frame `i` is at `i / fps` seconds.
    let fps: Double

    /// Nanoseconds per timestamp unit (the Info's TimestampScale).
    static let timestampScale: UInt64 = 1

    /// Frame `index`'s time in nanoseconds, rounded to the nearest. An encoder told that its
    /// time base is 1/fps (`VideoEncoder`) rounds these back to whole frames exactly while a
    /// frame lasts more than 2 ns.
    func timestamp(ofFrame index: Int) -> UInt64 {
        UInt64((Double(index) * 1e9 / fps).rounded())
    }

    /// Everything before the first frame: EBML header, Segment start, Info and Tracks.
    var header: [UInt8] {
        var out: [UInt8] = []
        out += Self.element(0x1A45_DFA3, Self.uint(0x4286, 1) + Self.uint(0x42F7, 1) + Self.uint(0x42F2, 4) + Self.uint(0x42F3, 8)
            + Self.element(0x4282, Array("matroska".utf8)) + Self.uint(0x4287, 4) + Self.uint(0x4285, 2))
        out += Self.id(0x1853_8067) + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // Segment, size unknown
        out += Self.element(0x1549_A966, Self.uint(0x2A_D7B1, Self.timestampScale)
            + Self.element(0x4D80, Array("Flipbook".utf8)) + Self.element(0x5741, Array("Flipbook".utf8)))
        let video = Self.uint(0xB0, UInt64(width)) + Self.uint(0xBA, UInt64(height))
            + Self.uint(0x9A, 2)  // FlagInterlaced: progressive
            + Self.element(0x2E_B524, Array("I420".utf8))  // ColourSpace (a FourCC)
        let track = Self.uint(0xD7, 1) + Self.uint(0x73C5, 1) + Self.uint(0x83, 1)  // number, UID, type video
            + Self.uint(0x9C, 0)  // FlagLacing off
            + Self.element(0x86, Array("V_UNCOMPRESSED".utf8))
            + Self.uint(0x23_E383, max(1, timestamp(ofFrame: 1)))  // DefaultDuration: one frame
            + Self.element(0xE0, video)
        out += Self.element(0x1654_AE6B, Self.element(0xAE, track))
        return out
    }

    /// The bytes before frame `index`'s `byteCount` pixel bytes: a Cluster at the frame's time
    /// holding one key-frame SimpleBlock of track 1 at relative time 0.
    func frameHeader(index: Int, byteCount: Int) -> [UInt8] {
        let blockSize = 4 + byteCount  // track number, relative time (2), flags, then the frame
        let timestamp = Self.uint(0xE7, timestamp(ofFrame: index))
        let blockHead = Self.id(0xA3) + Self.size(UInt64(blockSize)) + [0x81, 0x00, 0x00, 0x80]
        let clusterSize = timestamp.count + blockHead.count + byteCount
        return Self.id(0x1F43_B675) + Self.size(UInt64(clusterSize)) + timestamp + blockHead
    }

    // MARK: EBML encoding

    /// An element ID's bytes (IDs carry their own length marker; leading zero bytes dropped).
    static func id(_ v: UInt32) -> [UInt8] {
        let bytes = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return Array(bytes.drop { $0 == 0 })
    }

    /// A data size as an 8-byte variable-length integer (any size up to 2⁵⁶ − 2).
    static func size(_ n: UInt64) -> [UInt8] {
        [0x01] + (0..<7).reversed().map { UInt8((n >> (8 * UInt64($0))) & 0xFF) }
    }

    static func element(_ id: UInt32, _ data: [UInt8]) -> [UInt8] { Self.id(id) + size(UInt64(data.count)) + data }

    /// An unsigned-integer element, big-endian in as few bytes as hold it (at least one).
    static func uint(_ id: UInt32, _ v: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        var x = v
        repeat { bytes.insert(UInt8(x & 0xFF), at: 0); x >>= 8 } while x > 0
        return element(id, bytes)
    }
}
