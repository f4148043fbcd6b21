import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookRender

/// UIActivityIndicatorView: sizes, hidesWhenStopped, colours, and the turning spinner drawn at
/// fixed media times.
@Suite(.freshRuntime) @MainActor struct ActivityIndicatorViewTests {
    @Test func stylesHaveIOSSizesAndRawValues() {
        typealias S = UIActivityIndicatorView.Style
        #expect([S.medium, .large, .whiteLarge, .white, .gray].map(\.rawValue) == [100, 101, 0, 1, 2])
        let sizes: [(S, CGFloat)] = [(.medium, 20), (.large, 37), (.white, 20), (.whiteLarge, 37), (.gray, 20)]
        for (style, side) in sizes {
            let spinner = UIActivityIndicatorView(style: style)
            #expect(spinner.frame == CGRect(x: 0, y: 0, width: side, height: side))
            #expect(spinner.intrinsicContentSize == CGSize(width: side, height: side))
            #expect(spinner.style == style)
        }
        let framed = UIActivityIndicatorView(frame: CGRect(x: 5, y: 5, width: 100, height: 50))
        #expect(framed.style == .medium && framed.frame.size == CGSize(width: 100, height: 50))
        #expect(framed.intrinsicContentSize == CGSize(width: 20, height: 20))
        framed.style = .large                                   // the size follows; the frame stays
        #expect(framed.intrinsicContentSize == CGSize(width: 37, height: 37))
        #expect(framed.frame.size == CGSize(width: 100, height: 50))
        framed.sizeToFit()
        #expect(framed.frame.size == CGSize(width: 37, height: 37))
        #expect(UIActivityIndicatorView().frame.size == .zero)
    }

    @Test func hidesWhenStoppedHidesTheStoppedView() {
        let spinner = UIActivityIndicatorView(style: .medium)
        #expect(spinner.hidesWhenStopped && !spinner.isAnimating && spinner.isHidden)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        #expect(spinner.spinnerLayer.animation(forKey: UIActivityIndicatorView.animationKey) != nil)
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        #expect(spinner.spinnerLayer.animation(forKey: UIActivityIndicatorView.animationKey) == nil)
        spinner.hidesWhenStopped = false                      // shows the stopped spinner at once
        #expect(!spinner.isHidden)
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden)
        spinner.hidesWhenStopped = true
        #expect(spinner.isHidden)
        spinner.startAnimating()
        spinner.hidesWhenStopped = false                      // while animating: nothing to hide
        #expect(!spinner.isHidden && spinner.isAnimating)
    }

    @Test func colorDefaultsToTheStylesAndResets() {
        #expect(UIActivityIndicatorView(style: .white).color == .white)
        #expect(UIActivityIndicatorView(style: .whiteLarge).color == .white)
        #expect(UIActivityIndicatorView(style: .gray).color == .gray)
        let spinner = UIActivityIndicatorView(style: .medium)
        #expect(spinner.color == .secondaryLabel)
        spinner.color = .systemRed
        #expect(spinner.color == .systemRed)
        spinner.style = .white                                // a colour set wins over the style's
        #expect(spinner.color == .systemRed)
        spinner.color = nil
        #expect(spinner.color == .white)
    }

    /// The grey level (0 black … 255 white) of the pixel at window point `p` (2 pixels a point).
    func grey(_ image: RenderedImage, _ p: CGPoint) -> Int { Int(image.pixel(x: Int(p.x * 2), y: Int(p.y * 2)).r) }

    @Test func spinnerTurnsOneSpokeAnEighthOfASecond() {
        let root = UIViewController()
        root.view.backgroundColor = .white
        let app = AppDriver(rootViewController: root)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 100, y: 200)
        root.view.addSubview(spinner)
        // Spoke centres lie 18.5 - 0.28·37/2 = 13.32 points from the middle.
        let r: CGFloat = 18.5 - 0.28 * 37 / 2
        let top = CGPoint(x: 100, y: 200 - r)
        let diagonal = CGPoint(x: 100 + r * sin(CGFloat.pi / 4), y: 200 - r * cos(CGFloat.pi / 4))
        let bottom = CGPoint(x: 100, y: 200 + r)
        let stopped = app.render()
        #expect(grey(stopped, top) == 255)                    // hidden while stopped
        spinner.startAnimating()
        app.advance(by: 0.06)
        let first = app.render()
        #expect(grey(first, top) < 10)                        // the leading spoke, full colour
        #expect(grey(first, diagonal) > 150)                  // the faintest, just ahead of it (30 %)
        #expect((90...115).contains(grey(first, bottom)))     // half way round (60 %)
        #expect(grey(first, CGPoint(x: 100, y: 200)) == 255)  // the middle is empty
        app.advance(by: 0.125)
        let second = app.render()
        #expect(grey(second, diagonal) < 10)                  // turned clockwise by one spoke
        #expect((15...40).contains(grey(second, top)))        // the spoke behind it (90 %)
        app.advance(by: 0.875)                                // a whole turn later: as at first
        let again = app.render()
        #expect([top, diagonal, bottom].map { grey(again, $0) } == [top, diagonal, bottom].map { grey(first, $0) })
        spinner.stopAnimating()
        #expect(grey(app.render(), top) == 255)
    }
}
