import Foundation
import FlipbookQuartz
import FlipbookRender

extension CATextLayer {
    /// Takes a text style's alignment and truncation in the layer's own terms: the one mapping
    /// labels and text views draw through.
    func applyAlignmentAndTruncation(of style: TextStyle) {
        alignmentMode =
            switch style.alignment {
            case .center: .center
            case .right: .right
            case .justified: .justified
            default: .left
            }
        truncationMode =
            switch style.truncation {
            case .start: .start
            case .middle: .middle
            case .end: .end
            case .none: .none
            }
    }
}
