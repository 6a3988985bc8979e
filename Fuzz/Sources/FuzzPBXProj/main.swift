import Foundation
import FuzzSupport
import IconLintCore

// OpenStep property lists (project.pbxproj) through the linter's plist parser.
// Follow-up: once XcodeProjectReader lands on main, feed its pbxproj and xcconfig parsing too.
runFuzzer { input in
    _ = InMemoryLint.parsePlist(Data(input))
}
