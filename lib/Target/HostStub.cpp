//===- HostStub.cpp - PTX extraction and host-stub generation -------------===//
//
// Reads the `qgemm.launch` description of each lowered func (schema in
// qgemm/Conversion/LaunchDescription.h) and the PTX of its gpu.binary, and
// writes the C++ host stub: embedded PTX (and cubin), lazy module load per
// CUDA context with the JIT log kept, argument checks derived from the
// description (null pointers, alignment, every run-time size in range, the
// grid), the matmul variant chosen by M, the workspace layout, and the
// launches on the caller's stream. Nothing in it is specific to a scheme: the
// C signature is the func's memref arguments in order, then one int64_t per
// run-time size, the workspace and the stream. The stub returns an error code
// and never aborts or prints.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Target/HostStub.h"

#include "qgemm/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::qgemm;

/// Reads the family of `func`: its description and the PTX of the gpu.binary
/// it names.
static FailureOr<KernelFamily> readKernelFamily(ModuleOp module,
                                                func::FuncOp func) {
  FailureOr<LaunchDescription> launch = LaunchDescription::read(func);
  if (failed(launch))
    return failure();
  StringRef name = func.getSymName();
  if (name.empty() || llvm::isDigit(name.front()) ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return func.emitError() << "expected a func name usable in C for the "
                               "stub's qgemm_<name> functions, got '"
                            << name << "'";
  auto binary = module.lookupSymbol<gpu::BinaryOp>(launch->module);
  if (!binary && module.lookupSymbol<gpu::GPUModuleOp>(launch->module))
    return func.emitError()
           << "expected a gpu.binary @" << launch->module
           << " holding the kernels of this func, got a gpu.module not "
              "serialized to PTX (run qgemm-lower-to-nvvm with its default "
              "emit-binary=true)";
  if (!binary || binary.getObjects().empty())
    return func.emitError() << "expected a gpu.binary @" << launch->module
                            << " holding the kernels of this func (run "
                               "qgemm-lower-to-nvvm)";
  auto object = cast<gpu::ObjectAttr>(binary.getObjects()[0]);
  if (object.getFormat() != gpu::CompilationTarget::Assembly)
    return binary.emitError() << "expected PTX (format = isa) in the "
                                 "gpu.binary";
  // The stub holds the PTX in a raw string literal that this ends.
  StringRef ptx = object.getObject().getValue();
  if (ptx.contains(")qgemm_ptx\""))
    return binary.emitError() << "expected PTX without ')qgemm_ptx\"' (the "
                                 "end of the stub's raw string literal)";
  return KernelFamily{name.str(), ptx.str(), func, std::move(*launch)};
}

FailureOr<std::vector<KernelFamily>>
mlir::qgemm::collectKernelFamilies(ModuleOp module) {
  std::vector<KernelFamily> families;
  bool failedAny = false;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func->hasAttr(kLaunchAttrName))
      continue;
    FailureOr<KernelFamily> family = readKernelFamily(module, func);
    if (failed(family))
      failedAny = true;
    else
      families.push_back(std::move(*family));
  }
  if (failedAny)
    return failure();
  return families;
}

namespace {

/// `name` in upper case, for macros.
std::string upper(StringRef name) { return name.upper(); }

/// The MLIR spelling of `type` ("f16", "i8").
std::string getTypeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// "[m, 4096]".
std::string getDimsText(ArrayRef<LaunchDim> dims) {
  SmallVector<std::string> parts;
  for (const LaunchDim &dim : dims) {
    auto *extent = std::get_if<int64_t>(&dim);
    parts.push_back(extent ? std::to_string(*extent)
                           : std::get<std::string>(dim));
  }
  return "[" + llvm::join(parts, ", ") + "]";
}

/// The C expression of `dim` in a function with `const Sizes &s`.
std::string getDimExpr(const LaunchDim &dim) {
  auto *extent = std::get_if<int64_t>(&dim);
  return extent ? std::to_string(*extent) : "s." + std::get<std::string>(dim);
}

/// The conditions under which a buffer of `dims` holds elements, once M > 0
/// is known: one "size != 0" per run-time size other than m. None means it is
/// never empty; std::nullopt means it always is (a static 0).
std::optional<SmallVector<std::string>>
getNonEmptyConditions(ArrayRef<LaunchDim> dims) {
  SmallVector<std::string> conditions;
  for (const LaunchDim &dim : dims) {
    if (auto *extent = std::get_if<int64_t>(&dim)) {
      if (*extent == 0)
        return std::nullopt;
      continue;
    }
    const std::string &size = std::get<std::string>(dim);
    if (size != "m" && !llvm::is_contained(conditions, size + " != 0"))
      conditions.push_back(size + " != 0");
  }
  return conditions;
}

/// Whether the workspace holds something whenever M > 0.
bool isWorkspaceNeverEmpty(const LaunchDescription &d) {
  return llvm::any_of(d.buffers, [](const WorkspaceBuffer &buffer) {
    if (buffer.size != WorkspaceSize::Dims)
      return false;
    auto conditions = getNonEmptyConditions(buffer.dims);
    return conditions && conditions->empty();
  });
}

/// "int64_t m, int64_t nnzb" or "m, nnzb".
std::string getSizeList(const LaunchDescription &d, bool withTypes) {
  SmallVector<std::string> parts;
  for (const auto &entry : d.maxSizes)
    parts.push_back((withTypes ? "int64_t " : "") + entry.first);
  return llvm::join(parts, ", ");
}

/// The memref parameters of the C signature.
std::string getPointerParams(const LaunchDescription &d) {
  SmallVector<std::string> parts;
  for (const LaunchArg &arg : d.args)
    parts.push_back("CUdeviceptr " + arg.name);
  return llvm::join(parts, ", ");
}

/// "xq i8 [m, 4096]" or "partials i32 (split-K partial tiles)".
std::string describeBuffer(const WorkspaceBuffer &buffer) {
  std::string text = buffer.name + " " + getTypeName(buffer.elementType);
  switch (buffer.size) {
  case WorkspaceSize::Dims:
    return text + " " + getDimsText(buffer.dims);
  case WorkspaceSize::SplitKPartials:
    return text + " (split-K partial tiles)";
  case WorkspaceSize::SplitKCounters:
    return text + " (split-K tile counters)";
  }
  llvm_unreachable("unknown workspace size");
}

/// The kernels in launch-table order: prologues, the validate kernel, then
/// matmul variants.
SmallVector<const LaunchKernel *> getKernelOrder(const LaunchDescription &d) {
  SmallVector<const LaunchKernel *> order;
  for (KernelRole role :
       {KernelRole::Prologue, KernelRole::Validate, KernelRole::Matmul})
    for (const LaunchKernel &kernel : d.kernels)
      if (kernel.role == role)
        order.push_back(&kernel);
  return order;
}

/// The validate kernel of the family, or null.
const LaunchKernel *getValidateKernel(const LaunchDescription &d) {
  for (const LaunchKernel &kernel : d.kernels)
    if (kernel.role == KernelRole::Validate)
      return &kernel;
  return nullptr;
}

/// The arguments the validate kernel reads, in argument order.
SmallVector<const LaunchArg *> getValidateArgs(const LaunchDescription &d,
                                               const LaunchKernel &kernel) {
  SmallVector<const LaunchArg *> args;
  for (const LaunchArg &arg : d.args)
    if (llvm::is_contained(kernel.operands, arg.name))
      args.push_back(&arg);
  return args;
}

/// The run-time sizes those arguments name, in the order of `max_sizes`.
SmallVector<std::string> getValidateSizes(const LaunchDescription &d,
                                          const LaunchKernel &kernel) {
  SmallVector<std::string> sizes;
  SmallVector<const LaunchArg *> args = getValidateArgs(d, kernel);
  for (const auto &entry : d.maxSizes)
    if (llvm::any_of(args, [&](const LaunchArg *arg) {
          return llvm::is_contained(arg->dims, LaunchDim(entry.first));
        }))
      sizes.push_back(entry.first);
  return sizes;
}

/// "CUdeviceptr row_ptr, CUdeviceptr col_idx, int64_t nnzb".
std::string getValidateParams(const LaunchDescription &d,
                              const LaunchKernel &kernel) {
  SmallVector<std::string> parts;
  for (const LaunchArg *arg : getValidateArgs(d, kernel))
    parts.push_back("CUdeviceptr " + arg->name);
  for (const std::string &size : getValidateSizes(d, kernel))
    parts.push_back("int64_t " + size);
  return llvm::join(parts, ", ");
}

/// Writes `text` as comment lines of at most 80 columns, each starting with
/// `prefix` and a space.
void printComment(raw_ostream &os, StringRef prefix, StringRef text) {
  SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  std::string line;
  for (StringRef word : words) {
    if (!line.empty() &&
        prefix.size() + 1 + line.size() + 1 + word.size() > 80) {
      os << prefix << " " << line << "\n";
      line.clear();
    }
    if (!line.empty())
      line += " ";
    line += word.str();
  }
  if (!line.empty())
    os << prefix << " " << line << "\n";
}

/// The status type, shared by every stub.
constexpr StringLiteral kStatusBlock = R"(#ifndef QGEMM_STATUS_DEFINED
#define QGEMM_STATUS_DEFINED
/// Result of a qgemm host-stub call.
typedef enum qgemm_status {
  QGEMM_SUCCESS = 0,
  QGEMM_ERROR_INVALID_VALUE = 1, /* null pointer, M (or a size) out of range */
  QGEMM_ERROR_MISALIGNED = 2,    /* a pointer is not aligned as documented */
  QGEMM_ERROR_NO_CONTEXT = 3,    /* no current CUDA context */
  QGEMM_ERROR_MODULE_LOAD = 4,   /* loading the PTX failed (see the JIT log) */
  QGEMM_ERROR_LAUNCH = 5,        /* a kernel launch failed */
  QGEMM_ERROR_INVALID_STRUCTURE = 6 /* validate: the data is malformed */
} qgemm_status;

static inline const char *qgemm_status_string(qgemm_status status) {
  switch (status) {
  case QGEMM_SUCCESS: return "success";
  case QGEMM_ERROR_INVALID_VALUE: return "invalid value";
  case QGEMM_ERROR_MISALIGNED: return "misaligned pointer";
  case QGEMM_ERROR_NO_CONTEXT: return "no current CUDA context";
  case QGEMM_ERROR_MODULE_LOAD: return "module load failed";
  case QGEMM_ERROR_LAUNCH: return "kernel launch failed";
  case QGEMM_ERROR_INVALID_STRUCTURE: return "malformed structure";
  }
  return "unknown status";
}
#endif
)";

