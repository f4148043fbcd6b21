import Foundation
import Testing
import TestSupport
import Flipbook

/// How photo browsers, action sheets and bulletin boards call the UIKit added for them
/// (activity indicators, system delete animations, accessibility on images and bar items,
/// controller inset callbacks, content alignment, alerts), written as they write it on iOS.
@Suite(.freshRuntime) @MainActor struct LibraryGapsCompileTests {
    final class LoadingView: UIActivityIndicatorView {
        override init(frame: CGRect) {
            super.init(frame: frame)
            hidesWhenStopped = true
        }
        required init(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class Browser: UIViewController {
        var insetChanges = 0
        let spinner = UIActivityIndicatorView(style: .whiteLarge)
        let close = UIButton(type: .system)
        override func viewDidLoad() {
            super.viewDidLoad()
            spinner.color = .white
            view.addSubview(spinner)
            close.contentHorizontalAlignment = .leading
            close.contentVerticalAlignment = .top
            view.addSubview(close)
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
            navigationItem.rightBarButtonItem?.accessibilityLabel = "Close"
        }
        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            insetChanges += 1
        }
        override func viewLayoutMarginsDidChange() { super.viewLayoutMarginsDidChange() }
        func share() {
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Save", style: .default) { [weak self] _ in self?.saved() })
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
            present(sheet, animated: true, completion: nil)
        }
        func saved() {}
    }

    @Test func libraryStyleCallsCompileAndRun() {
        let browser = Browser()
        let app = AppDriver(rootViewController: browser)
        #expect(browser.insetChanges == 1)
        let loading = LoadingView(frame: .zero)
        loading.startAnimating()
        #expect(loading.isAnimating && loading.style == .medium)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in }
        image.accessibilityLabel = "Photo"
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        browser.view.addSubview(cell)
        UIView.perform(.delete, on: [cell], options: [], animations: nil)
        UIView.perform(.delete, on: [], options: [.beginFromCurrentState, .allowUserInteraction], animations: {
            cell.frame.origin.x = 5
        }, completion: nil)
        browser.share()
        app.advance(by: 1)
        #expect(cell.superview == nil)
        #expect(browser.presentedViewController is UIAlertController)
        loading.stopAnimating()
    }
}
