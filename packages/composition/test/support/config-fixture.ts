import { ConfigurationException } from '@acode/application';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';

const created: string[] = [];

afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory holding a project and a home, removed after the test. */
export function makeSandbox(): { root: string; home: string; project: string; write(path: string, content: string | Buffer): string } {
  const root = mkdtempSync(join(tmpdir(), 'acode-config-'));
  created.push(root);
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  return {
    root,
    home,
    project,
    write(path: string, content: string | Buffer): string {
      const full = join(root, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
  };
}

/** Runs `fn`, expects a ConfigurationException with `code`, and returns it. */
export function catchConfigError(fn: () => unknown, code: string): ConfigurationException {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigurationException);
  const error = caught as ConfigurationException;
  expect(error.code).toBe(code);
  // Whatever the user sees is the message: never a stack frame.
  expect(error.message).not.toMatch(/\n\s+at /);
  return error;
}
