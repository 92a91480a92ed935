//===- qgemm-compile.cpp - qgemm driver: .mlir to PTX and host stubs ------===//
//
// Reads a .mlir file of qgemm ops, runs the qgemm-lower-to-nvvm pipeline
// (the same library function qgemm-opt registers) and writes, per lowered
// func <f>: <f>.ptx, <f>.cubin when ptxas is found, and the host stub
// <f>.h / <f>.cpp. Input without a qgemm.matmul whose funcs are already
// lowered (a `qgemm.launch` description and a gpu.binary of PTX, e.g. the
// output of qgemm-opt --qgemm-lower-to-nvvm) skips the pipeline: only the
// files are written.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Conversion/Passes.h"
#include "qgemm/IR/QGemm.h"
#include "qgemm/InitAll.h"
#include "qgemm/Pipelines/Pipelines.h"
#include "qgemm/Target/HostStub.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("qgemm-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> outputDir(
    "o", cl::desc("output directory (created if missing; also --output-dir)"),
    cl::value_desc("dir"), cl::init("."), cl::cat(category));
static cl::alias outputDirLong("output-dir", cl::aliasopt(outputDir),
                               cl::desc("alias for -o"), cl::cat(category));
static cl::opt<std::string> chip("chip",
                                 cl::desc("target chip: sm_80, sm_90, sm_90a"),
                                 cl::init("sm_90"), cl::cat(category));
enum class Emit { Ptx, Stub, All };
static cl::opt<Emit> emit(
    "emit", cl::desc("what to write"), cl::init(Emit::All),
    cl::values(clEnumValN(Emit::Ptx, "ptx", "PTX (and cubin) only"),
               clEnumValN(Emit::Stub, "stub", "host stub (.h/.cpp) only"),
               clEnumValN(Emit::All, "all", "PTX, cubin and host stub")),
    cl::cat(category));
static cl::opt<bool> printIRAfterAll(
    "print-ir-after-all", cl::desc("print the IR after every pass to stderr"),
    cl::init(false), cl::cat(category));
// The input is verified when it is parsed; verifying the IR again after
// every pass, as qgemm-opt does, costs the examples 8 to 19% of the
// pipeline's time (sm_90a, two cores, the same PTX: BSR about 0.45 against
// 0.41 s, W4A16 per channel 2.1 against 1.7 s; with ptxas 0.86 against
// 0.73 s and 3.2 against 2.9 s). The lit suite runs every pass under
// qgemm-opt, which verifies after each.
static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("verify the IR after every pass of the pipeline (slower; the "
             "input is verified either way)"),
    cl::init(false), cl::cat(category));
// NVPTX -O2 by default: the same PTX as -O3 for 48 of the 56 harness and
// example families (sm_90a), the others within the noise on an H200, 0.2 s
// less a family (docs/perf-notes.md, v23 step 9).
static cl::opt<int> optLevel("opt-level",
                             cl::desc("NVPTX optimization level (default 2)"),
                             cl::init(2), cl::cat(category));
static cl::opt<int64_t> programmaticMaxM(
    "programmatic-max-m",
    cl::desc("launch the variants with max_m <= this bound as programmatic "
             "dependents of quantize on sm_90 (0: none, -1: every variant)"),
    cl::init(-1), cl::cat(category));
static cl::opt<bool> timings(
    "timings",
    cl::desc("print the wall time of every pass and of each ptxas run to "
             "stderr"),
    cl::init(false), cl::cat(category));
static cl::opt<bool> noCubin("no-cubin",
                             cl::desc("do not run ptxas even when found"),
                             cl::init(false), cl::cat(category));

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "qgemm-compile") << message << "\n";
  return 1;
}

/// ptxas from CUDA_HOME, /usr/local/cuda or PATH; empty when none.
static std::string findPtxas() {
  SmallVector<std::string> candidates;
  if (const char *home = std::getenv("CUDA_HOME"))
    candidates.push_back((Twine(home) + "/bin/ptxas").str());
  candidates.push_back("/usr/local/cuda/bin/ptxas");
  for (const std::string &path : candidates)
    if (llvm::sys::fs::can_execute(path))
      return path;
  if (auto found = llvm::sys::findProgramByName("ptxas"))
    return *found;
  return "";
}

