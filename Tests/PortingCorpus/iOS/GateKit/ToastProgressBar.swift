//
//  ToastProgressBar.swift
//  GateKit
//

#if os(iOS)
import UIKit

/// A thin bar that empties, left to right, over the badge's stay.
final class ToastProgressBar: UIView {
    private let fill = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.white.withAlphaComponent(0.2)
        fill.backgroundColor = .toastProgress
        addSubview(fill)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func run(for duration: TimeInterval) {
        fill.frame = bounds
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear]) {
            self.fill.frame.size.width = 0
        }
    }
}
#endif
