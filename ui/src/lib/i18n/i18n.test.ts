import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { hasMessage, locale, t } from './index.svelte';

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return svelteFiles(path);
    return /\.svelte(\.ts)?$/.test(name) ? [path] : [];
  });
}

const srcDir = join(__dirname, '..', '..');

describe('t()', () => {
  it('returns the English message', () => {
    expect(t('app.title')).toBe('Bagless');
  });

  it('fills placeholders', () => {
    expect(t('diary.level_reached', { level: 'II', memory: '1.3' })).toBe(
      'Level II reached after 1.3',
    );
    expect(t('library.count', { count: 3 })).toBe('3 campaigns');
  });

  it('starts in English', () => {
    expect(locale.current).toBe('en');
  });
});

describe('message catalogue', () => {
  it('has no empty message', () => {
    const walk = (node: object): string[] =>
      Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : walk(v as object)));
    for (const message of walk(en)) expect(message.trim()).not.toBe('');
  });

  it('defines every key the .svelte files use', () => {
    const files = svelteFiles(srcDir);
    expect(files.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([\w.]+)['"]/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter((key) => !hasMessage(key));
    expect(missing).toEqual([]);
  });
});