/// The header's opening comment: the math, the arguments, the sizes.
void printHeaderComment(raw_ostream &os, const KernelFamily &family) {
  const LaunchDescription &d = family.launch;
  os << "// Generated by qgemm-compile: host stub of the " << upper(d.scheme)
     << " kernel family `" << family.name << "`.\n"
     << "// " << d.summary << "\n"
     << "// Arguments (CUdeviceptr, row-major):\n";
  size_t width = 0;
  for (const LaunchArg &arg : d.args)
    width = std::max(width, arg.name.size());
  func::FuncOp func = family.func;
  for (auto [arg, type] : llvm::zip_equal(d.args, func.getArgumentTypes())) {
    os << "//   " << arg.name << std::string(width - arg.name.size() + 1, ' ')
       << getTypeName(cast<MemRefType>(type).getElementType()) << " "
       << getDimsText(arg.dims);
    if (arg.pitch)
      os << ", rows " << arg.pitch << " elements apart (padded)";
    if (arg.align > 1)
      os << ", " << arg.align << "-byte aligned";
    os << "\n";
  }
  os << "// Run-time sizes (int64_t):";
  for (const auto &[name, max] : d.maxSizes)
    os << " " << name << " in [0, " << max << "]"
       << (name == d.maxSizes.back().first ? "" : ",");
  os << ".\n";
  if (d.staticM > 0)
    os << "// M is static: a call takes m = " << d.staticM
       << " (or 0, a no-op) and rejects any other.\n";
}

/// The header's declaration of <f>_validate, or "" without a validate
/// kernel.
std::string getValidateDeclaration(const LaunchDescription &d, StringRef f) {
  const LaunchKernel *kernel = getValidateKernel(d);
  if (!kernel)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  printComment(os, "///",
               "Checks the structure of the data (kernel " + kernel->name +
                   ") and waits for the result on `stream`: QGEMM_SUCCESS, or "
                   "QGEMM_ERROR_INVALID_STRUCTURE when it is malformed. The "
                   "call itself never reads or writes out of bounds, whatever "
                   "the data; it may give wrong numbers for data that fails "
                   "this check. Run it once per weight. `workspace` is one of "
                   "a call (" +
                   std::string(f) + "_workspace_size with m = 1 at least).");
  os << "qgemm_status " << f << "_validate(" << getValidateParams(d, *kernel)
     << ",\n    CUdeviceptr workspace, CUstream stream);\n\n";
  return text;
}

} // namespace

std::string mlir::qgemm::emitHostStubHeader(const KernelFamily &family) {
  const LaunchDescription &d = family.launch;
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string guard = "QGEMM_" + upper(family.name) + "_H";
  std::string f = "qgemm_" + family.name;
  printHeaderComment(os, family);
  os << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <cuda.h>\n#include <stddef.h>\n#include <stdint.h>\n\n"
     << kStatusBlock << "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  for (const auto &[name, max] : d.maxSizes)
    os << "/// Largest " << (name == "m" ? "M" : name) << " a call accepts.\n"
       << "#define " << upper(f) << "_MAX_" << upper(name) << " " << max
       << "\n\n";
  // The row pitch of every matrix argument, which a caller lays out its
  // buffer by (padded rows are described so).
  for (const LaunchArg &arg : d.args) {
    if (arg.dims.size() != 2 || !std::holds_alternative<int64_t>(arg.dims[1]))
      continue;
    int64_t columns = std::get<int64_t>(arg.dims[1]);
    os << "/// Elements from the start of one row of " << arg.name
       << " to the next" << (arg.pitch ? " (padded rows)" : "") << ".\n"
       << "#define " << upper(f) << "_" << upper(arg.name) << "_PITCH "
       << (arg.pitch ? arg.pitch : columns) << "\n\n";
  }
  os << "/// The M the kernels were compiled for, the only one (besides 0) a "
        "call\n/// takes; 0 when M is a run-time size.\n"
     << "#define " << upper(f) << "_STATIC_M " << d.staticM << "\n\n";

  SmallVector<std::string> buffers;
  for (const WorkspaceBuffer &buffer : d.buffers)
    buffers.push_back(describeBuffer(buffer));
  bool splitK = llvm::any_of(d.buffers, [](const WorkspaceBuffer &buffer) {
    return buffer.size != WorkspaceSize::Dims;
  });
  SmallVector<std::string> keptZero;
  for (const WorkspaceBuffer &buffer : d.buffers)
    if (buffer.keptZero)
      keptZero.push_back(buffer.name);
  std::string layout =
      buffers.empty()
          ? "This family needs none: it returns 0 and `workspace` may be "
            "null."
          : "Its buffers follow one another, each at a multiple of " +
                std::to_string(d.sectionAlign) +
                " bytes: " + llvm::join(buffers, ", ") + "." +
                (splitK ? " The split-K buffers are empty unless the variant "
                          "chosen for M splits K."
                        : "") +
                (keptZero.empty()
                     ? std::string(" Nothing in it needs initializing;")
                     : " " + llvm::join(keptZero, ", ") +
                           " must be zero before the first call: zero-fill "
                           "the workspace once after allocating it (every "
                           "call leaves it zero);") +
                " calls that run concurrently need separate workspaces.";
  printComment(os, "///",
               "Bytes of device workspace (" +
                   std::to_string(d.workspaceAlign) +
                   "-byte aligned) a call with these sizes needs; 0 when M is "
                   "0 or a size is out of range. " +
                   layout);
  os << "size_t " << f << "_workspace_size(" << getSizeList(d, true)
     << ");\n\n";
  printComment(
      os, "///",
      "Bytes of device workspace that serves every call whose M is at most "
      "`m`" +
          std::string(d.maxSizes.size() > 1 ? ", the other sizes as given"
                                            : "") +
          ": the most " + f +
          "_workspace_size gives over M = 1 .. m (an m past the largest M "
          "counts as it), for a workspace allocated once. It is not " +
          f +
          "_workspace_size(m): the variant, and with it the layout, changes "
          "with M. It takes time in proportion to m (about 50 ns an M on a "
          "current CPU: a millisecond at m = 16384): call it once, when "
          "setting up.");
  os << "size_t " << f << "_workspace_size_max(" << getSizeList(d, true)
     << ");\n\n";

  SmallVector<std::string> prologues;
  for (const LaunchKernel *kernel : getKernelOrder(d))
    if (kernel->role == KernelRole::Prologue)
      prologues.push_back(kernel->name);
  std::string steps =
      prologues.empty()
          ? "the matmul variant chosen by M."
          : (prologues.size() == 1
                 ? "the prologue kernel " + prologues.front() + ", unless "
                 : "the prologue kernels " + llvm::join(prologues, ", ") +
                       ", unless ") +
                "the matmul variant chosen by M does that work itself, then "
                "that variant.";
  printComment(os, "///",
               "Launches on `stream` (asynchronous) " + steps +
                   " Loads the kernels into the current context on first use. "
                   "M = 0 is a no-op; a pointer may be null only where its "
                   "buffer is empty.");
  os << "qgemm_status " << f << "(" << getPointerParams(d) << ",\n    "
     << getSizeList(d, true) << ", CUdeviceptr workspace, CUstream stream);\n\n"
     << getValidateDeclaration(d, f)
     << "/// The JIT log of the last module load (errors, then info).\n"
     << "const char *" << f << "_jit_log(void);\n\n"
     << "#ifdef __cplusplus\n} // extern \"C\"\n#endif\n\n#endif // " << guard
     << "\n";
  return text;
}

