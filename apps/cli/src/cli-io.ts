/**
 * The process surface the CLI touches, passed in so `runCli` runs in-process in tests with
 * captured streams and a temporary working directory.
 */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** The user's working directory: where `.agent/config.yml` is searched from. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}
