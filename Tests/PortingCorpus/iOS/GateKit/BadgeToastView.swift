//
//  BadgeToastView.swift
//  GateKit
//

#if canImport(UIKit)
import UIKit

/// A badge toast: an icon, a title and a progress bar along its bottom edge.
public final class BadgeToastView: UIView {
    public let titleLabel = UILabel()
    #if os(iOS)
    let icon = ToastIconView(frame: .zero)
    let progress = ToastProgressBar(frame: .zero)
    #endif

    public init(title: String) {
        super.init(frame: .zero)
        backgroundColor = .toastBadgeBackground
        layer.cornerRadius = ToastMetrics.badgeHeight / 2
        layer.masksToBounds = true
        titleLabel.text = title
        titleLabel.textColor = .white
        titleLabel.font = .toastBadge
        addSubview(titleLabel)
        #if os(iOS)
        addSubview(icon)
        addSubview(progress)
        #endif
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let p = ToastMetrics.padding
        let iconSize = ToastMetrics.iconSize
        #if os(iOS)
        icon.frame = CGRect(x: p, y: (bounds.height - iconSize) / 2, width: iconSize, height: iconSize)
        progress.frame = CGRect(x: 0, y: bounds.height - ToastMetrics.progressHeight, width: bounds.width, height: ToastMetrics.progressHeight)
        titleLabel.frame = CGRect(x: p * 2 + iconSize, y: 0, width: bounds.width - p * 3 - iconSize, height: bounds.height)
        #else
        titleLabel.frame = bounds.insetBy(dx: p, dy: 0)
        #endif
    }
}
#endif
