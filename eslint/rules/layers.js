/**
 * ESLint rule `workbench/layers`: every import follows the layer map in eslint/layers.js.
 *
 * For each import (`import`, `import type`, `export … from`, `import()`, `import('…').T` in types)
 * it resolves a relative specifier to a file of the repository, finds the importer's layer and the
 * target's, and reports an import the map does not allow. A bare specifier is checked against the
 * importer's `denyPackages`. A file under one of the map's roots that belongs to no layer is
 * reported too, so the map stays complete. Inside a layer with `floors`, an import between two
 * floors must be one the importer's floor lists, and a file on no floor is reported.
 */
import { existsSync } from 'node:fs';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layers, roots } from '../layers.js';

export const ruleName = 'workbench/layers';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const mapFile = 'eslint/layers.js';

/** `dir/**` matches everything under dir; any other pattern matches one file. */
function matches(pattern, file) {
  if (pattern.endsWith('/**')) {
    const dir = pattern.slice(0, -3);
    return file === dir || file.startsWith(`${dir}/`);
  }
  return file === pattern;
}

function layerOf(file) {
  return layers.find((layer) => layer.files.some((pattern) => matches(pattern, file)));
}

/**
 * The floor of `layer` that `file` is on, with its name; undefined when the layer has no floors or
 * the file is on none. Each folder directly under an `apart` floor is a floor of its own, named
 * after the floor and the folder (`feature composer`).
 */
function floorOf(layer, file) {
  const floor = layer.floors?.find((entry) =>
    entry.files.some((pattern) => matches(pattern, file)),
  );
  if (floor === undefined || !floor.apart) return floor && { floor, name: floor.name };
  const base = floor.files.find((pattern) => matches(pattern, file)).slice(0, -3);
  const folder = file.slice(base.length + 1).split('/')[0];
  return { floor, name: `${floor.name} ${folder}` };
}

/** Why a file on floor `from` may not import a file on floor `to` of the same layer. */
function floorRefusal(from, to) {
  if (from.name === to.name || from.floor.mayImport === '*') return undefined;
  // Folders of an apart floor keep apart: what two screens share sits on a floor below both.
  if (from.floor === to.floor) return 'refused';
  return from.floor.mayImport.includes(to.floor.name) ? undefined : 'refused';
}

function inRoots(file) {
  return roots.some((root) => matches(`${root}/**`, file));
}

/** The path from the repository root, with `/`; undefined for a file outside it. */
function fromRoot(absolute) {
  const path = relative(repoRoot, absolute);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return undefined;
  return path.split(sep).join('/');
}

/**
 * The file a relative specifier names, as TypeScript resolves it: `x.js` is `x.ts` (or `.tsx`),
 * `x` is `x.ts`, `x.tsx` or `x/index.ts`. A file that does not exist yet resolves to its most
 * likely name, so a planted or new import is still placed in its layer.
 */
function resolveSpecifier(importer, specifier) {
  const target = resolve(dirname(importer), specifier);
  const extension = extname(target);
  let candidates;
  if (/^\.[mc]?jsx?$/.test(extension)) {
    const base = target.slice(0, -extension.length);
    const ts = extension.replace('js', 'ts');
    candidates = [base + ts, `${base}.tsx`, target];
  } else if (extension === '') {
    candidates = [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  } else {
    candidates = [target];
  }
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0];
}

function packageDenied(layer, specifier) {
  return (layer.denyPackages ?? []).some((entry) =>
    entry.endsWith('*')
      ? specifier.startsWith(entry.slice(0, -1))
      : specifier === entry || specifier.startsWith(`${entry}/`),
  );
}

