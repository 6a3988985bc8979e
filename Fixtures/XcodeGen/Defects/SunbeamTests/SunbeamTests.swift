import XCTest

final class SunbeamTests: XCTestCase {}
