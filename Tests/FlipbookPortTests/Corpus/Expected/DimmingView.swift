//
//  DimmingView.swift
//  CardKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The translucent layer behind the card.
final class DimmingView: UIView {
    var dimming: CGFloat = 0.4 {
        didSet { backgroundColor = UIColor.black.withAlphaComponent(dimming) }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.black.withAlphaComponent(dimming)
        alpha = 0
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
