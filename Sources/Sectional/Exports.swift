// `import Sectional` brings the diff and layout vocabulary (IndexPath, Size, LayoutAttributes…)
// that section controllers are written in.
@_exported import SectionalDiff
@_exported import SectionalLayout
