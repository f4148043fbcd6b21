//
//  ToastIconView.swift
//  GateKit
//

#if os(iOS)
import UIKit

/// A green disc with a tick, which pops when it appears.
final class ToastIconView: UIView {
    private let tick = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .toastProgress
        tick.text = "✓"
        tick.textColor = .white
        tick.textAlignment = .center
        tick.font = .systemFont(ofSize: 16, weight: .bold)
        addSubview(tick)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
        tick.frame = bounds
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            layer.add(ToastSpring.pop(), forKey: "pop")
        }
    }
}
#endif
