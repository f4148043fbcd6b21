// A designable slider and a path built from geometry strings, written as a designables library
// (IBAnimatable) writes them and compiled in the Swift 5 language mode. Only the import differs
// from iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Images a designable slider takes from Interface Builder.
protocol DesignableSliderImages: AnyObject {
    var thumbImage: UIImage? { get set }
    var thumbHighlightedImage: UIImage? { get set }
    var minimumTrackImage: UIImage? { get set }
}

extension DesignableSliderImages where Self: UISlider {
    func configureImages() {
        setThumbImage(thumbImage, for: .normal)
        setThumbImage(thumbHighlightedImage ?? thumbImage, for: .highlighted)
        setMinimumTrackImage(minimumTrackImage, for: .normal)
        setMinimumTrackImage(minimumTrackImage, for: .highlighted)
    }
}

final class DesignableSlider: UISlider, DesignableSliderImages {
    var thumbImage: UIImage? { didSet { configureImages() } }
    var thumbHighlightedImage: UIImage? { didSet { configureImages() } }
    var minimumTrackImage: UIImage? { didSet { configureImages() } }

    /// A taller track, as designables offer.
    override func trackRect(forBounds bounds: CGRect) -> CGRect {
        let rect = super.trackRect(forBounds: bounds)
        return CGRect(x: rect.minX, y: bounds.midY - 4, width: rect.width, height: 8)
    }
}

/// The points of a triangle path, kept as strings as an activity indicator keeps them.
func trianglePoints(_ raw: [String]) -> [CGPoint] {
    raw.map { NSCoder.cgPoint(for: $0) }
}

final class SliderImagesTests: XCTestCase {
    func testADesignableSliderSetsItsImagesForBothStates() {
        let slider = DesignableSlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        }
        slider.thumbImage = image
        XCTAssertTrue(slider.thumbImage(for: .highlighted) === image)
        XCTAssertTrue(slider.currentThumbImage === image)
        let track = slider.trackRect(forBounds: slider.bounds)
        XCTAssertEqual(track.height, 8)
        XCTAssertEqual(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1).maxX, 200)
        XCTAssertEqual(trianglePoints(["{0,5}", "{2.5,0}"]), [CGPoint(x: 0, y: 5), CGPoint(x: 2.5, y: 0)])
        XCTAssertEqual(NSCoder.string(for: CGPoint(x: 3, y: 4)), "{3, 4}")
    }
}
