import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// iOS 26's corner configurations: each form's radii, resolved against the view's size and its
/// container (docs/Semantics.md, "Corner configurations"), and what the backing layer gets.
@MainActor
@Suite(.freshRuntime) struct CornerConfigurationTests {
    func radii(_ view: UIView) -> [CGFloat] {
        [view.effectiveRadius(corner: .topLeft), view.effectiveRadius(corner: .topRight),
         view.effectiveRadius(corner: .bottomLeft), view.effectiveRadius(corner: .bottomRight)]
    }

    @Test func fixedRadiiAreAtMostHalfTheShorterSide() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.cornerConfiguration = .corners(radius: 40)
        #expect(radii(view) == [30, 30, 30, 30])
        #expect(view.layer.cornerRadius == 30)
        #expect(view.layer.cornerCurve == .continuous)
        #expect(view.layer.cornerRadiusShares == nil)
        view.cornerConfiguration = .corners(radius: .fixed(12))
        #expect(radii(view) == [12, 12, 12, 12])
    }

    @Test func eachCornerKeepsItsOwnRadius() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.cornerConfiguration = .corners(topLeftRadius: 10, topRightRadius: 20, bottomLeftRadius: 30, bottomRightRadius: 40)
        #expect(radii(view) == [10, 20, 30, 40])
        #expect(view.effectiveRadius(corner: .allCorners) == 40)
        #expect(view.effectiveRadius(corner: [.topLeft, .bottomLeft]) == 30)
        #expect(view.layer.cornerRadius == 40)
        #expect(view.layer.cornerRadiusShares == [0.25, 0.5, 0.75, 1])
        view.cornerConfiguration = .corners(topLeftRadius: 16, topRightRadius: 16, bottomLeftRadius: nil, bottomRightRadius: nil)
        #expect(radii(view) == [16, 16, 0, 0])
        #expect(view.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(view.layer.cornerRadiusShares == nil)
    }

    @Test func aCapsuleFollowsTheViewsSize() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        window.addSubview(view)
        view.cornerConfiguration = .capsule()
        #expect(radii(view) == [30, 30, 30, 30])
        view.frame.size.height = 20
        MediaClock.main.advanceFrames(1)
        #expect(view.layer.cornerRadius == 10)
        view.cornerConfiguration = .capsule(maximumRadius: 6)
        #expect(radii(view) == [6, 6, 6, 6])
    }

    /// A container with 30-point corners; the view sits 10 points in from its top and left
    /// and 20 points in from its right and bottom.
    @Test func concentricRadiiFollowTheContainersCorners() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        container.cornerConfiguration = .corners(radius: 30)
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 170, height: 170))
        container.addSubview(view)
        view.cornerConfiguration = .corners(radius: .containerConcentric())
        #expect(radii(view) == [20, 10, 10, 10])
        view.cornerConfiguration = .corners(radius: .containerConcentric(minimum: 15))
        #expect(radii(view) == [20, 15, 15, 15])
        view.cornerConfiguration = .uniformCorners(radius: .containerConcentric())
        #expect(radii(view) == [20, 20, 20, 20])
        view.cornerConfiguration = .uniformEdges(topRadius: .containerConcentric(), bottomRadius: 4)
        #expect(radii(view) == [20, 20, 4, 4])
        view.cornerConfiguration = .uniformEdges(leftRadius: .containerConcentric(), rightRadius: 4)
        #expect(radii(view) == [20, 4, 20, 4])
        view.cornerConfiguration = .uniformTopRadius(8, bottomRightRadius: 2)
        #expect(radii(view) == [8, 8, 0, 2])
        view.cornerConfiguration = .uniformBottomRadius(8, topLeftRadius: 2)
        #expect(radii(view) == [2, 0, 8, 8])
        view.cornerConfiguration = .uniformLeftRadius(8)
        #expect(radii(view) == [8, 0, 8, 0])
        view.cornerConfiguration = .uniformRightRadius(8, bottomLeftRadius: 1)
        #expect(radii(view) == [0, 8, 1, 8])
    }

    /// Without a configured ancestor the window is the container, with its screen's corners
    /// (55 points on an iPhone 15); a view in no window has no container.
    @Test func theWindowsCornersAreTheScreens() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.makeKeyAndVisible()
        let card = UIView(frame: CGRect(x: 16, y: 600, width: 361, height: 236))
        card.cornerConfiguration = .corners(radius: .containerConcentric(minimum: 12))
        #expect(radii(card) == [12, 12, 12, 12])
        window.addSubview(card)
        #expect(radii(card) == [12, 12, 39, 39])
        #expect(window.screen.device.displayCornerRadius == 55)
    }

    @Test func aViewWithoutAConfigurationAnswersItsLayersRadius() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        view.layer.cornerRadius = 12
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        #expect(radii(view) == [12, 12, 0, 0])
        view.layer.cornerRadius = 50
        #expect(view.effectiveRadius(corner: .topLeft) == 20)
        #expect(view.cornerConfiguration == .corners(radius: 0))
    }

    @Test func aConfigurationSetInAnAnimationBlockAnimates() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        MediaClock.main.advanceFrames(1)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
            view.cornerConfiguration = .corners(radius: 20)
        }
        MediaClock.main.advance(by: 0.5)
        let r = view.layer.presentation()?.cornerRadius ?? -1
        #expect(r > 5 && r < 15)
        MediaClock.main.advance(by: 0.6)
        #expect(view.layer.presentation()?.cornerRadius == 20)
    }

    @Test func descriptionsNameTheForm() {
        #expect(UICornerRadius.fixed(3).description == "fixed(3.0)")
        #expect(UICornerConfiguration.capsule().description.contains("capsule"))
        #expect(UICornerRadius.containerConcentric(minimum: 2) != .containerConcentric())
    }
}
