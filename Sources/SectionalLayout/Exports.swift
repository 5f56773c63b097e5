// A layout is written in the diff module's vocabulary (IndexPath, Diagnostic, DiagnosticLog):
// `import SectionalLayout` brings it, so a layout of one's own needs one import.
@_exported import SectionalDiff
