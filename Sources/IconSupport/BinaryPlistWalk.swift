/// Sizes a binary plist (`bplist00`) before Foundation reads it.
///
/// A binary plist is an object table: a container holds references to other objects, and
/// nothing stops two references (or two hundred) naming the same one. CoreFoundation parses
/// such a shared object once, but swift-corelibs-foundation bridges the result to Swift
/// arrays and dictionaries by value, one copy for every reference: `[a, a]` nested 40 deep
/// is 247 bytes that expand to 2^41 objects, and memory grows until the process is killed.
///
/// The walk follows every reference from the top object, as the bridge does, and counts each
/// object every time it is reached (a memoised sum per object, so the walk itself costs one
/// visit per reference in the file). It refuses, with a one-line reason, a plist that expands
/// past `limit`, a container that contains itself, a container whose count or references do
/// not fit the file, and a set anywhere in the table (swift-corelibs-foundation crashes
/// bridging a CFSet, `0xC_`, which neither Xcode nor plutil ever writes). Strings, numbers
/// and the other scalars are not interpreted: Foundation checks them.
public enum BinaryPlistWalk {
    /// The objects `bytes` expands to (top object included), or why it is refused. Nil when
    /// `bytes` is not a binary plist (`bplist0`) at all.
    public static func expandedCount(_ bytes: [UInt8], limit: Int) -> Result<Int, Refusal>? {
        guard bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Result<Int, Refusal> in
            var walker = Walker(buffer)
            do throws(Refusal) {
                return .success(try walker.count(limit: limit))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Why a binary plist is not handed to Foundation; `description` is the reason for a message.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case set(object: Int)
        case expandsPast(limit: Int)
        case containsItself(object: Int)
        case malformed(String)

        public var description: String {
            switch self {
            case .set(let object):
                "the binary plist holds a set (object \(object)), which no Info.plist has and Foundation cannot read safely"
            case .expandsPast(let limit):
                "the binary plist expands to more than \(limit) objects (it repeats shared arrays or dictionaries; real plists stay far below)"
            case .containsItself(let object):
                "the binary plist is malformed: object \(object) contains itself"
            case .malformed(let detail):
                "the binary plist is malformed: \(detail)"
            }
        }
    }

    private struct Walker {
        let bytes: UnsafeBufferPointer<UInt8>
        var offsetSize = 0
        var referenceSize = 0
        var objectCount = 0
        var topObject = 0
        var tableStart = 0
        /// Where objects end: the offset table's first byte (CoreFoundation reads no further).
        var objectsEnd = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// A container's references: `count` of them, `referenceSize` bytes each, from `start`.
        struct Container {
            var start: Int
            var count: Int
        }

        struct Frame {
            var object: Int
            var container: Container
            /// The next reference to follow.
            var next = 0
            /// The object itself and what the references followed so far expand to.
            var sum = 1
        }

        mutating func count(limit: Int) throws(Refusal) -> Int {
            try readTrailer()
            // Every set, reachable or not, as the guard before this walk refused them.
            for index in 0..<objectCount {
                if let offset = offset(of: index), bytes[offset] >> 4 == 0xC { throw .set(object: index) }
            }
            guard let root = try container(topObject) else { return 1 }
            // Post-order from the top object, each container summed once. 0: not reached yet;
            // -1: on the path being walked (reached again, it contains itself); n > 0: its count.
            var expanded = [Int](repeating: 0, count: objectCount)
            expanded[topObject] = -1
            var stack = [Frame(object: topObject, container: root)]
            while !stack.isEmpty {
                let last = stack.count - 1
                if stack[last].next == stack[last].container.count {
                    let done = stack.removeLast()
                    expanded[done.object] = done.sum
                    guard let parent = stack.indices.last else { return done.sum }
                    stack[parent].sum += done.sum
                    if stack[parent].sum > limit { throw .expandsPast(limit: limit) }
                    continue
                }
                let child = try reference(stack[last].container, stack[last].next)
                stack[last].next += 1
                switch expanded[child] {
                case -1:
                    throw .containsItself(object: child)
                case 0:
                    if let inner = try container(child) {
                        expanded[child] = -1
                        stack.append(Frame(object: child, container: inner))
                    } else {
                        expanded[child] = 1
                        stack[last].sum += 1
                    }
                case let count:
                    stack[last].sum += count
                }
                // Every sum stays within 2 × limit: a count is added only while both are within it.
                if stack[last].sum > limit { throw .expandsPast(limit: limit) }
            }
            return 1
        }

        /// The 32-byte trailer: integer sizes, object count, top object, offset table.
        mutating func readTrailer() throws(Refusal) {
            guard bytes.count >= 8 + 1 + 32 else { throw .malformed("it is shorter than its header and trailer") }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw .malformed("the trailer gives integer sizes of \(offsetSize) and \(referenceSize) bytes")
            }
            guard let count = integer(at: trailer + 8, size: 8), let top = integer(at: trailer + 16, size: 8),
                let table = integer(at: trailer + 24, size: 8)
            else { throw .malformed("the trailer's counts do not fit the file") }
            guard table >= 9, table < trailer, count >= 1, count <= (trailer - table) / offsetSize else {
                throw .malformed("the trailer's offset table does not fit the file")
            }
            guard top < count else { throw .malformed("the top object \(top) is not one of its \(count) objects") }
            objectCount = count
            topObject = top
            tableStart = table
            objectsEnd = table
        }

        /// Where object `index` starts, when the offset table gives a place among the objects.
        func offset(of index: Int) -> Int? {
            guard let offset = integer(at: tableStart + index * offsetSize, size: offsetSize), offset >= 8, offset < objectsEnd
            else { return nil }
            return offset
        }

        /// The references of object `index` when it is an array or dictionary (keys, then
        /// values), nil for anything else.
        func container(_ index: Int) throws(Refusal) -> Container? {
            guard let offset = offset(of: index) else {
                throw .malformed("the offset of object \(index) lies outside the objects")
            }
            let marker = bytes[offset]
            guard marker >> 4 == 0xA || marker >> 4 == 0xD else { return nil }
            var count = Int(marker & 0xF)
            var start = offset + 1
            if count == 0xF {
                // The count follows as an integer object: 0x1n and 2^n big-endian bytes.
                guard start < objectsEnd, bytes[start] >> 4 == 0x1, bytes[start] & 0xF <= 4 else {
                    throw .malformed("object \(index) has no count")
                }
                let size = 1 << Int(bytes[start] & 0xF)
                guard let value = integer(at: start + 1, size: size), start + 1 + size <= objectsEnd else {
                    throw .malformed("the count of object \(index) does not fit the file")
                }
                count = value
                start += 1 + size
            }
            // A dictionary's keys, then its values.
            let references = marker >> 4 == 0xD ? count.multipliedReportingOverflow(by: 2) : (partialValue: count, overflow: false)
            guard !references.overflow, references.partialValue <= (objectsEnd - start) / referenceSize else {
                throw .malformed("object \(index) holds more references than the file has bytes")
            }
            return Container(start: start, count: references.partialValue)
        }

        /// The object the `position`th reference of `container` names.
        func reference(_ container: Container, _ position: Int) throws(Refusal) -> Int {
            guard let object = integer(at: container.start + position * referenceSize, size: referenceSize), object < objectCount else {
                throw .malformed("a reference names an object beyond the \(objectCount) it has")
            }
            return object
        }

        /// A big-endian unsigned integer of `size` bytes at `position`, when it fits in an Int.
        func integer(at position: Int, size: Int) -> Int? {
            guard position >= 0, size <= bytes.count, position <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for offset in 0..<size {
                // Past 8 bytes (a 16-byte count) the high bytes must be zero.
                if size > 8 && offset < size - 8 {
                    if bytes[position + offset] != 0 { return nil }
                    continue
                }
                value = value << 8 | UInt64(bytes[position + offset])
            }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
    }
}
