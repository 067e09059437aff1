import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdStylesheet, UNUSED_COMPONENTS } from '../../antd-styles.ts';

const src = path.resolve(import.meta.dirname, '..') + path.sep;

/** Every name the app imports from antd, and every `antd/es/<dir>` it imports from. */
function antdImports(): { names: Set<string>; dirs: Set<string> } {
  const names = new Set<string>();
  const dirs = new Set<string>();
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(src + file, 'utf8');
    for (const [, list] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const name of list!.split(',')) {
        const bare = name
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (bare) names.add(bare);
      }
    }
    for (const [, dir] of text.matchAll(/from\s*'antd\/es\/([\w-]+)/g)) dirs.add(dir!);
  }
  return { names, dirs };
}

describe("the build's antd stylesheet", () => {
  it('drops only components the app does not import', () => {
    const { names, dirs } = antdImports();
    // The scan itself works: the app imports these.
    expect(names.has('Button')).toBe(true);
    expect(dirs.has('message')).toBe(true);
    // `antd/es/<dir>` names: ColorPicker → color-picker, QRCode → qr-code.
    const kebab = (name: string) =>
      name.replace(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/g, '-').toLowerCase();
    const used = Object.keys(UNUSED_COMPONENTS).filter(
      (name) => names.has(name) || dirs.has(kebab(name)),
    );
    expect(used).toEqual([]);
  });

  it("keeps the rules of used components and their motions, in antd's layer", () => {
    const css = antdStylesheet();
    expect(css.startsWith('@layer antd{')).toBe(true);
    expect(css).toContain('.ant-btn{');
    expect(css).toContain('.ant-modal-wrap{');
    // Menus and trees open with this motion.
    expect(css).toContain('.ant-motion-collapse');
    expect(css).not.toContain('.ant-rate');
    expect(css).not.toContain('.ant-tour');
  });
});
