@_exported import CasePaths
@_exported import Dependencies
@_exported import IdentifiedCollections
