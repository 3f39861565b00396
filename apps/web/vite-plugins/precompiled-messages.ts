import type { PluginObj, types as BabelTypes } from '@babel/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * English, the source language, is read straight from the code: Lingui's macro leaves each message's
 * ICU text beside its id (`descriptorFields: 'message'`), so English needs no catalog download. To
 * spare the first page Lingui's ICU parser (about 7 kB gzipped), this pass, run after the macro,
 * compiles those texts at build time into the form a compiled catalog holds ("Hi {name}" becomes
 * ["Hi ", ["name"]]); plain texts stay strings. Translations come compiled from the PO files by
 * @lingui/vite-plugin. (docs/decisions/046-languages-lingui.md)
 */
export function precompiledMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const compiledNode = (message: string) => {
    const compiled = compileMessage(message);
    // Plain text compiles to a one-string list: the string itself is shorter and just as ready.
    if (typeof compiled === 'string' || (compiled.length === 1 && typeof compiled[0] === 'string')) return null;
    return t.valueToNode(compiled);
  };
  const hasId = (names: string[]) => names.includes('id');
  return {
    name: 'pulse-precompiled-messages',
    visitor: {
      ObjectExpression(path) {
        const keys = path.node.properties.flatMap((property) => (t.isObjectProperty(property) && t.isIdentifier(property.key) ? [property.key.name] : []));
        if (!hasId(keys)) return;
        for (const property of path.node.properties) {
          if (!t.isObjectProperty(property) || !t.isIdentifier(property.key, { name: 'message' }) || !t.isStringLiteral(property.value)) continue;
          const node = compiledNode(property.value.value);
          if (node) property.value = node;
        }
      },
      JSXOpeningElement(path) {
        const names = path.node.attributes.flatMap((attribute) => (t.isJSXAttribute(attribute) && t.isJSXIdentifier(attribute.name) ? [attribute.name.name] : []));
        if (!hasId(names)) return;
        for (const attribute of path.node.attributes) {
          if (!t.isJSXAttribute(attribute) || !t.isJSXIdentifier(attribute.name, { name: 'message' })) continue;
          const value = t.isJSXExpressionContainer(attribute.value) ? attribute.value.expression : attribute.value;
          if (!t.isStringLiteral(value)) continue;
          const node = compiledNode(value.value);
          if (node) attribute.value = t.jsxExpressionContainer(node);
        }
      },
    },
  };
}
