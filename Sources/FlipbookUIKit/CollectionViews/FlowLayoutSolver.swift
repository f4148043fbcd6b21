import Foundation
import FlipbookGeometry

/// The pure arithmetic of `UICollectionViewFlowLayout`: lines of items, spacing, insets,
/// headers and footers, in the scroll direction's axes (docs/Semantics.md, "Flow layout").
///
/// Works in "main" (the scrolling axis: y for vertical, x for horizontal) and "cross"
/// coordinates and converts at the end, so both directions share one algorithm.
///
/// The sections are solved in place: a new pass writes over the frames of the last one, and
/// an item whose frame is unchanged (bit for bit) keeps the attributes object the layout made
/// for it; one whose frame changed loses it (docs/Renderer.md, "Flow layout's cache").
struct FlowLayoutSolver {
    struct SectionInput {
        var itemCount: Int
        var inset: UIEdgeInsets
        var lineSpacing: CGFloat
        var interitemSpacing: CGFloat
        var headerSize: CGSize
        var footerSize: CGSize
    }

    struct Line {
        var items: Range<Int>
        var mainMin: CGFloat
        var mainMax: CGFloat
    }

    struct Section {
        var itemFrames: [CGRect] = []
        /// The attributes the layout handed out for each item, made on first request; the
        /// solver clears an entry when its item's frame changes.
        var itemAttributes: [UICollectionViewLayoutAttributes?] = []
        var lines: [Line] = []
        var headerFrame: CGRect?
        var footerFrame: CGRect?
        /// The section's extent on the main axis, header to footer.
        var mainMin: CGFloat = 0
        var mainMax: CGFloat = 0

        /// Sizes the per-item arrays for `count` items, keeping what the first items had.
        mutating func resize(itemCount count: Int) {
            if itemFrames.count > count {
                itemFrames.removeSubrange(count...)
                itemAttributes.removeSubrange(count...)
            } else if itemFrames.count < count {
                // New slots start with no attributes and a NaN frame, which the first pass replaces.
                itemFrames.append(contentsOf: repeatElement(.unsolved, count: count - itemFrames.count))
                itemAttributes.append(contentsOf: repeatElement(nil, count: count - itemAttributes.count))
            }
        }

        /// Places `item` at `frame`; a different frame (bit for bit) drops the item's attributes.
        @inline(__always)
        mutating func place(_ item: Int, at frame: CGRect) {
            if !itemFrames[item].isBitwiseEqual(to: frame) {
                itemFrames[item] = frame
                itemAttributes[item] = nil
            }
        }
    }

    /// How items are sized: one size for all (the layout's `itemSize`, no delegate), or per item.
    enum ItemSizes {
        /// Every item has this size (finite, non-negative).
        case uniform(CGSize)
        /// `size(section, item)` gives each item's size (already validated: finite and non-negative).
        case perItem((Int, Int) -> CGSize)
    }

    /// What went wrong while laying out, for the layout to report.
    enum Problem: Equatable {
        case itemTooLarge(IndexPath)
    }

    var isVertical: Bool
    /// The collection view's size minus its adjusted content insets.
    var available: CGSize

    /// Lays out every section into `sections` (reusing what they hold) and returns the content
    /// size; `problem` receives the first problem met.
    func solve(
        sections inputs: [SectionInput], sizes: ItemSizes, into sections: inout [Section], problem: inout Problem?
    ) -> CGSize {
        let crossExtent = max(isVertical ? available.width : available.height, 0)
        var main: CGFloat = 0
        if sections.count > inputs.count { sections.removeSubrange(inputs.count...) }
        while sections.count < inputs.count { sections.append(Section()) }
        for (sectionIndex, input) in inputs.enumerated() {
            sections[sectionIndex].mainMin = main
            sections[sectionIndex].headerFrame = nil
            sections[sectionIndex].footerFrame = nil
            let headerMain = isVertical ? input.headerSize.height : input.headerSize.width
            if headerMain > 0 {
                sections[sectionIndex].headerFrame = rect(main: main, cross: 0, mainLength: headerMain, crossLength: crossExtent)
                main += headerMain
            }
            let inset = input.inset
            let mainStart = isVertical ? inset.top : inset.left
            let mainEnd = isVertical ? inset.bottom : inset.right
            let crossStart = isVertical ? inset.left : inset.top
            let crossEnd = isVertical ? inset.right : inset.bottom
            let lineAvailable = crossExtent - crossStart - crossEnd
            main += mainStart
            sections[sectionIndex].resize(itemCount: input.itemCount)
            if input.itemCount == 0 {
                sections[sectionIndex].lines.removeAll(keepingCapacity: true)
            } else {
                switch sizes {
                case .uniform(let size):
                    placeUniformItems(
                        section: sectionIndex, input: input, size: size, into: &sections[sectionIndex], main: &main,
                        crossStart: crossStart, lineAvailable: lineAvailable, problem: &problem)
                case .perItem(let size):
                    placeItems(
                        section: sectionIndex, input: input, into: &sections[sectionIndex], main: &main,
                        crossStart: crossStart, lineAvailable: lineAvailable, size: size, problem: &problem)
                }
            }
            main += mainEnd
            let footerMain = isVertical ? input.footerSize.height : input.footerSize.width
            if footerMain > 0 {
                sections[sectionIndex].footerFrame = rect(main: main, cross: 0, mainLength: footerMain, crossLength: crossExtent)
                main += footerMain
            }
            sections[sectionIndex].mainMax = main
        }
        return isVertical ? CGSize(width: crossExtent, height: main) : CGSize(width: main, height: crossExtent)
    }

