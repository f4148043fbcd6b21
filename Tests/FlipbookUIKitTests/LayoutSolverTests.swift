import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

@MainActor
@Suite(.freshRuntime) struct LayoutSolverTests {
    typealias E = CassowaryExpression

    @Test func requiredEqualitiesAndWeakPreferences() throws {
        let s = CassowarySolver()
        let x = CassowaryVariable("x"), y = CassowaryVariable("y")
        // x + y == 100 (required), x == 30 (strong), y == 10 (weak) → x 30, y 70.
        try s.addConstraint(CassowaryConstraint(E(x) + E(y) + -100, .equal))
        try s.addConstraint(CassowaryConstraint(E(x) + -30, .equal, strength: .strong))
        try s.addConstraint(CassowaryConstraint(E(y) + -10, .equal, strength: .weak))
        s.updateVariables()
        #expect(abs(x.value - 30) < 1e-9 && abs(y.value - 70) < 1e-9)
    }

    @Test func inequalitiesAndIncrementalRemoval() throws {
        let s = CassowarySolver()
        let x = CassowaryVariable("x")
        let low = CassowaryConstraint(E(x) + -10, .greaterThanOrEqual)
        try s.addConstraint(low)
        try s.addConstraint(CassowaryConstraint(E(x) + -50, .lessThanOrEqual))
        let want = CassowaryConstraint(E(x), .equal, strength: .medium)
        try s.addConstraint(want)
        s.updateVariables()
        #expect(abs(x.value - 10) < 1e-9)
        try s.removeConstraint(low)
        s.updateVariables()
        #expect(abs(x.value) < 1e-9)
        try s.removeConstraint(want)
        try s.addConstraint(CassowaryConstraint(E(x) + -80, .equal, strength: .medium))
        s.updateVariables()
        #expect(abs(x.value - 50) < 1e-9)
    }

    @Test func conflictingRequiredConstraintIsRefusedAndStateKept() throws {
        let s = CassowarySolver()
        let w = CassowaryVariable("w")
        try s.addConstraint(CassowaryConstraint(E(w) + -100, .equal))
        #expect(throws: CassowaryError.unsatisfiable) { try s.addConstraint(CassowaryConstraint(E(w) + -200, .equal)) }
        #expect(throws: CassowaryError.unsatisfiable) {
            try s.addConstraint(CassowaryConstraint(E(w) + -150, .greaterThanOrEqual))
        }
        s.updateVariables()
        #expect(abs(w.value - 100) < 1e-9)
        let v = CassowaryVariable("v")
        try s.addConstraint(CassowaryConstraint(E(v) - E(w) * 0.5, .equal))
        s.updateVariables()
        #expect(abs(v.value - 50) < 1e-9)
    }

    @Test func editVariablesFollowSuggestions() throws {
        let s = CassowarySolver()
        let left = CassowaryVariable("l"), width = CassowaryVariable("w"), right = CassowaryVariable("r")
        try s.addConstraint(CassowaryConstraint(E(right) - E(left) - E(width), .equal))
        try s.addConstraint(CassowaryConstraint(E(width) + -40, .greaterThanOrEqual))
        try s.addConstraint(CassowaryConstraint(E(width) + -40, .equal, strength: .weak))
        try s.addEditVariable(left, strength: .strong)
        for target in [0.0, 25, -10] {
            try s.suggestValue(left, target)
            s.updateVariables()
            #expect(abs(left.value - target) < 1e-9 && abs(right.value - (target + 40)) < 1e-9)
        }
        #expect(throws: CassowaryError.requiredEditVariable) { try s.addEditVariable(width, strength: .required) }
    }
}
