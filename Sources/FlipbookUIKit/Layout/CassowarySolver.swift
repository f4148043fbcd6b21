import Foundation

/// An incremental Cassowary linear-arithmetic constraint solver (Badros, Borning & Stuckey, 2001),
/// in the formulation of the Kiwi solver: a tableau in solved form kept primal-feasible,
/// required constraints as hard rows, weaker ones as weighted error terms in the objective,
/// an artificial-variable phase for rows with no subject, dual simplex for edit suggestions.
///
/// Constraints are added and removed one at a time; each change re-optimises from the previous
/// solution, so a layout pass that changes a few constraints costs a few pivots.
///
/// Determinism: symbols carry increasing integer ids and every choice (entering and leaving
/// symbol, subject) scans candidates in id order, so identical input gives identical output.
///
/// - Complexity: each add/remove is a handful of pivots, each O(rows × row length).
@preconcurrency @MainActor
final class CassowarySolver {
    nonisolated static let epsilon = 1.0e-8

    enum SymbolKind: Sendable { case external, slack, error, dummy }

    struct Symbol: Hashable, Comparable, Sendable {
        let id: Int
        let kind: SymbolKind
        static func < (l: Symbol, r: Symbol) -> Bool { l.id < r.id }
    }

    /// A tableau row: `basic = constant + Σ cells`.
    final class Row {
        var constant: Double
        var cells: [Symbol: Double] = [:]
        init(_ constant: Double = 0) { self.constant = constant }
        func copy() -> Row { let r = Row(constant); r.cells = cells; return r }
        var sortedSymbols: [Symbol] { cells.keys.sorted() }
        func coefficient(_ s: Symbol) -> Double { cells[s] ?? 0 }

        @discardableResult func add(_ value: Double) -> Double { constant += value; return constant }

        func insert(_ s: Symbol, _ coefficient: Double = 1) {
            let c = (cells[s] ?? 0) + coefficient
            if abs(c) < CassowarySolver.epsilon { cells[s] = nil } else { cells[s] = c }
        }

        func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (s, c) in row.cells { insert(s, c * coefficient) }
        }

        func reverseSign() {
            constant = -constant
            for (s, c) in cells { cells[s] = -c }
        }

        /// Solves `0 = this row` for `s`, making the row `s = …`.
        func solve(for s: Symbol) {
            let k = -1 / (cells.removeValue(forKey: s) ?? 1)
            constant *= k
            for (t, c) in cells { cells[t] = c * k }
        }

        /// Re-expresses a row whose basic symbol is `lhs` so that `rhs` is basic.
        func solve(for lhs: Symbol, _ rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        func substitute(_ s: Symbol, _ row: Row) {
            if let c = cells.removeValue(forKey: s) { insert(row, c) }
        }
    }

    private struct Tag { var marker: Symbol; var other: Symbol? }
    private struct EditInfo { var tag: Tag; var constraint: CassowaryConstraint; var constant: Double }

    private var nextID = 0
    private var rows: [Symbol: Row] = [:]
    private var variableSymbols: [ObjectIdentifier: (CassowaryVariable, Symbol)] = [:]
    private var constraints: [ObjectIdentifier: (CassowaryConstraint, Tag)] = [:]
    private var edits: [ObjectIdentifier: EditInfo] = [:]
    private var infeasibleRows: [Symbol] = []
    private let objective = Row()
    private var artificial: Row?

    /// How many solvers were made in the current runtime: each is a whole solve from scratch
    /// (one per engine, one per uncached fitting size), the cost tests bound (Layout/LayoutMemo.swift).
    static var constructions: Int { LayoutCounters.current.solverConstructions }

    init() { LayoutCounters.current.solverConstructions += 1 }

    private func makeSymbol(_ kind: SymbolKind) -> Symbol {
        nextID += 1
        return Symbol(id: nextID, kind: kind)
    }

    private var sortedRowSymbols: [Symbol] { rows.keys.sorted() }

    // MARK: Public API

