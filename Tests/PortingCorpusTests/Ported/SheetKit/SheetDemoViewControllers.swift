//
//  SheetDemoViewControllers.swift
//  SheetKit
//
//  The example app: a screen that opens a sheet holding a scrolling list. Pulling the list
//  down past its first row drags the whole sheet down.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

class SheetHostViewController: UIViewController {

    let sheetDelegate = SheetTransitioningDelegate()
    let openButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.98, green: 0.89, blue: 0.73, alpha: 1)

        openButton.frame = CGRect(x: 96, y: 140, width: 200, height: 48)
        openButton.backgroundColor = UIColor(red: 0.85, green: 0.45, blue: 0.2, alpha: 1)
        openButton.layer.cornerRadius = 12
        openButton.setTitle("Show sheet", for: .normal)
        openButton.setTitleColor(.white, for: .normal)
        openButton.addTarget(self, action: { $0.openSheet() }, for: .touchUpInside)
        view.addSubview(openButton)
    }

    func openSheet() {
        let list = SheetListViewController()
        list.modalPresentationStyle = .custom
        list.transitioningDelegate = sheetDelegate
        present(list, animated: true, completion: nil)
    }
}

class SheetListViewController: UIViewController {

    let scrollView = UIScrollView()
    private(set) var rows: [UIView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.alwaysBounceVertical = true
        view.addSubview(scrollView)

        let handle = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 5))
        handle.backgroundColor = UIColor(white: 0.75, alpha: 1)
        handle.layer.cornerRadius = 2.5
        handle.tag = 1
        scrollView.addSubview(handle)

        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
        for index in 0..<14 {
            let row = UIView()
            row.backgroundColor = colors[index % colors.count].withAlphaComponent(0.8)
            row.layer.cornerRadius = 10
            scrollView.addSubview(row)
            rows.append(row)
        }

        if let sheetDelegate = transitioningDelegate as? SheetTransitioningDelegate {
            sheetDelegate.dismissInteraction.attach(to: scrollView, in: self)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        scrollView.viewWithTag(1)?.center = CGPoint(x: width / 2, y: 12)
        for (index, row) in rows.enumerated() {
            row.frame = CGRect(x: 16, y: 28 + CGFloat(index) * 76, width: width - 32, height: 64)
        }
        scrollView.contentSize = CGSize(width: width, height: 28 + CGFloat(rows.count) * 76)
    }
}