namespace {

/// The chip of a PTX module's `.target sm_XY[a]` directive, as compute
/// capability X.Y; 0.0 when there is none (then the stub has no cubin).
struct CubinTarget {
  int major = 0, minor = 0;
  bool archSpecific = false;
};
CubinTarget getCubinTarget(StringRef ptx) {
  CubinTarget target;
  size_t at = ptx.find("\n.target sm_");
  if (at == StringRef::npos)
    return target;
  StringRef rest = ptx.substr(at + strlen("\n.target sm_"));
  StringRef digits = rest.take_while(llvm::isDigit);
  unsigned value = 0;
  if (digits.size() < 2 || digits.getAsInteger(10, value))
    return target;
  target.major = int(value / 10);
  target.minor = int(value % 10);
  target.archSpecific = rest.drop_front(digits.size()).starts_with("a");
  return target;
}

/// Prints `bytes` as a C array initializer, 16 per line.
void printBytes(raw_ostream &os, StringRef bytes) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    os << (i % 16 == 0 ? "\n    " : " ") << "0x";
    os.write_hex(static_cast<unsigned char>(bytes[i]));
    os << ",";
  }
}

/// `admitsSizes(i, s)`: whether the sizes `s` reach the lower bounds of
/// kernel i (min_sizes), one case per kernel that has some.
std::string getAdmitsSizesText(const LaunchDescription &d,
                               ArrayRef<const LaunchKernel *> order) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/// Whether the run-time sizes `s` reach the lower bounds of kernel "
        "`i`.\n"
     << "bool admitsSizes([[maybe_unused]] int i, "
        "[[maybe_unused]] const Sizes &s) {\n";
  bool any = false;
  for (auto [i, k] : llvm::enumerate(order)) {
    if (k->minSizes.empty())
      continue;
    if (!any)
      os << "  switch (i) {\n";
    any = true;
    SmallVector<std::string> conditions;
    for (const auto &[name, min] : k->minSizes)
      conditions.push_back("s." + name + " >= " + std::to_string(min));
    os << "  case " << i << ": // " << k->name << "\n    return "
       << llvm::join(conditions, " && ") << ";\n";
  }
  if (any)
    os << "  }\n";
  os << "  return true;\n}\n\n";
  return text;
}

/// `ringPlanSize(i, s)`: the run-time size kernel i's ring plan divides
/// (ring_plan's size), one case per kernel that has a plan.
std::string getRingPlanSizeText(ArrayRef<const LaunchKernel *> order) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/// The run-time size that kernel `i`'s ring plan divides (nnzb).\n"
     << "int64_t ringPlanSize([[maybe_unused]] int i, "
        "[[maybe_unused]] const Sizes &s) {\n";
  bool any = false;
  for (auto [i, k] : llvm::enumerate(order)) {
    if (!k->ringPlan)
      continue;
    if (!any)
      os << "  switch (i) {\n";
    any = true;
    os << "  case " << i << ": // " << k->name << "\n    return s."
       << k->ringPlan->size << ";\n";
  }
  if (any)
    os << "  }\n";
  os << "  return 0;\n}\n\n";
  return text;
}

