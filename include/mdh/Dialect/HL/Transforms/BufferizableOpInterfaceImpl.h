//===- BufferizableOpInterfaceImpl.h - Bufferization of mdh -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_DIALECT_HL_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define MDH_DIALECT_HL_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace mdh {
/// Attaches the BufferizableOpInterface of One-Shot Bufferize to
/// `mdh.compute`, so that its tensor form bufferizes to the memref form.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace mdh
} // namespace mlir

#endif // MDH_DIALECT_HL_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
