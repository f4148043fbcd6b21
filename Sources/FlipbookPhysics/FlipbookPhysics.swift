// FlipbookPhysics: a rigid-body world in points and seconds. Knows nothing of UIKit.
import FlipbookGeometry