    /// How many items of the (uniform) size `first` fit on a full line: the last line of a
    /// uniform section is spaced as a full line would be, so the grid stays aligned.
    private func itemsPerFullLine(first: (main: CGFloat, cross: CGFloat), spacing: CGFloat, lineAvailable: CGFloat) -> Int {
        var perLine = 1
        if first.cross + spacing > 0 {
            perLine = max(Int(((lineAvailable + spacing) / (first.cross + spacing)).rounded(.down) + 0.0), 1)
            if CGFloat(perLine) * first.cross + CGFloat(perLine - 1) * spacing > lineAvailable + 0.0001 {
                perLine = max(perLine - 1, 1)
            }
        }
        return perLine
    }

    /// Items of per-item sizes: broken into lines greedily, then placed line by line.
    private func placeItems(
        section sectionIndex: Int, input: SectionInput, into section: inout Section, main: inout CGFloat,
        crossStart: CGFloat, lineAvailable: CGFloat, size: (Int, Int) -> CGSize, problem: inout Problem?
    ) {
        let count = input.itemCount
        section.lines.removeAll(keepingCapacity: true)
        var sizes: [(main: CGFloat, cross: CGFloat)] = []
        sizes.reserveCapacity(count)
        var uniform = true
        for item in 0..<count {
            let s = size(sectionIndex, item)
            let entry = isVertical ? (main: s.height, cross: s.width) : (main: s.width, cross: s.height)
            if let first = sizes.first, first != entry { uniform = false }
            if problem == nil, entry.cross > lineAvailable + 0.0001 {
                problem = .itemTooLarge(IndexPath(item: item, section: sectionIndex))
            }
            sizes.append(entry)
        }
        let spacing = input.interitemSpacing
        let perLine = uniform ? itemsPerFullLine(first: sizes[0], spacing: spacing, lineAvailable: lineAvailable) : 1
        // Break into lines greedily.
        var lineRanges: [Range<Int>] = []
        var start = 0
        var used: CGFloat = 0
        for item in 0..<count {
            let w = sizes[item].cross
            if item == start {
                used = w
            } else if used + spacing + w <= lineAvailable + 0.0001 {
                used += spacing + w
            } else {
                lineRanges.append(start..<item)
                start = item
                used = w
            }
        }
        lineRanges.append(start..<count)

        section.lines.reserveCapacity(lineRanges.count)
        for (lineIndex, range) in lineRanges.enumerated() {
            if lineIndex > 0 { main += input.lineSpacing }
            var lineMain: CGFloat = 0
            var sum: CGFloat = 0
            for i in range {
                lineMain = max(lineMain, sizes[i].main)
                sum += sizes[i].cross
            }
            let n = range.count
            let isLast = lineIndex == lineRanges.count - 1
            let placement = Self.lineCross(
                items: n, isLast: isLast, sum: sum, spacing: spacing, lineAvailable: lineAvailable,
                uniform: uniform ? (perLine, sizes[0].cross) : nil)
            var cross = placement.start
            let gap = placement.gap
            for i in range {
                let s = sizes[i]
                let itemMain = main + (lineMain - s.main) / 2
                section.place(i, at: rect(main: itemMain, cross: crossStart + cross, mainLength: s.main, crossLength: s.cross))
                cross += s.cross + gap
            }
            section.lines.append(Line(items: range, mainMin: main, mainMax: main + lineMain))
            main += lineMain
        }
    }

    /// Where a line's first item starts across the line, and the gap between its items: a line
    /// that is not the last spreads its items to both edges (an item alone is centred); the last
    /// keeps the spacing, or, when every item has one size (`uniform`: items per full line and
    /// their length across), lines up with the full lines above (an item alone centred).
    private static func lineCross(
        items n: Int, isLast: Bool, sum: CGFloat, spacing: CGFloat, lineAvailable: CGFloat,
        uniform: (perLine: Int, cross: CGFloat)?
    ) -> (start: CGFloat, gap: CGFloat) {
        var start: CGFloat = 0
        var gap = spacing
        if !isLast {
            if n == 1 {
                start = max((lineAvailable - sum) / 2, 0)
            } else {
                gap = (lineAvailable - sum) / CGFloat(n - 1)
            }
        } else if let uniform {
            if uniform.perLine == 1 {
                if n == 1 { start = max((lineAvailable - sum) / 2, 0) }
            } else {
                gap = (lineAvailable - CGFloat(uniform.perLine) * uniform.cross) / CGFloat(uniform.perLine - 1)
            }
        }
        return (start, gap)
    }

