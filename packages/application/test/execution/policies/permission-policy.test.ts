import { DEFAULT_EXECUTION_POLICY, DEFAULT_GRANTED_PERMISSIONS, isPermissionGranted, type ToolDefinition } from '@acode/domain';
import { describe, expect, it } from 'vitest';
import { catalogTool, createHarness, ECHO_TEXT, failureOf } from '../../support/executor-harness.js';

/** Needs a permission the defaults do not grant. */
const SEND_MAIL: ToolDefinition = {
  ...ECHO_TEXT,
  name: 'send_mail',
  aliases: [],
  requiredPermissions: ['tool.network.smtp'],
};

/** Needs only what the shipped core tools need. */
const READ_GIT: ToolDefinition = { ...ECHO_TEXT, name: 'read_git', aliases: [], requiredPermissions: ['tool.git.read', 'tool.filesystem.read'] };

function harnessWith(grantedPermissions?: readonly string[]) {
  return createHarness({
    definitions: [SEND_MAIL, READ_GIT],
    catalog: [catalogTool(SEND_MAIL), catalogTool(READ_GIT)],
    ...(grantedPermissions === undefined ? {} : { policy: { grantedPermissions } }),
  });
}

describe('required permissions policy (001 requiredPermissions)', () => {
  it('refuses a tool whose permission is not granted, before validating or running it', async () => {
    const harness = harnessWith();
    const session = harness.executor.openSession({ mode: 'text' });
    const failure = failureOf(await harness.executor.execute(session, { name: 'send_mail', args: { text: 'hi' } }));
    expect(failure).toMatchObject({
      type: 'POLICY_DENIED',
      message: 'Tool send_mail requires permission tool.network.smtp, which the configuration does not grant',
      retryable: false,
      details: { missing_permissions: ['tool.network.smtp'] },
    });
    expect(failure.suggestion).toContain('execution.granted_permissions');
    expect(harness.registry.validations).toHaveLength(0);
    expect(harness.runs()).toHaveLength(0);
  });

  it('runs a tool whose permissions the defaults grant (the shipped core tools keep working)', async () => {
    const harness = harnessWith();
    const response = await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'read_git', args: { text: 'x' } });
    expect(response.ok).toBe(true);
    expect(DEFAULT_EXECUTION_POLICY.grantedPermissions).toEqual(DEFAULT_GRANTED_PERMISSIONS);
  });

  it('runs a tool once the configuration grants its permission, exactly or by prefix', async () => {
    for (const granted of [['tool.network.smtp'], ['tool.network.*'], ['*']]) {
      const harness = harnessWith(granted);
      expect((await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'send_mail', args: { text: 'x' } })).ok).toBe(true);
    }
  });

  it('refuses what an empty grant list leaves out, listing every missing permission', async () => {
    const harness = harnessWith([]);
    const failure = failureOf(await harness.executor.execute(harness.executor.openSession({ mode: 'text' }), { name: 'read_git', args: { text: 'x' } }));
    expect(failure.details).toEqual({ missing_permissions: ['tool.git.read', 'tool.filesystem.read'] });
  });

  it('matches prefixes only at a dot', () => {
    expect(isPermissionGranted('tool.gitx.read', ['tool.git.*'])).toBe(false);
    expect(isPermissionGranted('tool.git.read', ['tool.git.*'])).toBe(true);
    expect(isPermissionGranted('tool.git', ['tool.git.*'])).toBe(false);
  });
});
