/// How an element of a new list relates to one of the old list.
package enum DiffablePairing: Sendable {
  /// Different types or different identifiers.
  case different
  /// The same identity, content that changed: an update.
  case changed
  /// The same identity, content equal by ``ListDiffable/isEqual(toDiffableObject:)``.
  case equal
  /// The same bits: the same identity and the same content, found without asking.
  case identical

  /// Whether the two are the same model, changed or not.
  package var isSameIdentity: Bool {
    switch self {
    case .different: false
    case .changed, .equal, .identical: true
    }
  }
}

/// How `new` relates to `old` (identity, then content), opening both once and comparing their
/// values where they are: copying a model out of its existential retains each of its references,
/// which cost more than the comparison. Two values with the same bits (the same object, the same
/// storage) are ``DiffablePairing/identical`` without asking for either identifier, as IGListKit
/// takes the same pointer as unchanged: in an update of a long list most objects are unchanged.
///
/// Not inlined: its caller then passes elements it borrows from arrays as they are, where
/// inlined, the compiler copies them first.
@inline(never)
package func pairing(_ old: any ListDiffable, _ new: any ListDiffable) -> DiffablePairing {
  // `borrowing` makes the compiler refuse any copy; the second element is opened inside the
  // first's pointer scope for the same reason (a closure capturing a borrowed value copies it).
  func open<Old: ListDiffable>(_ old: borrowing Old) -> DiffablePairing {
    withUnsafePointer(to: old) { old in
      func open<New: ListDiffable>(_ new: borrowing New) -> DiffablePairing {
        guard Old.self == New.self else { return .different }
        return withUnsafePointer(to: new) {
          let new = UnsafeRawPointer($0).assumingMemoryBound(to: Old.self)
          if hasIdenticalBits(old, new) { return .identical }
          guard hasEqualIdentifiers(old, new) else { return .different }
          // The content too, while both are open: the diff does not open them again.
          return old.pointee.isEqual(toDiffableObject: new.pointee) ? .equal : .changed
        }
      }
      return open(new)
    }
  }
  return open(old)
}

/// ``pairing(_:_:)`` of `old[oldIndex]` and `new[newIndex]`, opened where the arrays store them.
/// The arrays come in as arguments, which the caller keeps alive and unchanged for the call: an
/// element of an array the caller holds in a variable is copied out before it is passed on (the
/// compiler cannot see that nothing writes to the array meanwhile), and the copy retains the
/// model — for an update of 10,000 models, a write to 10,000 heap objects scattered in memory.
package func pairing(
  _ old: [any ListDiffable], _ oldIndex: Int, _ new: [any ListDiffable], _ newIndex: Int
) -> DiffablePairing {
  pairing(old[oldIndex], new[newIndex])
}

/// Whether two values have equal identifiers. Not inlined into ``pairing(_:_:)``, which would then
/// look up the identifier type's metadata on entry, before comparing the bits, on every call
/// (most pairs are settled by the bits alone).
@inline(never)
private func hasEqualIdentifiers<Value: ListDiffable>(
  _ lhs: UnsafePointer<Value>, _ rhs: UnsafePointer<Value>
) -> Bool {
  lhs.pointee.diffIdentifier == rhs.pointee.diffIdentifier
}

/// Whether two elements of any ``ListDiffable`` types are the same model with the same content:
/// `false` when their types differ. Values with the same bits are equal without asking
/// ``ListDiffable/isEqual(toDiffableObject:)`` (see ``pairing(_:_:)``).
package func isEqualDiffable(_ lhs: any ListDiffable, _ rhs: any ListDiffable) -> Bool {
  func open<Left: ListDiffable>(_ lhs: borrowing Left) -> Bool {
    withUnsafePointer(to: lhs) { left in
      func open<Right: ListDiffable>(_ rhs: borrowing Right) -> Bool {
        guard Left.self == Right.self else { return false }
        return withUnsafePointer(to: rhs) {
          let right = UnsafeRawPointer($0).assumingMemoryBound(to: Left.self)
          return hasIdenticalBits(left, right) || left.pointee.isEqual(toDiffableObject: right.pointee)
        }
      }
      return open(rhs)
    }
  }
  return open(lhs)
}

/// Whether two values of one type have the same bytes. Then they are the same value for any type
/// whose equality is reflexive: the same references, the same inline contents. Values that differ
/// only in padding read as different, which costs the caller a real comparison and nothing else.
@inline(__always)
func hasIdenticalBits<Value>(_ lhs: UnsafePointer<Value>, _ rhs: UnsafePointer<Value>) -> Bool {
  hasIdenticalBytes(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs), count: MemoryLayout<Value>.size)
}

/// Whether the `count` bytes at `left` and at `right` are the same, compared a word at a time.
@inline(__always)
func hasIdenticalBytes(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
  var offset = 0
  while offset &+ 8 <= count {
    guard
      left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    else { return false }
    offset &+= 8
  }
  while offset < count {
    guard
      left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self)
    else { return false }
    offset &+= 1
  }
  return true
}
