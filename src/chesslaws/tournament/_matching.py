"""A maximum-weight matching of a general graph, for the Dutch system's pairings (C.04.3).

The pairing of a round is a maximum-weight matching whose weights encode the criteria in
order (:mod:`.dutch`). This is Edmonds' blossom algorithm in its primal-dual form (Galil,
"Efficient algorithms for finding maximum matching in graphs", 1986: O(n³) with the least
slack kept per vertex and per blossom), written for what the pairing asks of it: integer
weights of a few hundred bits (exact arithmetic, every dual an integer when the weights are
doubled), dense graphs of at most a few hundred vertices, lists indexed by number rather than
dictionaries. Vertices are ``0..n-1``; blossoms are numbered ``n..2n-1``.

Edges are numbered ``k``; ``2k`` and ``2k + 1`` are its two ends ("endpoints"), so ``p ^ 1``
is the other end of endpoint ``p`` and ``p >> 1`` its edge. Duals are kept doubled, and so are
the weights stored: an edge's slack is ``dual[i] + dual[j] - 2·w`` (the duals of the blossoms
holding both ends left out, since slack is only asked of edges between different top-level
blossoms).
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["Weights", "max_weight_matching"]

#: Edge weights by ``(smaller vertex, larger vertex)``; a missing or zero weight: no edge.
Weights = dict[tuple[int, int], int]

FREE, OUTER, INNER = 0, 1, 2  # a top-level blossom's label in the alternating forest ("S", "T")
_SEEN = 4  # a mark while two paths are walked back to their common base (scan)


def max_weight_matching(vertices: int, weights: Weights) -> list[int]:
    """Each vertex's mate in a matching of greatest total weight (itself if unmatched)."""
    matching = Matching(vertices)
    for (a, b), w in weights.items():
        matching.set(a, b, w)
    return matching.solve()


