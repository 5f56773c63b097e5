// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sectional",
  products: [
    .library(name: "SectionalDiff", targets: ["SectionalDiff"])
  ],
  dependencies: [],
  targets: [
    .target(name: "SectionalDiff"),
    .executableTarget(
      name: "sectional-bench",
      dependencies: ["SectionalDiff"]
    ),
    .testTarget(name: "SectionalDiffTests", dependencies: ["SectionalDiff"]),
  ],
  swiftLanguageModes: [.v6]
)
