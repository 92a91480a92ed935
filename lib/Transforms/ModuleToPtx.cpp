//===- ModuleToPtx.cpp - gpu.module to PTX, kernels in parallel -----------===//
//
// qgemm-module-to-ptx: every gpu.module becomes a gpu.binary holding PTX, as
// gpu-module-to-binary{format=isa} does, with each kernel translated and
// compiled as an LLVM module of its own on the context's threads and the
// PTX texts joined. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "qgemm/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::qgemm {
#define GEN_PASS_DEF_QGEMMMODULETOPTX
#include "qgemm/Transforms/Passes.h.inc"
} // namespace mlir::qgemm

using namespace mlir;
using namespace mlir::qgemm;

namespace {

/// The non-kernel function each part ends with when some global is used by
/// more than one kernel of the module: it uses those globals too, so that
/// the NVPTX back end keeps them at module scope as it does for the whole
/// module (it moves a shared variable that one function uses into that
/// function). The join leaves it out.
constexpr llvm::StringLiteral kKeeperName = "__qgemm_module_scope";

/// The PTX of a module with one kernel, cut where the joined text takes
/// its parts: the header (through `.address_size` and the blank line after
/// it), the `// .globl` line naming the kernel, the module-scope
/// declarations, and the kernel itself (up to the keeper function).
struct PtxPart {
  StringRef header, globl, kernel;
  SmallVector<StringRef> declarations;
};

/// Whether `line` starts a function: `.entry` or `.func`, maybe after a
/// linkage directive.
bool startsFunction(StringRef line) {
  for (StringRef linkage : {".visible ", ".weak ", ".extern "})
    line.consume_front(linkage);
  return line.starts_with(".entry ") || line.starts_with(".func ");
}

/// Cuts `ptx` (one kernel, maybe the keeper after it) into its parts;
/// std::nullopt when it does not have the shape the NVPTX back end prints.
std::optional<PtxPart> cutPtx(StringRef ptx) {
  PtxPart part;
  size_t addressSize = ptx.find("\n.address_size ");
  if (addressSize == StringRef::npos)
    return std::nullopt;
  size_t headerEnd = ptx.find("\n\n", addressSize + 1);
  if (headerEnd == StringRef::npos)
    return std::nullopt;
  part.header = ptx.take_front(headerEnd + 2);
  StringRef rest = ptx.drop_front(headerEnd + 2);
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    if (startsFunction(line)) {
      part.kernel = rest;
      break;
    }
    if (line.trim().starts_with("// .globl")) {
      if (!part.globl.empty())
        return std::nullopt;
      part.globl = line;
    } else if (!line.trim().empty()) {
      part.declarations.push_back(line);
    }
    rest = tail;
  }
  if (part.kernel.empty() || part.globl.empty())
    return std::nullopt;
  std::string keeper = ("\n\t// .globl\t" + kKeeperName + "\n").str();
  size_t keeperStart = part.kernel.find(keeper);
  if (keeperStart != StringRef::npos)
    part.kernel = part.kernel.take_front(keeperStart + 1);
  // A second function in the part would have its own `// .globl` line.
  if (part.kernel.contains("\n\t// .globl"))
    return std::nullopt;
  return part;
}

