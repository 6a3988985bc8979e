import Dispatch
import Foundation

/// Runs independent work over all cores, keeping the input order.
public enum ConcurrentWork {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(body) }
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            box.set(index, body(items[index]))
        }
        return box.values
    }

    private final class ResultBox<R>: @unchecked Sendable {
        private var storage: [R?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: R) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }
        var values: [R] { storage.map { $0! } }
    }
}
