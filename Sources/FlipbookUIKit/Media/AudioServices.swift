import Foundation
import FlipbookGeometry
import FlipbookQuartz

// AudioToolbox's system sounds: the part UI libraries call for a click when a menu opens, a
// whoosh when a card flies away, or the phone's vibration. Flipbook plays no audio. A sound is
// registered from a file that exists, and each play is recorded, with its time, in the haptics
// log of the AppDriver running the app (`AppDriver.haptics`, as `.systemSound`), so a test can
// assert that a transition played its sound. `flipbook port` keeps a file whose only
// AudioToolbox names are these (docs/Porting.md, "What stays out of reach").

/// An identifier of a registered system sound, AudioToolbox's `SystemSoundID`.
public typealias SystemSoundID = UInt32

/// A result code of Apple's C APIs (`noErr` is 0).
public typealias OSStatus = Int32

/// The system sound that vibrates the device (AudioToolbox's `kSystemSoundID_Vibrate`).
public let kSystemSoundID_Vibrate: SystemSoundID = 0x0000_0FFF

/// The file could not be read as a sound (AudioToolbox's `kAudioServicesSystemSoundUnspecifiedError`).
public let kAudioServicesSystemSoundUnspecifiedError: OSStatus = -1500

/// Success (AudioToolbox's `kAudioServicesNoError`).
public let kAudioServicesNoError: OSStatus = 0

/// The sounds registered so far (identifiers count up from 4096, past the system's own).
enum SystemSounds {
    struct Registry {
        var next: SystemSoundID = 4096
        var files: [SystemSoundID: URL] = [:]
    }
    static let registry = LockedValue(Registry())

    /// Records a play of `id` in the haptics log of the app on the main thread's driver (a play
    /// from another thread is not recorded).
    static func record(_ id: SystemSoundID, alert: Bool) {
        guard MainQueue.isCurrent else { return }
        MainActor.assumeIsolated {
            let application = UIApplication.shared
            guard let env = application.driverEnvironment else { return }
            let now = (env.runtime?.clock ?? MediaClock.main).now
            env.haptics.append(FeedbackEvent(kind: .systemSound(id, alert: alert), time: now - env.startTime, mediaTime: now))
        }
    }
}

/// Registers the sound in the file at `inFileURL` and writes its identifier to
/// `outSystemSoundID`; `kAudioServicesSystemSoundUnspecifiedError` (and nothing written) when
/// there is no file there. (Callers ignore the status as freely as Swift lets them ignore a C
/// function's.)
@discardableResult
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    let url = inFileURL as URL
    guard url.isFileURL, FileManager.default.fileExists(atPath: url.path) else { return kAudioServicesSystemSoundUnspecifiedError }
    let id = SystemSounds.registry.withLock { registry -> SystemSoundID in
        let id = registry.next
        registry.next += 1
        registry.files[id] = url
        return id
    }
    outSystemSoundID.pointee = id
    return kAudioServicesNoError
}

/// Forgets a sound `AudioServicesCreateSystemSoundID` registered;
/// `kAudioServicesSystemSoundUnspecifiedError` for an identifier it did not make.
@discardableResult
public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    let known = SystemSounds.registry.withLock { $0.files.removeValue(forKey: inSystemSoundID) != nil }
    return known ? kAudioServicesNoError : kAudioServicesSystemSoundUnspecifiedError
}

/// Plays a system sound (recorded; nothing is heard).
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    SystemSounds.record(inSystemSoundID, alert: false)
}

/// Plays a system sound as an alert (recorded; nothing is heard or felt).
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    SystemSounds.record(inSystemSoundID, alert: true)
}

/// Plays a system sound, then calls `inCompletionBlock` on the main queue when it has finished:
/// at once here (the sound has no length), on the next frame of the media clock.
public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (@Sendable () -> Void)?) {
    SystemSounds.record(inSystemSoundID, alert: false)
    guard let inCompletionBlock else { return }
    MediaClock.scheduleOnMainThread { inCompletionBlock() }
}

/// `AudioServicesPlaySystemSoundWithCompletion` as an alert.
public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (@Sendable () -> Void)?) {
    SystemSounds.record(inSystemSoundID, alert: true)
    guard let inCompletionBlock else { return }
    MediaClock.scheduleOnMainThread { inCompletionBlock() }
}
