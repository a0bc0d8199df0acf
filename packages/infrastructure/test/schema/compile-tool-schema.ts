import { CfworkerSchemaCompiler } from '../../src/schema/cfworker-schema-compiler.js';
import type { CompiledToolSchema } from '../../src/schema/compiled-tool-schema.js';

/** Compiles a schema the test expects to be valid; fails the test with the violations otherwise. */
export function compileToolSchema(schema: unknown): CompiledToolSchema {
  const result = new CfworkerSchemaCompiler().compile(schema);
  if (!result.ok) throw new Error(`expected the schema to compile: ${JSON.stringify(result.violations)}`);
  return result.compiled as CompiledToolSchema;
}

/** The violations reduced to what a test asserts on: keyword, instance path, schema path. */
export function summarize(violations: readonly { keyword: string; instancePath: string; schemaPath: string }[]): string[] {
  return violations.map((violation) => `${violation.keyword} ${violation.instancePath || '(root)'} ${violation.schemaPath}`);
}
