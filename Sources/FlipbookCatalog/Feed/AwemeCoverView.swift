import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A generated video picture: a two-colour gradient sky, a sun and a hill, with the title and
/// like count over a dark strip at the bottom. Used small in the grid and full screen in the
/// player.
final class AwemeCoverView: UIView {
    /// Holds the drawn layers, below the subviews (labels).
    private let art = UIView()
    private let gradient = CAGradientLayer()
    private let sun = UIView()
    private let hill = CAShapeLayer()
    private let strip = CAGradientLayer()
    let titleLabel = UILabel()
    let likeLabel = UILabel()
    /// Font sizes scale with the view: small in the grid, large in the player.
    var isLarge = false {
        didSet {
            applyFonts()
            setNeedsLayout()
        }
    }

    private var titleSize: CGFloat { isLarge ? 22 : 12 }

    private func applyFonts() {
        titleLabel.font = .boldSystemFont(ofSize: titleSize)
        likeLabel.font = .systemFont(ofSize: titleSize - 1)
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addSubview(art)
        art.layer.addSublayer(gradient)
        art.layer.addSublayer(hill)
        art.layer.addSublayer(strip)
        addSubview(sun)
        strip.colors = [UIColor(white: 0, alpha: 0).cgColor, UIColor(white: 0, alpha: 0.55).cgColor]
        titleLabel.textColor = .white
        likeLabel.textColor = .white
        addSubview(titleLabel)
        addSubview(likeLabel)
        applyFonts()
    }

    required init?(coder: NSCoder) {
        return nil
    }

    func show(_ aweme: Aweme) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let top = UIColor(hue: aweme.hue, saturation: 0.55, brightness: 0.95, alpha: 1)
        let bottom = UIColor(hue: (aweme.hue + 0.12).truncatingRemainder(dividingBy: 1), saturation: 0.75, brightness: 0.55, alpha: 1)
        gradient.colors = [top.cgColor, bottom.cgColor]
        sun.backgroundColor = UIColor(hue: (aweme.hue + 0.5).truncatingRemainder(dividingBy: 1), saturation: 0.35, brightness: 1, alpha: 0.9)
        hill.fillColor = UIColor(hue: (aweme.hue + 0.3).truncatingRemainder(dividingBy: 1), saturation: 0.6, brightness: 0.35, alpha: 1).cgColor
        titleLabel.text = aweme.title
        likeLabel.text = aweme.likeText
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        art.frame = b
        gradient.frame = b
        let r = b.width * 0.16
        sun.frame = CGRect(x: b.width * 0.62 - r, y: b.height * 0.28 - r, width: 2 * r, height: 2 * r)
        sun.layer.cornerRadius = r
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: b.height * 0.72))
        path.addQuadCurve(to: CGPoint(x: b.width, y: b.height * 0.62), control: CGPoint(x: b.width * 0.45, y: b.height * 0.42))
        path.addLine(to: CGPoint(x: b.width, y: b.height))
        path.addLine(to: CGPoint(x: 0, y: b.height))
        path.closeSubpath()
        hill.path = path
        hill.frame = b
        strip.frame = CGRect(x: 0, y: b.height * 0.7, width: b.width, height: b.height * 0.3)
        CATransaction.commit()
        let margin: CGFloat = isLarge ? 20 : 6
        let line = titleSize * 1.35
        likeLabel.frame = CGRect(x: margin, y: b.height - margin - line - (isLarge ? 40 : 0), width: b.width - 2 * margin, height: line)
        titleLabel.frame = likeLabel.frame.offsetBy(dx: 0, dy: -line)
    }
}

/// A grid cell: one cover.
final class AwemeGridCell: UICollectionViewCell {
    static let reuseIdentifier = "AwemeGridCell"
    let cover = AwemeCoverView(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(cover)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        cover.frame = contentView.bounds
    }
}
