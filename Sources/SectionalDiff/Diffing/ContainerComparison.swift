// Comparing elements of two lists of `any ListDiffable` where the lists store them.
//
// An update of a long list pairs each new object with its old one, and most are the same value
// (copies sharing all their storage). Opening an element to compare it copies it out of its
// array first, and the copy retains the model: a write to the model's heap object, a cache miss
// for each of 10,000 objects scattered in memory, which was half of an adapter update of 10,000
// cards (1.45 of 3.0 ms) although it is 15% of its instructions. Reading the two containers'
// bytes in place touches only the arrays.
//
// This reads the existential container as Swift's ABI lays it out (docs/ABI/TypeLayout.rst,
// "Existential Container Layout"): a three-word value buffer, then the type's metadata, then the
// witness table. The value sits at the start of the buffer when it fits; otherwise the buffer's
// first word points to a heap box. The layout is checked once against a probe, and when the
// check fails (another runtime, another layout) every element is opened instead.

/// Finds elements of two lists of `any ListDiffable` that hold the same value, from the lists'
/// storage (`withUnsafeBytes`), without copying or opening either.
package struct ContainerComparison {
  /// Whether containers are laid out as this reads them, checked once against probes.
  package static let isAvailable: Bool = {
    guard MemoryLayout<any ListDiffable>.size == 40, MemoryLayout<any ListDiffable>.stride == 40 else {
      return false
    }
    // An inline value: the value at the start, then the type at word 3.
    let probes: [any ListDiffable] = [7 as Int, "a string longer than fifteen bytes"]
    return probes.withUnsafeBytes { bytes in
      bytes.load(fromByteOffset: 0, as: Int.self) == 7
        && bytes.load(fromByteOffset: 24, as: UInt.self) == unsafeBitCast(Int.self as Any.Type, to: UInt.self)
        && bytes.load(fromByteOffset: 40 + 24, as: UInt.self)
          == unsafeBitCast(String.self as Any.Type, to: UInt.self)
    }
  }()

  private var lastType: UInt = 0
  private var lastComparedBytes = 0

  package init() {}

  /// Whether element `lhsIndex` of the list stored in `lhs` and element `rhsIndex` of the list
  /// stored in `rhs` hold the same value: the same type and witness table, and the same bytes of
  /// the value buffer that the value uses (the same value stored inline, or the same box).
  /// `false` says nothing (bytes the value does not use may differ); call it only when
  /// ``isAvailable``.
  package mutating func holdSameValue(
    _ lhs: UnsafeRawBufferPointer, _ lhsIndex: Int, _ rhs: UnsafeRawBufferPointer, _ rhsIndex: Int
  ) -> Bool {
    let left = lhs.baseAddress.unsafelyUnwrapped + lhsIndex &* 40
    let right = rhs.baseAddress.unsafelyUnwrapped + rhsIndex &* 40
    let type = left.load(fromByteOffset: 24, as: UInt.self)
    guard type == right.load(fromByteOffset: 24, as: UInt.self),
      left.load(fromByteOffset: 32, as: UInt.self) == right.load(fromByteOffset: 32, as: UInt.self)
    else { return false }
    if type != lastType {
      // An inline value uses its size; a boxed one's first word is the box (and a boxed value
      // is bigger than the buffer, or compared with bytes it does not use: never equal by
      // chance without the same box).
      lastType = type
      lastComparedBytes = min(24, Self.size(of: unsafeBitCast(type, to: Any.Type.self)))
    }
    return hasIdenticalBytes(left, right, count: lastComparedBytes)
  }

  private static func size(of type: Any.Type) -> Int {
    func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
    return _openExistential(type, do: size)
  }
}
