/// Heckel's symbol table: one entry per distinct identifier, with the index of its first
/// occurrence on each side.
///
/// An open-addressing hash table (linear probing, load factor at most ½) over flat arrays: no
/// per-entry allocation and no `AnyHashable` boxing. It is kept in the ``DiffResult`` afterwards to
/// answer ``DiffResult/oldIndex(for:)`` and ``DiffResult/newIndex(for:)``.
@usableFromInline
struct SymbolTable<Key: Hashable> {
  /// Entry → identifier, in the order the entries were created.
  @usableFromInline var keys: [Key]
  /// Entry → index of the identifier's first occurrence in the old array, or -1.
  @usableFromInline var oldFirst: [Int]
  /// Entry → index of the identifier's first occurrence in the new array, or -1.
  @usableFromInline var newFirst: [Int]
  /// Slot → entry + 1 (0 marks an empty slot, so a fresh table is one zero-filled allocation).
  @usableFromInline var slots: [Int]
  @usableFromInline var mask: Int

  /// A table for at most `capacity` distinct identifiers.
  @inlinable
  init(capacity: Int) {
    var size = 8
    while size < capacity * 2 { size &<<= 1 }
    keys = []
    keys.reserveCapacity(capacity)
    oldFirst = []
    oldFirst.reserveCapacity(capacity)
    newFirst = []
    newFirst.reserveCapacity(capacity)
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// The entry for `key`, created if needed; `inserted` tells which.
  @inlinable
  mutating func entry(for key: Key) -> (entry: Int, inserted: Bool) {
    var slot = key.hashValue & mask
    while true {
      let stored = slots[slot]
      if stored == 0 {
        let entry = keys.count
        keys.append(key)
        oldFirst.append(-1)
        newFirst.append(-1)
        slots[slot] = entry &+ 1
        return (entry, true)
      }
      if keys[stored &- 1] == key { return (stored &- 1, false) }
      slot = (slot &+ 1) & mask
    }
  }

  /// The entry for `key`, if it occurred on either side.
  @inlinable
  func find(_ key: Key) -> Int? {
    var slot = key.hashValue & mask
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      if keys[stored &- 1] == key { return stored &- 1 }
      slot = (slot &+ 1) & mask
    }
  }
}

extension SymbolTable: Sendable where Key: Sendable {}
