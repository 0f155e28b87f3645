func.func @k(%x: memref<13xf32>) {
  return
}
