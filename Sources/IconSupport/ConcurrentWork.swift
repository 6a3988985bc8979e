import Dispatch
import Foundation

/// The project's one concurrent map: runs independent work over Dispatch's worker threads
/// and keeps the input order. `body` must be safe to run for several items at once.
public enum ConcurrentWork {
    /// `body` over `items` in parallel (serially when `threads` is 1 or there is one item);
    /// the results come back in input order. When some items throw, the first error in input
    /// order is thrown, after every item has finished.
    public static func map<T, R, E: Error>(
        _ items: [T], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ body: (T) throws(E) -> R
    ) throws(E) -> [R] {
        if threads <= 1 || items.count <= 1 {
            var results: [R] = []
            results.reserveCapacity(items.count)
            for item in items { results.append(try body(item)) }
            return results
        }
        let results: [Result<R, E>] = withoutActuallyEscaping(body) { body in
            let buffer = UnsafeMutableBufferPointer<Result<R, E>?>.allocate(capacity: items.count)
            buffer.initialize(repeating: nil)
            // Deinitialize before deallocating: the results may hold large buffers.
            defer {
                buffer.deinitialize()
                buffer.deallocate()
            }
            // Each iteration writes only its own slot, so the buffer needs no lock.
            nonisolated(unsafe) let shared = buffer
            nonisolated(unsafe) let work = body
            nonisolated(unsafe) let inputs = items
            DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
                shared[index] = Result { () throws(E) -> R in try work(inputs[index]) }
            }
            return buffer.map { $0! }
        }
        var values: [R] = []
        values.reserveCapacity(results.count)
        for result in results { values.append(try result.get()) }
        return values
    }
}
