#===- same-code.cmake - The C API and mdh-run compile the same code -------===#
#
#   cmake -DMDH_RUN=... -DCAPI_LLVM_IR=... -DWORK_DIR=... -DKERNELS=a,b
#         -P same-code.cmake
#
# For each kernel file: the optimized LLVM IR that `mdh-run --target=openmp
# --save-llvm` JIT-compiles and the one that the C API's `mdhHostCompile`
# JIT-compiles (mdh-capi-llvm-ir) must be the same text, and must define
# the C interface of a kernel. Both compile through lib/Compiler; a path
# that drifts (another pipeline, another optimizer setting, no host target
# machine) shows up here as a difference.
#
#===----------------------------------------------------------------------===#

# Commas, not semicolons: add_test would split a list into arguments.
string(REPLACE "," ";" KERNELS "${KERNELS}")
file(MAKE_DIRECTORY ${WORK_DIR})
set(failures 0)
foreach(kernel ${KERNELS})
  get_filename_component(name ${kernel} NAME_WE)
  set(run_ll ${WORK_DIR}/${name}.mdh-run.ll)
  set(capi_ll ${WORK_DIR}/${name}.capi.ll)
  file(REMOVE ${run_ll} ${capi_ll})
  execute_process(
    COMMAND ${MDH_RUN} ${kernel} --target=openmp --reps=1 --check=none
            --save-llvm=${run_ll}
    RESULT_VARIABLE run_status OUTPUT_QUIET)
  execute_process(
    COMMAND ${CAPI_LLVM_IR} ${kernel}
    RESULT_VARIABLE capi_status OUTPUT_FILE ${capi_ll})
  if(NOT run_status EQUAL 0 OR NOT capi_status EQUAL 0)
    message(SEND_ERROR "FAIL: ${name}: mdh-run exited with ${run_status}, "
                       "mdh-capi-llvm-ir with ${capi_status}")
    math(EXPR failures "${failures} + 1")
    continue()
  endif()
  file(READ ${run_ll} run_text)
  file(READ ${capi_ll} capi_text)
  if(NOT run_text MATCHES "define [^\n]*@_mlir_ciface_")
    message(SEND_ERROR "FAIL: ${name}: no kernel's C interface in ${run_ll}")
    math(EXPR failures "${failures} + 1")
  elseif(NOT run_text STREQUAL capi_text)
    execute_process(COMMAND diff -u ${run_ll} ${capi_ll}
                    OUTPUT_VARIABLE difference)
    message(SEND_ERROR "FAIL: ${name}: the LLVM IR of mdh-run and of the C "
                       "API differ:\n${difference}")
    math(EXPR failures "${failures} + 1")
  else()
    string(LENGTH "${run_text}" length)
    message(STATUS "PASS: ${name}: the same LLVM IR (${length} bytes)")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "${failures} kernel file(s) compiled differently")
endif()
