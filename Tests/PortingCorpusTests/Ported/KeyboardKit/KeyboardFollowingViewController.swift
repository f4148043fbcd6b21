//
//  KeyboardFollowingViewController.swift
//  KeyboardKit
//
//  Keeps a bar (a message composer, a toolbar) on top of the keyboard: it moves with the
//  keyboard's own duration and curve whenever the keyboard's frame changes.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

open class KeyboardFollowingViewController: UIViewController {

    /// The bar that rides on the keyboard.
    public let accessoryBar = UIView()

    /// The bar's height.
    open var accessoryHeight: CGFloat = 56

    /// How much of the view the keyboard covers now (0 when it is hidden).
    public private(set) var keyboardOverlap: CGFloat = 0

    /// Durations of the keyboard animations followed, in order.
    public private(set) var followedDurations: [TimeInterval] = []

    override open func viewDidLoad() {
        super.viewDidLoad()
        accessoryBar.backgroundColor = UIColor(white: 0.96, alpha: 1)
        view.addSubview(accessoryBar)

        let field = UIView(frame: CGRect(x: 12, y: 10, width: 280, height: 36))
        field.backgroundColor = .white
        field.layer.cornerRadius = 18
        field.layer.borderWidth = 1
        field.layer.borderColor = UIColor(white: 0.8, alpha: 1).cgColor
        accessoryBar.addSubview(field)

        let send = UIView(frame: CGRect(x: 304, y: 10, width: 36, height: 36))
        send.backgroundColor = .systemBlue
        send.layer.cornerRadius = 18
        accessoryBar.addSubview(send)
    }

    override open func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self,
                                               selector: { $0.keyboardWillChange($1) },
                                               name: UIResponder.keyboardWillChangeFrameNotification,
                                               object: nil)
    }

    override open func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
    }

    override open func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutAccessoryBar()
    }

    private func layoutAccessoryBar() {
        let bounds = view.bounds
        let bottom = keyboardOverlap > 0 ? keyboardOverlap : view.safeAreaInsets.bottom
        accessoryBar.frame = CGRect(x: 0, y: bounds.maxY - bottom - accessoryHeight,
                                    width: bounds.width, height: accessoryHeight)
    }

    func keyboardWillChange(_ notification: Notification) {
        guard let userInfo = notification.userInfo,
              let endFrame = (userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else {
            return
        }
        let duration = (userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? 0.25
        let curveValue = (userInfo[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.uintValue
            ?? UInt(UIView.AnimationCurve.easeInOut.rawValue)

        // The frame is in screen coordinates: bring it into the view's before measuring.
        let keyboardFrame = view.convert(endFrame, from: nil)
        keyboardOverlap = max(0, view.bounds.maxY - keyboardFrame.minY)
        followedDurations.append(duration)

        let options = UIView.AnimationOptions(rawValue: curveValue << 16)
        UIView.animate(withDuration: duration, delay: 0, options: [options, .beginFromCurrentState], animations: {
            self.layoutAccessoryBar()
        }, completion: nil)
    }
}

/// The example app: a conversation whose composer follows the keyboard.
class ConversationViewController: KeyboardFollowingViewController {

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.9, green: 0.93, blue: 0.97, alpha: 1)

        let bubbles: [(CGFloat, CGFloat, Bool)] = [(120, 200, false), (190, 150, true), (250, 230, false), (320, 120, true)]
        for (y, width, mine) in bubbles {
            let bubble = UIView(frame: CGRect(x: mine ? 393 - 16 - width : 16, y: y, width: width, height: 48))
            bubble.backgroundColor = mine ? .systemBlue : .white
            bubble.layer.cornerRadius = 18
            view.addSubview(bubble)
        }
    }
}