    /// Items of one size: the same arithmetic as `placeItems` with every item's size equal
    /// (so bit for bit the same frames), worked out once per kind of line instead of per item.
    /// Every line but the last holds the same number of items (the greedy break restarts
    /// from the same size), and every full line has the same gaps.
    private func placeUniformItems(
        section sectionIndex: Int, input: SectionInput, size: CGSize, into section: inout Section,
        main: inout CGFloat, crossStart: CGFloat, lineAvailable: CGFloat, problem: inout Problem?
    ) {
        let count = input.itemCount
        let s = isVertical ? (main: size.height, cross: size.width) : (main: size.width, cross: size.height)
        if problem == nil, s.cross > lineAvailable + 0.0001 {
            problem = .itemTooLarge(IndexPath(item: 0, section: sectionIndex))
        }
        let spacing = input.interitemSpacing
        let perLine = itemsPerFullLine(first: s, spacing: spacing, lineAvailable: lineAvailable)
        // The greedy break of `placeItems`, for the first line; all the others but the last repeat it.
        var lineLength = 1
        var used = s.cross
        while lineLength < count, used + spacing + s.cross <= lineAvailable + 0.0001 {
            used += spacing + s.cross
            lineLength += 1
        }
        let lineCount = (count + lineLength - 1) / lineLength
        // As `placeItems` sums and maximises over a line of `n` items.
        func lineMetrics(_ n: Int) -> (main: CGFloat, sum: CGFloat) {
            var sum: CGFloat = 0
            for _ in 0..<n { sum += s.cross }
            return (max(0, s.main), sum)
        }
        // The cross positions of the items of a line of `n` items (`placeItems`'s arithmetic).
        func crossPositions(_ n: Int, isLast: Bool, sum: CGFloat) -> [CGFloat] {
            let placement = Self.lineCross(
                items: n, isLast: isLast, sum: sum, spacing: spacing, lineAvailable: lineAvailable, uniform: (perLine, s.cross))
            var cross = placement.start
            let gap = placement.gap
            var positions: [CGFloat] = []
            positions.reserveCapacity(n)
            for _ in 0..<n {
                positions.append(crossStart + cross)
                cross += s.cross + gap
            }
            return positions
        }
        let full = lineCount > 1 ? lineMetrics(lineLength) : (main: 0, sum: 0)
        let fullPositions = lineCount > 1 ? crossPositions(lineLength, isLast: false, sum: full.sum) : []
        let lastLength = count - (lineCount - 1) * lineLength
        let last = lineMetrics(lastLength)
        let lastPositions = crossPositions(lastLength, isLast: true, sum: last.sum)
        // One pass over contiguous storage: the per-item work is a frame compared and stored
        // (every line is written below).
        if section.lines.count != lineCount {
            section.lines.removeAll(keepingCapacity: true)
            section.lines.append(
                contentsOf: repeatElement(Line(items: 0..<0, mainMin: 0, mainMax: 0), count: lineCount))
        }
        let vertical = isVertical
        let lineSpacing = input.lineSpacing
        fullPositions.withUnsafeBufferPointer { fullPositions in
            lastPositions.withUnsafeBufferPointer { lastPositions in
                section.lines.withUnsafeMutableBufferPointer { lines in
                    section.itemFrames.withUnsafeMutableBufferPointer { frames in
                        section.itemAttributes.withUnsafeMutableBufferPointer { attributes in
                            var first = 0
                            for lineIndex in 0..<lineCount {
                                if lineIndex > 0 { main += lineSpacing }
                                let isLast = lineIndex == lineCount - 1
                                let lineMain = isLast ? last.main : full.main
                                let positions = isLast ? lastPositions : fullPositions
                                let itemMain = main + (lineMain - s.main) / 2
                                for k in 0..<positions.count {
                                    let frame = vertical
                                        ? CGRect(x: positions[k], y: itemMain, width: s.cross, height: s.main)
                                        : CGRect(x: itemMain, y: positions[k], width: s.main, height: s.cross)
                                    if !frames[first + k].isBitwiseEqual(to: frame) {
                                        frames[first + k] = frame
                                        attributes[first + k] = nil
                                    }
                                }
                                let end = first + positions.count
                                lines[lineIndex] = Line(items: first..<end, mainMin: main, mainMax: main + lineMain)
                                main += lineMain
                                first = end
                            }
                        }
                    }
                }
            }
        }
    }

    private func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        isVertical
            ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }
}

extension CGRect {
    /// The frame of a slot not yet placed.
    fileprivate static let unsolved = CGRect(x: CGFloat.nan, y: .nan, width: .nan, height: .nan)

    /// Equality of the four numbers' bits (so -0 differs from 0, and a NaN equals the same NaN).
    @inline(__always)
    fileprivate func isBitwiseEqual(to other: CGRect) -> Bool {
        origin.x.native.bitPattern == other.origin.x.native.bitPattern
            && origin.y.native.bitPattern == other.origin.y.native.bitPattern
            && size.width.native.bitPattern == other.size.width.native.bitPattern
            && size.height.native.bitPattern == other.size.height.native.bitPattern
    }
}
