// The broad phase: a dynamic AABB tree of fat boxes (after Box2D's b2DynamicTree), nodes in one array.

struct TreeNode {
    var aabb = PhysicsAABB(lower: .zero, upper: .zero)
    var parent: Int32 = -1        // doubles as the free-list link
    var child1: Int32 = -1
    var child2: Int32 = -1
    var height: Int32 = -1        // leaf = 0, free = -1
    var item: Int32 = -1          // the primitive index for leaves
    var moved = false
    @inline(__always) var isLeaf: Bool { child1 == -1 }
}

struct DynamicTree {
    var nodes: [TreeNode] = []
    var root: Int32 = -1
    var freeList: Int32 = -1
    var stack: [Int32] = []

    mutating func allocate() -> Int32 {
        if freeList == -1 {
            nodes.append(TreeNode())
            return Int32(nodes.count - 1)
        }
        let id = freeList
        freeList = nodes[Int(id)].parent
        nodes[Int(id)] = TreeNode()
        return id
    }

    mutating func free(_ id: Int32) {
        nodes[Int(id)].parent = freeList
        nodes[Int(id)].height = -1
        freeList = id
    }

    /// Inserts a fat box for `item`; returns the proxy id.
    mutating func createProxy(aabb: PhysicsAABB, margin: Double, item: Int32) -> Int32 {
        let id = allocate()
        nodes[Int(id)].aabb = aabb.extended(by: margin)
        nodes[Int(id)].item = item
        nodes[Int(id)].height = 0
        nodes[Int(id)].moved = true
        insertLeaf(id)
        return id
    }

    mutating func destroyProxy(_ id: Int32) {
        removeLeaf(id)
        free(id)
    }

    /// Moves a proxy if its tight box left the fat one; returns true when it was reinserted.
    mutating func moveProxy(_ id: Int32, aabb: PhysicsAABB, margin: Double, displacement: PhysicsVector) -> Bool {
        let fat = aabb.extended(by: margin)
        let treeAABB = nodes[Int(id)].aabb
        if treeAABB.contains(aabb) {
            // Still inside: keep it unless the fat box has become far too large.
            let huge = fat.extended(by: 4 * margin)
            if huge.contains(treeAABB) { return false }
        }
        var newAABB = fat
        let d = 4.0 * displacement
        if d.x < 0 { newAABB.lower.x += d.x } else { newAABB.upper.x += d.x }
        if d.y < 0 { newAABB.lower.y += d.y } else { newAABB.upper.y += d.y }
        removeLeaf(id)
        nodes[Int(id)].aabb = newAABB
        insertLeaf(id)
        nodes[Int(id)].moved = true
        return true
    }

    mutating func insertLeaf(_ leaf: Int32) {
        if root == -1 { root = leaf; nodes[Int(leaf)].parent = -1; return }
        let leafAABB = nodes[Int(leaf)].aabb
        var index = root
        while !nodes[Int(index)].isLeaf {
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            let area = nodes[Int(index)].aabb.perimeter
            let combinedArea = nodes[Int(index)].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func childCost(_ c: Int32) -> Double {
                let u = leafAABB.union(nodes[Int(c)].aabb)
                if nodes[Int(c)].isLeaf { return u.perimeter + inheritance }
                return (u.perimeter - nodes[Int(c)].aabb.perimeter) + inheritance
            }
            let cost1 = childCost(c1), cost2 = childCost(c2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? c1 : c2
        }
        let sibling = index
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocate()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafAABB.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent != -1 {
            if nodes[Int(oldParent)].child1 == sibling { nodes[Int(oldParent)].child1 = newParent } else { nodes[Int(oldParent)].child2 = newParent }
        } else {
            root = newParent
        }
        refit(from: nodes[Int(leaf)].parent)
    }

    mutating func refit(from start: Int32) {
        var index = start
        while index != -1 {
            index = balance(index)
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
            index = nodes[Int(index)].parent
        }
    }

    mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root { root = -1; return }
        let parent = nodes[Int(leaf)].parent
        let grand = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grand != -1 {
            if nodes[Int(grand)].child1 == parent { nodes[Int(grand)].child1 = sibling } else { nodes[Int(grand)].child2 = sibling }
            nodes[Int(sibling)].parent = grand
            free(parent)
            refit(from: grand)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = -1
            free(parent)
        }
    }

    /// A left or right rotation if node `iA` is imbalanced; returns the new subtree root.
    mutating func balance(_ iA: Int32) -> Int32 {
        let A = nodes[Int(iA)]
        if A.isLeaf || A.height < 2 { return iA }
        let iB = A.child1, iC = A.child2
        let balance = nodes[Int(iC)].height - nodes[Int(iB)].height
        if balance > 1 { return rotate(iA, up: iC, other: iB, isChild2: true) }
        if balance < -1 { return rotate(iA, up: iB, other: iC, isChild2: false) }
        return iA
    }

    /// Promotes child `iC` of `iA` (`other` is A's remaining child).
    mutating func rotate(_ iA: Int32, up iC: Int32, other iB: Int32, isChild2: Bool) -> Int32 {
        let iF = nodes[Int(iC)].child1, iG = nodes[Int(iC)].child2
        nodes[Int(iC)].child1 = iA
        nodes[Int(iC)].parent = nodes[Int(iA)].parent
        nodes[Int(iA)].parent = iC
        let cp = nodes[Int(iC)].parent
        if cp != -1 {
            if nodes[Int(cp)].child1 == iA { nodes[Int(cp)].child1 = iC } else { nodes[Int(cp)].child2 = iC }
        } else { root = iC }
        let (keep, give) = nodes[Int(iF)].height > nodes[Int(iG)].height ? (iF, iG) : (iG, iF)
        nodes[Int(iC)].child2 = keep
        if isChild2 { nodes[Int(iA)].child2 = give } else { nodes[Int(iA)].child1 = give }
        nodes[Int(give)].parent = iA
        nodes[Int(iA)].aabb = nodes[Int(iB)].aabb.union(nodes[Int(give)].aabb)
        nodes[Int(iC)].aabb = nodes[Int(iA)].aabb.union(nodes[Int(keep)].aabb)
        nodes[Int(iA)].height = 1 + max(nodes[Int(iB)].height, nodes[Int(give)].height)
        nodes[Int(iC)].height = 1 + max(nodes[Int(iA)].height, nodes[Int(keep)].height)
        return iC
    }

    /// Calls `body(proxy)` for every leaf whose fat box overlaps `aabb`; stop by returning false.
    mutating func query(_ aabb: PhysicsAABB, _ body: (Int32) -> Bool) {
        if root == -1 { return }
        var stack = self.stack
        self.stack = []
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        nodes.withUnsafeBufferPointer { n in
            while let id = stack.popLast() {
                let node = n[Int(id)]
                guard node.aabb.overlaps(aabb) else { continue }
                if node.isLeaf {
                    if !body(id) { break }
                } else {
                    stack.append(node.child1)
                    stack.append(node.child2)
                }
            }
        }
        self.stack = stack
    }
}