/// The kernel and operand tables.
void printKernelTables(raw_ostream &os, const KernelFamily &family) {
  const LaunchDescription &d = family.launch;
  SmallVector<const LaunchKernel *> order = getKernelOrder(d);
  size_t maxKernelTensorMaps = 1;
  for (const LaunchKernel *k : order)
    maxKernelTensorMaps = std::max(maxKernelTensorMaps, k->tensorMaps.size());
  int numPrologues = llvm::count_if(order, [](const LaunchKernel *kernel) {
    return kernel->role == KernelRole::Prologue;
  });
  int numValidates = getValidateKernel(d) ? 1 : 0;
  os << R"(
/// A kernel of the family and how it is launched.
struct Kernel {
  const char *name;
  unsigned threads, sharedMemory;
  bool programmatic;     // a programmatic dependent of the kernel before it
  unsigned rowsPerBlock; // prologue: one block per rowsPerBlock rows of M
  unsigned blocks;       // validate: blocks of its grid
  unsigned blockM, blockN, splitK; // matmul: grid (ceil(N / blockN),
                                   // ceil(M / blockM), splitK)
  bool clusterSplit; // matmul: the splitK blocks of a tile are a cluster
  bool splitInKernel; // matmul: the splitK slices are work items the
                      // blocks loop over (grid z = 1)
  unsigned tailSplit, waveBlocks;  // matmul: tail split (1: none) and
                                   // its wave (grid: see runFamily)
  unsigned streamKTiles; // matmul: K tiles a tile with a stream-K grid
                         // over waveBlocks (0: none)
  int64_t maxM;          // matmul: the largest M it is chosen for (0: any)
  int64_t rowSplit, rowRest; // matmul: M past a multiple of rowSplit by
                             // 1 to rowRest rows runs as two calls (0:
                             // never; firstPartRows)
  bool replacesPrologue; // matmul: does the prologues' work; none runs
  unsigned planMinSlice, planMaxSlice, planSpare, planWaveItems;
                         // matmul: its ring plan (ringPlan; spare 0: none)
  int firstOperand, numOperands; // its operands in kOperands
  int firstTensorMap, numTensorMaps; // its tensor maps in kTensorMaps
};

/// The prologue kernels in launch order, the validate kernel, then the
/// matmul variants by max M.
const Kernel kKernels[] = {
)";
  int firstOperand = 0, firstTensorMap = 0;
  for (const LaunchKernel *k : order) {
    int numOperands = k->operands.size();
    int numTensorMaps = k->tensorMaps.size();
    os << "    {\"" << k->name << "\", " << k->threads << ", "
       << k->sharedMemory << ", " << (k->programmatic ? "true" : "false")
       << ", " << k->rowsPerBlock << ", " << k->blocks << ", " << k->blockM
       << ", " << k->blockN << ", " << k->splitK << ", "
       << (k->clusterSplit ? "true" : "false") << ", "
       << (k->splitInKernel ? "true" : "false") << ", " << k->tailSplit << ", "
       << k->waveBlocks << ", " << k->streamKTiles << ", " << k->maxM << ", "
       << k->rowSplit << ", " << k->rowRest << ", "
       << (k->replacesPrologue ? "true" : "false") << ", ";
    if (const std::optional<LaunchRingPlan> &plan = k->ringPlan)
      os << plan->minSlice << ", " << plan->maxSlice << ", " << plan->spare
         << ", " << plan->waveItems;
    else
      os << "0, 0, 0, 0";
    os << ", " << firstOperand << ", " << numOperands << ", " << firstTensorMap
       << ", " << numTensorMaps << "},\n";
    firstOperand += numOperands;
    firstTensorMap += numTensorMaps;
  }
  os << "};\nconstexpr int kNumKernels = " << order.size()
     << ", kNumPrologues = " << numPrologues
     << ", kFirstMatmul = " << numPrologues + numValidates << ";\n\n"
     << getAdmitsSizesText(d, order) << getRingPlanSizeText(order)
     << "/// What a kernel operand is: a call argument or a workspace buffer.\n"
     << "enum OperandKind { kArgument, kBuffer };\n"
     << "struct Operand {\n  OperandKind kind;\n  int index;\n};\n"
     << "const std::array<Operand, " << firstOperand << "> kOperands = {{\n";
  for (const LaunchKernel *k : order) {
    os << "    ";
    for (const std::string &operand : k->operands) {
      int arg = d.getArgIndex(operand);
      os << (arg >= 0
                 ? "{kArgument, " + std::to_string(arg)
                 : "{kBuffer, " + std::to_string(d.getBufferIndex(operand)))
         << "}, ";
    }
    os << "// " << k->name << ": " << llvm::join(k->operands, ", ") << "\n";
  }
  os << "}};\n";
  // Tensor maps: copies of box_rows x 128 bytes of an operand read as a
  // byte matrix [rows, row_bytes], 128-byte swizzled.
  os << "\n/// A tensor map a kernel takes before its operands: the operand,\n"
     << "/// read as a byte matrix [rows, rowBytes] (its leading dims are the\n"
     << "/// rows), copied boxRows x boxBytes bytes at a time, swizzled in "
        "rows\n"
     << "/// of boxBytes; its rows lie pitchBytes apart.\n"
     << "struct TensorMap {\n  Operand operand;\n  int64_t rowBytes, "
        "pitchBytes;\n"
     << "  unsigned boxRows, boxBytes;\n};\n"
     << "constexpr int kMaxKernelTensorMaps = " << maxKernelTensorMaps << ";\n"
     << "const std::array<TensorMap, " << std::max(firstTensorMap, 1)
     << "> kTensorMaps = {{\n";
  for (const LaunchKernel *k : order)
    for (const LaunchTensorMap &map : k->tensorMaps) {
      int arg = d.getArgIndex(map.operand);
      // Padded rows: the pitch in bytes (the row bytes over the elements
      // of a row give the element's).
      int64_t pitchBytes = map.rowBytes;
      if (arg >= 0 && d.args[arg].pitch) {
        func::FuncOp func = family.func;
        auto type = cast<MemRefType>(func.getArgumentTypes()[arg]);
        pitchBytes = d.args[arg].pitch * type.getElementTypeBitWidth() / 8;
      }
      os << "    {{"
         << (arg >= 0
                 ? "kArgument, " + std::to_string(arg)
                 : "kBuffer, " + std::to_string(d.getBufferIndex(map.operand)))
         << "}, " << map.rowBytes << ", " << pitchBytes << ", " << map.boxRows
         << ", " << map.boxBytes << "}, // " << k->name << ": " << map.operand
         << "\n";
    }
  if (firstTensorMap == 0)
    os << "    {{kArgument, 0}, 0, 0, 0, 0}, // none: unused\n";
  os << "}};\n";
}

/// Module loading, descriptors and the workspace types: the same for every
/// family (they use the constants printed before).
constexpr StringLiteral kRuntimeText = R"(
struct LoadedModule {
  CUcontext context;
  CUmodule module;
  CUfunction functions[kNumKernels];
};

std::mutex gMutex;
std::deque<LoadedModule> gLoaded; // stable addresses
char gJitLog[16384];

/// The matmul variant for sizes `s`: the first whose max M admits s.m and
/// whose lower bounds admit the other sizes.
int chooseVariant(const Sizes &s) {
  for (int i = kFirstMatmul; i < kNumKernels; ++i)
    if ((kKernels[i].maxM == 0 || s.m <= kKernels[i].maxM) &&
        admitsSizes(i, s))
      return i;
  return kNumKernels - 1;
}

/// Whether the current context's device runs the cubin: the same major
/// compute capability and at least its minor one, exactly its own for an
/// arch-specific (`a`) target. When the device cannot be queried the cubin
/// is tried.
bool deviceRunsCubin() {
  CUdevice device;
  int major = 0, minor = 0;
  if (cuCtxGetDevice(&device) != CUDA_SUCCESS ||
      cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                           device) != CUDA_SUCCESS ||
      cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                           device) != CUDA_SUCCESS)
    return true;
  return major == kCubinMajor &&
         (kCubinArchSpecific ? minor == kCubinMinor : minor >= kCubinMinor);
}

/// Loads the module into the current context once (the cubin where the
/// device runs it, else or on failure the PTX) and keeps the JIT log of
/// the last attempt.
qgemm_status getModule(const LoadedModule **out) {
  CUcontext context = nullptr;
  if (cuCtxGetCurrent(&context) != CUDA_SUCCESS || !context)
    return QGEMM_ERROR_NO_CONTEXT;
  std::lock_guard<std::mutex> lock(gMutex);
  for (const LoadedModule &loaded : gLoaded)
    if (loaded.context == context) {
      *out = &loaded;
      return QGEMM_SUCCESS;
    }
  static char errorLog[8192], infoLog[8192];
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  CUmodule module = nullptr;
  CUresult result = CUDA_ERROR_INVALID_IMAGE;
  const void *images[] = {
      kCubinSize && deviceRunsCubin() ? (const void *)kCubin : nullptr,
      (const void *)kPtx};
  for (const void *image : images) {
    if (!image)
      continue;
    errorLog[0] = infoLog[0] = 0;
    void *values[] = {errorLog, (void *)(uintptr_t)sizeof(errorLog), infoLog,
                      (void *)(uintptr_t)sizeof(infoLog)};
    result = cuModuleLoadDataEx(&module, image, 4, options, values);
    if (result == CUDA_SUCCESS)
      break;
  }
  snprintf(gJitLog, sizeof(gJitLog), "%s%s%s", errorLog,
           errorLog[0] && infoLog[0] ? "\n" : "", infoLog);
  if (result != CUDA_SUCCESS)
    return QGEMM_ERROR_MODULE_LOAD;
  LoadedModule loaded{context, module, {}};
  for (int i = 0; i < kNumKernels; ++i) {
    if (cuModuleGetFunction(&loaded.functions[i], module, kKernels[i].name) !=
        CUDA_SUCCESS)
      return QGEMM_ERROR_MODULE_LOAD;
    if (kKernels[i].sharedMemory > 0 &&
        cuFuncSetAttribute(loaded.functions[i],
                           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           (int)kKernels[i].sharedMemory) != CUDA_SUCCESS)
      return QGEMM_ERROR_MODULE_LOAD;
  }
  gLoaded.push_back(loaded);
  *out = &gLoaded.back();
  return QGEMM_SUCCESS;
}

/// The sizes of a row-major buffer.
struct Shape {
  int rank = 0;
  int64_t sizes[kMaxRank] = {};

