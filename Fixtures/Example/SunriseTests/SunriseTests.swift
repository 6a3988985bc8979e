import XCTest

final class SunriseTests: XCTestCase {}
