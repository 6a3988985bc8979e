import XCTest

final class OrbitTests: XCTestCase {}