/// Joins the PTX of one-kernel modules, in order, into the text of one
/// module; std::nullopt when a part has an unexpected shape or a header of
/// its own. The module-scope declarations come in the order of `globals`
/// (the names of the module's globals, in the order of the module), the
/// ones that name none of them after, in the order first seen. Part `i` is
/// function `i` of the module: its labels and local depot are renumbered
/// from 0 (the only function of its own module) to `i`.
std::optional<std::string> joinPtx(ArrayRef<std::string> texts,
                                   ArrayRef<StringRef> globals) {
  SmallVector<PtxPart> parts;
  for (const std::string &text : texts) {
    std::optional<PtxPart> part = cutPtx(text);
    if (!part || (!parts.empty() && part->header != parts.front().header))
      return std::nullopt;
    parts.push_back(std::move(*part));
  }
  llvm::SetVector<StringRef> seen, declarations;
  for (const PtxPart &part : parts)
    seen.insert(part.declarations.begin(), part.declarations.end());
  auto names = [](StringRef line, StringRef name) {
    size_t at = line.find(name);
    while (at != StringRef::npos) {
      size_t end = at + name.size();
      bool wordStart = at == 0 || !(llvm::isAlnum(line[at - 1]) ||
                                    line[at - 1] == '_' || line[at - 1] == '$');
      bool wordEnd =
          end == line.size() || !(llvm::isAlnum(line[end]) || line[end] == '_');
      if (wordStart && wordEnd)
        return true;
      at = line.find(name, end);
    }
    return false;
  };
  for (StringRef global : globals)
    for (StringRef line : seen)
      if (names(line, global))
        declarations.insert(line);
  declarations.insert(seen.begin(), seen.end());

  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  os << parts.front().header << parts.front().globl << "\n";
  for (StringRef declaration : declarations)
    os << declaration << "\n";
  if (!declarations.empty())
    os << "\n";
  for (auto [i, part] : llvm::enumerate(parts)) {
    if (i != 0)
      os << part.globl << "\n";
    std::string kernel = part.kernel.str();
    if (i != 0) {
      for (auto [from, to] :
           {std::pair<std::string, std::string>{
                "$L__BB0_", llvm::formatv("$L__BB{0}_", i).str()},
            {"__local_depot0", llvm::formatv("__local_depot{0}", i).str()}})
        for (size_t at = kernel.find(from); at != std::string::npos;
             at = kernel.find(from, at + to.size()))
          kernel.replace(at, from.size(), to);
    }
    os << kernel;
  }
  // The whole module's text ends where its last function does.
  if (!StringRef(texts.back()).ends_with("\n") &&
      StringRef(ptx).ends_with("\n"))
    ptx.pop_back();
  return ptx;
}

