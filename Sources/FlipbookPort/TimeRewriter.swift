import SwiftSyntax

/// Delays iOS code keeps with Foundation and Dispatch move onto the app's media clock
/// (docs/Porting.md, "Time"), so a headless run that steps the clock sees each at the same frame
/// whatever the machine's load:
///
/// | before | after |
/// |---|---|
/// | `DispatchQueue.main.asyncAfter(deadline: .now() + d) { … }` | `MediaClock.main.schedule(after: d) { … }` |
/// | `DispatchQueue.main.asyncAfter(deadline: .now() + d, execute: item)` | `MediaClock.main.schedule(after: d, execute: item)` |
/// | `Timer.scheduledTimer(withTimeInterval: t, repeats: r) { … }` | `MediaClock.main.scheduledTimer(withTimeInterval: t, repeats: r) { … }` |
/// | `perform(#selector(m), with: x, afterDelay: d)` | `MediaClock.main.schedule(after: d, target: self, name: "m") { [argument = x] target in target.m(argument) }` |
/// | `NSObject.cancelPreviousPerformRequests(withTarget: self)` | `MediaClock.main.cancelScheduled(target: self)` |
/// | `DispatchQueue.main.async { … }` where it provably runs on the main thread (`MainThreadProof`) | `MediaClock.main.schedule(after: 0) { … }` |
/// | either `DispatchQueue.main` form where the porter cannot prove the main thread | `MediaClock.scheduleOnMainThread(after: d) { … }`, which checks the thread as it runs |
/// | `group.notify(queue: .main) { … }` with `group` declared a `DispatchGroup` | `MediaClock.main.schedule(whenEmpty: group) { … }` (or `MediaClock.scheduleOnMainThread(whenEmpty:)`) |
/// | `Task.sleep(nanoseconds: n)`, `Task.sleep(for: d)` (and `sleep(nanoseconds:)` inside an `extension Task`) | `MediaClock.sleep(nanoseconds: n)`, `MediaClock.sleep(for: d)` |
///
/// Flipbook's own `Timer(timeInterval:target:selector:…)` forms already run on the media clock.
/// A delay on another queue, or whose deadline the porter cannot read, is left on the wall
/// clock with a warning.
final class TimeRewriter: IndexedFileVisitor {
    static let clock = "MediaClock.main"
    /// The form for code the porter cannot prove runs on the main thread: it checks when it runs.
    static let anyThread = "MediaClock.scheduleOnMainThread"

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
            if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "perform" {
                performAfterDelay(node, receiver: nil)
            } else if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "cancelPreviousPerformRequests" {
                cancelPrevious(node, member: nil)
            } else if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "sleep", isInTaskExtension(node) {
                taskSleep(node, called: "sleep")
            }
            return .visitChildren
        }
        switch member.declName.baseName.text {
        case "asyncAfter": asyncAfter(node, member: member)
        case "async": mainAsync(node, member: member)
        case "notify": groupNotify(node, member: member)
        case "scheduledTimer": blockTimer(node, member: member)
        case "perform": performAfterDelay(node, receiver: member.base)
        case "cancelPreviousPerformRequests": cancelPrevious(node, member: member)
        case "sleep":
            let base = member.base?.trimmedDescription ?? ""
            if base == "Task" || base.hasPrefix("Task<") || (base == "Self" && isInTaskExtension(node)) {
                taskSleep(node, called: "\(base).sleep")
            }
        default: break
        }
        return .visitChildren
    }

    // MARK: DispatchQueue.main.asyncAfter

    private func asyncAfter(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
        let arguments = Array(node.arguments)
        guard let deadline = arguments.first, ["deadline", "wallDeadline"].contains(deadline.label?.text ?? "") else { return }
        let queue = member.base?.trimmedDescription ?? ""
        guard queue == "DispatchQueue.main" || queue == ".main" else {
            file.warning(
                at: node,
                "`\(queue).asyncAfter` stays on the wall clock: only `DispatchQueue.main`'s delays move to the media "
                    + "clock; a headless run sees this one at a frame that depends on the machine's speed")
            return
        }
        guard let delay = Self.delay(after: deadline.expression) else {
            file.warning(
                at: node,
                "`asyncAfter(\(deadline.label!.text): \(deadline.expression.oneLine))` stays on the wall clock: the porter reads "
                    + "deadlines written `.now() + delay` only; write `\(Self.clock).schedule(after: delay) { … }`")
            return
        }
        let source = file.source
        let doubt = MainThreadProof(index: index).doubt(about: node)
        file.replace(node.calledExpression, with: doubt == nil ? "\(Self.clock).schedule" : Self.anyThread)
        file.add(SourceEdit(range: source.start(deadline)..<source.end(deadline.expression), replacement: "after: \(delay)"))
        for (i, argument) in arguments.enumerated().dropFirst() {
            switch argument.label?.text {
            case "qos", "flags":
                // Priorities mean nothing on the media clock: the argument and its comma go.
                let previous = arguments[i - 1]
                file.add(.delete(source.end(previous.expression)..<source.end(argument.expression)))
            case "execute" where argument.expression.is(ClosureExprSyntax.self):
                file.add(.delete(source.start(argument)..<source.start(argument.expression)))
            default: break
            }
        }
        if let doubt {
            file.change(
                .time, at: node,
                "`\(queue).asyncAfter(\(deadline.label!.text): …)` -> `\(Self.anyThread)(after: \(delay))`: media time when called on "
                    + "the main thread, which the porter cannot prove here (\(doubt)), so the call checks as it runs")
        } else {
            file.change(.time, at: node, "`\(queue).asyncAfter(\(deadline.label!.text): …)` -> `\(Self.clock).schedule(after: \(delay))` (media time)")
        }
    }

    // MARK: DispatchQueue.main.async

    /// `DispatchQueue.main.async { … }` from code on the main thread runs after the current
    /// turn of the run loop, before the next frame: on the media clock, the next frame's step 2.
    /// From any other thread it is the hop onto the main thread, which must stay as it is.
    private func mainAsync(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
        guard member.base?.trimmedDescription == "DispatchQueue.main" else { return }
        let arguments = Array(node.arguments)
        guard arguments.allSatisfy({ ["qos", "flags", "execute"].contains($0.label?.text ?? "") }) else { return }
        let execute = arguments.last { $0.label?.text == "execute" }
        guard (execute == nil) == (node.trailingClosure != nil), node.additionalTrailingClosures.isEmpty else { return }
        let doubt = MainThreadProof(index: index).doubt(about: node)
        let callee = doubt == nil ? "\(Self.clock).schedule" : Self.anyThread
        let source = file.source
        if let first = arguments.first {
            file.replace(node.calledExpression, with: callee)
            if let execute {
                let label = execute.expression.is(ClosureExprSyntax.self) ? "" : "execute: "
                file.add(SourceEdit(range: source.start(first)..<source.start(execute.expression), replacement: "after: 0, \(label)"))
            } else {
                file.add(SourceEdit(range: source.start(first)..<source.end(arguments.last!), replacement: "after: 0"))
            }
        } else if node.leftParen != nil, let right = node.rightParen {
            file.add(SourceEdit(range: source.start(node.calledExpression)..<source.end(right), replacement: "\(callee)(after: 0)"))
        } else {
            file.replace(node.calledExpression, with: "\(callee)(after: 0)")
        }
        if let doubt {
            file.change(
                .time, at: node,
                "`DispatchQueue.main.async` -> `\(Self.anyThread)(after: 0)`: the next frame when called on the main thread, which "
                    + "the porter cannot prove here (\(doubt)), so the call checks as it runs; from another thread it hops to "
                    + "the main queue first, as before")
        } else {
            file.change(.time, at: node, "`DispatchQueue.main.async` on the main thread -> `\(Self.clock).schedule(after: 0)` (the next frame)")
        }
    }

    // MARK: DispatchGroup.notify(queue: .main)

    /// `group.notify(queue: .main) { … }`: the block is a main-queue block, which a headless
    /// run never reaches between frames; on the media clock it runs on the first frame that
    /// finds the group empty. Only for a receiver whose declaration says `DispatchGroup` (a
    /// `DispatchWorkItem` has a `notify(queue:execute:)` of the same shape).
    private func groupNotify(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
        let arguments = Array(node.arguments)
        guard let first = arguments.first, let queueArgument = arguments.first(where: { $0.label?.text == "queue" }),
            arguments.allSatisfy({ ["qos", "flags", "queue", "execute", "work"].contains($0.label?.text ?? "") }),
            node.additionalTrailingClosures.isEmpty, let receiver = member.base
        else { return }
        let queue = queueArgument.expression.trimmedDescription
        guard queue == "DispatchQueue.main" || queue == ".main" else { return }
        // `notify(queue:work:)` is the work-item form: it becomes `execute:`.
        let execute = arguments.last { $0.label?.text == "execute" || $0.label?.text == "work" }
        guard (execute == nil) == (node.trailingClosure != nil) else { return }
        let name: String
        if let reference = receiver.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let access = receiver.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            name = access.declName.baseName.text
        } else {
            return
        }
        guard SelectorRewriter.declaredType(of: name, from: node) == "DispatchGroup" else { return }
        let doubt = MainThreadProof(index: index).doubt(about: node)
        let callee = doubt == nil ? "\(Self.clock).schedule" : Self.anyThread
        let source = file.source
        file.replace(node.calledExpression, with: callee)
        if let execute {
            let label = execute.expression.is(ClosureExprSyntax.self) ? "" : "execute: "
            file.add(SourceEdit(
                range: source.start(first)..<source.start(execute.expression),
                replacement: "whenEmpty: \(receiver.trimmedDescription), \(label)"))
        } else {
            file.add(SourceEdit(
                range: source.start(first)..<source.end(arguments.last!),
                replacement: "whenEmpty: \(receiver.trimmedDescription)"))
        }
        let written = "`\(receiver.trimmedDescription).notify(queue: \(queue))`"
        if let doubt {
            file.change(
                .time, at: node,
                "\(written) -> `\(Self.anyThread)(whenEmpty:)`: the first frame that finds the group empty when called on the main "
                    + "thread, which the porter cannot prove here (\(doubt)); from another thread the group notifies the main "
                    + "queue, as before")
        } else {
            file.change(.time, at: node, "\(written) -> `\(Self.clock).schedule(whenEmpty:)` (the first frame that finds the group empty)")
        }
    }

    /// `d` of a deadline written `.now() + d` (`DispatchTime.now()`, `DispatchWallTime.now()`),
    /// `0` for `.now()`.
    static func delay(after deadline: ExprSyntax) -> String? {
        func isNow(_ e: ExprSyntax) -> Bool {
            guard let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "now"
            else { return false }
            let base = m.base?.trimmedDescription
            return base == nil || base == "DispatchTime" || base == "DispatchWallTime"
        }
        if isNow(deadline) { return "0" }
        guard let sequence = deadline.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, isNow(elements[0]),
            elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        else { return nil }
        return elements.dropFirst(2).map(\.trimmedDescription).joined(separator: " ")
    }

    // MARK: Timer.scheduledTimer(withTimeInterval:repeats:block:)

    private func blockTimer(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax) {
        guard member.base?.trimmedDescription == "Timer", node.arguments.first?.label?.text == "withTimeInterval" else { return }
        file.replace(node.calledExpression, with: "\(Self.clock).scheduledTimer")
        file.change(
            .time, at: node, "`Timer.scheduledTimer(withTimeInterval:repeats:block:)` -> `\(Self.clock).scheduledTimer(…)` (media time)")
    }

    // MARK: Task.sleep

    /// `Task.sleep(nanoseconds:)`, `Task.sleep(for:)` (with or without a tolerance) and the
    /// older unlabelled `Task.sleep(_:)` in nanoseconds. A sleep on a clock the call names
    /// (`clock: .continuous`) or until an instant stays on the wall clock, with a warning; a
    /// sleep with other labels is the library's own, and its body is ported instead.
    private func taskSleep(_ node: FunctionCallExprSyntax, called: String) {
        let labels = node.arguments.map { $0.label?.text }
        let replacement: String
        switch labels.first {
        case "nanoseconds" where labels.count == 1:
            replacement = "MediaClock.sleep"
        case "for" where labels.dropFirst().allSatisfy({ $0 == "tolerance" }):
            replacement = "MediaClock.sleep"
        case .some(nil) where labels.count == 1:
            file.replace(node, with: "MediaClock.sleep(nanoseconds: \(node.arguments.first!.expression.trimmedDescription))")
            runOnCallersActor(node)
            file.change(.time, at: node, "`\(called)(_:)` -> `MediaClock.sleep(nanoseconds:)` (media time)")
            return
        case "until", "for" where labels.contains("clock"):
            file.warning(
                at: node,
                "`\(called)(\(labels.map { "\($0 ?? "_"):" }.joined()))` stays on the wall clock: only `Task.sleep(nanoseconds:)` "
                    + "and `Task.sleep(for:)` move to the media clock (`MediaClock.sleep`)")
            return
        default:
            return  // a sleep the library declares itself (`Task.sleep(seconds:)`): its body is ported
        }
        file.replace(node.calledExpression, with: "\(replacement)")
        runOnCallersActor(node)
        let label = labels.first!!
        file.change(.time, at: node, "`\(called)(\(label):)` -> `MediaClock.sleep(\(label):)` (media time)")
    }

    /// A sleep helper a library declares (`extension Task { static func sleep(seconds:) async
    /// throws }`, or a free function) runs, being nonisolated and async, on Swift's global
    /// executor: a task on the main actor that calls it hops to another thread and back before
    /// `MediaClock.sleep` schedules its wake-up, so the frame it wakes at would depend on timing.
    /// Such a helper is made `nonisolated(nonsending)` (SE-0461): it runs on its caller's actor,
    /// so the wake-up is scheduled at once. Methods of types are left: a UIKit subclass's are on
    /// the main actor already.
    private func runOnCallersActor(_ node: FunctionCallExprSyntax) {
        var parent = node.parent
        var function: FunctionDeclSyntax?
        while let p = parent {
            if p.is(ClosureExprSyntax.self) || p.is(AccessorBlockSyntax.self) { return }
            if let f = p.as(FunctionDeclSyntax.self) { function = f; break }
            parent = p.parent
        }
        guard let function, function.signature.effectSpecifiers?.asyncSpecifier != nil else { return }
        let isFree = function.parent?.is(CodeBlockItemSyntax.self) == true
        guard isFree || isInTaskExtension(function) else { return }
        let isolated = function.attributes.contains { attribute in
            guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else { return false }
            return name == "MainActor" || name == "concurrent"
        }
        guard !isolated, !function.modifiers.contains(where: { $0.name.text == "nonisolated" }),
            helpersMadeNonsending.insert(file.source.start(function.funcKeyword)).inserted
        else { return }
        file.add(.insert("nonisolated(nonsending) ", at: file.source.start(function.funcKeyword)))
        file.change(
            .time, at: function,
            "`func \(function.name.text)` -> `nonisolated(nonsending) func \(function.name.text)`: it sleeps on the media clock, "
                + "and runs on its caller's actor so that the wake-up is scheduled at once")
    }
    private var helpersMadeNonsending: Set<Int> = []

    /// Whether `node` sits in an `extension Task` (where a plain `sleep(…)` means `Task.sleep`).
    private func isInTaskExtension(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let p = parent {
            if let ext = p.as(ExtensionDeclSyntax.self) {
                let name = ext.extendedType.trimmedDescription
                return name == "Task" || name.hasPrefix("Task<")
            }
            parent = p.parent
        }
        return false
    }

    // MARK: perform(_:with:afterDelay:)

    /// What a nil object becomes when Objective-C passes it to a parameter of a scalar type.
    static let zeroValues: [String: String] = [
        "Bool": "false", "Int": "0", "UInt": "0", "CGFloat": "0", "Double": "0", "Float": "0", "TimeInterval": "0",
    ]

    private func performAfterDelay(_ node: FunctionCallExprSyntax, receiver: ExprSyntax?) {
        let arguments = Array(node.arguments)
        guard arguments.count >= 3, arguments[0].label == nil, arguments[1].label?.text == "with",
            arguments[2].label?.text == "afterDelay",
            arguments.dropFirst(3).allSatisfy({ $0.label?.text == "inModes" }),
            let macro = arguments[0].expression.as(MacroExpansionExprSyntax.self), let reference = SelectorReference(macro),
            reference.accessor == nil
        else { return }
        let labels: [String]
        if let spelled = reference.labels {
            labels = spelled
        } else if let declared = index.functions[reference.name], declared.count == 1 {
            labels = declared.first!
        } else {
            file.issue(
                at: node,
                "`\(macro.oneLine)`: the arguments of `\(reference.name)` are unknown (no single method of that name in the "
                    + "ported files); write `\(Self.clock).schedule(after:target:name:_:)` by hand")
            file.markHandled(node)
            return
        }
        guard labels.count <= 1 else {
            file.issue(at: node, "`\(macro.oneLine)` takes \(labels.count) arguments; `perform(_:with:afterDelay:)` passes one")
            file.markHandled(node)
            return
        }
        let target = receiver?.trimmedDescription ?? "self"
        let argument = arguments[1].expression
        let delay = arguments[2].expression.trimmedDescription
        let call: String
        var capture = ""
        if labels.isEmpty {
            call = "target.\(reference.name)()"
        } else {
            let label = labels[0] == "_" ? "" : "\(labels[0]): "
            let parameterType = index.parameterTypes[PortIndex.methodKey(reference.name, labels)]?.first ?? ""
            if argument.is(NilLiteralExprSyntax.self), let zero = Self.zeroValues[parameterType] {
                // Objective-C hands a nil object to a `BOOL` or number parameter as 0.
                call = "target.\(reference.name)(\(label)\(zero))"
            } else if argument.is(NilLiteralExprSyntax.self) || argument.is(IntegerLiteralExprSyntax.self)
                || argument.is(StringLiteralExprSyntax.self)
            {
                call = "target.\(reference.name)(\(label)\(argument.trimmedDescription))"
            } else {
                capture = "[argument = \(argument.trimmedDescription)] "
                call = "target.\(reference.name)(\(label)argument)"
            }
        }
        let replacement =
            "\(Self.clock).schedule(after: \(delay), target: \(target), name: \"\(reference.name)\") { \(capture)target in \(call) }"
        file.replace(node, with: replacement)
        file.markHandled(node)
        file.change(.time, at: node, "`\(node.oneLine)` -> `\(replacement)` (media time)")
    }

    // MARK: cancelPreviousPerformRequests

    private func cancelPrevious(_ node: FunctionCallExprSyntax, member: MemberAccessExprSyntax?) {
        let arguments = Array(node.arguments)
        guard let target = arguments.first, target.label?.text == "withTarget" else { return }
        var replacement = "\(Self.clock).cancelScheduled(target: \(target.expression.trimmedDescription))"
        if arguments.count == 3, arguments[1].label?.text == "selector", arguments[2].label?.text == "object" {
            guard let macro = arguments[1].expression.as(MacroExpansionExprSyntax.self), let reference = SelectorReference(macro)
            else {
                file.issue(at: node, "`cancelPreviousPerformRequests` with a selector the porter cannot read; write "
                    + "`\(Self.clock).cancelScheduled(target:name:)` by hand")
                file.markHandled(node)
                return
            }
            replacement = "\(Self.clock).cancelScheduled(target: \(target.expression.trimmedDescription), name: \"\(reference.name)\")"
        } else if arguments.count != 1 {
            return
        }
        file.replace(node, with: replacement)
        file.markHandled(node)
        file.change(.time, at: node, "`\(node.oneLine)` -> `\(replacement)` (media time)")
    }
}
