import Foundation
import FuzzSupport
import IconLintCore

// project.pbxproj text (seeded with the fixtures' real-shaped projects, which libFuzzer then
// mutates) through every build-setting editor: each edit must leave a file that parses and
// reads as the original except for the setting it meant to change, and hold the new name.
// A failure traps, so libFuzzer keeps the input as a finding.
runFuzzer { input in
    let data = input.isEmpty ? Data() : Data(buffer: input)
    if let failure = ProjectEditCheck.disagreement(data) {
        fatalError("a project edit broke the file: \(failure)")
    }
}