struct QGemmModuleToPtxPass
    : qgemm::impl::QGemmModuleToPtxBase<QGemmModuleToPtxPass> {
  void runOnOperation() override {
    gpu::TargetOptions options({}, {}, {}, {},
                               gpu::CompilationTarget::Assembly);
    for (auto module : llvm::make_early_inc_range(
             getOperation().getBody()->getOps<gpu::GPUModuleOp>()))
      if (failed(serialize(module, options)))
        return signalPassFailure();
  }

  /// Replaces `module` by a gpu.binary with one PTX object per target.
  LogicalResult serialize(gpu::GPUModuleOp module,
                          const gpu::TargetOptions &options) {
    if (!module.getTargetsAttr() || module.getTargetsAttr().empty())
      return module.emitError("the module has no target attributes");
    // scf-to-cf leaves a loop's `llvm.loop_annotation` on its latch branch
    // as a discardable attribute; the translation reads the branch's own.
    module.walk([](Operation *op) {
      auto annotation = dyn_cast_or_null<LLVM::LoopAnnotationAttr>(
          op->getDiscardableAttr(kLoopAnnotationAttrName));
      if (!annotation)
        return;
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        br.setLoopAnnotationAttr(annotation);
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        condBr.setLoopAnnotationAttr(annotation);
      else
        return;
      op->removeDiscardableAttr(kLoopAnnotationAttrName);
    });
    SmallVector<Attribute> objects;
    for (Attribute attr : module.getTargetsAttr()) {
      auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
      if (!target)
        return module.emitError()
               << "expected a target attribute that can serialize, got "
               << attr;
      std::optional<SmallVector<char, 0>> ptx =
          serializeByKernel(module, target, options);
      if (!ptx)
        return module.emitError("could not serialize the module to PTX");
      Attribute object = target.createObject(module, *ptx, options);
      if (!object)
        return module.emitError("could not create the PTX object");
      objects.push_back(withoutTimes(object));
    }
    OpBuilder builder(module);
    gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                          module.getOffloadingHandlerAttr(),
                          builder.getArrayAttr(objects));
    module->erase();
    return success();
  }

  /// `object` without the compile times the target may record in its
  /// properties (`LLVMIRToISATimeInMs`), which would make the output differ
  /// from run to run.
  static Attribute withoutTimes(Attribute object) {
    auto gpuObject = dyn_cast<gpu::ObjectAttr>(object);
    if (!gpuObject || !gpuObject.getProperties())
      return object;
    SmallVector<NamedAttribute> kept;
    for (NamedAttribute property : gpuObject.getProperties())
      if (!property.getName().getValue().ends_with("TimeInMs"))
        kept.push_back(property);
    MLIRContext *context = object.getContext();
    return gpu::ObjectAttr::get(
        context, gpuObject.getTarget(), gpuObject.getFormat(),
        gpuObject.getObject(),
        kept.empty() ? DictionaryAttr() : DictionaryAttr::get(context, kept),
        gpuObject.getKernels());
  }

  /// The PTX of `module` for `target`: its kernels one at a time in
  /// parallel, joined; the whole module at once when it has one kernel,
  /// a function with a body that is not a kernel, a symbol named like the
  /// keeper, or PTX the join does not expect.
  std::optional<SmallVector<char, 0>>
  serializeByKernel(gpu::GPUModuleOp module, gpu::TargetAttrInterface target,
                    const gpu::TargetOptions &options) {
    SmallVector<Operation *> kernels, shared;
    bool splittable = true;
    for (Operation &op : module.getBody()->getOperations()) {
      auto function = dyn_cast<FunctionOpInterface>(op);
      if (function && gpu::GPUDialect::isKernel(&op))
        kernels.push_back(&op);
      else if (function && !function.isExternal())
        splittable = false;
      else
        shared.push_back(&op);
    }
    // The keeper's name must be free (it is, unless the input uses it).
    if (!splittable || kernels.size() < 2 ||
        SymbolTable::lookupSymbolIn(module, kKeeperName))
      return target.serializeToObject(module, options);

    // The globals that more than one kernel uses, per kernel that uses
    // them: its part's keeper uses them too.
    SmallVector<StringRef> globals;
    SmallVector<SmallVector<LLVM::GlobalOp>> kept(kernels.size());
    for (Operation *op : shared) {
      auto global = dyn_cast<LLVM::GlobalOp>(op);
      if (!global)
        continue;
      globals.push_back(global.getSymName());
      SmallVector<size_t> users;
      for (auto [i, kernel] : llvm::enumerate(kernels))
        if (!SymbolTable::symbolKnownUseEmpty(global.getSymNameAttr(), kernel))
          users.push_back(i);
      if (users.size() > 1)
        for (size_t i : users)
          kept[i].push_back(global);
    }

    // Each part: a detached copy of the module holding one kernel, every
    // declaration (unused ones are left out of the PTX or printed the same
    // in every part) and the keeper.
    SmallVector<std::string> texts(kernels.size());
    LogicalResult result = failableParallelForEach(
        &getContext(), llvm::seq<size_t>(0, kernels.size()),
        [&](size_t i) -> LogicalResult {
          Operation *part = module->cloneWithoutRegions();
          Block &body = part->getRegion(0).emplaceBlock();
          for (Operation *op : shared)
            body.push_back(op->clone());
          body.push_back(kernels[i]->clone());
          if (!kept[i].empty())
            buildKeeper(body, kept[i], kernels[i]->getLoc());
          std::optional<SmallVector<char, 0>> ptx =
              target.serializeToObject(part, options);
          part->destroy();
          if (!ptx)
            return failure();
          texts[i].assign(ptx->begin(), ptx->end());
          return success();
        });
    if (failed(result))
      return std::nullopt;
    std::optional<std::string> joined = joinPtx(texts, globals);
    if (!joined)
      return target.serializeToObject(module, options);
    return SmallVector<char, 0>(joined->begin(), joined->end());
  }

  /// Appends to `body` the keeper: an external function that passes the
  /// address of each of `globals` to an empty inline-PTX statement.
  static void buildKeeper(Block &body, ArrayRef<LLVM::GlobalOp> globals,
                          Location loc) {
    OpBuilder b = OpBuilder::atBlockEnd(&body);
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(b.getContext()), {});
    auto keeper = LLVM::LLVMFuncOp::create(b, loc, kKeeperName, type);
    b.setInsertionPointToStart(keeper.addEntryBlock(b));
    for (LLVM::GlobalOp global : globals) {
      Value address = LLVM::AddressOfOp::create(b, loc, global);
      Value bits = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), address);
      LLVM::InlineAsmOp::create(
          b, loc, TypeRange{}, ValueRange{bits}, b.getStringAttr(""),
          b.getStringAttr("l"), /*has_side_effects=*/b.getUnitAttr(),
          /*is_align_stack=*/nullptr, LLVM::TailCallKindAttr{},
          /*asm_dialect=*/LLVM::AsmDialectAttr{},
          /*operand_attrs=*/ArrayAttr{});
    }
    LLVM::ReturnOp::create(b, loc, ValueRange{});
  }
};

} // namespace
