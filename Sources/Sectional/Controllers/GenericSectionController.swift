/// A section controller typed on its object: ``object`` is the model, already cast.
@MainActor
open class GenericSectionController<Object: ListDiffable>: SectionController {
  /// The current model, nil until the first ``didUpdate(to:)``.
  public private(set) var object: Object?

  /// Stores the object when it is an `Object`. Call super when overriding.
  open override func didUpdate(to object: any ListDiffable) {
    if let object = Self.cast(object) { self.object = object }
  }

  /// `object as? Object`, without the runtime's dynamic cast when the object's type is `Object`
  /// itself (the usual case): opening the existential and comparing metatypes costs a fraction of
  /// the dynamic cast, which every changed controller's `didUpdate(to:)` would pay.
  private static func cast(_ object: any ListDiffable) -> Object? {
    func open<Value: ListDiffable>(_ value: Value) -> Object? {
      Value.self == Object.self ? unsafeBitCast(value, to: Object.self) : value as? Object
    }
    return open(object)
  }
}
