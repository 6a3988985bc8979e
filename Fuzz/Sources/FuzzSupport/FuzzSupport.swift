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
