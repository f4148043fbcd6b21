import Foundation

// The value types of Flipbook's Cassowary solver (see `CassowarySolver`): variables,
// linear expressions, strengths and constraints. Not Apple API: Auto Layout is built on them.

/// An unknown of a Cassowary system. Identity matters (two variables with the same name are
/// different unknowns), so it is a class; `value` holds the last solution.
@preconcurrency @MainActor
final class CassowaryVariable {
    let name: String
    /// The value found by the last `CassowarySolver.updateVariables()`, in points.
    var value: Double = 0
    init(_ name: String) { self.name = name }
}

/// A linear expression `Σ coefficient·variable + constant`.
@preconcurrency @MainActor
struct CassowaryExpression {
    var terms: [(variable: CassowaryVariable, coefficient: Double)]
    var constant: Double

    init(_ terms: [(variable: CassowaryVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    init(_ variable: CassowaryVariable) { self.init([(variable, 1)]) }

    static func + (l: CassowaryExpression, r: CassowaryExpression) -> CassowaryExpression {
        CassowaryExpression(l.terms + r.terms, constant: l.constant + r.constant)
    }

    static func - (l: CassowaryExpression, r: CassowaryExpression) -> CassowaryExpression {
        l + r * -1
    }

    static func * (l: CassowaryExpression, k: Double) -> CassowaryExpression {
        CassowaryExpression(l.terms.map { ($0.variable, $0.coefficient * k) }, constant: l.constant * k)
    }

    static func + (l: CassowaryExpression, k: Double) -> CassowaryExpression {
        CassowaryExpression(l.terms, constant: l.constant + k)
    }

    /// The value of the expression with the variables' current values.
    var value: Double { terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value } }

    /// The same expression with repeated variables merged and zero terms dropped, in first-use order.
    var normalized: CassowaryExpression {
        var order: [ObjectIdentifier] = []
        var sums: [ObjectIdentifier: (CassowaryVariable, Double)] = [:]
        for (v, c) in terms {
            let id = ObjectIdentifier(v)
            if let s = sums[id] { sums[id] = (v, s.1 + c) } else { order.append(id); sums[id] = (v, c) }
        }
        let merged = order.compactMap { id -> (variable: CassowaryVariable, coefficient: Double)? in
            guard let s = sums[id], abs(s.1) > CassowarySolver.epsilon else { return nil }
            return (s.0, s.1)
        }
        return CassowaryExpression(merged, constant: constant)
    }
}

/// The relation of a Cassowary constraint `expression (relation) 0`.
enum CassowaryRelation: Sendable, Equatable {
    case lessThanOrEqual, equal, greaterThanOrEqual
}

/// A constraint's strength: `required` constraints are hard; weaker ones are weighted errors
/// in the objective.
struct CassowaryStrength: Sendable, Equatable, Comparable {
    var weight: Double
    /// Above every optional weight: UILayoutPriority maps 999 to about 9.8e9 (tenfold every
    /// 100 points), so a lower threshold made priorities above 900 hard constraints. Required
    /// constraints have no error terms, so this weight never enters the objective.
    static let required = CassowaryStrength(weight: 1e15)
    static let strong = CassowaryStrength(weight: 1_000_000)
    static let medium = CassowaryStrength(weight: 1_000)
    static let weak = CassowaryStrength(weight: 1)
    var isRequired: Bool { weight >= Self.required.weight }
    static func < (l: Self, r: Self) -> Bool { l.weight < r.weight }
}

/// One constraint `expression (relation) 0` with a strength.
@preconcurrency @MainActor
final class CassowaryConstraint {
    let expression: CassowaryExpression
    let relation: CassowaryRelation
    let strength: CassowaryStrength

    init(_ expression: CassowaryExpression, _ relation: CassowaryRelation, strength: CassowaryStrength = .required) {
        self.expression = expression.normalized
        self.relation = relation
        self.strength = strength
    }
}

/// Why the solver refused a change.
enum CassowaryError: Error, Equatable {
    /// A required constraint conflicts with the required constraints already in the solver.
    case unsatisfiable
    case duplicateConstraint
    case unknownConstraint
    case unknownEditVariable
    case requiredEditVariable
    /// The objective is unbounded: a bug, never expected from well-formed input.
    case internalError
}
