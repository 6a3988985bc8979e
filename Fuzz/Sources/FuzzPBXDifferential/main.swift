import Foundation
import FuzzSupport
import IconLintCore

// project.pbxproj text through the byte-level OpenStep reader and PropertyListSerialization:
// both must accept it with equal values or reject it with the same message and line. A
// disagreement traps, so libFuzzer keeps the input as a finding.
runFuzzer { input in
    let data = input.isEmpty ? Data() : Data(buffer: input)
    if let difference = OpenStepPlistCheck.disagreement(data) {
        fatalError("the OpenStep reader and PropertyListSerialization disagree: \(difference)")
    }
}
