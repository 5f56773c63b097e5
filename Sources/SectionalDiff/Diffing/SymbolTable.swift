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
  /// Entry → index of the identifier's first occurrence in the old array, or -1; empty while
  /// no old identifier repeats, when entry k is old element k's (see ``oldFirstIndex(_:)``).
  @usableFromInline var oldFirst: [Int32]
  /// The entries the old array made: the first ones (set after the old side is entered).
  @usableFromInline var oldEntryCount = 0
  /// Entry → index of the identifier's first occurrence in the new array, or -1.
  @usableFromInline var newFirst: [Int32]
  /// Slot → entry + 1 in the low bits (as many as the capacity needs), the top bits of its
  /// identifier's hash above them (0 marks an empty slot, so a fresh table is one zero-filled
  /// allocation). A probe compares the stored hash bits with the key's before it reads the key:
  /// a slot taken by another identifier almost never costs a look into `keys`. Four bytes a slot,
  /// not eight: every page of the slots is touched, and a diff in a process whose allocator hands
  /// out fresh pages pays for each one.
  @usableFromInline var slots: [UInt32]
  @usableFromInline var mask: Int
  /// The bits of a slot that hold its entry + 1; the others hold hash bits (none for a table of
  /// more than 2^31 identifiers, where every probe of a taken slot compares keys).
  @usableFromInline var entryMask: UInt32

  /// A table for at most `capacity` distinct identifiers.
  @inlinable
  init(capacity: Int) {
    // Sized for old + new identifiers, which overstates the distinct ones (about the larger side
    // plus the changes): at most 0.8 full in the worst case, about 0.4 in a typical diff. Sized at
    // ½, the slots were twice as many pages, most of them fresh memory a diff had to touch.
    var size = 8
    while size < capacity + capacity / 4 { size &<<= 1 }
    keys = []
    keys.reserveCapacity(capacity)
    oldFirst = []
    newFirst = []
    newFirst.reserveCapacity(capacity)
    slots = Array(repeating: 0, count: size)
    mask = size - 1
    var entryBits = 1
    while entryBits < 32 && 1 << entryBits <= capacity { entryBits += 1 }
    entryMask = UInt32(truncatingIfNeeded: (1 << entryBits) - 1)
  }

  /// The index of `entry`'s identifier's first occurrence in the old array, or -1.
  @inlinable @inline(__always)
  func oldFirstIndex(_ entry: Int) -> Int {
    if !oldFirst.isEmpty { return Int(oldFirst[entry]) }
    return entry < oldEntryCount ? entry : -1
  }

  /// Stores each entry's first old index from now on, once an old identifier repeats: entry k
  /// is no longer old element k's after that. Until then every entry was made by the old element
  /// of its own index.
  @inlinable
  mutating func storeOldFirstIndexes() {
    guard oldFirst.isEmpty else { return }
    oldFirst.reserveCapacity(keys.capacity)
    for entry in 0..<keys.count { oldFirst.append(Int32(truncatingIfNeeded: entry)) }
  }

  /// The bits a slot keeps of a hash: its top bits (the slot index comes from the low ones).
  @inlinable @inline(__always)
  func hashTag(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) & ~entryMask }

  /// The entry for `key`, created if needed; `inserted` tells which.
  @inlinable
  mutating func entry(for key: Key) -> (entry: Int, inserted: Bool) {
    entry(for: key, hash: key.hashValue)
  }

  /// The entry for `key`, whose `hashValue` is `hash`, created if needed.
  @inlinable @inline(__always)
  mutating func entry(for key: Key, hash: Int) -> (entry: Int, inserted: Bool) {
    let tag = hashTag(hash)
    var slot = hash & mask
    while true {
      let stored = slots[slot]
      if stored == 0 {
        let entry = keys.count
        keys.append(key)
        if !oldFirst.isEmpty { oldFirst.append(-1) }
        newFirst.append(-1)
        slots[slot] = tag | UInt32(truncatingIfNeeded: entry &+ 1)
        return (entry, true)
      }
      if stored & ~entryMask == tag {
        let entry = Int(truncatingIfNeeded: stored & entryMask) &- 1
        if keys[entry] == key { return (entry, false) }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The entry for `key`, if it occurred on either side.
  @inlinable
  func find(_ key: Key) -> Int? {
    let hash = key.hashValue
    let tag = hashTag(hash)
    var slot = hash & mask
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      if stored & ~entryMask == tag {
        let entry = Int(truncatingIfNeeded: stored & entryMask) &- 1
        if keys[entry] == key { return entry }
      }
      slot = (slot &+ 1) & mask
    }
  }
}

extension SymbolTable: Sendable where Key: Sendable {}
