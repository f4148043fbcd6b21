//
//  TabDemoViewControllers.swift
//  TabKit
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The app's own tab bar controller delegate: it logs selections, and can refuse a tab.
public final class TabSelectionLog: NSObject, UITabBarControllerDelegate {
    public private(set) var selected: [String] = []

    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        selected.append(viewController.title ?? "?")
    }
}

/// The same, refusing every tab titled "Locked".
public final class TabGatekeeper: NSObject, UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        return viewController.title != "Locked"
    }
}

public final class ColorTabViewController: UIViewController {
    let color: UIColor

    public init(title: String, color: UIColor) {
        self.color = color
        super.init(nibName: nil, bundle: nil)
        self.title = title
        tabBarItem = UITabBarItem(title: title, image: nil, tag: 0)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let label = UILabel()
        label.text = title
        label.font = .boldSystemFont(ofSize: 40)
        label.textColor = .white
        label.sizeToFit()
        label.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        label.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(label)
    }
}
