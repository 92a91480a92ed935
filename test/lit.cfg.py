# -*- Python -*-
# lit configuration of the qgemm CPU suite. test/gpu holds the device
# harness and is never part of this suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "QGEMM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
# Inputs next to a test are named <test>.<suffix>.mlir and are not tests.
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.qgemm_obj_root, "test")
config.excludes = ["errors.test.no-matmul.mlir", "errors.test.bad-config.mlir",
                   "errors.test.fp8.mlir", "errors.test.invalid.mlir",
                   "errors.test.target.mlir", "errors.test.wgmma-config.mlir",
                   "gpu", "unit", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%qgemm_src_root", config.qgemm_src_root))
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.qgemm_tools_dir, config.llvm_tools_dir]
tools = ["qgemm-opt", "qgemm-compile", "not", "count", "split-file"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# PTX checks need the NVPTX backend in LLVM; ptxas and host-stub builds need
# the CUDA toolkit (CUDA_HOME, else /usr/local/cuda).
if "NVPTX" in getattr(config, "targets_to_build", "NVPTX"):
    config.available_features.add("nvptx")
cuda_home = os.environ.get("CUDA_HOME") or config.qgemm_cuda_home
ptxas = os.path.join(cuda_home, "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
if os.path.exists(os.path.join(cuda_home, "include", "cuda.h")):
    config.available_features.add("cuda-headers")
    config.substitutions.append(("%cuda_home", cuda_home))
    config.substitutions.append(("%cxx", config.qgemm_cxx))