static LogicalResult writeFile(StringRef path, StringRef contents) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file) {
    fail("cannot write '" + path + "': " + error);
    return failure();
  }
  file->os() << contents;
  file->keep();
  return success();
}

/// Runs qgemm-lower-to-nvvm with the command line's options on `module`.
static LogicalResult runPipeline(MLIRContext &context, ModuleOp module,
                                 TimingScope &timing) {
  PassManager pm(&context);
  pm.enableTiming(timing);
  pm.enableVerifier(verifyEach);
  if (printIRAfterAll)
    pm.enableIRPrinting(
        /*shouldPrintBeforePass=*/[](Pass *, Operation *) { return false; },
        /*shouldPrintAfterPass=*/[](Pass *, Operation *) { return true; },
        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
  mlir::qgemm::LowerToNVVMOptions options;
  options.chip = chip;
  options.optLevel = optLevel;
  options.programmaticMaxM = programmaticMaxM;
  mlir::qgemm::buildLowerToNVVMPipeline(pm, options);
  return pm.run(module);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "qgemm-compile: compile qgemm kernels to PTX and C++ host stubs\n\n"
      "  For every func holding a qgemm.matmul, writes <dir>/<func>.ptx,\n"
      "  <dir>/<func>.cubin (when ptxas is found) and the host stub\n"
      "  <dir>/<func>.h and <dir>/<func>.cpp (CUDA driver API). Funcs that\n"
      "  are already lowered (a qgemm.launch description and a gpu.binary\n"
      "  of PTX) skip the pipeline.\n");

  if (!llvm::is_contained(mlir::qgemm::TargetAttr::getSupportedChips(), chip))
    return fail("unsupported target chip '" + chip +
                "' (expected one of sm_80, sm_90, sm_90a)");
  if (optLevel < 0 || optLevel > 3)
    return fail("expected --opt-level in [0, 3], got " + Twine(optLevel));
  if (programmaticMaxM < -1)
    return fail("expected --programmatic-max-m >= -1, got " +
                Twine(programmaticMaxM));

  // Reports on destruction, after every file is written.
  DefaultTimingManager timingManager;
  timingManager.setEnabled(timings);
  TimingScope rootTiming = timingManager.getRootScope();

  DialectRegistry registry;
  ::qgemm::registerAllDialects(registry);
  MLIRContext context(registry);
  // A diagnostic shows its source line; the op it is about, printed in
  // full after it, would repeat that line as generic IR (a lowered func's
  // launch description runs to thousands of characters).
  context.printOpOnDiagnostic(false);
  if (printIRAfterAll)
    context.disableMultithreading();

  std::string error;
  auto buffer = openInputFile(inputFile, &error);
  if (!buffer)
    return fail("cannot read '" + inputFile + "': " + error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  // A func that is already lowered (a qgemm.launch description and a
  // gpu.binary) only needs its stub; the pipeline runs when there is a
  // qgemm.matmul to lower.
  bool hasMatmul = false, hasLowered = false;
  module->walk([&](mlir::qgemm::MatmulOp) { hasMatmul = true; });
  for (auto func : module->getOps<func::FuncOp>())
    hasLowered |= func->hasAttr(mlir::qgemm::kLaunchAttrName);
  if (!hasMatmul && !hasLowered) {
    // An implicit module has no line of its own: point at its first op,
    // or at the start of an empty file.
    Block *body = module->getBody();
    emitError(body->empty() ? FileLineColLoc::get(&context, inputFile, 1, 1)
                            : body->front().getLoc())
        << "'" << inputFile
        << "' holds no qgemm.matmul to compile and no lowered func (with a "
           "qgemm.launch description)";
    return 1;
  }
  if (hasMatmul) {
    TimingScope pipelineTiming = rootTiming.nest("pipeline");
    if (failed(runPipeline(context, *module, pipelineTiming)))
      return 1;
  }

  FailureOr<std::vector<mlir::qgemm::KernelFamily>> families =
      mlir::qgemm::collectKernelFamilies(*module);
  if (failed(families))
    return 1;
  // A func lowered before (by qgemm-opt) carries PTX for the chip it was
  // lowered for: ptxas would refuse it for another --chip without saying
  // where it came from.
  bool wrongChip = false;
  for (mlir::qgemm::KernelFamily &family : *families) {
    StringRef ptx = family.ptx;
    size_t at = ptx.find("\n.target ");
    if (at == StringRef::npos)
      continue;
    StringRef target = ptx.substr(at + 9).take_until(
        [](char c) { return c == '\n' || c == ',' || c == ' '; });
    if (target != chip) {
      family.func.emitError()
          << "'" << family.name << "' was lowered for " << target
          << " (the .target of its PTX), not " << chip
          << " (--chip); lower its qgemm.matmul again for " << chip;
      wrongChip = true;
    }
  }
  if (wrongChip)
    return 1;
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir))
    return fail("cannot create '" + outputDir + "': " + ec.message());

  std::string ptxas = noCubin ? "" : findPtxas();
  for (const mlir::qgemm::KernelFamily &family : *families) {
    SmallString<256> base(outputDir);
    llvm::sys::path::append(base, family.name);
    std::string ptxPath = (base + ".ptx").str();
    if (failed(writeFile(ptxPath, family.ptx)))
      return 1;
    std::string cubin;
    if (!ptxas.empty()) {
      TimingScope ptxasTiming = rootTiming.nest("ptxas " + family.name);
      std::string cubinPath = (base + ".cubin").str();
      std::string arch = "-arch=" + chip;
      // Two threads for the family's kernels: 0.92 -> 0.54 s for the
      // W4A16 example on two cores, the same SASS (cuobjdump -sass);
      // a fixed count keeps the cubin the same on every machine.
      SmallVector<StringRef> args = {ptxas,  arch, "-O3", "--split-compile",
                                     "2",    "-o", cubinPath, ptxPath};
      // ptxas's output goes to a log: its warnings are passed on, its
      // informational notes are not (ptxas reports constant-offset accesses
      // to the dynamic shared memory symbol as "potential out of bound"),
      // and on failure the whole log is part of the error.
      SmallString<128> logPath;
      if (llvm::sys::fs::createTemporaryFile("qgemm-ptxas", "log", logPath))
        return fail("cannot create a temporary file for the ptxas log");
      llvm::FileRemover removeLog(logPath);
      std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                              StringRef(logPath)};
      std::string message;
      int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects,
                                         0, 0, &message);
      std::string log;
      if (auto logBuffer = llvm::MemoryBuffer::getFile(logPath))
        log = (*logBuffer)->getBuffer().str();
      if (rc != 0)
        return fail("ptxas failed on '" + ptxPath + "' (exit " + Twine(rc) +
                    ")" + (message.empty() ? "" : ": " + message) +
                    (log.empty() ? "" : "\n" + log));
      SmallVector<StringRef> lines;
      StringRef(log).split(lines, '\n', -1, /*KeepEmpty=*/false);
      for (StringRef line : lines)
        if (line.contains("warning"))
          llvm::errs() << line << "\n";
      auto cubinBuffer = llvm::MemoryBuffer::getFile(cubinPath);
      if (!cubinBuffer)
        return fail("cannot read '" + cubinPath + "'");
      cubin = (*cubinBuffer)->getBuffer().str();
    }
    if (emit == Emit::Ptx) {
      continue;
    }
    if (failed(writeFile((base + ".h").str(),
                         mlir::qgemm::emitHostStubHeader(family))) ||
        failed(writeFile((base + ".cpp").str(),
                         mlir::qgemm::emitHostStubSource(family, cubin))))
      return 1;
    if (emit == Emit::Stub) {
      llvm::sys::fs::remove(ptxPath);
      if (!cubin.empty())
        llvm::sys::fs::remove((base + ".cubin").str());
    }
  }
  return 0;
}
