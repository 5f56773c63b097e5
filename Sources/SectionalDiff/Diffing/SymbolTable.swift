/// Heckel's symbol table: one entry per distinct identifier, with the index of its first
/// occurrence on each side.
///
/// An open-addressing hash table (linear probing, load factor at most 0.8) over flat arrays: no
/// per-entry allocation and no `AnyHashable` boxing. It is kept in the ``DiffResult`` afterwards to
/// answer ``DiffResult/oldIndex(for:)`` and ``DiffResult/newIndex(for:)``.
@usableFromInline
struct SymbolTable<Key: Hashable> {
  /// Entry → identifier, in the order the entries were created.
  @usableFromInline var keys: [Key]
  /// Entry → index of the identifier's first occurrence in the old array, or -1.
  @usableFromInline var oldFirst: [Int32]
  /// Entry → index of the identifier's first occurrence in the new array, or -1.
  @usableFromInline var newFirst: [Int32]
  /// Slot → the high 32 bits of its identifier's hash over entry + 1 in the low 32 (0 marks an
  /// empty slot, so a fresh table is one zero-filled allocation). A probe compares the stored
  /// bits with the key's before it reads the key: a slot taken by another identifier costs no
  /// look into `keys`.
  @usableFromInline var slots: [UInt64]
  @usableFromInline var mask: Int

  /// A table for at most `capacity` distinct identifiers.
  @inlinable
  init(capacity: Int) {
    // Sized for old + new identifiers, which overstates the distinct ones (about the larger side
    // plus the changes): at most 0.8 full in the worst case, about 0.4 in a typical diff. At ½,
    // the slots alone were 4 MB for two lists of 100,000, most of it touched fresh memory.
    var size = 8
    while size < capacity + capacity / 4 { size &<<= 1 }
    keys = []
    keys.reserveCapacity(capacity)
    oldFirst = []
    oldFirst.reserveCapacity(capacity)
    newFirst = []
    newFirst.reserveCapacity(capacity)
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  /// The bits a slot keeps of a hash.
  @inlinable @inline(__always)
  static func tag(_ hash: Int) -> UInt64 { UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000 }

  /// The entry for `key`, created if needed; `inserted` tells which.
  @inlinable
  mutating func entry(for key: Key) -> (entry: Int, inserted: Bool) {
    entry(for: key, hash: key.hashValue)
  }

  /// The entry for `key`, whose `hashValue` is `hash`, created if needed.
  @inlinable @inline(__always)
  mutating func entry(for key: Key, hash: Int) -> (entry: Int, inserted: Bool) {
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let stored = slots[slot]
      if stored == 0 {
        let entry = keys.count
        keys.append(key)
        oldFirst.append(-1)
        newFirst.append(-1)
        slots[slot] = tag | UInt64(truncatingIfNeeded: entry &+ 1)
        return (entry, true)
      }
      if stored & 0xFFFF_FFFF_0000_0000 == tag {
        let entry = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) &- 1
        if keys[entry] == key { return (entry, false) }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The entry for `key`, if it occurred on either side.
  @inlinable
  func find(_ key: Key) -> Int? {
    let hash = key.hashValue
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      if stored & 0xFFFF_FFFF_0000_0000 == tag {
        let entry = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) &- 1
        if keys[entry] == key { return entry }
      }
      slot = (slot &+ 1) & mask
    }
  }
}

extension SymbolTable: Sendable where Key: Sendable {}
