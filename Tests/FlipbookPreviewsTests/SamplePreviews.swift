// An iOS-style file: its `#Preview` blocks are written as Xcode takes them, and compile here
// under `import Flipbook` unchanged.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A screen of one colour with a title.
final class SwatchViewController: UIViewController {
    let color: UIColor
    let title_: String
    init(color: UIColor, title: String) {
        self.color = color
        self.title_ = title
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let label = UILabel()
        label.text = title_
        label.textColor = .white
        label.frame = CGRect(x: 20, y: 100, width: 300, height: 40)
        view.addSubview(label)
    }
}

/// A badge with a count; 60 × 40 points when asked what size fits it.
final class BadgeView: UIView {
    var count = 0 { didSet { label.text = "\(count)" } }
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        layer.cornerRadius = 12
        label.textColor = .white
        label.textAlignment = .center
        addSubview(label)
    }
    required init?(coder: NSCoder) { nil }
    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 60, height: 40) }
}

struct PreviewFailure: Error, CustomStringConvertible {
    var description: String { "the sample data is missing" }
}

@MainActor func makeFailingView() throws -> UIView { throw PreviewFailure() }

#Preview("Card deck") { SwatchViewController(color: .systemBlue, title: "Deck") }

#Preview {
    let v = BadgeView()
    v.count = 3
    return v
}

#Preview("Landscape", traits: .landscapeLeft) { SwatchViewController(color: .systemGreen, title: "Wide") }

#Preview("Fixed", traits: .fixedLayout(width: 200, height: 100), .portrait) { BadgeView() }

#Preview("Fits", traits: .sizeThatFitsLayout) {
    let badge = BadgeView()
    badge.count = 42
    return badge
}

#Preview("Throws") { try makeFailingView() }