  Shape() = default;
  Shape(std::initializer_list<int64_t> dims) {
    for (int64_t dim : dims)
      sizes[rank++] = dim;
  }
  int64_t elements() const {
    int64_t count = 1;
    for (int i = 0; i < rank; ++i)
      count *= sizes[i];
    return count;
  }
};

/// A memref descriptor as the kernels take it: allocated and aligned
/// pointers, offset, sizes, strides (row-major, 64-bit indices).
struct Memref {
  CUdeviceptr allocated = 0, aligned = 0;
  int64_t offset = 0, sizes[kMaxRank] = {}, strides[kMaxRank] = {};
  int rank = 0;

  Memref() = default;
  /// Rows `pitch` elements apart where the rows are padded (rank 2), else
  /// row-major.
  Memref(CUdeviceptr ptr, const Shape &shape, int64_t pitch = 0)
      : allocated(ptr), aligned(ptr), rank(shape.rank) {
    int64_t stride = 1;
    for (int i = rank - 1; i >= 0; --i) {
      sizes[i] = shape.sizes[i];
      strides[i] = stride;
      stride *= i == rank - 1 && pitch ? pitch : shape.sizes[i];
    }
  }

  /// Appends the addresses of the descriptor fields to `params`.
  void push(std::vector<void *> &params) {
    params.push_back(&allocated);
    params.push_back(&aligned);
    params.push_back(&offset);
    for (int i = 0; i < rank; ++i)
      params.push_back(&sizes[i]);
    for (int i = 0; i < rank; ++i)
      params.push_back(&strides[i]);
  }
};

/// Where the workspace buffers of a call lie.
struct Layout {
  std::array<int64_t, kNumBuffers> offsets;
  std::array<Shape, kNumBuffers> shapes;
  int64_t total;
};

/// The descriptors of a call's arguments and workspace buffers.
struct Operands {
  std::array<Memref, kNumArgs> args;
  std::array<Memref, kNumBuffers> buffers;
};

/// The ring plan of `kernel` (planSpare > 0) for `size` (its run-time
/// size, nnzb) and a grid of `tiles` rows of tiles: a row of at most W
/// blocks is not cut, a longer one is cut into slices of S blocks, into at
/// most C slices past the rows' first in all (the launch description's
/// ring_plan). The kernel takes S, W and C before its operands.
struct RingPlan {
  int32_t values[3];
};
RingPlan ringPlan(const Kernel &kernel, int64_t size, int64_t tiles) {
  int64_t spare = kernel.planSpare, maxSlice = kernel.planMaxSlice;
  int64_t s = std::max<int64_t>(
      {(int64_t)kernel.planMinSlice, (size + spare - 1) / spare,
       (size * tiles + kernel.planWaveItems - 1) / kernel.planWaveItems});
  s = std::min<int64_t>(s, maxSlice);
  int64_t w = std::min<int64_t>(2 * s, maxSlice);
  int64_t c = std::min<int64_t>(size / s, spare);
  return {{(int32_t)s, (int32_t)w, (int32_t)c}};
}
)";

/// `workspaceLayout`: the buffers of the workspace one after another, each
/// at a multiple of the section alignment.
void printWorkspaceLayout(raw_ostream &os, const LaunchDescription &d) {
  if (d.buffers.empty()) {
    os << "\n/// This family needs no workspace.\n"
       << "Layout workspaceLayout(const Kernel &, const Sizes &) {\n"
       << "  return Layout{{}, {}, 0};\n}\n";
    return;
  }
  bool splitK = llvm::any_of(d.buffers, [](const WorkspaceBuffer &buffer) {
    return buffer.size != WorkspaceSize::Dims;
  });
  os << "\nint64_t alignUp(int64_t value, int64_t to) { return (value + to - "
        "1) / to * to; }\n\n"
     << "/// The workspace of a call with sizes `s` running matmul variant "
        "`v`:\n/// each buffer at a multiple of kSectionAlign.\n"
     << "Layout workspaceLayout([[maybe_unused]] const Kernel &v,\n"
     << "                       [[maybe_unused]] const Sizes &s) {\n";
  if (splitK)
    os << "  // Output tiles of a split-K variant (0 without split-K or with\n"
       << "  // a cluster split, whose slices add up in shared memory), and\n"
       << "  // their partial tiles: split_k each, with a tail split one per\n"
       << "  // block of a wave, with stream-K two per block of a wave.\n"
       << "  int64_t splitTiles =\n"
       << "      v.splitK > 1 && !v.clusterSplit\n"
       << "          ? ((kN + v.blockN - 1) / v.blockN) *\n"
       << "                ((s.m + v.blockM - 1) / v.blockM)\n"
       << "      : v.streamKTiles  ? 2 * (int64_t)v.waveBlocks\n"
       << "      : v.tailSplit > 1 ? v.waveBlocks\n"
       << "                        : 0;\n"
       << "  int64_t splitSlots = v.tailSplit > 1 || v.streamKTiles\n"
       << "                           ? splitTiles\n"
       << "                           : splitTiles * v.splitK;\n";
  if (llvm::any_of(d.kernels, [](const LaunchKernel &k) {
        return k.ringPlan.has_value();
      }))
    os << "  // A planned variant: a slot per tile and C more a row of tiles\n"
       << "  // (C of its plan: the items past the rows' first slices).\n"
       << "  if (v.planSpare) {\n"
       << "    int64_t rowsOfTiles = (s.m + v.blockM - 1) / v.blockM;\n"
       << "    RingPlan plan = ringPlan(v, ringPlanSize((int)(&v - kKernels), "
          "s),\n"
       << "                             rowsOfTiles);\n"
       << "    splitSlots = splitTiles + rowsOfTiles * plan.values[2];\n"
       << "  }\n";
  os << "  const Shape shapes[kNumBuffers] = {\n";
  for (const WorkspaceBuffer &buffer : d.buffers) {
    os << "      {";
    switch (buffer.size) {
    case WorkspaceSize::Dims: {
      SmallVector<std::string> exprs;
      for (const LaunchDim &dim : buffer.dims)
        exprs.push_back(getDimExpr(dim));
      os << llvm::join(exprs, ", ");
      break;
    }
    case WorkspaceSize::SplitKPartials:
      os << "splitSlots * v.blockM * v.blockN";
      break;
    case WorkspaceSize::SplitKCounters:
      os << "splitTiles";
      break;
    }
    os << "}, // " << describeBuffer(buffer) << "\n";
  }
  SmallVector<std::string> bytes;
  for (const WorkspaceBuffer &buffer : d.buffers)
    bytes.push_back(std::to_string(buffer.getElementBytes()));
  os << "  };\n"
     << "  const int64_t elementBytes[kNumBuffers] = {"
     << llvm::join(bytes, ", ") << "};\n"
     << R"(  Layout l;
  int64_t offset = 0;
  for (int i = 0; i < kNumBuffers; ++i) {
    l.offsets[i] = offset;
    l.shapes[i] = shapes[i];
    offset += alignUp(shapes[i].elements() * elementBytes[i], kSectionAlign);
  }
  l.total = offset;
  return l;
}
)";
}

/// `callOperands`: the descriptors of the arguments and buffers of a call.
void printCallOperands(raw_ostream &os, const LaunchDescription &d) {
  os << R"(
/// The descriptors of a call's arguments, in func order, and of its
/// workspace buffers.
Operands callOperands(const std::array<CUdeviceptr, kNumArgs> &args,
                      [[maybe_unused]] const Sizes &s,
                      [[maybe_unused]] const Layout &l,
                      [[maybe_unused]] CUdeviceptr workspace) {
  Operands operands;
)";
  for (auto [i, arg] : llvm::enumerate(d.args)) {
    SmallVector<std::string> exprs;
    for (const LaunchDim &dim : arg.dims)
      exprs.push_back(getDimExpr(dim));
    os << "  operands.args[" << i << "] = Memref(args[" << i << "], {"
       << llvm::join(exprs, ", ") << "}"
       << (arg.pitch ? ", " + std::to_string(arg.pitch) : "") << "); // "
       << arg.name << "\n";
  }
  if (!d.buffers.empty())
    os << "  for (int i = 0; i < kNumBuffers; ++i)\n"
       << "    operands.buffers[i] =\n"
       << "        Memref(workspace + (CUdeviceptr)l.offsets[i], "
          "l.shapes[i]);\n";
  os << "  return operands;\n}\n";
}

