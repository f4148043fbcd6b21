/// A QR code (ISO/IEC 18004) for `flipbook preview --share`'s URL: byte mode, error correction
/// level L, versions 1–10 (up to 271 bytes), mask chosen by the standard's penalty rules.
/// Written for this one use: no dependency for a terminal picture.
struct QRCode {
    /// Modules, row by row: true is dark.
    let modules: [[Bool]]
    var size: Int { modules.count }

    /// (total codewords, EC codewords per block, blocks as (count, data codewords)) at level L.
    static let versions: [(total: Int, ec: Int, blocks: [(Int, Int)])] = [
        (26, 7, [(1, 19)]), (44, 10, [(1, 34)]), (70, 15, [(1, 55)]), (100, 20, [(1, 80)]), (134, 26, [(1, 108)]),
        (172, 18, [(2, 68)]), (196, 20, [(2, 78)]), (242, 24, [(2, 97)]), (292, 30, [(2, 116)]),
        (346, 18, [(2, 68), (2, 69)]),
    ]
    static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
    ]
    static let versionBits: [Int: Int] = [7: 0x07C94, 8: 0x085BC, 9: 0x09A99, 10: 0x0A4D3]

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = Self.smallestVersion(holding: bytes.count) else { return nil }
        let codewords = Self.interleaved(Self.dataCodewords(bytes, version: version), version: version)
        var matrix = Matrix(version: version)
        matrix.placeFinderPatterns()
        matrix.placeTimingPatterns()
        matrix.placeAlignmentPatterns()
        matrix.reserveFormatAreas()
        matrix.placeVersionInformation()
        matrix.placeData(codewords)
        modules = matrix.bestMasked()
    }

    /// The number of data codewords at a version (all its blocks).
    private static func dataCount(version: Int) -> Int {
        versions[version - 1].blocks.reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// The smallest version whose data codewords hold `byteCount` bytes in byte mode.
    private static func smallestVersion(holding byteCount: Int) -> Int? {
        for version in 1...versions.count {
            let countBits = version < 10 ? 8 : 16
            if 4 + countBits + 8 * byteCount <= 8 * dataCount(version: version) { return version }
        }
        return nil
    }

    /// The data codewords: mode 0100, the count, the bytes, the terminator, then padding.
    private static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let dataCount = dataCount(version: version)
        var bits: [Bool] = []
        func put(_ value: Int, _ n: Int) { for i in stride(from: n - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) } }
        put(0b0100, 4)
        put(bytes.count, version < 10 ? 8 : 16)
        for b in bytes { put(Int(b), 8) }
        put(0, min(4, 8 * dataCount - bits.count))
        while bits.count % 8 != 0 { bits.append(false) }
        var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { i in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (bits[i + $1] ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while data.count < dataCount { data.append(pad); pad = pad == 0xEC ? 0x11 : 0xEC }
        return data
    }

    /// The data split into blocks, each block's error correction, all interleaved.
    private static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let spec = versions[version - 1]
        var blocks: [[UInt8]] = []
        var offset = 0
        for (count, length) in spec.blocks {
            for _ in 0..<count { blocks.append(Array(data[offset..<offset + length])); offset += length }
        }
        let ecBlocks = blocks.map { reedSolomon($0, ec: spec.ec) }
        var codewords: [UInt8] = []
        for i in 0..<(blocks.map(\.count).max() ?? 0) { for b in blocks where i < b.count { codewords.append(b[i]) } }
        for i in 0..<spec.ec { for b in ecBlocks { codewords.append(b[i]) } }
        return codewords
    }

    /// The grid being built: its modules, and which of them the function patterns (and the
    /// format areas) take, so the data and the mask leave them alone.
    private struct Matrix {
        let version: Int
        let n: Int
        var grid: [[Bool]]
        var reserved: [[Bool]]

        init(version: Int) {
            self.version = version
            n = 17 + 4 * version
            grid = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
            reserved = grid
        }

        mutating func set(_ r: Int, _ c: Int, _ dark: Bool) { grid[r][c] = dark; reserved[r][c] = true }

        /// The three finder patterns with their separators.
        mutating func placeFinderPatterns() {
            for (r0, c0) in [(0, 0), (0, n - 7), (n - 7, 0)] {
                for r in -1...7 {
                    for c in -1...7 where r0 + r >= 0 && r0 + r < n && c0 + c >= 0 && c0 + c < n {
                        let inRing = (0...6).contains(r) && (0...6).contains(c)
                        let dark = inRing && (r == 0 || r == 6 || c == 0 || c == 6 || ((2...4).contains(r) && (2...4).contains(c)))
                        set(r0 + r, c0 + c, dark)
                    }
                }
            }
        }

        mutating func placeTimingPatterns() {
            for i in 8..<(n - 8) { set(6, i, i % 2 == 0); set(i, 6, i % 2 == 0) }
        }

        mutating func placeAlignmentPatterns() {
            let centres = QRCode.alignment[version - 1]
            for r in centres {
                // Not where a finder pattern is (the three corners of the grid of centres).
                for c in centres where !(r == 6 && c == 6) && !(r == 6 && c == centres.last!) && !(r == centres.last! && c == 6) {
                    for dr in -2...2 { for dc in -2...2 { set(r + dr, c + dc, max(abs(dr), abs(dc)) != 1) } }
                }
            }
        }

        /// The format areas (written after masking) and the dark module.
        mutating func reserveFormatAreas() {
            for i in 0...8 {
                reserved[8][i] = true
                reserved[i][8] = true
            }
            for i in 0..<8 { reserved[8][n - 1 - i] = true; reserved[n - 1 - i][8] = true }
            set(n - 8, 8, true)
        }

        /// The version information (versions 7 and up).
        mutating func placeVersionInformation() {
            guard let v = QRCode.versionBits[version] else { return }
            for i in 0..<18 {
                let bit = (v >> i) & 1 == 1
                set(i / 3, n - 11 + i % 3, bit)
                set(n - 11 + i % 3, i / 3, bit)
            }
        }

        /// The codewords' bits in the zigzag, right to left in column pairs, skipping the
        /// timing column; the modules past the last bit stay light.
        mutating func placeData(_ codewords: [UInt8]) {
            var bitIndex = 0
            let total = codewords.count * 8
            var upward = true
            var col = n - 1
            while col > 0 {
                if col == 6 { col -= 1 }
                for k in 0..<n {
                    let r = upward ? n - 1 - k : k
                    for c in [col, col - 1] where !reserved[r][c] {
                        var dark = false
                        if bitIndex < total { dark = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1 }
                        grid[r][c] = dark
                        bitIndex += 1
                    }
                }
                upward.toggle()
                col -= 2
            }
        }

        /// The grid under the mask with the lowest penalty, its format bits written.
        func bestMasked() -> [[Bool]] {
            var best: [[Bool]] = grid
            var bestScore = Int.max
            for mask in 0..<8 {
                var g = grid
                for r in 0..<n { for c in 0..<n where !reserved[r][c] && QRCode.masked(mask, r, c) { g[r][c].toggle() } }
                QRCode.writeFormat(&g, mask: mask)
                let score = QRCode.penalty(g)
                if score < bestScore { bestScore = score; best = g }
            }
            return best
        }
    }

    static func masked(_ mask: Int, _ r: Int, _ c: Int) -> Bool {
        switch mask {
        case 0: return (r + c) % 2 == 0
        case 1: return r % 2 == 0
        case 2: return c % 3 == 0
        case 3: return (r + c) % 3 == 0
        case 4: return (r / 2 + c / 3) % 2 == 0
        case 5: return (r * c) % 2 + (r * c) % 3 == 0
        case 6: return ((r * c) % 2 + (r * c) % 3) % 2 == 0
        default: return ((r + c) % 2 + (r * c) % 3) % 2 == 0
        }
    }

    /// The 15 format bits (level L = 01, the mask, BCH(15,5), XOR 0x5412).
    static func formatBits(mask: Int) -> Int {
        let data = (0b01 << 3) | mask
        var rem = data << 10
        for i in stride(from: 14, through: 10, by: -1) where (rem >> i) & 1 == 1 { rem ^= 0x537 << (i - 10) }
        return ((data << 10) | rem) ^ 0x5412
    }

    static func writeFormat(_ g: inout [[Bool]], mask: Int) {
        let n = g.count
        let bits = formatBits(mask: mask)
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row),
        // bits 8–14 along row 8 right to left.
        let vertical = [0, 1, 2, 3, 4, 5, 7, 8]
        for i in 0..<8 { g[vertical[i]][8] = bit(i) }
        let horizontal = [7, 5, 4, 3, 2, 1, 0]
        for i in 0..<7 { g[8][horizontal[i]] = bit(8 + i) }
        // The copy: bits 0–7 along row 8 from the right, bits 8–14 up column 8 from the bottom.
        for i in 0..<8 { g[8][n - 1 - i] = bit(i) }
        for i in 0..<7 { g[n - 7 + i][8] = bit(8 + i) }
        g[n - 8][8] = true
    }

    /// The standard's four penalty rules.
    static func penalty(_ g: [[Bool]]) -> Int {
        let n = g.count
        var score = 0
        for line in 0..<2 {
            for i in 0..<n {
                var run = 1
                for j in 1..<n {
                    let a = line == 0 ? g[i][j] : g[j][i], b = line == 0 ? g[i][j - 1] : g[j - 1][i]
                    if a == b { run += 1 } else { if run >= 5 { score += run - 2 }; run = 1 }
                }
                if run >= 5 { score += run - 2 }
            }
        }
        for r in 0..<(n - 1) { for c in 0..<(n - 1) where g[r][c] == g[r][c + 1] && g[r][c] == g[r + 1][c] && g[r][c] == g[r + 1][c + 1] { score += 3 } }
        let pattern: [Bool] = [true, false, true, true, true, false, true, false, false, false, false]
        for r in 0..<n {
            for c in 0...(n - 11) {
                let row = (0..<11).map { g[r][c + $0] }, col = (0..<11).map { g[c + $0][r] }
                if row == pattern || row == pattern.reversed() { score += 40 }
                if col == pattern || col == pattern.reversed() { score += 40 }
            }
        }
        let dark = g.reduce(0) { $0 + $1.filter { $0 }.count }
        score += abs(dark * 20 / (n * n) - 10) * 10
        return score
    }

    /// Reed–Solomon error correction codewords over GF(256) (polynomial 0x11D).
    static func reedSolomon(_ data: [UInt8], ec: Int) -> [UInt8] {
        var exp = [Int](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var x = 1
        for i in 0..<255 {
            exp[i] = x; log[x] = i
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11D }
        }
        for i in 255..<512 { exp[i] = exp[i - 255] }
        func mul(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : exp[log[a] + log[b]] }
        var gen = [1]
        for i in 0..<ec {
            var next = [Int](repeating: 0, count: gen.count + 1)
            for (j, g) in gen.enumerated() { next[j] ^= g; next[j + 1] ^= mul(g, exp[i]) }
            gen = next
        }
        var rem = [Int](repeating: 0, count: ec)
        for d in data {
            let factor = Int(d) ^ rem[0]
            rem.removeFirst(); rem.append(0)
            for i in 0..<ec { rem[i] ^= mul(gen[i + 1], factor) }
        }
        return rem.map { UInt8($0) }
    }

    /// The code as terminal text: two modules a character (upper half block, black on white via
    /// ANSI colours, so it reads on dark and light terminals alike), a quiet zone of 2.
    static func terminalText(for text: String) -> String? {
        guard let code = QRCode(text) else { return nil }
        let quiet = 2, n = code.size + 2 * quiet
        func dark(_ r: Int, _ c: Int) -> Bool {
            let r = r - quiet, c = c - quiet
            return r >= 0 && c >= 0 && r < code.size && c < code.size && code.modules[r][c]
        }
        var lines: [String] = []
        for r in stride(from: 0, to: n, by: 2) {
            var line = ""
            for c in 0..<n {
                let top = dark(r, c), bottom = r + 1 < n && dark(r + 1, c)
                line += "\u{1B}[\(top ? 30 : 97);\(bottom ? 40 : 107)m▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines.joined(separator: "\n")
    }
}
