/// Apple's BOM container ("bill of materials"), the file format under `Assets.car`.
///
/// Layout (all big-endian): a header ("BOMStore", version, block count, the block index's
/// offset and length, the variables' offset and length); the block index (a count, then an
/// address and length per block); the variables (a count, then per variable a block id, a
/// name length and the name). A variable names a block; some blocks are B-trees ("tree":
/// version, root page, page size, path count) whose pages ("paths": leaf flag, count,
/// forward and backward page ids) hold (value block, key block) pairs.
///
/// Every block reference is checked against the index and the file; B-tree walks detect
/// pages visited twice and stop at `CARLimits.maxTreePages`.
struct BOMStore: Sendable {
    let file: ByteWindow
    /// Block id → byte range in the file; id 0 is the null block.
    private let blocks: [Range<Int>?]
    let variables: [String: UInt32]

    init(bytes: [UInt8], limits: CARLimits) throws(CARError) {
        let file = ByteWindow(bytes)
        guard file.count >= 32 else {
            throw .notBOM(detail: file.count == 0 ? "the file is empty" : "\(file.count) bytes is shorter than a BOM header")
        }
        guard file.slice(0, 8)!.elementsEqual("BOMStore".utf8) else {
            throw .notBOM(detail: "no BOMStore header")
        }
        let indexOffset = Int(file.be32(16)!), indexLength = Int(file.be32(20)!)
        let variablesOffset = Int(file.be32(24)!), variablesLength = Int(file.be32(28)!)
        guard let index = file.window(indexOffset, indexLength), let count = index.be32(0) else {
            throw .corrupt(detail: "the block index (offset \(indexOffset), \(indexLength) bytes) lies outside the file")
        }
        guard Int(count) <= (index.count - 4) / 8 else {
            throw .corrupt(detail: "the block index declares \(count) blocks but holds room for \((index.count - 4) / 8)")
        }
        guard Int(count) <= limits.maxBlocks else {
            throw .limitExceeded(detail: "\(count) blocks, above the limit of \(limits.maxBlocks)")
        }
        var blocks: [Range<Int>?] = []
        blocks.reserveCapacity(Int(count))
        for number in 0..<Int(count) {
            let address = Int(index.be32(4 + number * 8)!), length = Int(index.be32(8 + number * 8)!)
            // Blocks past the file's end are recorded as missing; only a use of one is an error.
            blocks.append(file.window(address, length) != nil ? address..<(address + length) : nil)
        }
        guard let vars = file.window(variablesOffset, variablesLength), let variableCount = vars.be32(0) else {
            throw .corrupt(detail: "the variables (offset \(variablesOffset), \(variablesLength) bytes) lie outside the file")
        }
        var variables: [String: UInt32] = [:]
        var position = 4
        for number in 0..<variableCount {
            guard let block = vars.be32(position), let length = vars.u8(position + 4),
                let name = vars.slice(position + 5, Int(length))
            else {
                throw .corrupt(detail: "variable \(number + 1) of \(variableCount) runs past the variables' end")
            }
            variables[String(decoding: name, as: UTF8.self)] = block
            position += 5 + Int(length)
        }
        self.file = file
        self.blocks = blocks
        self.variables = variables
    }

    /// The block with id `id`, checked against the index and the file.
    func block(_ id: UInt32, for purpose: @autoclosure () -> String) throws(CARError) -> ByteWindow {
        guard Int(id) < blocks.count, id != 0, let range = blocks[Int(id)] else {
            throw .corrupt(detail: "\(purpose()) refers to block \(id), which the block index does not hold")
        }
        return ByteWindow(file.bytes, range: range)
    }

    func variable(_ name: String) throws(CARError) -> ByteWindow? {
        guard let id = variables[name] else { return nil }
        return try block(id, for: "the variable \(name)")
    }

    /// Every (key, value) pair of the B-tree named `name`, in leaf order.
    func tree(_ name: String, limits: CARLimits) throws(CARError) -> [(key: ByteWindow, value: ByteWindow)] {
        guard let id = variables[name] else { return [] }
        let header = try block(id, for: "the \(name) tree")
        guard header.slice(0, 4)?.elementsEqual("tree".utf8) == true, let root = header.be32(8) else {
            throw .corrupt(detail: "the \(name) variable is not a B-tree")
        }
        var visited: Set<UInt32> = []
        func page(_ id: UInt32) throws(CARError) -> (leaf: Bool, count: Int, forward: UInt32, body: ByteWindow) {
            guard visited.insert(id).inserted else { throw .cyclicTree(name: name) }
            guard visited.count <= limits.maxTreePages else {
                throw .limitExceeded(detail: "the \(name) tree has more than \(limits.maxTreePages) pages")
            }
            let page = try block(id, for: "a page of the \(name) tree")
            guard let leaf = page.be16(0), let count = page.be16(2), let forward = page.be32(4),
                let body = page.window(12, Int(count) * 8)
            else {
                throw .corrupt(detail: "a page of the \(name) tree (block \(id)) is shorter than its \(page.be16(2) ?? 0) entries")
            }
            return (leaf != 0, Int(count), forward, body)
        }
        // Down the leftmost branch to the first leaf, then along the leaves' forward links.
        var current = try page(root)
        var depth = 0
        while !current.leaf {
            depth += 1
            guard depth <= 64 else { throw .corrupt(detail: "the \(name) tree is deeper than 64 levels") }
            guard current.count > 0 else { throw .corrupt(detail: "an inner page of the \(name) tree is empty") }
            current = try page(current.body.be32(0)!)
        }
        var pairs: [(key: ByteWindow, value: ByteWindow)] = []
        while true {
            for entry in 0..<current.count {
                let value = current.body.be32(entry * 8)!, key = current.body.be32(entry * 8 + 4)!
                pairs.append((try block(key, for: "a key of the \(name) tree"), try block(value, for: "a value of the \(name) tree")))
                guard pairs.count <= limits.maxRenditions else {
                    throw .limitExceeded(detail: "the \(name) tree holds more than \(limits.maxRenditions) entries")
                }
            }
            guard current.forward != 0 else { break }
            current = try page(current.forward)
        }
        return pairs
    }
}