/// Launching: the parameters of a kernel, one launch, and a whole call.
constexpr StringLiteral kLaunchText = R"(
/// The kernel parameter list of `kernel`: the addresses of its operands'
/// descriptor fields, in order (`operands` must outlive the launch call).
std::vector<void *> kernelParams(const Kernel &kernel, Operands &operands) {
  std::vector<void *> params;
  for (int i = 0; i < kernel.numOperands; ++i) {
    const Operand &operand = kOperands[kernel.firstOperand + i];
    if (operand.kind == kArgument)
      operands.args[operand.index].push(params);
    else
      operands.buffers[operand.index].push(params);
  }
  return params;
}

/// Encodes tensor map `map` over its operand's descriptor: the operand
/// as a byte matrix [rows, rowBytes] (its leading dims are the rows), boxes
/// of boxRows x boxBytes bytes swizzled in rows of boxBytes (128 or 64),
/// zeros read past its rows or row bytes, rows pitchBytes apart. An operand
/// without rows (a BSR weight with no stored block) is encoded as one row;
/// no kernel reads it.
CUresult encodeTensorMap(CUtensorMap *out, const TensorMap &map,
                         Operands &operands) {
  const Memref &memref = map.operand.kind == kArgument
                             ? operands.args[map.operand.index]
                             : operands.buffers[map.operand.index];
  int64_t rows = 1;
  for (int i = 0; i + 1 < memref.rank; ++i)
    rows *= memref.sizes[i];
  CUdeviceptr address = memref.aligned;
  if (rows <= 0) {
    rows = 1;
    if (!address)
      address = 256;
  }
  cuuint64_t dims[2] = {(cuuint64_t)map.rowBytes, (cuuint64_t)rows};
  cuuint64_t strides[1] = {(cuuint64_t)map.pitchBytes};
  cuuint32_t box[2] = {map.boxBytes, map.boxRows};
  cuuint32_t elementStrides[2] = {1, 1};
  return cuTensorMapEncodeTiled(
      out, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, (void *)address, dims,
      strides, box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      map.boxBytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                         : CU_TENSOR_MAP_SWIZZLE_128B,
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

/// Launches `kernel` (loaded as `function`) on a grid of `grid` blocks: its
/// tensor maps, encoded for this call, its ring plan's values (`plan`, when
/// it has one), then its operands.
CUresult launchKernel(CUfunction function, const Kernel &kernel,
                      const unsigned (&grid)[3], Operands &operands,
                      CUstream stream, bool inOrder, RingPlan *plan = nullptr) {
  CUtensorMap maps[kMaxKernelTensorMaps];
  std::vector<void *> params;
  for (int i = 0; i < kernel.numTensorMaps; ++i) {
    if (CUresult status = encodeTensorMap(
            &maps[i], kTensorMaps[kernel.firstTensorMap + i], operands))
      return status;
    params.push_back(&maps[i]);
  }
  if (kernel.planSpare)
    for (int32_t &value : plan->values)
      params.push_back(&value);
  std::vector<void *> operandParams = kernelParams(kernel, operands);
  params.insert(params.end(), operandParams.begin(), operandParams.end());
  CUlaunchConfig config;
  memset(&config, 0, sizeof(config));
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = kernel.threads;
  config.blockDimY = config.blockDimZ = 1;
  config.sharedMemBytes = kernel.sharedMemory;
  config.hStream = stream;
  // A programmatic dependent may start while the kernel before it runs: it
  // waits (griddepcontrol.wait) before reading what that kernel writes.
  // `inOrder` launches it in stream order all the same (the first kernel of
  // the second part of a row split).
  CUlaunchAttribute attributes[2];
  memset(attributes, 0, sizeof(attributes));
  config.attrs = attributes;
  if (kernel.programmatic && !inOrder) {
    CUlaunchAttribute &attribute = attributes[config.numAttrs++];
    attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attribute.value.programmaticStreamSerializationAllowed = 1;
  }
  // A cluster split: the K slices of a tile (grid z) are one cluster.
  if (kernel.clusterSplit) {
    CUlaunchAttribute &attribute = attributes[config.numAttrs++];
    attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attribute.value.clusterDim.x = 1;
    attribute.value.clusterDim.y = 1;
    attribute.value.clusterDim.z = kernel.splitK;
  }
  return cuLaunchKernelEx(&config, function, params.data(), nullptr);
}

/// Runs matmul variant `chosen` on a call whose pointers passed the checks:
/// checks the grids, loads the module, then launches the prologue kernels
/// (unless the variant replaces them) and the variant; `inOrder`: the first
/// of them in stream order even if it is a programmatic dependent.
qgemm_status runVariant(int chosen,
                        const std::array<CUdeviceptr, kNumArgs> &args,
                        const Sizes &s, CUdeviceptr workspace, CUstream stream,
                        bool inOrder) {
  const Kernel &variant = kKernels[chosen];
  int64_t gridM = (s.m + variant.blockM - 1) / variant.blockM;
  if (gridM > 65535 && variant.tailSplit <= 1 && !variant.streamKTiles)
    return QGEMM_ERROR_INVALID_VALUE;
  for (int i = 0; i < kNumPrologues; ++i)
    if ((s.m + kKernels[i].rowsPerBlock - 1) / kKernels[i].rowsPerBlock >
        0x7fffffff)
      return QGEMM_ERROR_INVALID_VALUE;
  const LoadedModule *loaded = nullptr;
  if (qgemm_status status = getModule(&loaded))
    return status;

  Operands operands =
      callOperands(args, s, workspaceLayout(variant, s), workspace);
  for (int i = 0; i < kNumPrologues && !variant.replacesPrologue; ++i) {
    const Kernel &kernel = kKernels[i];
    const unsigned grid[3] = {
        (unsigned)((s.m + kernel.rowsPerBlock - 1) / kernel.rowsPerBlock), 1,
        1};
    if (launchKernel(loaded->functions[i], kernel, grid, operands, stream,
                     inOrder) != CUDA_SUCCESS)
      return QGEMM_ERROR_LAUNCH;
    inOrder = false;
  }
  unsigned grid[3] = {
      (unsigned)((kN + variant.blockN - 1) / variant.blockN), (unsigned)gridM,
      variant.splitInKernel ? 1u : variant.splitK};
  // A one-dimensional grid of `blocks` (tail split, stream-K); false past
  // the grid's x limit.
  auto setLinearGrid = [&grid](int64_t blocks) {
    if (blocks > 0x7fffffff)
      return false;
    grid[0] = (unsigned)blocks;
    grid[1] = 1;
    grid[2] = 1;
    return true;
  };
  if (variant.tailSplit > 1) {
    // One-dimensional: the whole waves' tiles, then the slices of the tiles
    // of a partial last wave (the kernel decodes the same formula).
    int64_t tiles = (int64_t)grid[0] * gridM;
    int64_t tail = tiles % variant.waveBlocks;
    int64_t slices = std::min<int64_t>(
        variant.tailSplit, variant.waveBlocks / std::max<int64_t>(tail, 1));
    int64_t blocks = tail != 0 && slices >= 2 ? tiles - tail + tail * slices
                                              : tiles;
    if (!setLinearGrid(blocks))
      return QGEMM_ERROR_INVALID_VALUE;
  }
  if (variant.streamKTiles) {
    // One-dimensional: the tiles before the stream-K region one a block,
    // then min(W, S x K tiles) blocks over the region's K iterations (the
    // kernel decodes the same formula).
    int64_t tiles = (int64_t)grid[0] * gridM;
    int64_t wave = variant.waveBlocks;
    int64_t tail = tiles % wave;
    int64_t region = 0;
    if (tail != 0 && tail < wave - wave / 8)
      region = tiles < wave ? tiles : tail + wave;
    int64_t blocks =
        tiles - region + std::min<int64_t>(wave, region * variant.streamKTiles);
    if (!setLinearGrid(blocks))
      return QGEMM_ERROR_INVALID_VALUE;
  }
  RingPlan plan = {};
  if (variant.planSpare)
    plan = ringPlan(variant, ringPlanSize(chosen, s), gridM);
  if (launchKernel(loaded->functions[chosen], variant, grid, operands, stream,
                   inOrder, &plan) != CUDA_SUCCESS)
    return QGEMM_ERROR_LAUNCH;
  return QGEMM_SUCCESS;
}
)";

/// `workspaceBytes` and `runFamily`: a call is one variant, or with a row
/// split (`row_split`) two or more calls of consecutive rows.
void printRunFamily(raw_ostream &os, const KernelFamily &family) {
  const LaunchDescription &d = family.launch;
  if (llvm::none_of(d.kernels,
                    [](const LaunchKernel &k) { return k.rowSplit > 0; })) {
    os << R"(
/// Bytes of workspace a call with sizes `s` needs.
int64_t workspaceBytes(const Sizes &s) {
  return workspaceLayout(kKernels[chooseVariant(s)], s).total;
}

/// Runs a call whose pointers passed the checks: the variant chosen by M.
qgemm_status runFamily(const std::array<CUdeviceptr, kNumArgs> &args,
                       const Sizes &s, CUdeviceptr workspace,
                       CUstream stream) {
  return runVariant(chooseVariant(s), args, s, workspace, stream, false);
}
)";
    return;
  }
  os << R"(
/// The rows of M that variant `v` runs of a call of `m` rows: all of them,
/// or with a row split H, m - r where r = m mod H is in [1, rowRest] (the
/// last r rows are then a call of their own).
int64_t firstPartRows(const Kernel &v, int64_t m) {
  if (v.rowSplit <= 0 || m <= v.rowSplit)
    return m;
  int64_t rest = m % v.rowSplit;
  return rest >= 1 && rest <= v.rowRest ? m - rest : m;
}

/// Bytes of workspace a call with sizes `s` needs: the most any of its
/// parts needs (they run one after another).
int64_t workspaceBytes(Sizes s) {
  int64_t bytes = 0;
  for (;;) {
    const Kernel &v = kKernels[chooseVariant(s)];
    Sizes part = s;
    part.m = firstPartRows(v, s.m);
    bytes = std::max(bytes, workspaceLayout(v, part).total);
    if (part.m == s.m)
      return bytes;
    s.m -= part.m;
  }
}

/// `args` moved on by `rows` rows of M: the arguments whose first dim is m.
void offsetRows(std::array<CUdeviceptr, kNumArgs> &args, int64_t rows,
                [[maybe_unused]] const Sizes &s) {
)";
  func::FuncOp func = family.func;
  for (auto [i, arg, type] : llvm::enumerate(d.args, func.getArgumentTypes())) {
    if (arg.dims.empty())
      continue;
    auto *first = std::get_if<std::string>(&arg.dims.front());
    if (!first || *first != "m")
      continue;
    SmallVector<std::string> factors = {"rows"};
    if (arg.pitch)
      factors.push_back(std::to_string(arg.pitch));
    else
      for (const LaunchDim &dim : llvm::drop_begin(arg.dims))
        factors.push_back(getDimExpr(dim));
    Type element = cast<MemRefType>(type).getElementType();
    factors.push_back(std::to_string(element.getIntOrFloatBitWidth() / 8));
    os << "  args[" << i << "] += (CUdeviceptr)(" << llvm::join(factors, " * ")
       << "); // " << arg.name << "\n";
  }
  os << R"(}

/// Runs a call whose pointers passed the checks: the variant chosen by M on
/// the rows it takes (firstPartRows), then the rows past them as a call of
/// their own, in stream order.
qgemm_status runFamily(std::array<CUdeviceptr, kNumArgs> args, Sizes s,
                       CUdeviceptr workspace, CUstream stream) {
  for (bool inOrder = false;; inOrder = true) {
    int chosen = chooseVariant(s);
    Sizes part = s;
    part.m = firstPartRows(kKernels[chosen], s.m);
    if (qgemm_status status =
            runVariant(chosen, args, part, workspace, stream, inOrder))
      return status;
    if (part.m == s.m)
      return QGEMM_SUCCESS;
    offsetRows(args, part.m, s);
    s.m -= part.m;
  }
}
)";
}

