import Foundation

// Xcode's colour and image literals, `#colorLiteral(red:green:blue:alpha:)` and
// `#imageLiteral(resourceName:)`: Swift builds them through these protocols, which UIKit's
// `UIColor` and `UIImage` adopt.

extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of a `#colorLiteral`, in sRGB.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

extension UIImage: _ExpressibleByImageLiteral {
    /// The image of an `#imageLiteral(resourceName:)`: `UIImage(named:)`'s. UIKit traps when the
    /// resource is missing; Flipbook reports it and gives an empty image.
    public convenience init(imageLiteralResourceName name: String) {
        if let found = UIImage(named: name), let cgImage = found.cgImage {
            self.init(cgImage: cgImage, scale: found.scale, renderingMode: .automatic, symbol: nil, tint: nil)
        } else {
            FlipbookDiagnostics.report(
                "#imageLiteral(resourceName: \"\(name)\"): no image of that name was found (UIKit traps here); "
                    + "using an empty image.", once: "imageLiteral.\(name)")
            self.init(cgImage: nil, scale: 1, renderingMode: .automatic, symbol: nil, tint: nil)
        }
    }
}

/// The type a `#colorLiteral` has when nothing else decides it (UIKit's choice).
public typealias _ColorLiteralType = UIColor
/// The type an `#imageLiteral` has when nothing else decides it.
public typealias _ImageLiteralType = UIImage
