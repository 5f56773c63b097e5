import SectionalDiff

extension CompositionalLayout {
  /// Computes one section's model from its layout, the collection view's count and the
  /// preferred sizes measured so far.
  ///
  /// - Complexity: O(items in the section).
  func computeSection(_ section: Int) {
    sectionComputations += 1
    guard let collectionView else {
      models[section] = SectionModel()
      return
    }
    var count = collectionView.numberOfItems(inSection: section)
    if count < 0 {
      report(.invalidSize, nil, "the collection view gave \(count) items in section \(section); used 0")
      count = 0
    }
    var definition = sectionLayout(for: section)
    let shape = definition.group.shape(deeperThan: Self.maximumGroupDepth)
    if shape.depth > Self.maximumGroupDepth {
      report(
        .invalidLayoutDefinition, IndexPath(item: 0, section: section),
        "section \(section)'s groups nest more than \(Self.maximumGroupDepth) deep; laid out as a list")
      definition.group = LayoutSection.list().group
    } else if !shape.placesItems {
      report(
        .invalidLayoutDefinition, IndexPath(item: 0, section: section),
        "section \(section)'s group places no items (no members, or a count of 0); laid out as a list")
      definition.group = LayoutSection.list().group
    }
    var solver = SectionSolver(
      layout: self, section: section, itemCount: count, container: sanitizedSize,
      preferredSizes: selfSizing.itemSizes, preferredSupplementarySizes: selfSizing.supplementarySizes)
    let model = solver.solve(definition)
    let offset = orthogonalOffsets[section] ?? 0
    if model.scrollsSideways {
      orthogonalOffsets[section] = clampedOrthogonalOffset(offset, model: model)
    } else {
      orthogonalOffsets[section] = nil
    }
    for badge in model.badges {
      overhang.top = Swift.max(overhang.top, -badge.frame.minY)
      overhang.bottom = Swift.max(overhang.bottom, badge.frame.maxY - model.height)
    }
    if model.boundaries.contains(where: \.pins) { pinsSupplementaries = true }
    models[section] = model
  }

  /// An offset within a sideways row's content.
  func clampedOrthogonalOffset(_ offset: Double, model: SectionModel) -> Double {
    let limit = Swift.max(0, model.scrollWidth - model.band.width)
    return offset.isFinite ? Swift.min(Swift.max(0, offset), limit) : 0
  }
}