/// The checks of a call's pointers: a null pointer is
/// QGEMM_ERROR_INVALID_VALUE unless its buffer is empty in this call (the
/// workspace: where `workspaceNull`, a C condition, holds; none when empty),
/// a pointer not aligned as described is QGEMM_ERROR_MISALIGNED (one test
/// per alignment, in order of first appearance).
void printPointerChecks(raw_ostream &os, ArrayRef<const LaunchArg *> args,
                        StringRef workspaceNull, int64_t workspaceAlign) {
  SmallVector<std::string> nullChecks;
  for (const LaunchArg *arg : args) {
    auto conditions = getNonEmptyConditions(arg->dims);
    if (!conditions)
      continue;
    if (conditions->empty())
      nullChecks.push_back("!" + arg->name);
    else
      nullChecks.push_back("(!" + arg->name + " && " +
                           llvm::join(*conditions, " && ") + ")");
  }
  if (!workspaceNull.empty())
    nullChecks.push_back(workspaceNull.str());
  if (!nullChecks.empty()) {
    std::string condition = llvm::join(nullChecks, " || ");
    if (condition.size() + 7 > 80)
      condition = llvm::join(nullChecks, " ||\n      ");
    os << "  if (" << condition << ")\n    return QGEMM_ERROR_INVALID_VALUE;\n";
  }

  SmallVector<std::pair<int64_t, SmallVector<std::string>>> groups;
  auto addAligned = [&](int64_t align, StringRef name) {
    if (align <= 1)
      return;
    auto *group =
        llvm::find_if(groups, [&](auto &g) { return g.first == align; });
    if (group == groups.end())
      group = &groups.emplace_back(align, SmallVector<std::string>());
    group->second.push_back(name.str());
  };
  for (const LaunchArg *arg : args)
    addAligned(arg->align, arg->name);
  addAligned(workspaceAlign, "workspace");
  for (const auto &[align, names] : groups)
    os << "  if ((" << llvm::join(names, " | ") << ") % " << align
       << " != 0)\n    return QGEMM_ERROR_MISALIGNED;\n";
}

