import FuzzSupport
import PNGKit

// PNG header read (everything before IDAT), ICC profile included, with the default limits.
runFuzzer { input in
    _ = try? PNGReader().header(.bytes(Array(input)), withICCProfile: true)
}
