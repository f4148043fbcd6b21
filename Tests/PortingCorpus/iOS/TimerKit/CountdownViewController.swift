//
//  CountdownViewController.swift
//  TimerKit
//
//  A countdown ring: a repeating timer ticks once a second, a display link sweeps the ring
//  every frame, a pulse stops after a few frames, and a banner goes away on its own. Every
//  target-action form iOS code uses, with and without the sender argument, and the tasks
//  newer code sleeps in.
//

import UIKit

public extension Notification.Name {
    static let countdownDidReset = Notification.Name("CountdownDidReset")
}

open class CountdownViewController: UIViewController {
    public let ring = CAShapeLayer()
    public let banner = UIView()
    public let resetButton = UIButton(type: .system)
    public private(set) var remaining = 3
    /// Everything that fired, with the media time it fired at (rounded to ms).
    public private(set) var events: [String] = []

    private var ticker: Timer?
    private var sweep: CADisplayLink?
    private var pulse: CADisplayLink?
    private var pulseFrames = 0
    private var blinker: Timer?
    private var sleeper: Task<Void, Never>?
    private var startTime: CFTimeInterval = 0

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 50, startAngle: -.pi / 2,
                                 endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemOrange.cgColor
        ring.lineWidth = 10
        ring.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        view.layer.addSublayer(ring)

        banner.backgroundColor = .systemGreen
        banner.layer.cornerRadius = 10
        view.addSubview(banner)

        resetButton.setTitle("Reset", for: .normal)
        resetButton.addTarget(self, action: #selector(resetTapped(_:)), for: .touchUpInside)
        view.addSubview(resetButton)

        NotificationCenter.default.addObserver(self, selector: #selector(didReset(_:)),
                                               name: .countdownDidReset, object: nil)
        NotificationCenter.default.addObserver(self, selector: #selector(memoryWarning),
                                               name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        ring.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY - 80)
        banner.frame = CGRect(x: 40, y: view.bounds.midY + 40, width: view.bounds.width - 80, height: 44)
        resetButton.frame = CGRect(x: view.bounds.midX - 60, y: view.bounds.maxY - 140, width: 120, height: 44)
    }

    /// Starts the countdown: call once the view is on screen.
    public func start() {
        startTime = CACurrentMediaTime()
        ticker = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                                      userInfo: nil, repeats: true)
        blinker = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(blink(_:)),
                                       userInfo: nil, repeats: false)
        sweep = CADisplayLink(target: self, selector: #selector(step(_:)))
        sweep?.add(to: .main, forMode: .common)
        pulse = CADisplayLink(target: self, selector: #selector(pulseStep))
        pulse?.add(to: .main, forMode: .common)
        perform(#selector(hideBanner), with: nil, afterDelay: 1.5)
        perform(#selector(note(_:)), with: "never", afterDelay: 3.5)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { [weak self] in
            self?.record("async")
        }
        DispatchQueue.main.async { [weak self] in
            self?.record("next turn")
        }
        _ = Timer.scheduledTimer(withTimeInterval: 0.75, repeats: false) { [weak self] _ in
            self?.record("block timer")
        }
        Task { [weak self] in
            try? await Task.sleep(seconds: 1.25)
            self?.record("task slept")
        }
        sleeper = Task { [weak self] in
            do {
                try await Task.sleep(for: .seconds(3.5))
                self?.record("sleeper woke")
            } catch {
                self?.record("sleeper cancelled")
            }
        }
    }

    private func record(_ what: String) {
        let t = ((CACurrentMediaTime() - startTime) * 1000).rounded() / 1000
        events.append("\(what) @\(t)")
    }

    @objc func tick() {
        remaining -= 1
        record("tick \(remaining)")
        if remaining == 0 {
            ticker?.invalidate()
            sweep?.invalidate()
            sleeper?.cancel()
            NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(note(_:)), object: nil)
        }
    }

    @objc func blink(_ timer: Timer) {
        record("blink \(timer.isValid)")
    }

    @objc func step(_ link: CADisplayLink) {
        let elapsed = link.timestamp - startTime
        ring.strokeEnd = max(0, 1 - CGFloat(elapsed / 3))
    }

    @objc func pulseStep() {
        pulseFrames += 1
        if pulseFrames == 3 {
            pulse?.invalidate()
            record("pulse done")
        }
    }

    @objc func hideBanner() {
        banner.isHidden = true
        record("banner hidden")
    }

    @objc func note(_ text: String) {
        record("note \(text)")
    }

    @objc func resetTapped(_ sender: UIButton) {
        NotificationCenter.default.post(name: .countdownDidReset, object: self)
    }

    @objc func didReset(_ notification: NSNotification) {
        record("reset from \(notification.object is CountdownViewController)")
    }

    @objc func memoryWarning() {
        record("memory warning")
    }
}

extension Task where Success == Never, Failure == Never {
    /// A sleep in seconds, as many libraries add.
    static func sleep(seconds: TimeInterval) async throws {
        try await sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