    /// Adds `c`; throws `.unsatisfiable` (leaving the solver unchanged) if it is required and
    /// conflicts with the required constraints already present.
    func addConstraint(_ c: CassowaryConstraint) throws(CassowaryError) {
        let key = ObjectIdentifier(c)
        guard constraints[key] == nil else { throw .duplicateConstraint }
        let (row, tag) = makeRow(c)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard abs(row.constant) < Self.epsilon else {
                removeObjectiveEffects(c, tag)
                throw .unsatisfiable
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else {
            guard try addWithArtificialVariable(row) else {
                // Undo: the row may have become basic under some symbol; remove its effects.
                constraints[key] = (c, tag)
                try? removeConstraint(c)
                throw .unsatisfiable
            }
        }
        constraints[key] = (c, tag)
        try optimize(objective)
    }

    /// Removes `c`, re-optimising the remaining system.
    func removeConstraint(_ c: CassowaryConstraint) throws(CassowaryError) {
        guard let (_, tag) = constraints.removeValue(forKey: ObjectIdentifier(c)) else { throw .unknownConstraint }
        removeObjectiveEffects(c, tag)
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = markerLeavingSymbol(tag.marker), let row = rows.removeValue(forKey: leaving) else {
                throw .internalError
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objective)
    }

    /// Makes `variable` editable with a non-required strength, so `suggestValue` can move it.
    func addEditVariable(_ variable: CassowaryVariable, strength: CassowaryStrength) throws(CassowaryError) {
        guard !strength.isRequired else { throw .requiredEditVariable }
        let c = CassowaryConstraint(CassowaryExpression(variable), .equal, strength: strength)
        try addConstraint(c)
        guard let tag = constraints[ObjectIdentifier(c)]?.1 else { throw .internalError }
        edits[ObjectIdentifier(variable)] = EditInfo(tag: tag, constraint: c, constant: 0)
    }

    /// Suggests a value for an edit variable; the dual simplex restores optimality.
    func suggestValue(_ variable: CassowaryVariable, _ value: Double) throws(CassowaryError) {
        guard var info = edits[ObjectIdentifier(variable)] else { throw .unknownEditVariable }
        let delta = value - info.constant
        info.constant = value
        edits[ObjectIdentifier(variable)] = info
        if let row = rows[info.tag.marker] {
            if row.add(-delta) < 0 { infeasibleRows.append(info.tag.marker) }
        } else if let other = info.tag.other, let row = rows[other] {
            if row.add(delta) < 0 { infeasibleRows.append(other) }
        } else {
            for s in sortedRowSymbols {
                guard let row = rows[s] else { continue }
                let k = row.coefficient(info.tag.marker)
                if k != 0 && row.add(delta * k) < 0 && s.kind != .external { infeasibleRows.append(s) }
            }
        }
        try dualOptimize()
    }

    /// Copies the solution into every variable's `value`.
    func updateVariables() {
        for (variable, symbol) in variableSymbols.values { variable.value = rows[symbol]?.constant ?? 0 }
    }

    // MARK: Tableau construction

    private func symbol(for v: CassowaryVariable) -> Symbol {
        if let s = variableSymbols[ObjectIdentifier(v)]?.1 { return s }
        let s = makeSymbol(.external)
        variableSymbols[ObjectIdentifier(v)] = (v, s)
        return s
    }

    private func makeRow(_ c: CassowaryConstraint) -> (Row, Tag) {
        let row = Row(c.expression.constant)
        for (v, k) in c.expression.terms where abs(k) >= Self.epsilon {
            let s = symbol(for: v)
            if let basic = rows[s] { row.insert(basic, k) } else { row.insert(s, k) }
        }
        var tag = Tag(marker: Symbol(id: 0, kind: .dummy), other: nil)
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let k: Double = c.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag.marker = slack
            row.insert(slack, k)
            if !c.strength.isRequired {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -k)
                objective.insert(error, c.strength.weight)
            }
        case .equal:
            if !c.strength.isRequired {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, c.strength.weight)
                objective.insert(minus, c.strength.weight)
            } else {
                let dummy = makeSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let s = row.sortedSymbols.first(where: { $0.kind == .external }) { return s }
        for s in [tag.marker, tag.other].compactMap({ $0 }) where s.kind == .slack || s.kind == .error {
            if row.coefficient(s) < 0 { return s }
        }
        return nil
    }

    private func addWithArtificialVariable(_ row: Row) throws(CassowaryError) -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = row.copy()
        artificial = row.copy()
        try optimize(artificial!)
        let success = abs(artificial!.constant) < Self.epsilon
        artificial = nil
        if let basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.sortedSymbols.first(where: { $0.kind == .slack || $0.kind == .error }) else {
                return false
            }
            basic.solve(for: art, entering)
            substitute(entering, basic)
            rows[entering] = basic
        }
        for r in rows.values { r.cells[art] = nil }
        objective.cells[art] = nil
        return success
    }

    private func removeObjectiveEffects(_ c: CassowaryConstraint, _ tag: Tag) {
        for s in [tag.marker, tag.other].compactMap({ $0 }) where s.kind == .error {
            if let row = rows[s] { objective.insert(row, -c.strength.weight) } else { objective.insert(s, -c.strength.weight) }
        }
    }

    // MARK: Pivoting

    private func substitute(_ s: Symbol, _ row: Row) {
        for key in sortedRowSymbols {
            guard let r = rows[key] else { continue }
            r.substitute(s, row)
            if key.kind != .external && r.constant < 0 { infeasibleRows.append(key) }
        }
        objective.substitute(s, row)
        artificial?.substitute(s, row)
    }

    private func optimize(_ objective: Row) throws(CassowaryError) {
        while true {
            guard let entering = objective.sortedSymbols.first(where: {
                $0.kind != .dummy && objective.coefficient($0) < 0
            }) else { return }
            var ratio = Double.greatestFiniteMagnitude
            var leaving: Symbol?
            for s in sortedRowSymbols where s.kind != .external {
                guard let r = rows[s] else { continue }
                let k = r.coefficient(entering)
                if k < 0 {
                    let q = -r.constant / k
                    if q < ratio { ratio = q; leaving = s }
                }
            }
            guard let leaving, let row = rows.removeValue(forKey: leaving) else { throw .internalError }
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    private func dualOptimize() throws(CassowaryError) {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var ratio = Double.greatestFiniteMagnitude
            var entering: Symbol?
            for s in row.sortedSymbols where s.kind != .dummy {
                let k = row.coefficient(s)
                if k > 0 {
                    let q = objective.coefficient(s) / k
                    if q < ratio { ratio = q; entering = s }
                }
            }
            guard let entering else { throw .internalError }
            rows[leaving] = nil
            row.solve(for: leaving, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    private func markerLeavingSymbol(_ marker: Symbol) -> Symbol? {
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Symbol?, second: Symbol?, third: Symbol?
        for s in sortedRowSymbols {
            guard let row = rows[s] else { continue }
            let k = row.coefficient(marker)
            if k == 0 { continue }
            if s.kind == .external {
                third = s
            } else if k < 0 {
                let q = -row.constant / k
                if q < r1 { r1 = q; first = s }
            } else {
                let q = row.constant / k
                if q < r2 { r2 = q; second = s }
            }
        }
        return first ?? second ?? third
    }
}
