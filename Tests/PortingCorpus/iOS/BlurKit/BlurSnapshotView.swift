//
//  BlurSnapshotView.swift
//  BlurKit
//
//  A view showing a blurred, tinted snapshot of another view. Its blur radius animates on the
//  screen's display link, and the view fills its layer itself in `display(_:)`.
//

import os.log
import UIKit

open class BlurSnapshotView: UIView {
    open weak var target: UIView?
    open var tintOverlay: UIColor = UIColor(white: 1, alpha: 0.35)
    open private(set) var blurRadius: CGFloat = 0
    /// Every radius drawn, for whoever wants to follow along.
    open private(set) var radiiDrawn: [Int] = []

    private var displayLink: CADisplayLink?
    private var startRadius: CGFloat = 0
    private var endRadius: CGFloat = 0
    private var startTime: CFTimeInterval = 0
    private var duration: CFTimeInterval = 0
    private var completion: (() -> Void)?

    public init(target: UIView) {
        self.target = target
        super.init(frame: target.bounds)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// Animates the blur radius to `radius` over `duration`, linearly.
    open func animateBlur(to radius: CGFloat, duration: CFTimeInterval, completion: (() -> Void)? = nil) {
        displayLink?.invalidate()
        startRadius = blurRadius
        endRadius = radius
        startTime = CACurrentMediaTime()
        self.duration = duration
        self.completion = completion
        os_log("blur %{public}@ -> %{public}@", log: blurLog, type: .debug, "\(blurRadius)", "\(radius)")
        displayLink = UIScreen.main.displayLink(withTarget: self, selector: #selector(step(_:)))
        displayLink?.add(to: .main, forMode: .common)
    }

    @objc private func step(_ link: CADisplayLink) {
        let progress = duration > 0 ? min(1, (link.timestamp - startTime) / duration) : 1
        blurRadius = startRadius + (endRadius - startRadius) * CGFloat(progress)
        layer.setNeedsDisplay()
        if progress >= 1 {
            link.invalidate()
            displayLink = nil
            let done = completion
            completion = nil
            done?()
        }
    }

    open override func display(_ layer: CALayer) {
        guard let target = target, bounds.width > 0, bounds.height > 0 else { return }
        let format = UIGraphicsImageRendererFormat()
        format.scale = 0.5  // blurred anyway: a half-resolution capture costs a quarter
        let snapshot = UIGraphicsImageRenderer(bounds: bounds, format: format).image { _ in
            target.drawHierarchy(in: target.bounds, afterScreenUpdates: false)
        }
        let radius = Int(blurRadius.rounded())
        radiiDrawn.append(radius)
        guard let blurred = snapshot.cgImage?.boxBlurred(radius: radius) else { return }
        let tinted = UIGraphicsImageRenderer(bounds: bounds, format: format).image { context in
            UIImage(cgImage: blurred).draw(in: bounds)
            tintOverlay.setFill()
            UIRectFillUsingBlendMode(bounds, .normal)
            UIImage(cgImage: blurred).draw(in: bounds, blendMode: .multiply, alpha: 0.2)
        }
        layer.contents = tinted.cgImage
    }
}
