import { isIP } from 'node:net';
import { ConfigurationException } from '@acode/application';
import { ERROR_CODES } from '@acode/domain';
import type { GatewaySettings } from '@acode/infrastructure/config';
import type { GatewayFront } from '@acode/infrastructure/gateway';
import { SecretValue, type Environment } from '@acode/infrastructure/model-clients';
import type { HostResponse } from '../http/host-response.js';
import { bearerToken, gatewayError, tokenDigest, tokenMatches } from '@acode/gateway';

/**
 * The gateway's bearer token from the variable `gateway.auth_token_env` names; `undefined` when
 * the setting is absent. Throws `ConfigurationException` (ACODE-CFG-002) when the variable is not
 * set or empty. The value stays in a `SecretValue`: never in a message or a log.
 */
export function gatewayAuthToken(gateway: GatewaySettings, env: Environment): SecretValue | undefined {
  const name = gateway.authTokenEnv;
  if (name === undefined) return undefined;
  const value = Object.hasOwn(env, name) ? env[name] : undefined;
  if (value === undefined || value.trim() === '') {
    throw new ConfigurationException(
      ERROR_CODES.CONFIG_INVALID,
      `gateway.auth_token_env names the environment variable ${name}, which is not set or empty; export the token in it or remove gateway.auth_token_env`,
      { key: 'gateway.auth_token_env' },
    );
  }
  return new SecretValue(value);
}

/** Whether the host binds only the loopback interface: `localhost`, `127.0.0.0/8`, `::1` (or `::ffff:127.x.y.z`). */
export function isLoopbackAddress(address: string): boolean {
  const text = address.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (text === 'localhost') return true;
  if (isIP(text) === 4) return text.startsWith('127.');
  if (isIP(text) === 6) return text === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(text) || (text.startsWith('::ffff:') && isIP(text.slice(7)) === 4 && text.slice(7).startsWith('127.'));
  return false;
}

/**
 * Safe by default: the host (its tools, sessions and gateway alike) may be reached beyond loopback
 * only behind a bearer token. Throws `ConfigurationException` (ACODE-CFG-002, key `gateway.auth_token_env`)
 * when `address` is not loopback and no token is configured.
 */
export function requireGatewayAuthBeyondLoopback(address: string, gateway: GatewaySettings): void {
  if (isLoopbackAddress(address) || gateway.authTokenEnv !== undefined) return;
  throw new ConfigurationException(
    ERROR_CODES.CONFIG_INVALID,
    `The host binds ${address}, beyond loopback, and has no bearer token: set gateway.auth_token_env to the name of an environment variable holding a bearer token, or bind 127.0.0.1`,
    { key: 'gateway.auth_token_env' },
  );
}

/** Whether an `Authorization` header carries `Bearer <token>` (compared in constant time, see `tokenMatches`). */
export function bearerMatches(header: string | readonly string[] | undefined, token: SecretValue): boolean {
  return tokenMatches(bearerToken(header), tokenDigest(token.reveal()));
}

/** 401 ACODE-GTW-003 in the route's shape; the message never echoes what the client sent. */
export function authenticationRequired(front: GatewayFront, correlationId: string): HostResponse {
  return gatewayError(front, {
    status: 401,
    code: ERROR_CODES.GATEWAY_AUTH_REQUIRED,
    message: 'The gateway requires "Authorization: Bearer <token>" (or "x-api-key: <token>") with the token of gateway.auth_token_env',
    type: 'authentication_error',
    headers: { 'www-authenticate': 'Bearer', 'x-acode-correlation-id': correlationId },
  });
}