class Matching:
    """A matching of greatest weight kept up to date as weights change.

    ``set`` changes an edge's weight (0: no edge); ``solve`` re-optimises from the last
    optimum: every vertex a change marked (``set`` says which) leaves its blossoms (each
    dissolved blossom's dual moves onto its vertices, which keeps every edge's slack
    non-negative) and its mate unless their edge stays tight, and takes the least dual its
    edges allow. Single vertices joined by a tight edge are paired at once; the single vertices
    whose duals are positive are the roots of the next stages, so a change at one vertex costs
    a few stages, not the ``n / 2`` of a fresh start. A stage ends when a path augments, or
    when an outer vertex's dual reaches zero: the path from it to its root is flipped (it
    becomes the single one, complementary slackness holds) and the stage starts again.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.weight = [0] * (n * n)  # edge k = a·n + b (a < b) -> twice its weight
        self.end = [0] * (2 * n * n)  # endpoint -> vertex
        for a in range(n):
            for b in range(a + 1, n):
                k = a * n + b
                self.end[2 * k] = a
                self.end[2 * k + 1] = b
        #: vertex -> the far endpoints of its edges (a dict: edges come and go in O(1))
        self.adjacent: list[dict[int, None]] = [{} for _ in range(n)]
        self.changed: set[int] = set(range(n))
        blossoms = 2 * n
        self.mate = [-1] * n  # vertex -> the endpoint at its mate, -1: single
        self.label = [FREE] * blossoms
        self.label_end = [-1] * blossoms  # the endpoint at whoever labelled it (-1: a root)
        self.top = list(range(n))  # vertex -> its top-level blossom
        self.parent = [-1] * blossoms
        self.children: list[list[int]] = [[] for _ in range(blossoms)]
        self.links: list[list[int]] = [[] for _ in range(blossoms)]  # child i -> i + 1
        self.base = list(range(n)) + [-1] * n
        self.best = [-1] * blossoms  # the least-slack edge to an outer blossom
        self.best_of: list[list[int] | None] = [None] * blossoms  # an outer blossom's list
        self.unused = list(range(blossoms - 1, n - 1, -1))
        self.dual = [0] * blossoms
        self.allowed: set[int] = set()
        self.queue: list[int] = []

    def set(self, a: int, b: int, w: int) -> None:
        """Edge ``a``-``b`` weighs ``w`` from now on (0 or less: no edge).

        ``a`` is the end re-optimised around when the change asks for it: a heavier edge
        (``a``'s dual rises to cover it), a lighter one that is matched or inside a blossom
        (``a`` leaves its blossoms and, the edge no longer tight, its mate). A lighter edge
        elsewhere only gains slack: nothing to do."""
        first = a
        if a > b:
            a, b = b, a
        k = a * self.n + b
        w = 2 * max(w, 0)
        old = self.weight[k]
        if old != w:
            self.weight[k] = w
            if w > old or self.mate[a] == 2 * k + 1 or self.top[a] == self.top[b]:
                self.changed.add(first)
            if not old:
                self.adjacent[a][2 * k + 1] = None
                self.adjacent[b][2 * k] = None
            elif not w:
                del self.adjacent[a][2 * k + 1]
                del self.adjacent[b][2 * k]

    def drop(self, v: int) -> None:
        """Remove every edge of ``v`` (its dual falls to zero: it leaves the stages alone)."""
        end = self.end
        for p in list(self.adjacent[v]):
            self.set(v, end[p], 0)
        self.changed.add(v)

    def solve(self) -> list[int]:
        """Each vertex's mate in a matching of greatest weight (itself if unmatched)."""
        self._detach_changed()
        self._match_tight_singles()
        while self._stage():
            pass
        return [v if p < 0 else self.end[p] for v, p in enumerate(self.mate)]

    def _detach_changed(self) -> None:
        """Make the duals feasible again around the vertices whose edges changed: each leaves
        its blossoms and raises its dual as far as its heaviest edge asks; it keeps its mate
        if their edge is still tight."""
        weight, dual, mate, end = self.weight, self.dual, self.mate, self.end
        changed = sorted(self.changed)
        self.changed = set()
        for x in changed:
            while self.top[x] != x:
                self._dissolve(self.top[x])
        for x in changed:
            need = 0
            for p in self.adjacent[x]:
                need = max(need, weight[p >> 1] - dual[end[p]])
            dual[x] = max(dual[x], need) if self.adjacent[x] else 0
        for x in changed:
            p = mate[x]
            if p >= 0 and (not weight[p >> 1] or dual[x] + dual[end[p]] != weight[p >> 1]):
                mate[end[p]] = -1
                mate[x] = -1

    def _match_tight_singles(self) -> None:
        """Pair single vertices joined by a tight edge, greedily: each such pair is a
        stage's augmenting path of one edge, found without growing a forest (the duals stay
        as they are)."""
        weight, dual, mate, end, top = self.weight, self.dual, self.mate, self.end, self.top
        for x in range(self.n):
            if mate[x] >= 0 or top[x] != x or not dual[x]:
                continue
            dx = dual[x]
            for p in self.adjacent[x]:
                y = end[p]
                if mate[y] < 0 and top[y] == y and dx + dual[y] == weight[p >> 1]:
                    mate[x] = p
                    mate[y] = p ^ 1
                    break

    def _dissolve(self, b: int) -> None:
        """Undo top-level blossom ``b`` outside the stages: its dual goes to its vertices
        (edges inside keep their slack, edges leaving gain it), and the matched edge leaving
        its base, no longer tight, is unmatched."""
        z = self.dual[b]
        for v in self.leaves(b):
            self.dual[v] += z
        base = self.base[b]
        if z and self.mate[base] >= 0:
            self.mate[self.end[self.mate[base]]] = -1
            self.mate[base] = -1
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.top[child] = child
            else:
                for v in self.leaves(child):
                    self.top[v] = child
        self.children[b], self.links[b] = [], []
        self.base[b] = -1
        self.dual[b] = 0
        self.best_of[b] = None
        self.unused.append(b)

    def slack(self, k: int) -> int:
        end = self.end
        return self.dual[end[2 * k]] + self.dual[end[2 * k + 1]] - self.weight[k]

    def leaves(self, b: int) -> Iterator[int]:
        n, children = self.n, self.children
        stack = [b]
        while stack:
            t = stack.pop()
            if t < n:
                yield t
            else:
                stack.extend(children[t])

    # -- the forest ----------------------------------------------------------------------

    def assign(self, w: int, label: int, p: int) -> None:
        """Label ``w``'s top-level blossom, reached through endpoint ``p``; an inner blossom's
        base's mate becomes outer in turn."""
        b = self.top[w]
        self.label[w] = self.label[b] = label
        self.label_end[w] = self.label_end[b] = p
        self.best[w] = self.best[b] = -1
        if label == OUTER:
            if b < self.n:
                self.queue.append(b)
            else:
                self.queue.extend(self.leaves(b))
        else:
            mate = self.mate[self.base[b]]
            self.assign(self.end[mate], OUTER, mate ^ 1)

    def scan(self, v: int, w: int) -> int:
        """The base of the blossom an edge between outer ``v`` and ``w`` closes, or -1 when
        the edge joins two trees (an augmenting path)."""
        label, label_end, end, top = self.label, self.label_end, self.end, self.top
        marked: list[int] = []
        base = -1
        while v != -1:
            b = top[v]
            if label[b] & _SEEN:
                base = self.base[b]
                break
            marked.append(b)
            label[b] = OUTER | _SEEN
            v = -1 if label_end[b] == -1 else end[label_end[top[end[label_end[b]]]]]
            if w != -1:
                v, w = w, v
        for b in marked:
            label[b] = OUTER
        return base

    def add_blossom(self, base: int, k: int) -> None:
        """Shrink the odd cycle closed by edge ``k`` into a new outer blossom."""
        end, top, label_end, parent = self.end, self.top, self.label_end, self.parent
        v, w = end[2 * k], end[2 * k + 1]
        bb, bv, bw = top[base], top[v], top[w]
        b = self.unused.pop()
        self.base[b] = base
        parent[b] = -1
        parent[bb] = b
        path: list[int] = []
        links: list[int] = []
        while bv != bb:
            parent[bv] = b
            path.append(bv)
            links.append(label_end[bv])
            bv = top[end[label_end[bv]]]
        path.append(bb)
        path.reverse()
        links.reverse()
        links.append(2 * k)
        while bw != bb:
            parent[bw] = b
            path.append(bw)
            links.append(label_end[bw] ^ 1)
            bw = top[end[label_end[bw]]]
        self.children[b], self.links[b] = path, links
        self.label[b] = OUTER
        label_end[b] = label_end[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[top[x]] == INNER:
                self.queue.append(x)  # an inner vertex becomes outer: scan it
            top[x] = b
        self._best_edges(b, path)

    def _best_edges(self, b: int, path: list[int]) -> None:
        """The new blossom's least-slack edge to each other outer blossom."""
        end, top, label, dual, weight = self.end, self.top, self.label, self.dual, self.weight
        best_to: dict[int, tuple[int, int]] = {}  # blossom -> (slack, edge)
        for child in path:
            known = self.best_of[child]
            if known is None:
                lists = [[p >> 1 for p in self.adjacent[x]] for x in self.leaves(child)]
            else:
                lists = [known]
            for edges in lists:
                for k in edges:
                    i, j = end[2 * k], end[2 * k + 1]
                    bj = top[j]
                    if bj == b:
                        bj = top[i]
                    if bj != b and label[bj] == OUTER:
                        slack = dual[i] + dual[j] - weight[k]
                        old = best_to.get(bj)
                        if old is None or slack < old[0]:
                            best_to[bj] = (slack, k)
            self.best_of[child] = None
            self.best[child] = -1
        self.best_of[b] = [k for _, k in best_to.values()]
        self.best[b] = min(best_to.values())[1] if best_to else -1

    def expand(self, b: int, end_of_stage: bool) -> None:
        """Undo blossom ``b`` (its dual is zero); an inner one's children are relabelled."""
        n, top, parent, children = self.n, self.top, self.parent, self.children
        for s in children[b]:
            parent[s] = -1
            if s < n:
                top[s] = s
            elif end_of_stage and self.dual[s] == 0:
                self.expand(s, end_of_stage)
            else:
                for x in self.leaves(s):
                    top[x] = s
        if not end_of_stage and self.label[b] == INNER:
            self._relabel_children(b)
        self.label[b] = self.label_end[b] = -1
        children[b], self.links[b] = [], []
        self.base[b] = -1
        self.best_of[b] = None
        self.best[b] = -1
        self.unused.append(b)

    def _relabel_children(self, b: int) -> None:
        """An inner blossom expanded mid-stage: the path from its entry to its base keeps the
        forest's alternation (inner, outer, ... inner); the other children are unlabelled
        unless an outer vertex already reached one."""
        end, label, label_end, top = self.end, self.label, self.label_end, self.top
        kids, links = self.children[b], self.links[b]
        entry = top[end[label_end[b] ^ 1]]
        j = kids.index(entry)
        if j & 1:
            j -= len(kids)
            step, flip = 1, 0
        else:
            step, flip = -1, 1
        p = label_end[b]
        while j != 0:
            label[end[p ^ 1]] = FREE
            label[end[links[j - flip] ^ flip ^ 1]] = FREE
            self.assign(end[p ^ 1], INNER, p)
            self.allowed.add(links[j - flip] >> 1)
            j += step
            p = links[j - flip] ^ flip
            self.allowed.add(p >> 1)
            j += step
        child = kids[j]
        label[end[p ^ 1]] = label[child] = INNER
        label_end[end[p ^ 1]] = label_end[child] = p
        self.best[child] = -1
        j += step
        while kids[j] != entry:
            child = kids[j]
            j += step
            if label[child] == OUTER:
                continue
            reached = next((x for x in self.leaves(child) if label[x] != FREE), -1)
            if reached >= 0:
                label[reached] = FREE
                label[end[self.mate[self.base[child]]]] = FREE
                self.assign(reached, INNER, label_end[reached])

    # -- augmenting ----------------------------------------------------------------------

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap the matched and unmatched edges on the path from ``v`` to ``b``'s base, so
        that ``v`` (single in ``b`` once its old mate is re-matched) becomes the base."""
        end, mate, n = self.end, self.mate, self.n
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= n:
            self.augment_blossom(t, v)
        kids, links = self.children[b], self.links[b]
        i = j = kids.index(t)
        if i & 1:
            j -= len(kids)
            step, flip = 1, 0
        else:
            step, flip = -1, 1
        while j != 0:
            j += step
            t = kids[j]
            p = links[j - flip] ^ flip
            if t >= n:
                self.augment_blossom(t, end[p])
            j += step
            t = kids[j]
            if t >= n:
                self.augment_blossom(t, end[p ^ 1])
            mate[end[p]] = p ^ 1
            mate[end[p ^ 1]] = p
        self.children[b] = kids[i:] + kids[:i]
        self.links[b] = links[i:] + links[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        """Augment along the path through edge ``k`` between two trees' outer vertices."""
        end = self.end
        self.rematch_to_root(end[2 * k], 2 * k + 1)
        self.rematch_to_root(end[2 * k + 1], 2 * k)

    def augment_to_single(self, p: int) -> None:
        """Augment along the path from an outer vertex through endpoint ``p``'s edge to a
        single vertex (of zero dual) outside the forest, or inside a blossom it is base of."""
        w = self.end[p]
        self.rematch_to_root(self.end[p ^ 1], p)
        bw = self.top[w]
        if bw >= self.n:
            self.augment_blossom(bw, w)
        self.mate[w] = p ^ 1

    def rematch_to_root(self, s: int, p: int) -> None:
        """Give outer vertex ``s`` the mate at endpoint ``p`` (-1: none), swapping matched and
        unmatched edges on the path from it to its tree's root."""
        end, mate, top, label_end, n = self.end, self.mate, self.top, self.label_end, self.n
        while True:
            bs = top[s]
            if bs >= n:
                self.augment_blossom(bs, s)
            mate[s] = p
            if label_end[bs] == -1:
                break  # the root
            t = end[label_end[bs]]
            bt = top[t]
            s = end[label_end[bt]]
            j = end[label_end[bt] ^ 1]
            if bt >= n:
                self.augment_blossom(bt, j)
            mate[j] = label_end[bt]
            p = label_end[bt] ^ 1

    # -- the stages ----------------------------------------------------------------------

    def _stage(self) -> bool:
        """One stage from the single vertices of positive dual; False when there is none
        (the matching is of greatest weight)."""
        n = self.n
        self.label = [FREE] * (2 * n)
        self.label_end = [-1] * (2 * n)
        self.best = [-1] * (2 * n)
        self.best_of[n:] = [None] * n
        self.allowed = set()
        self.queue = []
        roots = False
        for v in range(n):
            if self.mate[v] == -1 and self.dual[v] > 0 and self.label[self.top[v]] == FREE:
                self.assign(v, OUTER, -1)
                roots = True
        if not roots:
            return False
        while not self._grow() and self._adjust_duals():
            pass
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == OUTER
                and self.dual[b] == 0
            ):
                self.expand(b, True)
        return True

    def _grow(self) -> bool:
        """Scan the outer vertices' tight edges; True once the matching was augmented."""
        end, top, label, label_end, allowed = (
            self.end,
            self.top,
            self.label,
            self.label_end,
            self.allowed,
        )
        dual, weight, best, queue = self.dual, self.weight, self.best, self.queue
        mate, base_of, adjacent = self.mate, self.base, self.adjacent
        slacks: dict[int, int] = {}  # edge -> its slack, the duals being what they are now
        while queue:
            v = queue.pop()
            dv = dual[v]
            bv = top[v]
            for p in adjacent[v]:
                w = end[p]
                bw = top[w]
                if bv == bw or (label[bw] == INNER and label[w] != FREE):
                    continue  # an inner vertex: nothing to learn from the edge, tight or not
                k = p >> 1
                slack = 0
                tight = k in allowed
                if not tight:
                    slack = dv + dual[w] - weight[k]
                    if slack <= 0:
                        allowed.add(k)
                        tight = True
                if tight:
                    if label[bw] == FREE:
                        if mate[base_of[bw]] == -1:
                            self.augment_to_single(p)  # a single vertex of zero dual
                            return True
                        self.assign(w, INNER, p ^ 1)
                    elif label[bw] == OUTER:
                        base = self.scan(v, w)
                        if base >= 0:
                            self.add_blossom(base, k)
                            bv = top[v]
                        else:
                            self.augment(k)
                            return True
                    elif label[w] == FREE:
                        label[w] = INNER  # reached inside an inner blossom (for expand)
                        label_end[w] = p ^ 1
                else:
                    x = bv if label[bw] == OUTER else w if label[w] == FREE else -1
                    if x >= 0:
                        old = best[x]
                        if old == -1:
                            best[x] = k
                            slacks[k] = slack
                            continue
                        least = slacks.get(old)
                        if least is None:
                            least = dual[end[2 * old]] + dual[end[2 * old + 1]] - weight[old]
                        if slack < least:
                            best[x] = k
                            slacks[k] = slack
        return False

    def _adjust_duals(self) -> bool:
        """Change the duals by the largest step that keeps them feasible; False when an outer
        vertex's dual reached zero (it becomes single, and the stage ends)."""
        n, dual, label, top, best, slack = (
            self.n,
            self.dual,
            self.label,
            self.top,
            self.best,
            self.slack,
        )
        outer = [v for v in range(n) if label[top[v]] == OUTER]
        zeroed = min(outer, key=dual.__getitem__)
        kind, delta, edge, blossom = 1, dual[zeroed], -1, -1
        for v in range(n):
            if label[top[v]] == FREE and best[v] != -1:
                d = slack(best[v])
                if d < delta:
                    kind, delta, edge = 2, d, best[v]
        tops = [b for b in range(n, 2 * n) if self.parent[b] == -1 and self.base[b] >= 0]
        for b in (*range(n), *tops):
            if self.parent[b] == -1 and label[b] == OUTER and best[b] != -1:
                d = slack(best[b]) // 2
                if d < delta:
                    kind, delta, edge = 3, d, best[b]
        for b in tops:
            if label[b] == INNER and dual[b] < delta:
                kind, delta, blossom = 4, dual[b], b
        for v in range(n):
            state = label[top[v]]
            if state == OUTER:
                dual[v] -= delta
            elif state == INNER:
                dual[v] += delta
        for b in tops:
            if label[b] == OUTER:
                dual[b] += delta
            elif label[b] == INNER:
                dual[b] -= delta
        if kind == 1:
            self.rematch_to_root(zeroed, -1)
            return False
        if kind == 2:
            self.allowed.add(edge)
            i, j = self.end[2 * edge], self.end[2 * edge + 1]
            self.queue.append(i if label[top[i]] == OUTER else j)
        elif kind == 3:
            self.allowed.add(edge)
            self.queue.append(self.end[2 * edge])
        else:
            self.expand(blossom, False)
        return True
