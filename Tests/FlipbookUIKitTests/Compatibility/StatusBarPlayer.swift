// Compatibility corpus: "a status bar that changes with the presented controller". A light
// list presents a full-screen dark player that asks for white status bar content and hides it
// on tap, as media apps do. Ported with only the import changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class TrackListViewController: UIViewController {
    override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        for i in 0..<4 {
            let row = UIView(frame: CGRect(x: 16, y: 120 + CGFloat(i) * 72, width: 361, height: 60))
            row.backgroundColor = .secondarySystemGroupedBackground
            row.layer.cornerRadius = 10
            let icon = UIImageView(image: UIImage(systemName: "play.circle.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 28)))
            icon.center = CGPoint(x: 36, y: 30)
            row.addSubview(icon)
            view.addSubview(row)
        }
    }

    func openPlayer() {
        let player = PlayerViewController()
        player.modalPresentationStyle = .fullScreen
        present(player, animated: true)
    }
}

final class PlayerViewController: UIViewController {
    var chromeHidden = false {
        didSet {
            UIView.animate(withDuration: 0.3) { self.setNeedsStatusBarAppearanceUpdate() }
        }
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    override var prefersStatusBarHidden: Bool { chromeHidden }
    override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let close = UIButton(type: .system, primaryAction: UIAction(image: UIImage(systemName: "xmark")) { [unowned self] _ in
            self.dismiss(animated: true)
        })
        close.tintColor = .white
        close.frame = CGRect(x: 16, y: 64, width: 44, height: 44)
        view.addSubview(close)
        let pause = UIImageView(image: UIImage(systemName: "pause.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 44)))
        pause.tintColor = .white
        pause.center = CGPoint(x: 196, y: 426)
        view.addSubview(pause)
    }
}
