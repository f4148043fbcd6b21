// FlipbookUIKit: UIKit API on Core Animation and physics.
import FlipbookQuartz
