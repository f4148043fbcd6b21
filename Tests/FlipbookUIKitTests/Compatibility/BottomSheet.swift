// Compatibility corpus: "a bottom sheet with a UIViewPropertyAnimator and velocity handoff".
// Ordinary UIKit code in the style of interruptible-animation tutorials and sheet libraries:
// a pan scrubs a property animator's fractionComplete; on release the animator continues with
// a spring whose initial velocity is the pan's velocity relative to the distance left, or is
// reversed when the gesture did not go far or fast enough. Ported with only the import and the
// target-action line changed.
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

final class BottomSheetViewController: UIViewController {
    enum SheetState {
        case collapsed, expanded
        var opposite: SheetState { self == .collapsed ? .expanded : .collapsed }
    }

    let dimmingView = UIView()
    let sheet = UIView()
    private let handle = UIView()
    private let titleLabel = UILabel()
    private(set) var state: SheetState = .collapsed
    private(set) var animator: UIViewPropertyAnimator?
    private var animationTarget: SheetState = .expanded
    private var fractionAtGrab: CGFloat = 0
    /// The spring's initial velocity at each release (remaining distances per second).
    private(set) var handoffVelocities: [CGFloat] = []
    private(set) var finishedPositions: [UIViewAnimatingPosition] = []

    let collapsedHeight: CGFloat = 140
    var expandedTop: CGFloat { view.bounds.height * 0.25 }
    var collapsedTop: CGFloat { view.bounds.height - collapsedHeight }
    var travel: CGFloat { collapsedTop - expandedTop }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal
        for i in 0..<3 {
            let pin = UIView(frame: CGRect(x: 60 + CGFloat(i) * 110, y: 140 + CGFloat(i % 2) * 160, width: 36, height: 36))
            pin.backgroundColor = .systemRed
            pin.layer.cornerRadius = 18
            pin.layer.borderWidth = 4
            pin.layer.borderColor = UIColor.white.cgColor
            view.addSubview(pin)
        }

        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        view.addSubview(dimmingView)

        sheet.backgroundColor = .systemBackground
        sheet.layer.cornerRadius = 12
        sheet.layer.shadowColor = UIColor.black.cgColor
        sheet.layer.shadowOpacity = 0.2
        sheet.layer.shadowRadius = 10
        view.addSubview(sheet)

        handle.backgroundColor = .systemGray3
        handle.layer.cornerRadius = 2.5
        sheet.addSubview(handle)

        titleLabel.text = "Nearby"
        titleLabel.font = .boldSystemFont(ofSize: 22)
        sheet.addSubview(titleLabel)

        for i in 0..<6 {
            let row = UIView(frame: CGRect(x: 16, y: 64 + CGFloat(i) * 64, width: 361, height: 52))
            row.backgroundColor = i % 2 == 0 ? .systemGray6 : .systemGray5
            row.layer.cornerRadius = 10
            sheet.addSubview(row)
        }

        // iOS: UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        sheet.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: { $0.handlePan($1) }))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        dimmingView.frame = view.bounds
        guard animator == nil else { return }
        sheet.frame = frame(for: state)
        handle.frame = CGRect(x: (view.bounds.width - 40) / 2, y: 8, width: 40, height: 5)
        titleLabel.frame = CGRect(x: 16, y: 20, width: 200, height: 30)
    }

    private func frame(for state: SheetState) -> CGRect {
        let top = state == .expanded ? expandedTop : collapsedTop
        return CGRect(x: 0, y: top, width: view.bounds.width, height: view.bounds.height - expandedTop + 40)
    }

    private func makeAnimator(to target: SheetState) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 1) {
            self.sheet.frame = self.frame(for: target)
            self.sheet.layer.cornerRadius = target == .expanded ? 24 : 12
            self.dimmingView.alpha = target == .expanded ? 0.4 : 0
        }
        animator.addCompletion { position in
            self.finishedPositions.append(position)
            if position == .end { self.state = target }
            self.animator = nil
        }
        return animator
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            if animator == nil {
                animationTarget = state.opposite
                animator = makeAnimator(to: animationTarget)
            }
            animator?.pauseAnimation()
            fractionAtGrab = animator?.fractionComplete ?? 0
        case .changed:
            guard let animator else { return }
            var fraction = pan.translation(in: view).y / travel
            if animationTarget == .expanded { fraction *= -1 }
            if animator.isReversed { fraction *= -1 }
            animator.fractionComplete = fractionAtGrab + fraction
        case .ended, .cancelled:
            guard let animator else { return }
            let velocity = pan.velocity(in: view).y
            // Points per second towards the animator's target (up for expanding).
            let towardsTarget = animationTarget == .expanded ? -velocity : velocity
            let progress = animator.fractionComplete
            let finishes = abs(towardsTarget) > 300 ? towardsTarget > 0 : progress > 0.5
            animator.isReversed = !finishes
            let remaining = max(finishes ? 1 - progress : progress, 0.05)
            let relative = max(min((finishes ? towardsTarget : -towardsTarget) / (remaining * travel), 30), -30)
            handoffVelocities.append(relative)
            let spring = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: relative, dy: relative))
            animator.continueAnimation(withTimingParameters: spring, durationFactor: 1)
        default:
            break
        }
    }
}
