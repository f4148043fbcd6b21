import SwiftSyntax

/// A block timer made with Core Foundation, a helper many older libraries carry:
///
/// ```swift
/// class func schedule(delay: TimeInterval, handler: ((Timer?) -> Void)!) -> Timer! {
///     let fireDate = delay + CFAbsoluteTimeGetCurrent()
///     let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, fireDate, 0, 0, 0, handler)
///     CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, .commonModes)
///     return timer
/// }
/// ```
///
/// It relies on a `CFRunLoopTimer` being a `Timer` (toll-free bridging; Flipbook names
/// `CFRunLoopTimer` as `Timer` for the handler's type), and runs on the wall clock. The four statements become one timer on the app's media clock
/// (docs/Porting.md, "Time"): `return MediaClock.main.scheduledTimer(withTimeInterval: delay,
/// repeats: false) { handler($0) }`. A repeating one (`interval` as both the first delay and the
/// interval) repeats; any other pair of delay and interval is left by hand. A helper that only
/// schedules the timer (no `return timer`, the timer not named again) becomes the same call
/// without the `return`.
final class RunLoopTimerRewriter: FileVisitor {
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let items = Array(node)
        guard items.count >= 3 else { return .visitChildren }
        for start in 0...(items.count - 3) {
            guard let plan = Self.plan(Array(items[start...])) else { continue }
            let source = file.source
            let range = source.start(items[start])..<source.end(items[start + plan.statements - 1])
            let timer = "\(TimeRewriter.clock).scheduledTimer(withTimeInterval: \(plan.delay), repeats: \(plan.repeats)) { \(plan.handler)($0) }"
            let replacement = plan.returnsTimer ? "return " + timer : timer
            file.add(SourceEdit(range: range, replacement: replacement))
            file.claim(range)
            file.change(
                .time, at: items[start],
                "`CFRunLoopTimerCreateWithHandler` + `CFRunLoopAddTimer` -> `\(TimeRewriter.clock).scheduledTimer(withTimeInterval: "
                    + "\(plan.delay), repeats: \(plan.repeats))` (media time; a run-loop timer is not a `Timer` on Linux)")
            return .skipChildren
        }
        return .visitChildren
    }

    struct Plan {
        var delay: String
        var repeats: Bool
        var handler: String
        /// Whether the helper returns the timer (four statements) or only schedules it (three,
        /// the timer not named again in the rest of the block).
        var returnsTimer: Bool
        var statements: Int { returnsTimer ? 4 : 3 }
    }

    /// The timer's first delay, whether it repeats, and its handler, when `items` begin with the
    /// four statements above, or with the first three and the timer is not used after them.
    static func plan(_ items: [CodeBlockItemSyntax]) -> Plan? {
        guard items.count >= 3 else { return nil }
        // 1. `let fireDate = delay + CFAbsoluteTimeGetCurrent()`
        guard let (dateName, dateValue) = binding(items[0]),
            let sum = dateValue.as(SequenceExprSyntax.self), sum.elements.count == 3,
            Array(sum.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        else { return nil }
        let terms = [Array(sum.elements)[0], Array(sum.elements)[2]]
        guard let now = terms.firstIndex(where: { $0.trimmedDescription == "CFAbsoluteTimeGetCurrent()" }) else { return nil }
        let delay = terms[1 - now].trimmedDescription
        // 2. `let timer = CFRunLoopTimerCreateWithHandler(allocator, fireDate, interval, 0, 0, handler)`
        guard let (timerName, create) = binding(items[1]), let call = create.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "CFRunLoopTimerCreateWithHandler", call.arguments.count == 6
        else { return nil }
        let arguments = Array(call.arguments).map(\.expression)
        guard arguments[1].trimmedDescription == dateName else { return nil }
        let interval = arguments[2].trimmedDescription
        let repeats: Bool
        if ["0", "0.0"].contains(interval) {
            repeats = false
        } else if interval == delay {
            repeats = true
        } else {
            return nil
        }
        var handler = arguments[5].trimmedDescription
        if arguments[5].is(ClosureExprSyntax.self) { handler = "(\(handler))" }
        // 3. `CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, mode)`
        guard let add = items[2].item.as(FunctionCallExprSyntax.self), add.calledExpression.trimmedDescription == "CFRunLoopAddTimer",
            add.arguments.count == 3, Array(add.arguments)[1].expression.trimmedDescription == timerName
        else { return nil }
        // 4. `return timer` (or `return timer!`, the create call's result being an Optional), or
        // nothing more that names the timer.
        if items.count >= 4,
            [timerName, timerName + "!"].contains(items[3].item.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription ?? "") {
            return Plan(delay: delay, repeats: repeats, handler: handler, returnsTimer: true)
        }
        let namesTimer = items.dropFirst(3).contains { item in
            item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(timerName) }
        }
        return namesTimer ? nil : Plan(delay: delay, repeats: repeats, handler: handler, returnsTimer: false)
    }

    /// `let name = value` as its name and value.
    private static func binding(_ item: CodeBlockItemSyntax) -> (String, ExprSyntax)? {
        guard let decl = item.item.as(VariableDeclSyntax.self), decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value
        else { return nil }
        return (name, value)
    }
}
