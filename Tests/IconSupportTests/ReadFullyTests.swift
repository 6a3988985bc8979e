import Foundation
import IconLintTestSupport
import IconSupport
import Testing

/// `Descriptor.readFully`, the one read loop (BoundedFile, the image reader, the facts cache and
/// the archive reader read through it).
@Suite struct ReadFullyTests {
    @Test func fillsTheBufferFromTheCursorOrAnOffsetAndStopsAtTheEnd() throws {
        let scratch = try ScratchFolder("read-fully")
        var random = SplitMix64(seed: 7)
        let bytes = random.bytes(70_000)
        let path = try scratch.write("data", bytes)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        var head = [UInt8](repeating: 0, count: 1000)
        #expect(head.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0) } == .init(count: 1000, failure: nil))
        #expect(head == Array(bytes[..<1000]))
        // From an offset, without moving the cursor; past the end, only what is there.
        var tail = [UInt8](repeating: 0, count: 500)
        #expect(tail.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0, at: 69_800) } == .init(count: 200, failure: nil))
        #expect(tail[..<200] == bytes[69_800...])
        var rest = [UInt8](repeating: 0, count: 80_000)
        #expect(rest.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0) } == .init(count: 69_000, failure: nil))
        #expect(rest[..<69_000] == bytes[1000...])
        var empty: [UInt8] = []
        #expect(empty.withUnsafeMutableBytes { Descriptor.readFully(descriptor, into: $0) } == .init(count: 0, failure: nil))
    }

    /// A pipe hands out what was written so far: the loop keeps reading until the writer is done.
    @Test func readsAPipeWrittenInPieces() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writer = ends[1]
        let thread = Thread {
            for piece in 0..<8 {
                _ = Descriptor.write([UInt8](repeating: UInt8(piece), count: 3000), to: writer)
                usleep(2000)
            }
            close(writer)
        }
        thread.start()
        var buffer = [UInt8](repeating: 0xFF, count: 30_000)
        let outcome = buffer.withUnsafeMutableBytes { Descriptor.readFully(ends[0], into: $0) }
        #expect(outcome == .init(count: 24_000, failure: nil))
        #expect(buffer[..<24_000] == ArraySlice((0..<8).flatMap { [UInt8](repeating: UInt8($0), count: 3000) }))
    }

    @Test func aFailureIsItsErrno() {
        var buffer = [UInt8](repeating: 0, count: 10)
        #expect(buffer.withUnsafeMutableBytes { Descriptor.readFully(-1, into: $0) } == .init(count: 0, failure: EBADF))
    }
}