/** Why `from` may not import `target` in `to`, or undefined when it may. */
function refusal(from, to, target, typeOnly) {
  if (from === to || from.mayImport === '*') return undefined;
  if (Array.isArray(from.mayImport)) {
    const grant = from.mayImport.find(
      (entry) =>
        entry.layer === to.name &&
        (entry.files === undefined || entry.files.some((pattern) => matches(pattern, target))),
    );
    if (grant === undefined) return 'refused';
    if (grant.typeOnly && !typeOnly) return 'typeOnly';
    return undefined;
  }
  if (to.level === undefined || to.level >= from.level) return 'refused';
  const through = from.through?.[to.name];
  // An empty list closes a lower layer entirely (suites never import the bank).
  if (through !== undefined && through.length === 0) return 'refused';
  if (through !== undefined && !through.some((pattern) => matches(pattern, target))) {
    return 'through';
  }
  if (to.public !== undefined && !to.public.some((pattern) => matches(pattern, target))) {
    return 'public';
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer map (eslint/layers.js)' },
    schema: [],
    messages: {
      refused: `Layer rule "${ruleName}": {{from}} may not import {{to}} ({{specifier}})`,
      typeOnly: `Layer rule "${ruleName}": {{from}} may not import {{to}} ({{specifier}}); only \`import type\` from {{files}}`,
      through: `Layer rule "${ruleName}": {{from}} may not import {{to}} ({{specifier}}); only {{files}}`,
      public: `Layer rule "${ruleName}": {{from}} may import {{to}} only through its public files {{files}} ({{specifier}})`,
      package: `Layer rule "${ruleName}": {{from}} may not import the package {{to}} ({{specifier}})`,
      unmappedTarget: `Layer rule "${ruleName}": {{from}} may not import {{target}}, which is in no layer ({{specifier}}); add it to ${mapFile}`,
      unmappedFile: `Layer rule "${ruleName}": {{file}} is in no layer; add it to ${mapFile}`,
      unmappedFloor: `Layer rule "${ruleName}": {{file}} is on no floor of {{layer}}; add it to ${mapFile}`,
    },
  },
  create(context) {
    const importer = context.physicalFilename ?? context.filename;
    const file = fromRoot(importer);
    if (file === undefined) return {};
    const from = layerOf(file);
    if (from === undefined) {
      if (!inRoots(file)) return {};
      return {
        Program(node) {
          context.report({ node, messageId: 'unmappedFile', data: { file } });
        },
      };
    }
    const fromFloor = floorOf(from, file);
    if (from.floors !== undefined && fromFloor === undefined) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unmappedFloor', data: { file, layer: from.name } });
        },
      };
    }

    function check(sourceNode, specifier, typeOnly) {
      if (typeof specifier !== 'string') return;
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        if (packageDenied(from, specifier)) {
          context.report({
            node: sourceNode,
            messageId: 'package',
            data: { from: from.name, to: specifier, specifier },
          });
        }
        return;
      }
      const target = fromRoot(resolveSpecifier(importer, specifier));
      if (target === undefined) return;
      const to = layerOf(target);
      if (to === undefined) {
        if (inRoots(target)) {
          context.report({
            node: sourceNode,
            messageId: 'unmappedTarget',
            data: { from: from.name, target, specifier },
          });
        }
        return;
      }
      if (from === to && fromFloor !== undefined) {
        const toFloor = floorOf(to, target);
        if (toFloor === undefined) {
          context.report({
            node: sourceNode,
            messageId: 'unmappedFloor',
            data: { file: target, layer: to.name },
          });
        } else if (floorRefusal(fromFloor, toFloor) !== undefined) {
          context.report({
            node: sourceNode,
            messageId: 'refused',
            data: { from: fromFloor.name, to: toFloor.name, specifier },
          });
        }
        return;
      }
      const why = refusal(from, to, target, typeOnly);
      if (why === undefined) return;
      const grant =
        why === 'public'
          ? { files: to.public }
          : Array.isArray(from.mayImport)
            ? from.mayImport.find((entry) => entry.layer === to.name)
            : { files: from.through?.[to.name] };
      context.report({
        node: sourceNode,
        messageId: why,
        data: {
          from: from.name,
          to: to.name,
          specifier,
          files: (grant?.files ?? to.files).join(', '),
        },
      });
    }

    /** A string literal, or a template literal without substitutions. */
    function literal(node) {
      if (node?.type === 'Literal') return node.value;
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) {
        return node.quasis[0].value.cooked;
      }
      return undefined;
    }

    return {
      // `import { type A }` keeps a runtime import under verbatimModuleSyntax: only `import type`
      // counts as type-only.
      ImportDeclaration: (node) =>
        check(node.source, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node.source, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration: (node) =>
        check(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source, literal(node.source), false),
      TSImportType: (node) => {
        const source = node.source ?? node.argument?.literal;
        check(source, source?.value, true);
      },
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type !== 'TSExternalModuleReference') return;
        const source = node.moduleReference.expression;
        check(source, source.value, node.importKind === 'type');
      },
    };
  },
};

export const workbenchPlugin = {
  meta: { name: 'workbench' },
  rules: { layers: layersRule },
};
