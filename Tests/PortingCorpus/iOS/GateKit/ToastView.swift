//
//  ToastView.swift
//  GateKit
//
//  A rounded toast with a title. Like every file of GateKit, it is wrapped in a platform gate
//  with its import inside, so the package also builds (empty) for macOS.
//

#if canImport(UIKit)
import UIKit

public final class ToastView: UIView {
    public let titleLabel = UILabel()

    public init(title: String) {
        super.init(frame: .zero)
        backgroundColor = ToastStyle.background
        layer.cornerRadius = ToastStyle.cornerRadius
        layer.applyToastShadow()
        titleLabel.text = title
        titleLabel.textColor = .white
        titleLabel.font = .systemFont(ofSize: 16, weight: .semibold)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = bounds.insetBy(dx: 16, dy: 8)
    }
}
#endif
