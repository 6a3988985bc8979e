#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libFuzzer's documented entry point for programs that keep their own `main`: SwiftPM gives
// every executable one (and on Linux renames it), so the harnesses call the driver
// themselves instead of letting libFuzzer's `main` look for LLVMFuzzerTestOneInput.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

nonisolated(unsafe) private var target: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs libFuzzer with this process's arguments, feeding every input to `body`; never returns.
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    target = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        target?(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
        return 0
    }
    exit(status)
}

/// A private folder for harnesses whose code under test reads files (the project reader):
/// ICONLINT_FUZZ_SCRATCH (scripts/fuzz sets it and removes it afterwards), else a folder
/// on tmpfs when there is one.
public enum FuzzScratch {
    public static let folder: String = {
        if let given = getenv("ICONLINT_FUZZ_SCRATCH").map({ String(cString: $0) }), !given.isEmpty {
            mkdir(given, 0o755)
            return given
        }
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(base)/iconlint-fuzz-\(getpid())"
        mkdir(path, 0o755)
        return path
    }()

    /// Writes `bytes` to `relativePath` under `folder` (creating folders), replacing it.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to relativePath: String) {
        let path = folder + "/" + relativePath
        var parent = folder
        for component in relativePath.split(separator: "/").dropLast() {
            parent += "/" + component
            mkdir(parent, 0o755)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        #if canImport(Glibc)
            if let base = bytes.baseAddress { _ = Glibc.write(descriptor, base, bytes.count) }
        #else
            if let base = bytes.baseAddress { _ = Darwin.write(descriptor, base, bytes.count) }
        #endif
        close(descriptor)
    }
}
