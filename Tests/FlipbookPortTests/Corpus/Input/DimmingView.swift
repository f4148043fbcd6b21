//
//  DimmingView.swift
//  CardKit
//

/// The translucent layer behind the card.
@IBDesignable
final class DimmingView: UIView {
    @IBInspectable var dimming: CGFloat = 0.4 {
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
