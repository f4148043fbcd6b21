import Foundation
import FlipbookGeometry

/// The pure arithmetic of `UICollectionViewFlowLayout`: lines of items, spacing, insets,
/// headers and footers, in the scroll direction's axes (docs/Semantics.md, "Flow layout").
///
/// Works in "main" (the scrolling axis: y for vertical, x for horizontal) and "cross"
/// coordinates and converts at the end, so both directions share one algorithm.
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
        var lines: [Line] = []
        var headerFrame: CGRect?
        var footerFrame: CGRect?
        /// The section's extent on the main axis, header to footer.
        var mainMin: CGFloat = 0
        var mainMax: CGFloat = 0
    }

    /// What went wrong while laying out, for the layout to report.
    enum Problem: Equatable {
        case itemTooLarge(IndexPath)
    }

    var isVertical: Bool
    /// The collection view's size minus its adjusted content insets.
    var available: CGSize

    /// Lays out every section; `size(section, item)` gives each item's size (already
    /// validated: finite and non-negative).
    func solve(
        sections inputs: [SectionInput], size: (Int, Int) -> CGSize, problems: inout [Problem]
    ) -> (sections: [Section], contentSize: CGSize) {
        let crossExtent = max(isVertical ? available.width : available.height, 0)
        var main: CGFloat = 0
        var result: [Section] = []
        result.reserveCapacity(inputs.count)
        for (sectionIndex, input) in inputs.enumerated() {
            var section = Section()
            section.mainMin = main
            let headerMain = isVertical ? input.headerSize.height : input.headerSize.width
            if headerMain > 0 {
                section.headerFrame = rect(main: main, cross: 0, mainLength: headerMain, crossLength: crossExtent)
                main += headerMain
            }
            let inset = input.inset
            let mainStart = isVertical ? inset.top : inset.left
            let mainEnd = isVertical ? inset.bottom : inset.right
            let crossStart = isVertical ? inset.left : inset.top
            let crossEnd = isVertical ? inset.right : inset.bottom
            let lineAvailable = crossExtent - crossStart - crossEnd
            main += mainStart
            if input.itemCount > 0 {
                placeItems(
                    section: sectionIndex, input: input, into: &section, main: &main, crossStart: crossStart,
                    lineAvailable: lineAvailable, size: size, problems: &problems)
            }
            main += mainEnd
            let footerMain = isVertical ? input.footerSize.height : input.footerSize.width
            if footerMain > 0 {
                section.footerFrame = rect(main: main, cross: 0, mainLength: footerMain, crossLength: crossExtent)
                main += footerMain
            }
            section.mainMax = main
            result.append(section)
        }
        let contentSize = isVertical ? CGSize(width: crossExtent, height: main) : CGSize(width: main, height: crossExtent)
        return (result, contentSize)
    }

    private func placeItems(
        section sectionIndex: Int, input: SectionInput, into section: inout Section, main: inout CGFloat,
        crossStart: CGFloat, lineAvailable: CGFloat, size: (Int, Int) -> CGSize, problems: inout [Problem]
    ) {
        let count = input.itemCount
        var sizes: [(main: CGFloat, cross: CGFloat)] = []
        sizes.reserveCapacity(count)
        var uniform = true
        for item in 0..<count {
            let s = size(sectionIndex, item)
            let entry = isVertical ? (main: s.height, cross: s.width) : (main: s.width, cross: s.height)
            if let first = sizes.first, first != entry { uniform = false }
            if entry.cross > lineAvailable + 0.0001 { problems.append(.itemTooLarge(IndexPath(item: item, section: sectionIndex))) }
            sizes.append(entry)
        }
        let spacing = input.interitemSpacing
        // How many items of the (uniform) size fit on a full line: the last line of a uniform
        // section is spaced as a full line would be, so the grid stays aligned.
        var perLine = 1
        if uniform, let first = sizes.first, first.cross + spacing > 0 {
            perLine = max(Int(((lineAvailable + spacing) / (first.cross + spacing)).rounded(.down) + 0.0), 1)
            if CGFloat(perLine) * first.cross + CGFloat(perLine - 1) * spacing > lineAvailable + 0.0001 {
                perLine = max(perLine - 1, 1)
            }
        }
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

        section.itemFrames = Array(repeating: .zero, count: count)
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
            var cross: CGFloat = 0
            var gap = spacing
            if !isLast {
                if n == 1 {
                    cross = max((lineAvailable - sum) / 2, 0)
                } else {
                    gap = (lineAvailable - sum) / CGFloat(n - 1)
                }
            } else if uniform {
                if perLine == 1 {
                    if n == 1 { cross = max((lineAvailable - sum) / 2, 0) }
                } else if let first = sizes.first {
                    gap = (lineAvailable - CGFloat(perLine) * first.cross) / CGFloat(perLine - 1)
                }
            }
            for i in range {
                let s = sizes[i]
                let itemMain = main + (lineMain - s.main) / 2
                section.itemFrames[i] = rect(main: itemMain, cross: crossStart + cross, mainLength: s.main, crossLength: s.cross)
                cross += s.cross + gap
            }
            section.lines.append(Line(items: range, mainMin: main, mainMax: main + lineMain))
            main += lineMain
        }
    }

    private func rect(main: CGFloat, cross: CGFloat, mainLength: CGFloat, crossLength: CGFloat) -> CGRect {
        isVertical
            ? CGRect(x: cross, y: main, width: crossLength, height: mainLength)
            : CGRect(x: main, y: cross, width: mainLength, height: crossLength)
    }
}
