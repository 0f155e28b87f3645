This is not MLIR at all.