/// <f>_validate: checks its arguments like the call, then launches the
/// validate kernel on a zeroed status word of the workspace and returns
/// what it found (synchronous: the caller waits for the status anyway).
void printValidateEntryPoint(raw_ostream &os, const LaunchDescription &d,
                             StringRef f) {
  const LaunchKernel *kernel = getValidateKernel(d);
  if (!kernel)
    return;
  SmallVector<const LaunchArg *> args = getValidateArgs(d, *kernel);
  SmallVector<std::string> sizes = getValidateSizes(d, *kernel);
  int status = -1;
  for (const std::string &operand : kernel->operands)
    if (int index = d.getBufferIndex(operand); index >= 0)
      status = index;
  os << "\nextern \"C\" qgemm_status " << f << "_validate("
     << getValidateParams(d, *kernel)
     << ",\n    CUdeviceptr workspace, CUstream stream) {\n";
  for (const std::string &size : sizes)
    os << "  if (" << size << " < 0 || " << size << " > " << upper(f)
       << "_MAX_" << upper(size) << ")\n    return QGEMM_ERROR_INVALID_VALUE;\n";
  printPointerChecks(os, args, "!workspace", d.workspaceAlign);
  os << "  std::array<CUdeviceptr, kNumArgs> args = {};\n";
  for (const LaunchArg *arg : args)
    os << "  args[" << d.getArgIndex(arg->name) << "] = " << arg->name << ";\n";
  SmallVector<std::string> sizeValues;
  for (const auto &entry : d.maxSizes)
    sizeValues.push_back(llvm::is_contained(sizes, entry.first) ? entry.first
                                                                : "1");
  os << "  const Sizes s{" << llvm::join(sizeValues, ", ") << "};\n"
     << "  const LoadedModule *loaded = nullptr;\n"
     << "  if (qgemm_status status = getModule(&loaded))\n"
     << "    return status;\n"
     << "  Layout l = workspaceLayout(kKernels[chooseVariant(s)], s);\n"
     << "  Operands operands = callOperands(args, s, l, workspace);\n"
     << "  const int kValidate = kNumPrologues;\n"
     << "  CUdeviceptr status = workspace + (CUdeviceptr)l.offsets[" << status
     << "];\n"
     << "  const unsigned grid[3] = {kKernels[kValidate].blocks, 1, 1};\n"
     << "  int32_t found = 0;\n"
     << "  if (cuMemsetD32Async(status, 0, 1, stream) != CUDA_SUCCESS ||\n"
     << "      launchKernel(loaded->functions[kValidate], "
        "kKernels[kValidate],\n"
     << "                   grid, operands, stream, false) != CUDA_SUCCESS "
        "||\n"
     << "      cuMemcpyDtoHAsync(&found, status, sizeof(found), stream) !=\n"
     << "          CUDA_SUCCESS ||\n"
     << "      cuStreamSynchronize(stream) != CUDA_SUCCESS)\n"
     << "    return QGEMM_ERROR_LAUNCH;\n"
     << "  return found ? QGEMM_ERROR_INVALID_STRUCTURE : QGEMM_SUCCESS;\n}\n";
}

/// The C entry points: the workspace size, the JIT log and the call with its
/// argument checks.
void printEntryPoints(raw_ostream &os, const KernelFamily &family) {
  const LaunchDescription &d = family.launch;
  std::string f = "qgemm_" + family.name;
  std::string sizes = "Sizes{" + getSizeList(d, false) + "}";
  auto printRangeChecks = [&](StringRef result, bool zeroInRange) {
    for (const auto &entry : d.maxSizes) {
      const std::string &name = entry.first;
      os << "  if (" << name << (name == "m" && !zeroInRange ? " <= 0" : " < 0")
         << " || " << name << " > " << upper(f) << "_MAX_" << upper(name)
         << ")\n    return " << result << ";\n";
    }
  };
  os << "extern \"C\" size_t " << f << "_workspace_size("
     << getSizeList(d, true) << ") {\n";
  printRangeChecks("0", /*zeroInRange=*/false);
  os << "  const Sizes s = " << sizes << ";\n"
     << "  return (size_t)workspaceBytes(s);\n}\n\n";
  // The most over every M a call may take up to m: one per M (the layout
  // is not monotone in M: variants change with it).
  os << "extern \"C\" size_t " << f << "_workspace_size_max("
     << getSizeList(d, true) << ") {\n";
  // No call is larger than the largest M: m past it counts as it.
  os << "  if (m > " << upper(f) << "_MAX_M)\n    m = " << upper(f)
     << "_MAX_M;\n";
  printRangeChecks("0", /*zeroInRange=*/false);
  os << "  Sizes s = " << sizes << ";\n";
  if (d.staticM > 0)
    os << "  // The kernels were compiled for M = " << d.staticM << ".\n"
       << "  if (m < " << d.staticM << ")\n    return 0;\n"
       << "  s.m = " << d.staticM << ";\n"
       << "  return (size_t)workspaceBytes(s);\n}\n\n";
  else
    os << "  int64_t most = 0;\n"
       << "  for (int64_t rows = 1; rows <= m; ++rows) {\n"
       << "    s.m = rows;\n"
       << "    most = std::max(most, workspaceBytes(s));\n"
       << "  }\n"
       << "  return (size_t)most;\n}\n\n";
  os << "extern \"C\" const char *" << f
     << "_jit_log(void) { return gJitLog; }\n\n"
     << "extern \"C\" qgemm_status " << f << "(" << getPointerParams(d)
     << ",\n    " << getSizeList(d, true)
     << ", CUdeviceptr workspace, CUstream stream) {\n";
  printRangeChecks("QGEMM_ERROR_INVALID_VALUE", /*zeroInRange=*/true);
  if (d.staticM > 0)
    os << "  // The kernels were compiled for M = " << d.staticM << ".\n"
       << "  if (m != 0 && m != " << d.staticM
       << ")\n    return QGEMM_ERROR_INVALID_VALUE;\n";
  os << "  if (m == 0)\n    return QGEMM_SUCCESS;\n";

  SmallVector<const LaunchArg *> pointers;
  for (const LaunchArg &arg : d.args)
    pointers.push_back(&arg);
  std::string workspaceNull;
  if (isWorkspaceNeverEmpty(d))
    workspaceNull = "!workspace";
  else if (!d.buffers.empty())
    workspaceNull = "(!workspace && " + f + "_workspace_size(" +
                    getSizeList(d, false) + ") != 0)";
  printPointerChecks(os, pointers, workspaceNull, d.workspaceAlign);

  SmallVector<std::string> args;
  for (const LaunchArg &arg : d.args)
    args.push_back(arg.name);
  os << "  return runFamily({" << llvm::join(args, ", ") << "}, " << sizes
     << ", workspace, stream);\n}\n";
  printValidateEntryPoint(os, d, f);
}

} // namespace

std::string mlir::qgemm::emitHostStubSource(const KernelFamily &family,
                                            StringRef cubin) {
  const LaunchDescription &d = family.launch;
  size_t maxRank = 1;
  for (const LaunchArg &arg : d.args)
    maxRank = std::max(maxRank, arg.dims.size());
  for (const WorkspaceBuffer &buffer : d.buffers)
    maxRank = std::max(maxRank, buffer.dims.size());

  std::string text;
  llvm::raw_string_ostream os(text);
  os << "// Generated by qgemm-compile: host stub of `" << family.name
     << "`. Do not edit.\n"
     << "#include \"" << family.name << ".h\"\n\n"
     << "#include <algorithm>\n#include <array>\n#include <deque>\n#include <initializer_list>\n"
     << "#include <mutex>\n#include <stdio.h>\n#include <string.h>\n"
     << "#include <vector>\n\n"
     << "namespace {\n\n"
     << "const char kPtx[] = R\"qgemm_ptx(" << family.ptx << ")qgemm_ptx\";\n\n"
     << "const unsigned char kCubin[] = {";
  printBytes(os, cubin);
  if (cubin.empty())
    os << "0";
  CubinTarget target = getCubinTarget(family.ptx);
  os << "\n};\nconst size_t kCubinSize = " << cubin.size() << ";\n"
     << "/// The compute capability the cubin is for (its PTX's .target);\n"
     << "/// arch-specific: that capability only.\n"
     << "constexpr int kCubinMajor = " << target.major
     << ", kCubinMinor = " << target.minor << ";\n"
     << "constexpr bool kCubinArchSpecific = "
     << (target.archSpecific ? "true" : "false") << ";\n\n"
     << "constexpr int64_t kN = " << d.n << ";\n"
     << "constexpr int64_t kSectionAlign = " << d.sectionAlign << ";\n"
     << "constexpr int kNumArgs = " << d.args.size()
     << ", kNumBuffers = " << d.buffers.size() << ", kMaxRank = " << maxRank
     << ";\n\n"
     << "/// The run-time sizes of a call.\nstruct Sizes {\n  int64_t "
     << getSizeList(d, false) << ";\n};\n";
  printKernelTables(os, family);
  os << kRuntimeText;
  printWorkspaceLayout(os, d);
  printCallOperands(os, d);
  os << kLaunchText;
  printRunFamily(os, family);
  os << "\n} // namespace\n\n";
  printEntryPoints(os, family);
  return text;
}
